"""Who may, before what was sent: someone who may not act on a team hears a 403, never a 400
about his body (which would tell him, for one, which player ids the team has)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from rules.house_rules import ruleset_copy
from teams.between_matches import team_adjust
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def team(coach, lrb6):
    return orc_team(coach, lrb6)


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user("griff")


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("purchases/", {"kind": "bogus"}),
        ("players/{player}/leave/", {"how": "vanished"}),
        ("players/{player}/improvements/", {"dice": ["a"]}),
        ("adjustments/", {"player": 999_999}),
        ("players/{player}/improvements/choose/", {}),
    ],
)
def test_another_coach_gets_a_403_whatever_his_body(team, stranger, path, body) -> None:
    url = f"/api/teams/{team.pk}/" + path.format(player=team.players.get(number=1).pk)
    with unchanged():
        answer = api_as(stranger).post(url, body, format="json")
    assert answer.status_code == 403, answer.json()
    assert "999999" not in answer.content.decode()


def test_another_coach_posting_a_bad_number_to_the_adjust_page_gets_a_403(
    team, stranger, client
) -> None:
    client.force_login(stranger)
    with unchanged():
        assert client.post(f"/teams/{team.pk}/adjust/", {"treasury": "10k"}).status_code == 403


def test_site_staff_may_not_adjust_their_own_team(lrb6) -> None:
    staff = get_user_model().objects.create_user("referee", is_staff=True)
    own = orc_team(staff, lrb6, "Referee's Revenge")
    with unchanged(), pytest.raises(PermissionDenied):
        team_adjust(own, staff, "Gold for me", 10_000)


def test_site_staff_may_not_adjust_their_own_team_through_the_api(lrb6) -> None:
    staff = get_user_model().objects.create_user("referee", is_staff=True)
    own = orc_team(staff, lrb6, "Referee's Revenge")
    body = {"reason": "Gold for me", "treasury": 10_000}
    with unchanged():
        answer = api_as(staff).post(f"/api/teams/{own.pk}/adjustments/", body, format="json")
    assert answer.status_code == 403


def test_site_staff_still_adjust_other_coaches_teams(team) -> None:
    staff = get_user_model().objects.create_user("referee", is_staff=True)
    assert team_adjust(team, staff, "Paper report", 10_000).treasury == 80_000


def test_a_non_owner_choosing_co_editors_gets_a_403_even_with_an_empty_body(
    coach, lrb6, stranger
) -> None:
    house = ruleset_copy(lrb6, "Varag's Rules", coach)
    with unchanged():
        answer = api_as(stranger).post(f"/api/rulesets/{house.slug}/editors/", {}, format="json")
    assert answer.status_code == 403


def test_a_non_editor_putting_an_unknown_part_gets_a_403_not_a_404(coach, lrb6, stranger) -> None:
    house = ruleset_copy(lrb6, "Varag's Rules", coach)
    with unchanged():
        answer = api_as(stranger).put(
            f"/api/rulesets/{house.slug}/parts/nonsense/", {}, format="json"
        )
    assert answer.status_code == 403
