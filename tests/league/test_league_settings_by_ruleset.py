"""A league's tie-breakers and bonuses follow its ruleset everywhere a league is made or
changed: the services, the settings page and the API. A Blitz Bowl league ranks by score
difference and neither results-only ruleset offers anything counted in casualties; LRB6 and
GDBBL leagues, the demo's among them, are as they were."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from league.demo import DEMO_LEAGUE
from league.demo_gdbbl import DEMO_GDBBL_LEAGUE
from league.models import League
from league.services import league_create, league_update
from league.setting_checks import LeagueRefused
from rules.selectors import version_get
from tests.league.test_setting_checks_by_ruleset import (
    BLITZ_BOWL_ORDER,
    BLITZ_NO_CASUALTY_BONUS,
    BLITZ_NO_CASUALTY_TIE_BREAKER,
    FIRST_EDITION_ORDER,
    FIRST_NO_CASUALTY_BONUS,
    FIRST_NO_CASUALTY_TIE_BREAKER,
    LRB6_ORDER,
)
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

DEFAULTS = {
    "lrb6": LRB6_ORDER,
    "gdbbl": LRB6_ORDER,
    "blitz-bowl": BLITZ_BOWL_ORDER,
    "first-edition": FIRST_EDITION_ORDER,
}
LRB6_NO_SCORE_DIFFERENCE = (
    "LRB6 scores touchdowns, not Blitz Bowl points: score_difference is not a tie-breaker here."
)


@pytest.fixture
def blitz(commissioner) -> League:
    return league_create(commissioner, "Reavers Cup", version_get("blitz-bowl"))


@pytest.fixture
def first(commissioner) -> League:
    return league_create(commissioner, "Old School League", version_get("first-edition"))


def messages(refused: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(problem.field, problem.message) for problem in refused.value.problems]


# The services


@pytest.mark.parametrize("slug", list(DEFAULTS))
def test_a_new_league_ranks_by_its_rulesets_own_tie_breakers(commissioner, slug: str) -> None:
    league = league_create(commissioner, "New league", version_get(slug))
    league.refresh_from_db()
    assert league.tie_breakers == DEFAULTS[slug]
    assert league.bonus_three_casualties == 0


@pytest.mark.parametrize("slug", list(DEFAULTS))
def test_a_league_saved_without_tie_breakers_takes_its_rulesets(commissioner, slug: str) -> None:
    league = League.objects.create(
        name="Saved directly", ruleset_version=version_get(slug), created_by=commissioner
    )
    league.refresh_from_db()
    assert league.tie_breakers == DEFAULTS[slug]


def test_tie_breakers_chosen_at_the_start_are_kept(commissioner) -> None:
    league = league_create(
        commissioner,
        "Score league",
        version_get("blitz-bowl"),
        tie_breakers=["score_difference", "points"],
    )
    assert league.tie_breakers == ["score_difference", "points"]


def test_a_blitz_bowl_league_cannot_start_with_casualty_difference(commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_create(
            commissioner,
            "Bloody Blitz",
            version_get("blitz-bowl"),
            tie_breakers=["points", "casualty_difference"],
            bonus_three_casualties=1,
        )
    assert messages(refused) == [
        ("bonus_three_casualties", BLITZ_NO_CASUALTY_BONUS),
        ("tie_breakers", BLITZ_NO_CASUALTY_TIE_BREAKER),
    ]


def test_a_first_edition_league_cannot_take_a_casualty_bonus(first, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_update(first, commissioner, {"points_win": 2, "bonus_three_casualties": 1})
    assert messages(refused) == [("bonus_three_casualties", FIRST_NO_CASUALTY_BONUS)]


def test_a_first_edition_league_cannot_rank_by_casualties(first, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_update(first, commissioner, {"tie_breakers": ["casualty_difference"]})
    assert messages(refused) == [("tie_breakers", FIRST_NO_CASUALTY_TIE_BREAKER)]


def test_an_lrb6_league_cannot_rank_by_score_difference(league, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_update(league, commissioner, {"tie_breakers": ["points", "score_difference"]})
    assert messages(refused) == [("tie_breakers", LRB6_NO_SCORE_DIFFERENCE)]


def test_a_gdbbl_league_keeps_its_casualty_bonus(commissioner) -> None:
    league = league_create(
        commissioner, "Karak Cup", version_get("gdbbl"), bonus_three_casualties=1
    )
    assert league.bonus_three_casualties == 1


def test_a_house_rule_copy_of_blitz_bowl_offers_what_blitz_bowl_does(commissioner) -> None:
    from rules.house_rules import ruleset_copy

    copy = ruleset_copy(version_get("blitz-bowl"), "Our Blitz Bowl", commissioner)
    league = league_create(commissioner, "House Blitz", copy.versions.get())
    assert league.tie_breakers == BLITZ_BOWL_ORDER
    with pytest.raises(LeagueRefused) as refused:
        league_update(league, commissioner, {"tie_breakers": ["casualty_difference"]})
    assert messages(refused) == [("tie_breakers", BLITZ_NO_CASUALTY_TIE_BREAKER)]


def test_the_demo_leagues_rank_as_lrb6_and_gdbbl_leagues_always_have() -> None:
    call_command("demo_data", stdout=StringIO())
    for name in (DEMO_LEAGUE, DEMO_GDBBL_LEAGUE):
        league = League.objects.get(name=name)
        assert league.tie_breakers == LRB6_ORDER
        assert league.ruleset_version.system in ("lrb6", "gdbbl")


# The settings page


def settings_page(client, league: League) -> str:
    client.force_login(league.commissioners.first())
    page = client.get(f"/leagues/{league.pk}/settings/")
    assert page.status_code == 200
    return page.content.decode()


def results_only_form(league: League, **changes) -> dict:
    """The settings form as a results-only league's page sends it: no casualty bonus."""
    form = {
        "name": league.name,
        "description": "",
        "public": "on",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "bonus_three_touchdowns": "0",
        "bonus_clean_sheet": "0",
        "tie_breaker": [*league.tie_breakers, ""],
        "dice_sources": "both",
        "reports_apply": "at_once",
        "forfeit_winner_touchdowns": "2",
        "forfeit_loser_touchdowns": "0",
    }
    form.update(changes)
    return form


