"""Refusals that escape a view become a 400 naming the field, in pages and in the API; a
form field holding a NUL character is refused before any view reads it, and a body that
cannot be read (too large, or not the multipart it claims to be) is a 400 saying so.

The API (everything under /api/) answers each of these in JSON, as it answers everything
else; a page gets a page."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse, JsonResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from rest_framework.response import Response
from rest_framework.views import exception_handler

from rules.engine.errors import Problem, Refused
from rules.plumbing.limits import text_problem
from rules.plumbing.refusals import refusal

API_PREFIX = "/api/"

# A body the client got wrong. Django answers each with its HTML 400 page and logs it with a
# traceback (django.request, or django.security for the size limits), as though the site
# were at fault; here each is a 400 that says what was wrong, and no traceback.
BAD_BODY = (
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
    MultiPartParserError,
    UnreadablePostError,
)


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def bad_body_message(error: Exception) -> str:
    if isinstance(error, RequestDataTooBig):
        megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / (1024 * 1024)
        return f"The request body is larger than {megabytes:g} MB."
    if isinstance(error, TooManyFieldsSent):
        return f"The request has more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS:,} fields."
    if isinstance(error, TooManyFilesSent):
        return f"The request has more than {settings.DATA_UPLOAD_MAX_NUMBER_FILES:,} files."
    if isinstance(error, MultiPartParserError):
        return f"The multipart body could not be read: {error}."
    return "The request body could not be read."  # the client went away while sending it


def api_exception_handler(exc, context):
    """DRF's handler, with any Refused (a service's, or a column's) as a 400 keyed by field,
    and a body that cannot be read as a 400 saying why (DRF leaves those to Django)."""
    if isinstance(exc, Refused):
        exc = refusal(exc.problems)
    if isinstance(exc, BAD_BODY):
        return Response({"detail": bad_body_message(exc)}, status=400)
    return exception_handler(exc, context)


def refused_page(request: HttpRequest, problems) -> HttpResponse:
    return render(request, "refused.html", {"problems": problems}, status=400)


def refused_answer(request: HttpRequest, problems: list[Problem]) -> HttpResponse:
    """A refusal outside DRF's views: in JSON keyed by field for the API, else the page."""
    if is_api(request):
        return JsonResponse(refusal(problems).detail, status=400)
    return refused_page(request, problems)


def bad_body_answer(request: HttpRequest, error: Exception) -> HttpResponse:
    message = bad_body_message(error)
    if is_api(request):
        return JsonResponse({"detail": message}, status=400)
    return refused_page(request, [Problem("body", message)])


class RefusalMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            problems = _nul_problems(request)
        except BAD_BODY as error:  # reading the posted form is where Django finds it bad
            return bad_body_answer(request, error)
        if problems:
            return refused_answer(request, problems)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, Refused):
            return refused_answer(request, exception.problems)
        if isinstance(exception, BAD_BODY):  # a view that read the body itself
            return bad_body_answer(request, exception)
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
