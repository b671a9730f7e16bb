"""Warbands, warriors, equipment, treasury and the post-battle application."""