def test_the_blitz_bowl_settings_page_offers_score_difference_and_no_casualties(
    client, blitz
) -> None:
    page = settings_page(client, blitz)
    assert '<option value="score_difference"' in page
    assert "Blitz Bowl points scored minus conceded" in page
    assert "casualty_difference" not in page
    assert 'name="bonus_three_casualties"' not in page
    assert "Blitz Bowl records no casualties, so no bonus is given for casualties." in page
    assert "Blitz Bowl records no casualties, so casualty difference is not offered." in page
    assert page.count('name="tie_breaker"') == len(BLITZ_BOWL_ORDER)


def test_the_first_edition_settings_page_offers_neither_casualties_nor_score(client, first) -> None:
    page = settings_page(client, first)
    assert "casualty_difference" not in page
    assert "score_difference" not in page
    assert 'name="bonus_three_casualties"' not in page
    assert "Blood Bowl 1st edition keeps no casualty count, so" in page
    assert page.count('name="tie_breaker"') == len(FIRST_EDITION_ORDER)


def test_the_lrb6_settings_page_is_as_it_was(client, league) -> None:
    page = settings_page(client, league)
    assert '<option value="casualty_difference"' in page
    assert 'name="bonus_three_casualties"' in page
    assert "score_difference" not in page
    assert "records no casualties" not in page
    assert page.count('name="tie_breaker"') == len(LRB6_ORDER)


def test_a_blitz_bowl_commissioner_saves_score_difference_first(client, blitz) -> None:
    client.force_login(blitz.commissioners.first())
    form = results_only_form(blitz, bonus_clean_sheet="1", tie_breaker=["score_difference", ""])
    page = client.post(f"/leagues/{blitz.pk}/settings/", form)
    assert page.status_code == 302
    blitz.refresh_from_db()
    assert blitz.tie_breakers == ["score_difference"]
    assert (blitz.bonus_clean_sheet, blitz.bonus_three_casualties) == (1, 0)


def test_casualty_difference_posted_to_a_blitz_bowl_league_is_a_400_saying_why(
    client, blitz
) -> None:
    client.force_login(blitz.commissioners.first())
    form = results_only_form(blitz, tie_breaker=["points", "casualty_difference"])
    with unchanged():
        page = client.post(f"/leagues/{blitz.pk}/settings/", form)
    assert page.status_code == 400
    body = page.content.decode()
    assert BLITZ_NO_CASUALTY_TIE_BREAKER in body
    assert '<option value="score_difference"' in body  # the re-rendered form is Blitz Bowl's


def test_a_casualty_bonus_posted_to_a_first_edition_league_is_a_400_saying_why(
    client, first
) -> None:
    client.force_login(first.commissioners.first())
    form = results_only_form(first, bonus_three_casualties="2")  # not on the page: crafted
    with unchanged():
        page = client.post(f"/leagues/{first.pk}/settings/", form)
    assert page.status_code == 400
    assert FIRST_NO_CASUALTY_BONUS in page.content.decode()


