"""The coaches' pages: /coaches/, searchable and fifty a page, and /coaches/<username>/, a
coach's teams, leagues, record, form and latest matches, as an anonymous visitor, a stranger
and a member of a private league read them. The matches are built as in test_coaches.py."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.retirement import team_retire
from tests.league.test_coaches import (
    forfeited,
    friendly,
    join,
    league_match,
    open_play,
    played,
    private_league,
)
from tests.teams.helpers import cells, definitions, orc_team

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())).strip()


def rows(html: str, css_class: str) -> list[list[str]]:
    """The table's rows below its heading."""
    return cells(html, "table", css_class)[1:]


def page_of(client, username: str) -> str:
    response = client.get(reverse("coaches:detail", args=[username]))
    assert response.status_code == 200
    return text(response)


# The list -------------------------------------------------------------------------------------


def test_the_list_shows_each_coach_with_his_display_name_and_active_teams(
    client, users, lrb6, coach, team
) -> None:
    users.create_user("morg", password="kick-off-8", display_name="Morg 'n' Thorg")
    team_retire(orc_team(coach, lrb6, "Zog's Lads"), coach)
    response = client.get("/coaches/")
    assert response.status_code == 200
    html = response.content.decode()
    assert rows(html, "coach-list") == [["morg", "Morg 'n' Thorg", "0"], ["varag", "", "1"]]
    assert 'href="/coaches/varag/"' in html


def test_the_list_finds_coaches_by_username_or_display_name(client, users) -> None:
    users.create_user("varag", password="kick-off-8", display_name="Varag Ghoul-Chewer")
    users.create_user("ghoulbert", password="kick-off-8")
    users.create_user("morg", password="kick-off-8")
    html = client.get("/coaches/", {"q": "ghoul"}).content.decode()
    assert [row[0] for row in rows(html, "coach-list")] == ["ghoulbert", "varag"]
    assert 'value="ghoul"' in html  # the search box keeps what was asked
    nobody = text(client.get("/coaches/", {"q": "snotling"}))
    assert "No coach's username or display name holds “snotling”." in nobody


def test_the_list_is_fifty_coaches_a_page(client, users) -> None:
    for n in range(51):
        users.create_user(f"coach{n:02}", password="kick-off-8")
    first = client.get("/coaches/").content.decode()
    assert len(rows(first, "coach-list")) == 50
    assert "Page 1 of 2 · 51 coaches" in text(client.get("/coaches/"))
    second = client.get("/coaches/", {"page": 2}).content.decode()
    assert [row[0] for row in rows(second, "coach-list")] == ["coach50"]


def test_a_search_keeps_to_its_coaches_from_page_to_page(client, users) -> None:
    for n in range(110):
        users.create_user(f"{'orc' if n % 2 else 'elf'}{n:03}", password="kick-off-8")
    first = client.get("/coaches/", {"q": "orc"})
    assert "Page 1 of 2 · 55 coaches" in text(first)
    assert 'href="?q=orc&amp;page=2"' in first.content.decode()
    second = client.get("/coaches/", {"q": "orc", "page": 2}).content.decode()
    assert [row[0] for row in rows(second, "coach-list")] == [
        f"orc{n:03}" for n in range(101, 110, 2)
    ]


def test_the_list_says_when_there_are_no_coaches(client, db) -> None:
    assert "No coaches yet." in text(client.get("/coaches/"))


def test_the_list_costs_the_same_queries_for_two_coaches_as_for_fifty(client, users) -> None:
    def counted() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/coaches/").status_code == 200
        return len(captured)

    for n in range(2):
        users.create_user(f"first{n}", password="kick-off-8")
    few = counted()
    for n in range(48):
        users.create_user(f"later{n}", password="kick-off-8")
    assert counted() == few


# A coach's page -------------------------------------------------------------------------------


def test_a_coachs_page_shows_who_he_is_his_teams_and_his_record(
    client, users, league, lrb6, coach, team, rival_team
) -> None:
    users.filter(pk=coach.pk).update(display_name="Varag Ghoul-Chewer")
    team_retire(orc_team(coach, lrb6, "Zog's Lads"), coach)
    season = open_play(league, team, rival_team)
    played(league_match(season, team, rival_team), 2, 1)
    played(league_match(season, rival_team, team), 1, 1)
    forfeited(season, team, rival_team, by=team)
    response = client.get("/coaches/varag/")
    html, page = response.content.decode(), text(response)
    assert "<h1>Varag Ghoul-Chewer</h1>" in html
    facts = definitions(html, "coach-facts")
    assert facts["Username"] == "varag"
    assert facts["Joined"] == f"{coach.date_joined:%-d %b %Y}"
    assert facts["Record"] == "played 3 · won 1 · drawn 1 · lost 1"
    assert facts["Win rate"] == "33% (won 1 of 3)"
    assert facts["Form"] == "WDL"
    teams = rows(html, "coach-teams")
    assert teams[0] == ["Gouged Eye", "Orc", "Living Rulebook 6 v1", "Old World Classic"]
    assert teams[1][0].startswith("Zog's Lads retired ")
    assert teams[1][3] == ""
    assert "Old World Classic" in page.split("Leagues", 1)[1]


