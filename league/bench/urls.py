"""The bench's URLs: the site's own, plus the floor, a bare view."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/floor/", bare, name="bench-floor"),
    path("", include("league.config.urls")),
]
