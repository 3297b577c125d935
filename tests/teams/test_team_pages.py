"""The team pages: the builder, the roster with its history, and their query counts."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules.models import Position
from rules.selectors import version_get
from teams.models import LedgerEntry, Player, Team
from teams.services import team_create
from tests.teams.helpers import cells, definitions, dwarf_team, orc_team, record, squad
from tests.unchanged import unchanged

ORC_POSITIONS = [  # the LRB6 Orc team list: name, most allowed, cost
    ("Lineman", 16, "50,000"),
    ("Goblin", 4, "40,000"),
    ("Thrower", 2, "70,000"),
    ("Black Orc Blocker", 4, "80,000"),
    ("Blitzer", 4, "80,000"),
    ("Troll", 1, "110,000"),
]


@pytest.fixture
def logged_in(coach) -> Client:
    client = Client()
    client.force_login(coach)
    return client


def position_pks(version, race: str) -> dict[str, int]:
    return dict(
        Position.objects.filter(race__version=version, race__slug=race).values_list("name", "pk")
    )


def builder_post(version, race: str, counts: dict[str, int], **fields: str) -> dict[str, str]:
    pks = position_pks(version, race)
    data = {"ruleset": version.ruleset.slug, "race": race, "names": ""}
    data |= {f"count-{pk}": "0" for pk in pks.values()}
    data |= {f"count-{pks[name]}": str(count) for name, count in counts.items()}
    return data | fields


def pdelta(who: Player, field: str, **values) -> dict:
    return {"op": "player", "player": who.key, "field": field, **values}


# --- The builder ---


def test_the_builder_lists_the_orc_positions_with_their_costs(logged_in, lrb6) -> None:
    response = logged_in.get("/teams/new/", {"ruleset": "lrb6", "race": "orc"})
    assert response.status_code == 200
    html = response.content.decode()
    header, *rows = cells(html, "table", "")  # the first table: the positions
    assert header == ["Position", "Max", "Cost", "How many"]
    assert [tuple(row[:3]) for row in rows] == [
        (name, str(most), cost) for name, most, cost in ORC_POSITIONS
    ]
    pks = position_pks(lrb6, "orc")
    for name, most, _cost in ORC_POSITIONS:
        assert f'max="{most}" name="count-{pks[name]}"' in html
    # Orc staff: apothecary, assistant coaches and cheerleaders, not the necromancer.
    assert 'name="staff-apothecary"' in html
    assert 'name="staff-assistant_coach"' in html
    assert 'name="staff-cheerleader"' in html
    assert 'name="staff-necromancer"' not in html
    assert "Re-rolls (60,000 gp each)" in html


def test_the_builder_without_a_race_offers_the_races(logged_in, lrb6) -> None:
    response = logged_in.get("/teams/new/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<option value="orc">Orc</option>' in html
    assert 'id="builder"' not in html


def test_posting_a_legal_team_redirects_to_its_roster(logged_in, coach, lrb6) -> None:
    data = builder_post(
        lrb6, "orc", {"Lineman": 5, "Blitzer": 4, "Black Orc Blocker": 2},
        name="Gouged Eye", names="Gorbag\n\nUgluk\n", rerolls="2", fan_factor="3",
        **{"staff-apothecary": "1", "staff-assistant_coach": "0", "staff-cheerleader": ""},
    )  # fmt: skip
    response = logged_in.post("/teams/new/", data)
    team = Team.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/teams/{team.pk}/"
    # 730,000 + 120,000 + 30,000 + 50,000 = 930,000 spent; 70,000 left.
    assert (team.coach, team.treasury, team.rerolls, team.fan_factor) == (coach, 70_000, 2, 3)
    assert team.staff == {"apothecary": 1}
    # Named in the team-list order (Lineman, ..., Black Orc Blocker, Blitzer); blank lines
    # are skipped and the players beyond the names are named after their position.
    assert list(team.players.values_list("number", "name", "position__name")) == [
        (1, "Gorbag", "Lineman"),
        (2, "Ugluk", "Lineman"),
        (3, "Lineman 3", "Lineman"),
        (4, "Lineman 4", "Lineman"),
        (5, "Lineman 5", "Lineman"),
        (6, "Black Orc Blocker 6", "Black Orc Blocker"),
        (7, "Black Orc Blocker 7", "Black Orc Blocker"),
        (8, "Blitzer 8", "Blitzer"),
        (9, "Blitzer 9", "Blitzer"),
        (10, "Blitzer 10", "Blitzer"),
        (11, "Blitzer 11", "Blitzer"),
    ]
    page = logged_in.get(response["Location"]).content.decode()
    assert "Gouged Eye is ready: 70,000 gp in the treasury." in page


def test_posting_an_illegal_team_lists_each_problem_and_keeps_what_was_typed(
    logged_in, lrb6
) -> None:
    data = builder_post(
        lrb6, "orc", {"Thrower": 3, "Lineman": 7}, name="Too Few Orcs",
        names="Gorbag\nUgluk", rerolls="1", fan_factor="12",
    )  # fmt: skip
    with unchanged():
        response = logged_in.post("/teams/new/", data)
    assert response.status_code == 400
    html = response.content.decode()
    assert cells(html, "div", "form-errors") == [
        [
            "Orc teams may have at most 2 Throwers",
            "Fan factor at creation must be between 0 and 9, not 12",
            "A team needs at least 11 players, not 10",
        ]
    ]
    pks = position_pks(lrb6, "orc")
    assert f'name="count-{pks["Thrower"]}" data-cost="70000" class="count" ' in html
    assert re.search(rf'name="count-{pks["Thrower"]}"[^>]*value="3"', html)
    assert re.search(rf'name="count-{pks["Lineman"]}"[^>]*value="7"', html)
    assert re.search(rf'name="count-{pks["Troll"]}"[^>]*value="0"', html)
    assert 'value="Too Few Orcs"' in html
    assert re.search(r'name="rerolls" value="1"', html)
    assert re.search(r'name="fan_factor" value="12"', html)
    assert ">Gorbag\nUgluk</textarea>" in html
    assert Team.objects.count() == 0


def test_posting_a_team_without_a_name_is_refused(logged_in, lrb6) -> None:
    data = builder_post(lrb6, "orc", {"Lineman": 11}, name="  ")
    with unchanged():
        response = logged_in.post("/teams/new/", data)
    assert response.status_code == 400
    assert cells(response.content.decode(), "div", "form-errors") == [["Give the team a name."]]
    assert (Team.objects.count(), Player.objects.count(), LedgerEntry.objects.count()) == (0, 0, 0)


def test_a_number_that_is_not_a_number_is_refused_by_name(logged_in, lrb6) -> None:
    data = builder_post(lrb6, "orc", {"Lineman": 11}, name="Typo", rerolls="two")
    with unchanged():
        response = logged_in.post("/teams/new/", data)
    assert response.status_code == 400
    assert cells(response.content.decode(), "div", "form-errors") == [
        ["The number of re-rolls must be a whole number from 0 up, not -1"]
    ]


def test_posting_a_gdbbl_dwarf_team_with_an_alchemist(logged_in, gdbbl) -> None:
    data = builder_post(
        gdbbl, "dwarf", {"Long Beard": 11}, name="Grudgebearers", rerolls="1",
        fan_factor="1", **{"staff-alchemist": "1"},
    )  # fmt: skip
    response = logged_in.post("/teams/new/", data)
    team = Team.objects.get()
    assert response["Location"] == f"/teams/{team.pk}/"
    # 770,000 + 40,000 + 10,000 + 150,000 = 970,000; 30,000 left.
    assert (team.treasury, team.staff) == (30_000, {"alchemist": 1})


def test_anonymous_visitors_are_sent_to_log_in_to_build_a_team(client, lrb6) -> None:
    response = client.get("/teams/new/", {"ruleset": "lrb6", "race": "orc"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/teams/new/")
    data = builder_post(lrb6, "orc", {"Lineman": 11}, name="X")
    with unchanged():
        response = client.post("/teams/new/", data)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/teams/new/"
    assert Team.objects.count() == 0


# --- The roster ---


def played_orc_team(coach, lrb6) -> Team:
    """The Orc team after a match: #6 scored twice and learned Tackle, #10 got +1 ST after a
    Block, #3 misses the next game with a niggling injury, #1 died."""
    team = orc_team(coach, lrb6)
    players = {p.number: p for p in team.players.all()}
    record(
        team, "report", "Beat the Reavers 2-1", coach,
        [
            {"op": "treasury", "amount": 60_000},
            pdelta(players[6], "touchdowns", amount=2),
            pdelta(players[6], "mvps", amount=1),
            pdelta(players[6], "spp", amount=11),
            pdelta(players[6], "skill", skill="Tackle", add=True),
            pdelta(players[6], "value_increase", amount=20_000),
            pdelta(players[10], "casualties", amount=3),
            pdelta(players[10], "spp", amount=6),
            pdelta(players[10], "skill", skill="Block", add=True),
            pdelta(players[10], "characteristic", characteristic="ST", amount=1),
            pdelta(players[10], "value_increase", amount=50_000),
            pdelta(players[3], "status", **{"from": "active", "to": "missing_next_game"}),
            pdelta(players[3], "injury", injury="N", add=True),
            pdelta(players[1], "status", **{"from": "active", "to": "dead"}),
        ],
    )  # fmt: skip
    return team


