"""Mordheim campaign rules (``../shared/rules/mordheim-campaign.md``).

Shared by every part: ``state`` (snapshots and settings), ``dice`` (MH-GEN helpers),
``effects`` and ``apply`` (what a rule does to a roster), ``decisions`` and ``answers``
(choices left to people), ``rewards`` (items and gold a table hands out). By subdomain:
``tables/`` (the rules pack as typed data), ``lists/`` (warband lists), ``warband/``
(roster rules: hiring, equipment, trading, rating), ``battle/`` (pre-battle, scenarios,
the battle report) and ``postbattle/`` (the post-battle sequence).
"""
