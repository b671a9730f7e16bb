"""The notification inbox: newest first, unread marked; opening one marks it read and follows its link."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaign.selectors.inbox import notice_of, notices_of
from campaign.services.notifications import notice_text, notifications_read


@login_required
def inbox(request: HttpRequest) -> HttpResponse:
    rows = notices_of(viewer=request.user)
    notices = [{"n": n, "text": notice_text(n)} for n in rows]
    return render(request, "campaign/inbox.html", {"notices": notices})


@login_required
@require_POST
def notice_open(request: HttpRequest, pk: int) -> HttpResponse:
    notice = notice_of(viewer=request.user, notice_id=pk)
    if notice is None:
        raise Http404
    notifications_read(user=request.user, ids=[notice.pk])
    return redirect(notice.url if notice.url.startswith("/") else reverse("inbox"))


@login_required
@require_POST
def notices_all_read(request: HttpRequest) -> HttpResponse:
    notifications_read(user=request.user)
    return redirect("inbox")
