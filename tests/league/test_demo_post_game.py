"""The demo league's round 1 as league/demo.py plays it: both matches reported, their dice
entered at the table, confirmed and applied. Each is checked against its hand-worked
scenario (tests/scenarios/lrb6/demo-round-1-match-*.yaml): the dice, each team's winnings,
fan factor change, SPP per player, level-ups, casualties, expenses and team value as the
applied post-game stored them; the rosters, the summary page and the ledger entries that
show them; and every team's ledger replaying clean."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from league.demo import DEMO_LEAGUE, demo_data_create
from league.models import Fixture
from matches.models import Match, PostGame
from teams.models import Team
from teams.roster import roster
from tests.rules.scenarios import FOLDER, scenario

pytestmark = pytest.mark.django_db

SIDES = ("home", "away")
FILES = [FOLDER / "lrb6" / f"demo-round-1-match-{n}.yaml" for n in (1, 2)]
SCENARIOS = [pytest.param(scenario(path), id=path.stem) for path in FILES]


def _match(data: dict) -> Match:
    """The round-1 match of the demo season between the scenario's two teams."""
    fixture = Fixture.objects.select_related("match__home", "match__away").get(
        season__league__name=DEMO_LEAGUE,
        round__number=1,
        home__name=data["home"]["name"],
        away__name=data["away"]["name"],
    )
    return fixture.match


def _changes(post: PostGame, side: str, what: str, step: str | None = None) -> list[dict]:
    return [
        change
        for stored in post.steps["steps"]
        if step is None or stored["key"] == step
        for change in stored["changes"]
        if change["side"] == side and change["what"] == what
    ]


def _inputs(post: PostGame, step: str) -> dict:
    return next(stored["inputs"] for stored in post.steps["steps"] if stored["key"] == step)


def applied(post: PostGame) -> dict:
    """What the applied post-game stored, in the words of a scenario's `expect`."""
    got: dict = {key: {} for key in ("winnings", "fan_factor", "spp", "level_ups", "dead",
                                     "missing_next_game", "injuries", "characteristics",
                                     "expenses", "team_value", "joins", "journeymen")}  # fmt: skip
    for side in SIDES:
        got["winnings"][side] = sum(
            c["amount"] for c in _changes(post, side, "treasury", "winnings")
        )
        got["fan_factor"][side] = sum(c["amount"] for c in _changes(post, side, "fan_factor"))
        spp: dict[int, int] = {}
        for change in _changes(post, side, "spp"):
            spp[change["number"]] = spp.get(change["number"], 0) + change["amount"]
        got["spp"][side] = spp
        got["level_ups"][side] = sorted(post.steps["level_ups"][side])
        statuses = _changes(post, side, "status")
        for status in ("dead", "missing_next_game"):
            got[status][side] = sorted(c["number"] for c in statuses if c["detail"] == status)
        injuries: dict[int, list[str]] = {}
        for change in _changes(post, side, "injury"):
            injuries.setdefault(change["number"], []).append(change["detail"])
        got["injuries"][side] = {number: sorted(found) for number, found in injuries.items()}
        lost: dict[int, dict[str, int]] = {}
        for change in _changes(post, side, "characteristic"):
            mine = lost.setdefault(change["number"], {})
            mine[change["detail"]] = mine.get(change["detail"], 0) + change["amount"]
        got["characteristics"][side] = lost
        got["expenses"][side] = -sum(
            c["amount"] for c in _changes(post, side, "treasury", "expenses")
        )
        got["team_value"][side] = _inputs(post, "value_changes")["team_value"][side]
        got["joins"][side] = [
            {"number": c["number"], "name": c["name"], "position": c["detail"]}
            for c in _changes(post, side, "join")
        ]
        got["journeymen"][side] = sorted(_inputs(post, "hires")["journeymen"][side])
    return got


def expected(data: dict) -> dict:
    """The scenario's `expect`, with its shirt numbers as numbers."""
    expect = data["expect"]
    want: dict = {}
    for key, values in expect.items():
        want[key] = {}
        for side in SIDES:
            value = values.get(side)
            if key in ("spp", "injuries", "characteristics"):
                value = {int(number): got for number, got in (value or {}).items()}
                if key == "injuries":
                    value = {number: sorted(found) for number, found in value.items()}
            elif key in ("level_ups", "dead", "missing_next_game", "journeymen"):
                value = sorted(int(number) for number in value or ())
            want[key][side] = value
    return want


@pytest.mark.parametrize("data", SCENARIOS)
def test_each_round_one_match_is_applied_with_the_dice_its_scenario_rolled(data: dict) -> None:
    demo_data_create()
    match = _match(data)
    post = PostGame.objects.get(match=match)
    assert match.status == "confirmed"
    assert (match.report.home_touchdowns, match.report.away_touchdowns) == (
        data["score"]["home"],
        data["score"]["away"],
    )
    read = {die["purpose"]: die for stored in post.steps["steps"] for die in stored["dice"]}
    assert {purpose: die["values"] for purpose, die in read.items()} == data["dice"]
    assert {die["source"] for die in read.values()} == {"entered"}
    assert not match.dice.filter(source="rolled").exists()  # no MVP drawn, no die rolled
    assert _inputs(post, "mvp")["mvps"] == data["mvps"]


