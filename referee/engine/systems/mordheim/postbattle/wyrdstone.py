"""Selling wyrdstone (spec 11): one batch per post-battle sequence, priced by batch and warband size."""

from __future__ import annotations

from referee.engine.systems.mordheim.apply import apply_effects
from referee.engine.systems.mordheim.decisions import Context, DecisionRequest, Option
from referee.engine.systems.mordheim.decisions import single as decision
from referee.engine.systems.mordheim.effects import Effect, SellShards
from referee.engine.systems.mordheim.state import MordheimSettings, WarbandSnapshot, find_warband
from referee.engine.systems.mordheim.tables.book import MordheimTables

SALE_CAP_WARNING = "pays the same as {cap} shards"


def sale_warriors(warband: WarbandSnapshot, settings: MordheimSettings) -> int:
    """MH-WYR-05: every Hero and Henchman model on the roster after injuries.

    Hired Swords do not count unless the league rules otherwise; Heroes missing
    games count by default.
    """
    n = 0
    for w in warband.warriors:
        if w.hired_sword and not settings.wyrdstone_sale_hired_swords_count:
            continue
        if w.flags.missed_games and not settings.wyrdstone_sale_count_missing:
            continue
        n += w.count
    return n


def sale_price(shards: int, warriors: int, tables: MordheimTables) -> int:
    """MH-WYR-03/04: total gc for a batch (upkeep already taken off); 9+ shards pay as 8."""
    if shards <= 0:
        return 0
    row = tables.sale_rows[min(shards, max(tables.sale_rows))]
    count = max(warriors, 1)
    for band in tables.sale_bands:
        if count >= band.min and (band.max is None or count <= band.max):
            return row[band.id]
    raise ValueError(f"no sale band for {warriors} warriors")


def sale_request(
    *, warband: WarbandSnapshot, tables: MordheimTables, settings: MordheimSettings, id: str
) -> DecisionRequest | None:
    """MH-WYR-01/02: how many shards to sell in this sequence's one batch (0 keeps them all)."""
    if warband.shards <= 0:
        return None
    warriors = sale_warriors(warband, settings)
    cap = max(tables.sale_rows)
    options = [Option("0", "keep every shard")]
    for n in range(1, warband.shards + 1):
        gold = sale_price(n, warriors, tables)
        label = f"sell {n} for {gold} gc" + (f" ({SALE_CAP_WARNING.format(cap=cap)})" if n > cap else "")
        options.append(Option(str(n), label, (SellShards(warband.id, n, gold, "MH-WYR-03"),)))
    return decision(
        id=id,
        kind="sell_wyrdstone",
        warband=warband.id,
        warrior=None,
        rule="MH-WYR-02",
        options=options,
        context={"warriors": warriors},
    )


def sale_after(ctx: Context, warband_id: str, effects: list[Effect], prefix: str) -> list[DecisionRequest]:
    """The sale decision once an exploration decision has settled the shards found."""
    now = find_warband(apply_effects(ctx.warbands, effects), warband_id)
    req = sale_request(warband=now, tables=ctx.tables, settings=ctx.settings, id=f"{prefix}:sale")
    return [] if req is None else [req]
