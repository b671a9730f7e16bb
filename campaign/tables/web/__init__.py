"""The live tables' web pages: the tables of a campaign, each system's seat and the arena's characters."""
