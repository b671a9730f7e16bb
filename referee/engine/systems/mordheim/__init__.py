"""Mordheim campaign rules (``../shared/rules/mordheim-campaign.md``).

Importing the package registers the Mordheim pack parser (``pack.py``).
"""

from referee.engine.systems.mordheim import pack as pack  # registers the pack parser
