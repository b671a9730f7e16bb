"""The one bridge between the roster app and the Mordheim engine.

- :mod:`roster.bridge.packs`: a campaign's pinned Mordheim rules (``pack_of``, ``tables_of``,
  ``list_of``) and its typed settings (``settings_of``), each with one policy.
- :mod:`roster.bridge.snapshots`: roster rows as the engine's snapshots, and back.
- :mod:`roster.bridge.warriors`: a new warrior from his list type, the one way to make one.
"""