def test_a_casualty_bonus_of_zero_posted_to_a_first_edition_league_is_no_bonus(
    client, first
) -> None:
    client.force_login(first.commissioners.first())
    page = client.post(
        f"/leagues/{first.pk}/settings/", results_only_form(first, bonus_three_casualties="0")
    )
    assert page.status_code == 302


def test_score_difference_posted_to_an_lrb6_league_is_a_400_saying_why(client, league) -> None:
    client.force_login(league.commissioners.first())
    form = results_only_form(
        league, bonus_three_casualties="0", tie_breaker=["score_difference", ""]
    )
    with unchanged():
        page = client.post(f"/leagues/{league.pk}/settings/", form)
    assert page.status_code == 400
    assert LRB6_NO_SCORE_DIFFERENCE in page.content.decode()


@pytest.mark.parametrize("slug", ["blitz-bowl", "first-edition"])
def test_a_league_started_on_the_page_ranks_by_its_rulesets_tie_breakers(
    client, coach, slug: str
) -> None:
    client.force_login(coach)
    page = client.post("/leagues/new/", {"name": "Friday Night", "version": version_get(slug).pk})
    assert page.status_code == 302
    assert League.objects.get(name="Friday Night").tie_breakers == DEFAULTS[slug]


# The API


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_a_blitz_bowl_league_started_through_the_api_says_what_it_offers(api, coach) -> None:
    api.force_authenticate(coach)
    answer = api.post("/api/leagues/", {"name": "Reavers", "ruleset": "blitz-bowl"}, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["settings"]["tie_breakers"] == BLITZ_BOWL_ORDER
    assert body["offered"] == {
        "tie_breakers": BLITZ_BOWL_ORDER,
        "point_fields": [
            "points_win",
            "points_draw",
            "points_loss",
            "bonus_three_touchdowns",
            "bonus_clean_sheet",
        ],
    }


def test_an_lrb6_league_through_the_api_offers_what_it_always_did(api, league) -> None:
    body = api.get(f"/api/leagues/{league.pk}/").json()
    assert body["offered"]["tie_breakers"] == LRB6_ORDER
    assert "bonus_three_casualties" in body["offered"]["point_fields"]


def test_a_casualty_bonus_for_a_new_blitz_bowl_league_is_a_400_naming_the_field(api, coach) -> None:
    api.force_authenticate(coach)
    with unchanged():
        answer = api.post(
            "/api/leagues/",
            {"name": "Bloody", "ruleset": "blitz-bowl", "bonus_three_casualties": 1},
            format="json",
        )
    assert answer.status_code == 400
    assert answer.json() == {"bonus_three_casualties": [BLITZ_NO_CASUALTY_BONUS]}


def test_casualty_difference_patched_into_a_first_edition_league_is_a_400(
    api, first, commissioner
) -> None:
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.patch(
            f"/api/leagues/{first.pk}/",
            {"tie_breakers": ["points", "casualty_difference"]},
            format="json",
        )
    assert answer.status_code == 400
    assert answer.json() == {"tie_breakers": [FIRST_NO_CASUALTY_TIE_BREAKER]}


def test_score_difference_patched_into_an_lrb6_league_is_a_400(api, league, commissioner):
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.patch(
            f"/api/leagues/{league.pk}/", {"tie_breakers": ["score_difference"]}, format="json"
        )
    assert answer.status_code == 400
    assert answer.json() == {"tie_breakers": [LRB6_NO_SCORE_DIFFERENCE]}


def test_a_blitz_bowl_commissioner_patches_score_difference_in(api, blitz, commissioner) -> None:
    api.force_authenticate(commissioner)
    answer = api.patch(
        f"/api/leagues/{blitz.pk}/",
        {"tie_breakers": ["points", "score_difference"], "bonus_three_casualties": 0},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["settings"]["tie_breakers"] == ["points", "score_difference"]


def test_the_api_schema_lists_each_rulesets_tie_breakers(api) -> None:
    schema = api.get("/api/schema/", {"format": "json"}).json()
    fields = schema["components"]["schemas"]["LeagueCreate"]["properties"]
    help_text = fields["tie_breakers"]["description"]
    assert "Blitz Bowl: points, head_to_head, score_difference, touchdown_difference" in help_text
    assert "LRB6 and GDBBL: points, head_to_head, touchdown_difference, casualty_difference" in (
        help_text
    )
    assert "Blood Bowl 1st edition: points, head_to_head, touchdown_difference, " in help_text
    assert fields["bonus_three_casualties"]["description"] == (
        "0 under Blitz Bowl and Blood Bowl 1st edition: they count no casualties."
    )
