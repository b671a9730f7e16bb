"""Muster's rules engine: pure Python, no Django.

Everything random goes through a :class:`referee.engine.rolls.Roller`, so the
Django side can seed it, store every roll before its effects, and replay.
"""
