"""Writes of the referee app, split by subdomain: packs, streams (seeds), ledger (rolls)."""
