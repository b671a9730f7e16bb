"""Secret weekly moves (the generic sealed-moves mechanism on the campaign's weeks)."""
