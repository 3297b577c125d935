"""Firing or retiring a player from the roster page asks first: the first post changes
nothing and says what follows (the team value, whether gold comes back, an assistant coach),
and only the post that confirms (confirm=yes) lets him go. The API is unchanged: calling it
is the confirmation."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from teams.between_matches import rules_of
from teams.models import Team
from tests.teams.helpers import dwarf_team, orc_team, record
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def words(response) -> str:
    """The page's text as a reader sees it: no tags, entities read, spaces single."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@pytest.fixture
def team(coach, lrb6) -> Team:
    return orc_team(coach, lrb6)  # team value 930,000; treasury 70,000


def leave_url(team: Team, number: int) -> str:
    return f"/teams/{team.pk}/players/{team.players.get(number=number).pk}/leave/"


def test_firing_asks_first_and_says_what_follows(client, coach, team) -> None:
    client.force_login(coach)
    with unchanged():
        page = client.post(leave_url(team, 6), {"how": "fired"})
    assert page.status_code == 200
    text = words(page)
    assert "Fire #6 Blitzer 6?" in text
    assert "Nothing has changed yet." in text
    assert "He leaves Gouged Eye for good" in text
    assert "His value, 80,000 gp, leaves the team value: " in text
    assert "the team value goes from 930,000 gp to 850,000 gp." in text
    # LRB6 gives nothing back (setting fired_player_refund is off).
    assert "No gold comes back: the treasury stays at 70,000 gp." in text
    form = page.content.decode()
    assert '<input type="hidden" name="how" value="fired">' in form
    assert '<input type="hidden" name="confirm" value="yes">' in form
    assert "Yes, fire #6 Blitzer 6" in text
    assert f'href="/teams/{team.pk}/"' in form  # and a way back with nothing done


def test_the_confirmed_post_fires_him(client, coach, team) -> None:
    client.force_login(coach)
    page = client.post(leave_url(team, 6), {"how": "fired", "confirm": "yes"})
    assert page.status_code == 302
    assert page["Location"] == f"/teams/{team.pk}/"
    assert team.players.get(number=6).status == "fired"
    assert team.ledger.order_by("-sequence").first().summary == "#6 Blitzer 6 fired"


def test_with_the_refund_setting_on_the_page_says_his_cost_comes_back(
    client, coach, team, monkeypatch
) -> None:
    def with_refund(team):
        rules = rules_of(team)
        settings = {**rules.ruleset.settings, "fired_player_refund": True}
        return replace(rules, ruleset=replace(rules.ruleset, settings=settings))

    monkeypatch.setattr("teams.leaving.rules_of", with_refund)
    client.force_login(coach)
    with unchanged():
        page = client.post(leave_url(team, 6), {"how": "fired"})
    text = words(page)
    assert "His cost, 80,000 gp, comes back to the treasury (70,000 gp now)." in text
    assert "No gold comes back" not in text


def test_retiring_asks_first_and_speaks_of_no_gold(client, coach, team) -> None:
    client.force_login(coach)
    with unchanged():
        page = client.post(leave_url(team, 1), {"how": "retired"})
    text = words(page)
    assert "Retire #1 Lineman 1?" in text
    assert "the team value goes from 930,000 gp to 880,000 gp." in text
    assert "gold" not in text  # retiring never was a sale
    assert "assistant coach" not in text
    assert "Yes, retire #1 Lineman 1" in text


def test_a_gdbbl_retirement_names_the_assistant_coach_and_a_firing_is_refused_at_once(
    client, coach, gdbbl
) -> None:
    team = dwarf_team(coach, gdbbl)
    client.force_login(coach)
    with unchanged():
        page = client.post(leave_url(team, 1), {"how": "retired"})
    assert "He stays on as an extra assistant coach, for free." in words(page)
    with unchanged():
        refused = client.post(leave_url(team, 1), {"how": "fired"})
    assert refused.status_code == 400
    assert "These rules only retire players" in words(refused)


def test_a_player_missing_the_next_game_is_not_in_the_value_and_the_page_says_so(
    client, coach, team
) -> None:
    blitzer = team.players.get(number=6)
    change = {"op": "player", "player": blitzer.key, "field": "status",
              "from": "active", "to": "missing_next_game"}  # fmt: skip
    record(team, "adjustment", "Missing the next game", coach, [change])
    client.force_login(coach)
    with unchanged():
        page = client.post(leave_url(team, 6), {"how": "fired"})
    text = words(page)
    assert "His value is not in the team value now (he misses the next game): it stays at " in text
    assert "leaves the team value" not in text


def test_another_coach_and_a_bad_answer_are_refused_on_the_first_post(
    client, coach, rival, team
) -> None:
    client.force_login(rival)
    with unchanged():
        assert client.post(leave_url(team, 6), {"how": "fired"}).status_code == 403
    client.force_login(coach)
    with unchanged():
        page = client.post(leave_url(team, 6), {"how": "sold"})
    assert page.status_code == 400
    assert "A player is fired or retired, not &#x27;sold&#x27;." in page.content.decode()


def test_the_api_needs_no_confirmation(coach, team) -> None:
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(coach)
    answer = api.post(
        f"/api/teams/{team.pk}/players/{team.players.get(number=6).pk}/leave/", {"how": "fired"}
    )
    assert answer.status_code == 201
    assert team.players.get(number=6).status == "fired"
