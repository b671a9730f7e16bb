"""Live table sessions on the Django side (LIVE-TABLES §4): services, selectors, the event log, nudges."""
