"""The coach's time zone, turned on for each request and looked up only when a time is shown."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from rest_framework.test import APIClient

from league.config.accounts.middleware import CoachZone, TimeZoneMiddleware
from league.config.accounts.models import ApiToken
from league.config.accounts.tokens import token_create

pytestmark = pytest.mark.django_db

NOON = datetime.datetime(2026, 7, 1, 12, 0, tzinfo=datetime.UTC)
WINTER_NOON = datetime.datetime(2026, 1, 10, 12, 0, tzinfo=datetime.UTC)


def request_by(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


def zone_of(user, zone: str):
    get_user_model().objects.filter(pk=user.pk).update(time_zone=zone)
    return get_user_model().objects.get(pk=user.pk)


def test_a_time_is_shown_in_the_coach_s_zone(coach) -> None:
    zone = CoachZone(request_by(zone_of(coach, "Europe/Paris")))
    assert NOON.astimezone(zone).hour == 14  # summer: UTC+2
    assert WINTER_NOON.astimezone(zone).hour == 13  # winter: UTC+1
    assert NOON.astimezone(zone).isoformat() == "2026-07-01T14:00:00+02:00"
    assert str(zone) == "Europe/Paris"


def test_today_is_the_coach_s_today(coach) -> None:
    """Just before midnight in London it is already tomorrow in Auckland."""
    late = datetime.datetime(2026, 3, 1, 23, 30, tzinfo=datetime.UTC)
    zone = CoachZone(request_by(zone_of(coach, "Pacific/Auckland")))
    assert timezone.localdate(late, zone) == datetime.date(2026, 3, 2)


def test_a_time_across_a_clock_change_keeps_its_instant(coach) -> None:
    zone = CoachZone(request_by(zone_of(coach, "America/New_York")))
    moment = datetime.datetime(2026, 11, 1, 5, 30, tzinfo=datetime.UTC)  # 1:30, the second time
    shown = moment.astimezone(zone)
    assert (shown.hour, shown.minute) == (1, 30)
    assert shown.astimezone(datetime.UTC) == moment


def test_a_visitor_reads_utc() -> None:
    zone = CoachZone(request_by(AnonymousUser()))
    assert NOON.astimezone(zone).hour == 12


def test_a_zone_this_machine_does_not_know_is_read_as_utc(coach) -> None:
    zone = CoachZone(request_by(zone_of(coach, "Atlantis/Sunken")))
    assert NOON.astimezone(zone).hour == 12


def test_the_coach_is_looked_up_only_when_a_time_is_shown(coach, django_assert_num_queries) -> None:
    request = RequestFactory().get("/")
    request.user = SimpleLazyObject(lambda: get_user_model().objects.get(pk=coach.pk))
    seen = []

    def view(request):
        seen.append(timezone.get_current_timezone())
        return "answer"

    with django_assert_num_queries(0):
        assert TimeZoneMiddleware(view)(request) == "answer"
    assert isinstance(seen[0], CoachZone)
    assert timezone.get_current_timezone_name() == "UTC"  # turned off after the request


def test_the_api_shows_a_token_coach_s_times_in_his_zone(coach) -> None:
    zone_of(coach, "Asia/Tokyo")
    token, secret = token_create(coach, "script")
    ApiToken.objects.filter(pk=token.pk).update(created=NOON)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    [listed] = api.get("/api/me/tokens/").json()
    assert listed["created"] == "2026-07-01T21:00:00+09:00"