def test_the_roster_page_shows_every_player(client, coach, lrb6) -> None:
    team = played_orc_team(coach, lrb6)
    response = client.get(f"/teams/{team.pk}/")
    assert response.status_code == 200
    header, *rows = cells(response.content.decode(), "table", "roster")
    assert header == ["#", "Name", "Position", "Level", "MA", "ST", "AG", "AV", "Skills", "Inj",
                      "Comp", "TD", "Int", "Cas", "MVP", "SPP", "Value"]  # fmt: skip
    empty = ["0", "0", "0", "0", "0", "0"]  # Comp TD Int Cas MVP SPP
    assert rows == [
        ["1", "Lineman 1", "Lineman", "Rookie", "5", "3", "3", "9", "", "dead", *empty, "50,000"],
        ["2", "Lineman 2", "Lineman", "Rookie", "5", "3", "3", "9", "", "", *empty, "50,000"],
        ["3", "Lineman 3", "Lineman", "Rookie", "5", "3", "3", "9", "", "M N", *empty, "50,000"],
        ["4", "Lineman 4", "Lineman", "Rookie", "5", "3", "3", "9", "", "", *empty, "50,000"],
        ["5", "Lineman 5", "Lineman", "Rookie", "5", "3", "3", "9", "", "", *empty, "50,000"],
        # 80,000 + 20,000 = 100,000; starting Block, gained Tackle.
        ["6", "Blitzer 6", "Blitzer", "Experienced", "6", "3", "3", "9", "Block, Tackle", "",
         "0", "2", "0", "0", "1", "11", "100,000"],
        ["7", "Blitzer 7", "Blitzer", "Rookie", "6", "3", "3", "9", "Block", "", *empty, "80,000"],
        ["8", "Blitzer 8", "Blitzer", "Rookie", "6", "3", "3", "9", "Block", "", *empty, "80,000"],
        ["9", "Blitzer 9", "Blitzer", "Rookie", "6", "3", "3", "9", "Block", "", *empty, "80,000"],
        # ST 4 + 1 = 5 (the change beside it); 80,000 + 50,000 = 130,000; 6 SPP: Experienced.
        ["10", "Black Orc Blocker 10", "Black Orc Blocker", "Experienced", "4", "5 (+1)", "2",
         "9", "Block", "", "0", "0", "0", "3", "0", "6", "130,000"],
        ["11", "Black Orc Blocker 11", "Black Orc Blocker", "Rookie", "4", "4", "2", "9", "",
         "", *empty, "80,000"],
    ]  # fmt: skip


