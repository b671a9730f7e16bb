"""The notification inbox: newest first, unread marked; opening one marks it read and follows its link."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaign.models import Notification
from campaign.services.notifications import notice_text, notifications_read


@login_required
def inbox(request: HttpRequest) -> HttpResponse:
    rows = Notification.objects.filter(user_id=int(request.user.pk or 0)).select_related("campaign")[:100]
    notices = [{"n": n, "text": notice_text(n)} for n in rows]
    return render(request, "campaign/inbox.html", {"notices": notices})


@login_required
@require_POST
def notice_open(request: HttpRequest, pk: int) -> HttpResponse:
    notice = get_object_or_404(Notification, pk=pk, user=request.user)
    notifications_read(user=request.user, ids=[notice.pk])
    return redirect(notice.url if notice.url.startswith("/") else reverse("inbox"))


@login_required
@require_POST
def notices_all_read(request: HttpRequest) -> HttpResponse:
    notifications_read(user=request.user)
    return redirect("inbox")
