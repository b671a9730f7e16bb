"""What every app shares; imports no app."""
