"""Each coach reads dates and times in his own time zone."""

from __future__ import annotations

import datetime
import zoneinfo

from django.utils import timezone


class CoachZone(datetime.tzinfo):
    """The signed-in coach's time zone, looked up the first time a time is shown or today's
    date is asked: a request that shows none (the health check, a file) never loads him."""

    def __init__(self, request) -> None:
        self._request = request
        self._zone: datetime.tzinfo | None = None

    def zone(self) -> datetime.tzinfo:
        if self._zone is None:
            # After DRF has authenticated a token, request.user is the token's coach too.
            name = getattr(getattr(self._request, "user", None), "time_zone", "") or "UTC"
            try:
                self._zone = zoneinfo.ZoneInfo(name)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                self._zone = datetime.UTC  # a zone this machine does not know: not a 500
        return self._zone

    def utcoffset(self, moment):
        return self.zone().utcoffset(moment)

    def dst(self, moment):
        return self.zone().dst(moment)

    def tzname(self, moment):
        return self.zone().tzname(moment)

    def fromutc(self, moment):
        # zoneinfo converts only a time that carries the zone itself.
        zone = self.zone()
        return zone.fromutc(moment.replace(tzinfo=zone)).replace(tzinfo=self)

    def __str__(self) -> str:
        return str(self.zone())


class TimeZoneMiddleware:
    """Turns on the coach's time zone for the request: templates, forms, the API's times and
    timezone.localdate() (today, for what is overdue) use it. Visitors read the site's UTC."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        timezone.activate(CoachZone(request))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
