"""Money under concurrency, on PostgreSQL: 20 purchases at once against gold for exactly 5."""

import pytest
from django.db.models import Sum

from campaign.lib.errors import RuleViolation
from roster.models import Holding, TreasuryEntry, Warband
from roster.services.trading import warband_buy
from tests.roster.helpers import fresh, hire, reikland
from tests.support.concurrency import run_together
from tests.support.world import World

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_twenty_concurrent_purchases_against_gold_for_five_buy_five(world: World) -> None:
    warband = reikland(world)
    hire(warband, "mercenary_captain")  # 440 gc left
    spend = fresh(warband).treasury - 5 * 10
    # Spend down to exactly five swords' worth through the ledger, as a correction would.
    from roster.services.treasury import treasury_apply

    treasury_apply(warband=fresh(warband), amount=-spend, reason="test_setup")
    assert fresh(warband).treasury == 50

    results = run_together(
        [lambda: warband_buy(warband=warband, actor=world.bob, item_slug="sword") for _ in range(20)]
    )
    bought = [r for r in results if isinstance(r, list)]
    refused = [r for r in results if isinstance(r, RuleViolation)]
    assert len(bought) == 5, results
    assert len(refused) == 15 and {r.code for r in refused} == {"insufficient_funds"}
    assert Holding.objects.filter(warband=warband, item_slug="sword").count() == 5
    final = Warband.objects.get(pk=warband.pk)
    ledger_sum = TreasuryEntry.objects.filter(warband=warband).aggregate(s=Sum("amount"))["s"]
    assert final.treasury == 0 == ledger_sum - 0
    assert not TreasuryEntry.objects.filter(balance_after__lt=0).exists()
