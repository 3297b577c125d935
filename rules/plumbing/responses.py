"""Refusals that escape a view become a 400 naming the field, in pages and in the API; a
form field holding a NUL character is refused before any view reads it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.views import exception_handler

from rules.engine.errors import Problem, Refused
from rules.plumbing.limits import text_problem
from rules.plumbing.refusals import refusal


def api_exception_handler(exc, context):
    """DRF's handler, with any Refused (a service's, or a column's) as a 400 keyed by field."""
    if isinstance(exc, Refused):
        exc = refusal(exc.problems)
    return exception_handler(exc, context)


def refused_page(request: HttpRequest, problems) -> HttpResponse:
    return render(request, "refused.html", {"problems": problems}, status=400)


class RefusalMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        problems = _nul_problems(request)
        if problems:
            return refused_page(request, problems)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, Refused):
            return refused_page(request, exception.problems)
        return None


def _nul_problems(request: HttpRequest) -> list[Problem]:
    """NUL characters in the query string or a posted form (a JSON body is the API's to check:
    its serializers refuse NUL themselves)."""
    queries = [request.GET, request.POST] if request.method == "POST" else [request.GET]
    found = []
    for query in queries:
        for field, values in query.lists():
            for value in values:
                problem = text_problem(f"The field {field!r}", field, value, None)
                if problem is not None:
                    found.append(problem)
    return found
