"""Each coach reads dates and times in his own time zone."""

from __future__ import annotations

import contextlib
import zoneinfo

from django.utils import timezone


class TimeZoneMiddleware:
    """Turns on the signed-in coach's time zone for the request: templates, forms and
    timezone.localdate() (today's date, for what is overdue) then use it. Visitors, and API
    calls made with a token (known only inside DRF), read the site's UTC; the API's times carry
    their offset, so they are right in any zone."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        timezone.deactivate()
        zone = getattr(getattr(request, "user", None), "time_zone", "")
        if zone and zone != "UTC":
            # A zone this machine does not know: UTC rather than a 500.
            with contextlib.suppress(zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.activate(zoneinfo.ZoneInfo(zone))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
