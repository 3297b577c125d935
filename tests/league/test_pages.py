"""League pages: browsing, starting a league, settings, the commissioner dashboard and the
season page, with their permissions and a number of queries that does not grow."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import League, Membership
from league.seasons import season_start
from league.services import league_create, membership_request
from tests.league.conftest import member_teams
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

MONDAY = datetime.date(2026, 11, 30)


def test_anyone_browses_the_public_leagues(client, league) -> None:
    page = client.get("/leagues/")
    assert page.status_code == 200
    assert "Old World Classic" in page.content.decode()


def test_a_private_league_is_hidden_from_outsiders(client, commissioner, lrb6, coach) -> None:
    private = league_create(commissioner, "Secret Society", lrb6, public=False)
    assert "Secret Society" not in client.get("/leagues/").content.decode()
    assert client.get(f"/leagues/{private.pk}/").status_code == 404
    client.force_login(coach)
    assert client.get(f"/leagues/{private.pk}/").status_code == 404
    client.force_login(commissioner)
    assert "Secret Society" in client.get("/leagues/").content.decode()
    assert client.get(f"/leagues/{private.pk}/").status_code == 200


def test_a_coach_whose_team_asked_to_join_sees_a_private_league(
    client, commissioner, lrb6, coach, team
) -> None:
    private = league_create(commissioner, "Secret Society", lrb6, public=False)
    membership_request(private, coach, team)
    client.force_login(coach)
    assert client.get(f"/leagues/{private.pk}/").status_code == 200


def test_a_coach_starts_a_league_and_becomes_its_commissioner(client, coach, lrb6) -> None:
    client.force_login(coach)
    form = client.get("/leagues/new/").content.decode()
    assert "Living Rulebook 6" in form
    page = client.post(
        "/leagues/new/",
        {
            "name": "Badlands Bash",
            "version": lrb6.pk,
            "description": "Friday nights",
            "public": "on",
        },
    )
    league = League.objects.get(name="Badlands Bash")
    assert page.status_code == 302
    assert page["Location"] == f"/leagues/{league.pk}/"
    assert list(league.commissioners.all()) == [coach]


def test_a_league_without_a_name_is_refused_with_the_reason(client, coach, lrb6) -> None:
    client.force_login(coach)
    with unchanged():
        page = client.post("/leagues/new/", {"name": "", "version": lrb6.pk})
    assert page.status_code == 400
    assert "Give the league a name." in page.content.decode()
    assert not League.objects.exists()


def test_an_anonymous_visitor_is_sent_to_log_in_to_start_a_league(client) -> None:
    page = client.get("/leagues/new/")
    assert page.status_code == 302
    assert page["Location"].startswith("/accounts/login/")


def test_the_settings_page_explains_each_setting(client, league, commissioner) -> None:
    client.force_login(commissioner)
    page = client.get(f"/leagues/{league.pk}/settings/").content.decode()
    for text in (
        "Points for a win",
        "Bonus points for conceding no touchdown",
        "Head to head",
        "Fewest games played",
        "Rolled by the server",
        "After a commissioner approves",
        "Touchdowns for the team that forfeited",
        "a house-rule copy",
    ):
        assert text in page


def settings_form(**changes) -> dict:
    form = {
        "name": "Old World Classic",
        "description": "",
        "public": "on",
        "points_win": "3",
        "points_draw": "1",
        "points_loss": "0",
        "bonus_three_touchdowns": "0",
        "bonus_three_casualties": "0",
        "bonus_clean_sheet": "0",
        "tie_breaker": ["points", "head_to_head", "", "", "", ""],
        "dice_sources": "both",
        "reports_apply": "at_once",
        "forfeit_winner_touchdowns": "2",
        "forfeit_loser_touchdowns": "0",
    }
    form.update(changes)
    return form


def test_a_commissioner_saves_the_settings(client, league, commissioner) -> None:
    client.force_login(commissioner)
    form = settings_form(
        points_win="2",
        bonus_clean_sheet="1",
        dice_sources="entered",
        tie_breaker=["touchdown_difference", "", "points", "", "", ""],
    )
    page = client.post(f"/leagues/{league.pk}/settings/", form)
    assert page.status_code == 302
    league.refresh_from_db()
    assert (league.points_win, league.bonus_clean_sheet) == (2, 1)
    assert league.tie_breakers == ["touchdown_difference", "points"]
    assert league.dice_sources == "entered"


def test_repeated_tie_breakers_are_refused_and_nothing_is_saved(client, league, commissioner):
    client.force_login(commissioner)
    form = settings_form(points_win="4", tie_breaker=["points", "points", "", "", "", ""])
    with unchanged():
        page = client.post(f"/leagues/{league.pk}/settings/", form)
    assert page.status_code == 400
    assert "Each tie-breaker may be listed once: points repeats." in page.content.decode()
    league.refresh_from_db()
    assert league.points_win == 3


def test_a_point_that_is_not_a_number_is_named(client, league, commissioner) -> None:
    client.force_login(commissioner)
    with unchanged():
        page = client.post(f"/leagues/{league.pk}/settings/", settings_form(points_draw="one"))
    assert page.status_code == 400
    assert "Points for a draw must be a whole number from -5 to 10." in page.content.decode()


@pytest.mark.parametrize("url", ["settings/", "dashboard/"])
def test_a_coach_may_not_open_the_commissioner_pages(client, league, coach, url) -> None:
    client.force_login(coach)
    with unchanged():
        assert client.get(f"/leagues/{league.pk}/{url}").status_code == 403


@pytest.mark.parametrize("url", ["settings/", "dashboard/"])
def test_a_coach_whose_team_plays_in_the_league_may_not_open_the_commissioner_pages(
    client, league, users, url
) -> None:
    [team] = member_teams(league, 1, users)
    client.force_login(team.coach)
    with unchanged():
        assert client.get(f"/leagues/{league.pk}/{url}").status_code == 403


def test_a_coach_enters_his_team_and_the_commissioner_approves_it(
    client, league, commissioner, coach, team
) -> None:
    client.force_login(coach)
    home = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "Gouged Eye" in home  # offered in "Enter a team"
    page = client.post(f"/leagues/{league.pk}/enter/", {"team": team.pk})
    assert page.status_code == 302
    membership = Membership.objects.get(team=team)
    assert membership.status == "pending"

    client.force_login(commissioner)
    dashboard = client.get(f"/leagues/{league.pk}/dashboard/").content.decode()
    assert "Gouged Eye" in dashboard
    page = client.post(
        f"/leagues/{league.pk}/memberships/{membership.pk}/decide/", {"decision": "approve"}
    )
    assert page.status_code == 302
    membership.refresh_from_db()
    assert membership.status == "approved"


def test_a_refusal_without_a_reason_is_shown_on_the_dashboard(
    client, league, commissioner, coach, team
) -> None:
    membership = membership_request(league, coach, team)
    client.force_login(commissioner)
    with unchanged():
        page = client.post(
            f"/leagues/{league.pk}/memberships/{membership.pk}/decide/",
            {"decision": "refuse", "reason": ""},
        )
    assert page.status_code == 400
    assert "Give the coach a reason for the refusal." in page.content.decode()


def test_another_coach_cannot_enter_my_team(client, league, rival, team) -> None:
    client.force_login(rival)
    with unchanged():
        assert client.post(f"/leagues/{league.pk}/enter/", {"team": team.pk}).status_code == 403
    assert not Membership.objects.exists()


def test_a_coach_leaves_and_the_team_keeps_its_page(client, league, commissioner, users):
    [team] = member_teams(league, 1, users)
    client.force_login(team.coach)
    membership = team.memberships.get()
    page = client.post(f"/leagues/{league.pk}/memberships/{membership.pk}/end/", {"how": "left"})
    assert page.status_code == 302
    membership.refresh_from_db()
    assert membership.status == "left"
    assert client.get(f"/teams/{team.pk}/").status_code == 200


def test_the_commissioner_starts_a_season_from_the_dashboard(
    client, league, commissioner, users
) -> None:
    member_teams(league, 4, users)
    client.force_login(commissioner)
    page = client.post(
        f"/leagues/{league.pk}/seasons/new/",
        {
            "format": "double_round_robin",
            "first_deadline": "2026-11-30",
            "days_between_rounds": "7",
            "confirm": "yes",
        },
    )
    assert page.status_code == 302
    assert page["Location"] == f"/leagues/{league.pk}/seasons/1/"
    season = league.seasons.get()
    assert season.rounds.count() == 6
    text = client.get(page["Location"]).content.decode()
    assert "Round 1" in text  # the current round and the next are shown
    assert "Round 2" in text
    assert "Round 3" not in text
    assert f'href="/leagues/{league.pk}/seasons/1/?round=6"' in text  # the rest a click away
    text = client.get(page["Location"] + "?round=6").content.decode()
    assert "Round 6" in text
    assert "play by Mon 4 Jan 2027" in text  # 30 Nov + 5 weeks


def test_a_bad_date_is_named(client, league, commissioner, users) -> None:
    member_teams(league, 2, users)
    client.force_login(commissioner)
    with unchanged():
        page = client.post(
            f"/leagues/{league.pk}/seasons/new/",
            {"format": "round_robin", "first_deadline": "next week"},
        )
    assert page.status_code == 400
    assert "&#x27;next week&#x27; is not a date (YYYY-MM-DD)." in page.content.decode()


def test_the_commissioner_reschedules_and_records_a_forfeit_on_the_season_page(
    client, league, commissioner, users
) -> None:
    member_teams(league, 4, users)
    season = season_start(league, commissioner, "round_robin", "", MONDAY, 7)
    first, second = season.fixtures.filter(round__number=1)
    client.force_login(commissioner)
    assert (
        "Reschedule or forfeit" in client.get(f"/leagues/{league.pk}/seasons/1/").content.decode()
    )
    page = client.post(
        f"/leagues/{league.pk}/fixtures/{first.pk}/reschedule/",
        {"deadline": "2026-12-03", "reason": "Snowed in"},
    )
    assert page.status_code == 302
    page = client.post(
        f"/leagues/{league.pk}/fixtures/{second.pk}/forfeit/",
        {"forfeited_by": second.away_id, "confirm": "yes"},
    )
    assert page.status_code == 302
    text = client.get(f"/leagues/{league.pk}/seasons/1/").content.decode()
    assert "rescheduled: by Thu 3 Dec 2026" in text
    assert f"{second.away.name} forfeited" in text
    assert "<strong>2–0</strong>" in text


def test_a_coach_sees_no_commissioner_actions_and_cannot_post_them(
    client, league, commissioner, users
) -> None:
    teams = member_teams(league, 2, users)
    season = season_start(league, commissioner, "round_robin")
    fixture = season.fixtures.get()
    client.force_login(teams[0].coach)
    assert (
        "Reschedule or forfeit"
        not in client.get(f"/leagues/{league.pk}/seasons/1/").content.decode()
    )
    with unchanged():
        page = client.post(
            f"/leagues/{league.pk}/fixtures/{fixture.pk}/forfeit/",
            {"forfeited_by": fixture.home_id},
        )
    assert page.status_code == 403


def test_the_dashboard_lists_overdue_fixtures(client, league, commissioner, users) -> None:
    member_teams(league, 2, users)
    season_start(league, commissioner, "round_robin", "", datetime.date(2020, 1, 6), 7)
    client.force_login(commissioner)
    page = client.get(f"/leagues/{league.pk}/dashboard/").content.decode()
    assert "due 6 Jan 2020" in page


def test_open_play_offers_arranging_a_match(client, league, commissioner, users) -> None:
    one, two = member_teams(league, 2, users)
    season_start(league, commissioner, "open")
    client.force_login(one.coach)
    page = client.post(
        f"/leagues/{league.pk}/seasons/1/arrange/", {"home": one.pk, "away": two.pk, "deadline": ""}
    )
    assert page.status_code == 302
    text = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "Open play" in text
    fixtures = text[text.index("Open play") :]
    assert fixtures.index(one.name) < fixtures.index(two.name)  # home first


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("page", ["", "seasons/1/"])
def test_league_pages_make_as_many_queries_for_eight_teams_as_for_four(
    client, commissioner, lrb6, users, page
) -> None:
    small = league_create(commissioner, "Small league", lrb6)
    member_teams(small, 4, users)
    season_start(small, commissioner, "double_round_robin", "", MONDAY, 7)
    large = league_create(commissioner, "Large league", lrb6)
    member_teams(large, 8, users)
    season_start(large, commissioner, "double_round_robin", "", MONDAY, 7)
    client.force_login(commissioner)
    assert queries(client, f"/leagues/{small.pk}/{page}") == queries(
        client, f"/leagues/{large.pk}/{page}"
    )


def test_the_league_list_makes_as_many_queries_for_three_leagues_as_for_one(
    client, commissioner, lrb6
) -> None:
    league_create(commissioner, "One", lrb6)
    one = queries(client, "/leagues/")
    league_create(commissioner, "Two", lrb6)
    league_create(commissioner, "Three", lrb6)
    assert queries(client, "/leagues/") == one


def test_a_team_built_for_a_league_asks_to_join_it(client, league, coach, lrb6) -> None:
    from teams.models import Team
    from tests.teams.test_team_pages import builder_post

    client.force_login(coach)
    builder = client.get("/teams/new/", {"league": league.pk, "race": "orc"}).content.decode()
    assert "For <a" in builder
    assert "Old World Classic</a>, playing Living Rulebook 6 v1" in builder
    data = builder_post(lrb6, "orc", {"Lineman": 11}, name="League Orcs", league=str(league.pk))
    page = client.post("/teams/new/", data)
    team = Team.objects.get(name="League Orcs")
    assert page.status_code == 302
    assert team.memberships.get().status == "pending"
    assert team.memberships.get().league == league


def test_a_private_league_is_not_offered_in_the_builder_to_outsiders(
    client, commissioner, coach, lrb6
) -> None:
    private = league_create(commissioner, "Secret Society", lrb6, public=False)
    client.force_login(coach)
    assert client.get("/teams/new/", {"league": private.pk}).status_code == 404


def test_a_coach_reads_why_his_team_was_refused(client, league, commissioner, coach, team):
    from league.services import membership_decide

    membership_decide(
        membership_request(league, coach, team),
        commissioner,
        False,
        "The league is full this season.",
    )
    client.force_login(coach)
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "Gouged Eye: refused (The league is full this season.)" in page
    assert "Take Gouged Eye out of the league" not in page


def test_the_commissioner_retires_a_member_from_the_dashboard(
    client, league, commissioner, users
) -> None:
    [team] = member_teams(league, 1, users)
    membership = team.memberships.get()
    client.force_login(commissioner)
    assert "Retire Orc team 1" in client.get(f"/leagues/{league.pk}/dashboard/").content.decode()
    page = client.post(
        f"/leagues/{league.pk}/memberships/{membership.pk}/end/",
        {"how": "retired", "reason": "Coach moved to Lustria"},
    )
    assert page.status_code == 302
    membership.refresh_from_db()
    assert (membership.status, membership.reason) == ("retired", "Coach moved to Lustria")


def test_only_those_who_may_arrange_see_the_arrange_form(
    client, league, commissioner, users, rival
) -> None:
    one, _two = member_teams(league, 2, users)
    season_start(league, commissioner, "open")
    url = f"/leagues/{league.pk}/seasons/1/"
    assert "Arrange a match" not in client.get(url).content.decode()
    client.force_login(rival)
    assert "Arrange a match" not in client.get(url).content.decode()
    client.force_login(one.coach)
    assert "Arrange a match" in client.get(url).content.decode()
    client.force_login(commissioner)
    assert "Arrange a match" in client.get(url).content.decode()