def test_the_roster_page_marks_gained_skills_and_changed_characteristics(
    client, coach, lrb6
) -> None:
    team = played_orc_team(coach, lrb6)
    html = client.get(f"/teams/{team.pk}/").content.decode()
    assert 'Block, <strong class="gained">Tackle</strong>' in html
    assert '<td class="skills-cell p-skills"><strong class="gained">Block</strong></td>' in html
    # The change is there to read, on a phone too: not a tooltip.
    assert '5 <small class="change">(+1)</small></td>' in html
    assert 'title="+1"' not in html


def test_the_roster_page_shows_the_team_block(client, coach, lrb6) -> None:
    team = played_orc_team(coach, lrb6)
    html = client.get(f"/teams/{team.pk}/").content.decode()
    # Team value: players able to play 50,000 x 3 (#2, #4, #5) + 100,000 + 80,000 x 3
    # + 130,000 + 80,000 = 700,000; + re-rolls 120,000 + fan factor 30,000 + apothecary
    # 50,000 = 900,000. Treasury 70,000 + 60,000 = 130,000.
    assert definitions(html, "team-block") == {
        "Race": "Orc",
        "Ruleset": str(lrb6),
        "Head coach": "grimgor",
        "Re-rolls": "2 × 60,000 gp",
        "Fan factor": "3",
        "Treasury": "130,000 gp",
        "Apothecary": "1",
        "Team value": "900,000 gp",
    }


