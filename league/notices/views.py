"""A coach's notices: the list, opening one (marked read), his mail choices, the count in
the header."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from league.notices import services
from league.notices.kinds import KINDS


@login_required
@require_safe
def notice_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(services.notices_of(request.user), 50).get_page(request.GET.get("page"))
    choices = services.mail_choices(request.user)
    kinds = [(kind, choices[key]) for key, kind in KINDS.items()]
    context = {"page": page, "kinds": kinds}
    return render(request, "notices/notice_list.html", context)


@login_required
@require_safe
def notice_open(request: HttpRequest, pk: int) -> HttpResponse:
    notice = services.notice_open(request.user, pk)
    # A notice links within the site; anything else (never written so) goes to the list.
    if url_has_allowed_host_and_scheme(notice.link, allowed_hosts=None):
        return redirect(notice.link)
    return redirect("notices:list")


@login_required
@require_POST
def notices_read(request: HttpRequest) -> HttpResponse:
    count = services.notices_read(request.user)
    messages.success(request, f"{count} notice{'s' if count != 1 else ''} marked read.")
    return redirect("notices:list")


@login_required
@require_POST
def mail_choices(request: HttpRequest) -> HttpResponse:
    services.mail_choices_set(request.user, set(request.POST.getlist("mail")) & set(KINDS))
    messages.success(request, "Your mail choices are saved.")
    return redirect("notices:list")


@never_cache
@require_safe
def unread(request: HttpRequest) -> HttpResponse:
    """The header's link, with his unread count: fetched by htmx after the page, so no page
    pays a query for it."""
    count = services.unread_count(request.user)
    return render(request, "notices/_unread.html", {"count": count})
