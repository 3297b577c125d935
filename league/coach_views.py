"""Coaches' pages: the list of coaches (searchable, fifty a page) and a coach's page. The
reading is league.coaches'; these put it on a page."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from league.coaches import coach_page, coaches_listed

COACHES_PER_PAGE = 50  # as the API's pages


@require_safe
def coach_list(request: HttpRequest) -> HttpResponse:
    search = request.GET.get("q", "").strip()
    page = Paginator(coaches_listed(search), COACHES_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "coaches/coach_list.html", {"page": page, "search": search})


@require_safe
def coach_detail(request: HttpRequest, username: str) -> HttpResponse:
    context = {"page": coach_page(username, request.user)}
    return render(request, "coaches/coach_detail.html", context)
