"""The Mordheim rules pack as typed data: the tables, their row types and the pack parser."""
