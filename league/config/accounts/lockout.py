"""What a coach who guessed his password wrong too often is told (django-axes calls it)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


def lockout_message() -> str:
    return (
        f"Too many wrong passwords ({settings.AXES_FAILURE_LIMIT}) for this username from "
        f"your address: log-in is locked for {settings.AXES_COOLOFF_TIME} hour. "
        "Wait, or ask a site admin to lift the lock."
    )


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": lockout_message()}, status=429)
    context = {"message": lockout_message()}
    return render(request, "registration/locked_out.html", context, status=429)
