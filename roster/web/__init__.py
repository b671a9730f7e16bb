"""Mordheim's web pages: warbands, hiring, battles and their aftermath, decisions and the roster sheet."""
