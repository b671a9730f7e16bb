"""Writes of the roster app, split by subdomain: warbands, hiring, trading, treasury."""
