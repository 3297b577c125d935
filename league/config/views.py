from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from league.config.health import health
from league.desk import desk_for
from rules.plumbing.responses import is_api


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The welcome for visitors; a signed-in coach's desk."""
    if not request.user.is_authenticated:
        return render(request, "league/home.html")
    desk = desk_for(request.user, timezone.localdate())
    return render(request, "league/desk.html", {"desk": desk})


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    parts = health()
    down = [name for name, state in parts.items() if state.startswith("down")]
    body: dict[str, object] = {"status": "down" if down else "ok", **parts}
    if down:
        body["down"] = down
    return JsonResponse(body, status=503 if down else 200)


# Django's error pages, for the addresses no DRF view answers (/api/nowhere/, a request that
# failed before reaching one, a crash): the API answers in JSON, as DRF's own views do; every
# other address gets the site's page.


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return JsonResponse({"detail": "The request could not be understood."}, status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        detail = str(exception) or "You may not do this."
        return JsonResponse({"detail": detail}, status=403)
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return JsonResponse({"detail": "There is nothing at this address."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return JsonResponse({"detail": "Something went wrong on the server."}, status=500)
    return defaults.server_error(request)
