"""Roster rules (pure): hiring, equipment, trading and rare searches, the warband rating."""
