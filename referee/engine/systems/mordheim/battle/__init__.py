"""The battle: the pre-battle sequence, the scenarios and the battle report."""