def test_the_gdbbl_roster_page_shows_the_team_rating(client, coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    html = client.get(f"/teams/{team.pk}/").content.decode()
    block = definitions(html, "team-block")
    # 970,000 // 10,000 + 0 // 5 = 97.
    assert block["Team value"] == "970,000 gp"
    assert block["Team rating"] == "97 (⌊970,000 / 10,000⌋ + ⌊0 SPP / 5⌋)"
    assert block["Alchemist"] == "1"
    assert block["Re-rolls"] == "1 × 40,000 gp"


def test_the_gdbbl_rating_shown_adds_up_when_a_player_has_died(client, coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    veteran = team.players.get(number=4)
    record(team, "report", "Game 1", coach, [pdelta(veteran, "spp", amount=10)])
    record(
        team, "report", "Game 2", coach,
        [pdelta(veteran, "status", **{"from": "active", "to": "dead"})],
    )  # fmt: skip
    html = client.get(f"/teams/{team.pk}/").content.decode()
    # 970,000 - 70,000 = 900,000; the dead player's 10 SPP leave with him: 90 + 0 // 5 = 90,
    # so the formula shown must be ⌊900,000 / 10,000⌋ + ⌊0 SPP / 5⌋ (not 10 SPP, which
    # would add up to 92).
    assert definitions(html, "team-block")["Team rating"] == (
        "90 (⌊900,000 / 10,000⌋ + ⌊0 SPP / 5⌋)"
    )


def test_a_results_only_roster_shows_no_money(client, coach) -> None:
    version = version_get("blitz-bowl")
    team = team_create(
        coach, version, "The Reavers", "human",
        squad((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer")),
    )  # fmt: skip
    html = client.get(f"/teams/{team.pk}/").content.decode()
    assert set(definitions(html, "team-block")) == {"Race", "Ruleset", "Head coach"}
    header, *rows = cells(html, "table", "roster")
    assert header[3:7] == ["MV", "BL", "TH", "AR"]
    assert "Value" not in header
    assert len(rows) == 6


def test_the_roster_page_shows_the_history_newest_first(client, coach, lrb6) -> None:
    team = played_orc_team(coach, lrb6)
    html = client.get(f"/teams/{team.pk}/").content.decode()
    newest, oldest = cells(html, "ol", "ledger")[0]
    assert re.fullmatch(r"Match report, \d+ \w+ \d{4} \d\d:\d\d by grimgor: Beat the Reavers 2-1",
                        newest)  # fmt: skip
    assert oldest.startswith("Team created, ")
    assert oldest.endswith(
        " by grimgor: Team created: 11 players for 730,000 gp, 2 re-rolls for 120,000, fan "
        "factor 3 for 30,000, staff for 50,000; 70,000 gp left in the treasury"
    )


def test_anyone_may_view_a_roster(client, coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    response = client.get(f"/teams/{team.pk}/")
    assert response.status_code == 200
    assert "<h1>Gouged Eye</h1>" in response.content.decode()


def test_an_unknown_team_is_404(client, db) -> None:
    assert client.get("/teams/999999/").status_code == 404


def test_the_team_list_shows_every_team(client, coach, lrb6, gdbbl) -> None:
    orc_team(coach, lrb6)
    dwarf_team(coach, gdbbl)
    response = client.get("/teams/")
    assert response.status_code == 200
    header, *rows = cells(response.content.decode(), "table", "")
    assert header == ["Team", "Race", "Ruleset", "Coach", "League", "Value", "Treasury"]
    assert rows == [  # by name
        ["Gouged Eye", "Orc", str(lrb6), "grimgor", "", "930,000", "70,000"],
        ["Grudgebearers", "Dwarf", str(gdbbl), "grimgor", "", "970,000", "30,000"],
    ]


# --- Query counts: the same for 11 and for 16 players ---


def sixteen_orcs(coach, lrb6) -> Team:
    # 12 Linemen 600,000 + 4 Blitzers 320,000 = 920,000 for 16 players; 80,000 left.
    team = team_create(
        coach, lrb6, "Sixteen", "orc", squad((12, "Lineman"), (4, "Blitzer")),
        staff={"cheerleader": 2}, fan_factor=6,
    )  # fmt: skip
    for player in team.players.all()[:8]:
        record(
            team, "report", f"Game for #{player.number}", coach,
            [pdelta(player, "spp", amount=6), pdelta(player, "skill", skill="Dodge", add=True)],
        )  # fmt: skip
    return team


@pytest.mark.parametrize("url", ["/teams/{pk}/", "/api/teams/{pk}/", "/api/teams/{pk}/ledger/"])
def test_a_roster_takes_as_many_queries_for_16_players_as_for_11(
    client, coach, lrb6, django_assert_num_queries, url
) -> None:
    eleven, sixteen = orc_team(coach, lrb6), sixteen_orcs(coach, lrb6)
    assert (eleven.players.count(), sixteen.players.count()) == (11, 16)
    client.get(url.format(pk=eleven.pk))  # warm up: caches filled once per process
    with CaptureQueriesContext(connection) as eleven_queries:
        assert client.get(url.format(pk=eleven.pk)).status_code == 200
    with django_assert_num_queries(len(eleven_queries)):
        assert client.get(url.format(pk=sixteen.pk)).status_code == 200


def test_a_count_that_is_not_a_number_is_refused_by_name(client, coach, lrb6) -> None:
    client.force_login(coach)
    lineman = Position.objects.get(version=lrb6, race__slug="orc", name="Lineman")
    with unchanged():
        response = client.post(
            "/teams/new/",
            {"ruleset": "lrb6", "race": "orc", "name": "Orcs", f"count-{lineman.pk}": "eleven"},
        )
    assert response.status_code == 400
    assert "How many Lineman: give a whole number of 0 or more." in response.content.decode()
    assert not Team.objects.filter(name="Orcs").exists()
