"""Mordheim campaign rules (``../shared/rules/mordheim-campaign.md``)."""
