from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from league.config.health import health
from league.desk import desk_for


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
