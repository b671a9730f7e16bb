"""`manage.py load_demo` (run by `make run`) is idempotent and gives the documented logins."""

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from campaign.models import Campaign, Membership


@pytest.mark.django_db
def test_it_creates_the_demo_once_and_keeps_it() -> None:
    call_command("load_demo")
    campaign = Campaign.objects.get()
    call_command("load_demo")
    assert Campaign.objects.get() == campaign
    roles = dict(Membership.objects.filter(campaign=campaign).values_list("user__username", "role"))
    assert roles == {"alice": "organiser", "bob": "player", "carol": "player", "gina": "gm"}
    for name in roles:
        assert authenticate(username=name, password="muster-demo") is not None
