"""Warband lists and the equipment catalogue: typed, read and validated from the pack."""
