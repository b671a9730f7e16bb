"""``/api/v1/tables/``: live table sessions (LIVE-TABLES §5), phone-first."""
