"""The small web UI for people at a desk."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaign.selectors import memberships_of


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """The viewer's campaigns and roles, with links to the API docs and the admin."""
    return render(request, "campaign/home.html", {"memberships": memberships_of(user=request.user)})