@pytest.mark.parametrize("data", SCENARIOS)
def test_the_applied_post_game_gives_what_the_scenario_worked_by_hand_gives(data: dict) -> None:
    demo_data_create()
    post = PostGame.objects.get(match=_match(data))
    got, want = applied(post), expected(data)
    assert {key: got[key] for key in want} == want, data["title"]


@pytest.mark.parametrize("data", SCENARIOS)
def test_the_rosters_after_round_one_hold_the_scenario_s_numbers(data: dict) -> None:
    demo_data_create()
    expect = expected(data)
    for side in SIDES:
        before = data[side]
        team = Team.objects.get(name=before["name"])
        shown = roster(team)
        gold = expect["winnings"][side] - expect["expenses"][side]
        assert team.treasury == before["treasury"] + gold
        assert team.fan_factor == before["fan_factor"] + expect["fan_factor"][side]
        assert shown.value == expect["team_value"][side]
        players = {p.number: p for p in team.players.all()}
        rows = {row.player.number: row for row in shown.rows}
        for player in before["players"]:
            number = player["number"]
            now = players[number]
            gained = expect["spp"][side].get(number, 0)
            assert now.spp == player.get("spp", 0) + gained, number
            dead = number in expect["dead"][side]
            out = number in expect["missing_next_game"][side]
            assert now.status == ("dead" if dead else "missing_next_game" if out else "active")
            assert sorted(now.injuries) == expect["injuries"][side].get(number, [])
            if dead:  # listed as dead; his value left the team value above
                continue
            changes = {name: change for name, _value, change in rows[number].characteristics}
            lost = expect["characteristics"][side].get(number, {})
            assert {name: change for name, change in changes.items() if change} == lost
            assert rows[number].rolls_due == (1 if number in expect["level_ups"][side] else 0)


@pytest.mark.parametrize("data", SCENARIOS)
def test_the_summary_page_and_the_ledger_show_the_scenario_s_numbers(data: dict) -> None:
    demo_data_create()
    match = _match(data)
    expect = expected(data)
    page = Client().get(f"/matches/{match.pk}/post-game/").content.decode()
    for side in SIDES:
        name = data[side]["name"]
        gold = expect["winnings"][side] - expect["expenses"][side]
        fan_factor = expect["fan_factor"][side]
        said = f"{fan_factor:+d}".replace("-", "−")  # the page's minus sign, as for gold
        assert f"Treasury +{gold:,} gp · fan factor {said}" in page
        for number, spp in expect["spp"][side].items():
            due = " — an improvement roll is due" if number in expect["level_ups"][side] else ""
            assert f"<li>#{number}: +{spp} SPP{due}</li>" in page
        assert f"{name}: team value for the next match {expect['team_value'][side]:,} gp" in page
        entry = Team.objects.get(name=name).ledger.get(kind="report", cause__ref=match.pk)
        spp = sum(expect["spp"][side].values())
        said = f"winnings {expect['winnings'][side]:+,} gp, fan factor {fan_factor:+d}, {spp} SPP"
        assert said in entry.summary
    for side in SIDES:
        names = {p["number"]: p["name"] for p in data[side]["players"]}
        for status, said in (("dead", "dead"), ("missing_next_game", "misses the next game")):
            for number in expect[status][side]:
                assert f"#{number} {names[number]}: {said}" in page
    for purpose, values in data["dice"].items():
        notation = "D68" if purpose.startswith("casualty") else f"{len(values)}D6"
        notation = "D6" if notation == "1D6" else notation
        shown = " ".join(str(value) for value in values)
        assert f"{purpose} {notation} {shown} (entered)" in page


def test_every_team_s_ledger_replays_clean_after_round_one() -> None:
    demo_data_create()
    out = StringIO()
    call_command("ledger_check", stdout=out)  # CommandError on any difference
    assert f"All {Team.objects.count()} team(s) match their ledgers." in out.getvalue()


def test_each_team_may_field_what_its_scenario_leaves_it_for_round_two() -> None:
    """The dead are gone and the injured sit round 2 out: the rest may play (a team left
    with fewer than 11 fills up with journeymen)."""
    demo_data_create()
    for data in (scenario(path) for path in FILES):
        expect = expected(data)
        for side in SIDES:
            team = Team.objects.get(name=data[side]["name"])
            listed = {p["number"] for p in data[side]["players"]}
            able = listed - set(expect["dead"][side]) - set(expect["missing_next_game"][side])
            assert set(team.players.filter(status="active").values_list("number", flat=True)) == (
                able
            )


def test_running_the_demo_again_applies_round_one_once() -> None:
    demo_data_create()
    treasuries = dict(Team.objects.values_list("name", "treasury"))
    demo_data_create()
    lrb6 = PostGame.objects.filter(match__ruleset_version__ruleset__slug="lrb6")
    assert lrb6.count() == len(FILES)  # the GDBBL league's round 1 has one more
    assert dict(Team.objects.values_list("name", "treasury")) == treasuries


def test_the_casualties_step_says_a_badly_hurt_player_keeps_nothing() -> None:
    demo_data_create()
    post = PostGame.objects.get(match=_match(scenario(FILES[1])))
    said = next(s["result"] for s in post.steps["steps"] if s["key"] == "casualties")
    assert "Gouged Eye #2 Lineman 2: D68 23 Badly Hurt" in said
    assert "Gouged Eye #2 Lineman 2: D68 23 Badly Hurt: no lasting harm." in said