def test_the_recent_matches_link_each_match_its_teams_and_the_opposing_coach(
    client, league, team, rival_team
) -> None:
    season = open_play(league, team, rival_team)
    match = played(league_match(season, rival_team, team), 1, 3)
    html = client.get("/coaches/varag/").content.decode()
    [row] = rows(html, "coach-matches")
    assert row == ["1 Mar 2025", "Gouged Eye", "3-1", "Da Krumpers (griff)", "W"]
    assert f'href="/matches/{match.pk}/"' in html
    assert 'href="/coaches/griff/"' in html
    assert f'href="/teams/{rival_team.pk}/"' in html


def test_a_forfeit_is_marked_so_among_the_recent_matches(client, league, team, rival_team) -> None:
    season = open_play(league, team, rival_team)
    forfeited(season, team, rival_team, by=rival_team)
    [row] = rows(client.get("/coaches/varag/").content.decode(), "coach-matches")
    assert row[2:] == ["2-0 forfeit", "Da Krumpers (griff)", "W"]


def test_a_new_coach_has_no_teams_leagues_or_matches_yet(client, coach) -> None:
    page = page_of(client, "varag")
    assert "no decided matches yet" in page
    assert "No teams yet." in page
    assert "No leagues yet." in page
    assert "No decided matches yet." in page
    assert "Win rate" not in page


def test_an_unknown_coach_is_a_404_page(client, db) -> None:
    response = client.get("/coaches/nobody/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_username_with_the_characters_django_allows_has_a_page(client, users) -> None:
    users.create_user("grim.ironjaw+cup@dwarf-hold", password="kick-off-8")
    assert "grim.ironjaw+cup@dwarf-hold" in page_of(client, "grim.ironjaw+cup@dwarf-hold")
    assert (
        'href="/coaches/grim.ironjaw+cup@dwarf-hold/"' in client.get("/coaches/").content.decode()
    )


def test_the_page_never_shows_his_address(client, users, coach) -> None:
    users.filter(pk=coach.pk).update(email="varag@example.com")
    assert "varag@example.com" not in client.get("/coaches/varag/").content.decode()


def test_the_pages_have_no_inline_styles_or_scripts(client, league, team, rival_team) -> None:
    season = open_play(league, team, rival_team)
    played(league_match(season, team, rival_team), 2, 1)
    for url in ("/coaches/", "/coaches/varag/"):
        html = client.get(url).content.decode()
        assert " style=" not in html, url
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url


# A private league -------------------------------------------------------------------------------


@pytest.fixture
def cellar(commissioner, lrb6, team, rival_team):
    season = open_play(private_league(commissioner, lrb6), team, rival_team)
    played(league_match(season, team, rival_team), 2, 1)
    return season


def test_a_private_league_is_absent_from_a_strangers_view_of_the_page(
    client, users, cellar
) -> None:
    client.force_login(users.create_user("snotling", password="kick-off-7"))
    response = client.get("/coaches/varag/")
    html = response.content.decode()
    assert "Cellar League" not in html
    assert f"/leagues/{cellar.league.pk}/" not in html
    assert "no decided matches yet" in text(response)
    assert rows(html, "coach-matches") == [["No decided matches yet."]]
    assert rows(html, "coach-teams") == [["Gouged Eye", "Orc", "Living Rulebook 6 v1", ""]]


def test_a_private_league_is_absent_from_an_anonymous_visitors_view(client, cellar) -> None:
    html = client.get("/coaches/griff/").content.decode()
    assert "Cellar League" not in html
    assert "Gouged Eye" not in html  # his only opponent was met in the private league


def test_a_member_of_the_private_league_sees_it_on_the_page(client, rival, cellar) -> None:
    client.force_login(rival)
    html = client.get("/coaches/varag/").content.decode()
    assert "Cellar League" in html
    assert definitions(html, "coach-facts")["Win rate"] == "100% (won 1 of 1)"
    assert rows(html, "coach-teams") == [
        ["Gouged Eye", "Orc", "Living Rulebook 6 v1", "Cellar League"]
    ]


def test_its_commissioner_sees_the_private_league_on_the_page(client, commissioner, cellar) -> None:
    client.force_login(commissioner)
    html = client.get("/coaches/varag/").content.decode()
    assert [row[2] for row in rows(html, "coach-matches")] == ["2-1"]


# Queries -----------------------------------------------------------------------------------------


def test_the_page_costs_the_same_queries_for_a_coach_with_few_matches_as_with_many(
    client, users, league, lrb6, rival, team, rival_team, django_assert_max_num_queries
) -> None:
    def counted(username: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/coaches/{username}/").status_code == 200
        return len(captured)

    season = open_play(league, team, rival_team)
    played(league_match(season, team, rival_team), 1, 0)
    client.force_login(rival)
    few = counted("varag")
    busy = users.create_user("busy", password="kick-off-8")
    teams = [orc_team(busy, lrb6, f"Busy {n}") for n in range(3)]
    opponents = [orc_team(users.create_user(f"opp{n}"), lrb6, f"Opp {n}") for n in range(3)]
    join(league, *teams, *opponents)  # open play: they play in the running season
    for n in range(15):
        forfeited(season, teams[n % 3], opponents[n % 3], by=opponents[n % 3])
    played(friendly(opponents[0], teams[0]), 2, 2)
    assert counted("busy") == few
    with django_assert_max_num_queries(few):
        client.get("/coaches/busy/")
