"""The Mordheim battle, from pairing to confirmed report: pairings, the pre-battle sequence, reports and
the organiser's corrections. Confirmation hands the battle to ``roster.aftermath``."""
