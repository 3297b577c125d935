"""Working an applied report out again from its teams' ledgers as they stood just before it
(matches/amend/post_game_again.py, on matches/match_rows.py): what reverting an earlier report
needs for every later one. From the ledgers as they were, with the report's own dice, it
gives exactly the deltas the report wrote; from ledgers that differ it follows the rules
(the same dice against another fan factor); a player the ledgers have dead by then stops it.

The worked example is tests/matches/post_game/test_post_game.py's: Gouged Eye (Orcs, fan factor 3)
beat Da Krumpers 2-1 in a friendly, every die typed in at the table. Home #6 scored both
touchdowns and is the MVP; the winner's fan factor 3D6 were 3+5+6 = 14."""

from __future__ import annotations

import dataclasses
import json

import pytest

from league.demo import demo_data_create
from matches import workflow
from matches.amend.post_game_again import keys_kept, next_key, post_game_again
from matches.match_rows import match_rows
from matches.models import Match, PostGame
from matches.post_game.apply import match_before
from matches.services import MatchRefused
from teams import ledger
from teams.ledger_rows import replay_of, state_of
from teams.models import LedgerEntry, Player
from tests.matches.helpers import problems
from tests.matches.post_game.test_post_game import (
    TABLE_DICE,
    at_the_table,
    gate_recorded,
    report_entries,
    reported,
)

pytestmark = pytest.mark.django_db


def states_before(match: Match) -> dict[int, ledger.TeamState]:
    """Each team's state by its ledger just before the match's report was applied."""
    first = LedgerEntry.objects.filter(cause__kind="report", cause__ref=match.pk).order_by("pk")
    first = first.values_list("pk", flat=True).first()
    return {
        team.pk: replay_of(team.ledger.filter(pk__lt=first).order_by("sequence"))
        for team in (match.home, match.away)
    }


def written(match: Match) -> dict[str, list[dict]]:
    """The deltas the report wrote, by side (a side it did not change: none)."""
    by_team = {entry.team_id: entry.deltas for entry in report_entries(match)}
    return {side: by_team.get(team.pk, []) for side, team in
            (("home", match.home), ("away", match.away))}  # fmt: skip


def canonical(deltas: list[dict]) -> list[str]:
    """Deltas as sorted text: PostgreSQL's jsonb keeps a delta's keys in its own order."""
    return sorted(json.dumps(delta, sort_keys=True) for delta in deltas)


def same(again: dict[str, list[dict]], wrote: dict[str, list[dict]]) -> bool:
    return all(canonical(again[side]) == canonical(wrote[side]) for side in ("home", "away"))


@pytest.fixture
def applied(friendly, home_coach, away_coach) -> Match:
    """The worked example, confirmed and applied."""
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    return Match.objects.select_related("home__race", "away__race").get(pk=friendly.pk)


# --- From the ledgers as they were, the deltas the report wrote ----------------------------


def test_the_worked_example_worked_out_again_gives_the_deltas_it_wrote(applied) -> None:
    again = post_game_again(applied, states_before(applied))
    assert same(again.deltas, written(applied))
    assert again.kick_off is None  # its gate and FAME worked out again: as recorded


def test_every_applied_demo_report_worked_out_again_gives_the_deltas_it_wrote() -> None:
    demo_data_create()
    matches = Match.objects.filter(pk__in=PostGame.objects.values("match")).select_related(
        "home__race", "away__race", "ruleset_version__ruleset"
    )
    systems, kicked = set(), set()
    for match in matches:
        again = post_game_again(match, states_before(match))
        assert same(again.deltas, written(match)), match
        assert again.kick_off is None, match  # values, petty cash, ratings, gate: as recorded
        if any(row.value is not None for row in match.kick_offs.all()):
            kicked.add(match.ruleset_version.system)
        systems.add(match.ruleset_version.system)
    assert {"lrb6", "gdbbl"} <= systems  # both leagues' round 1, casualties and all
    assert "gdbbl" in kicked  # its values, ratings and handicap recorded at kick-off


def test_the_teams_read_from_their_ledgers_now_are_the_teams_as_their_rows_stand(
    friendly, home_coach, home_team, away_team
) -> None:
    reported(friendly, home_coach)  # not applied yet: the rows are the ledgers' replay
    states = {team.pk: state_of(team) for team in (home_team, away_team)}
    match = Match.objects.select_related("home__race", "away__race").get(pk=friendly.pk)
    assert match_before(match, match_rows(match, states)) == match_before(match)


# --- From ledgers that differ, as the rules say ----------------------------------------------


def test_the_same_dice_against_a_higher_fan_factor_win_no_fan(applied, home_team) -> None:
    states = states_before(applied)
    states[home_team.pk] = dataclasses.replace(states[home_team.pk], fan_factor=14)
    again = post_game_again(applied, states)
    # A winner gains a fan only when his 3D6 beat his fan factor: 14 against 3 did (+1), 14
    # against 14 does not. Every other change is the report's own.
    home = [delta for delta in written(applied)["home"] if delta["op"] != "fan_factor"]
    assert canonical(again.deltas["home"]) == canonical(home)
    assert canonical(again.deltas["away"]) == canonical(written(applied)["away"])
    assert again.before.home.fan_factor == 14


def refusal_with_scorer(applied: Match, team, change) -> list[tuple[str, str]]:
    """What working the report out again says when home #6 (who scored both touchdowns) is
    as `change` makes him in his team's ledger then (None: not hired at all)."""
    states = states_before(applied)
    scorer = Player.objects.get(team=team, number=6)
    home = states[team.pk]
    players = {key: player for key, player in home.players.items() if key != scorer.key}
    changed = change(home.players[scorer.key])
    if changed is not None:
        players[scorer.key] = changed
    states[team.pk] = dataclasses.replace(home, players=players)
    with pytest.raises(MatchRefused) as refused:
        post_game_again(applied, states)
    return problems(refused)


def test_a_scorer_the_ledgers_have_dead_by_then_stops_it(applied, home_team) -> None:
    def died(player):
        return dataclasses.replace(player, status="dead")

    dead = refusal_with_scorer(applied, home_team, died)
    name = Player.objects.get(team=home_team, number=6).name
    assert dead == [
        ("players", f"#6 {name} of Gouged Eye took part in {applied}, but by then he was dead."),
    ]


def test_a_player_not_yet_hired_by_then_stops_it(applied, home_team) -> None:
    missing = refusal_with_scorer(applied, home_team, lambda player: None)
    name = Player.objects.get(team=home_team, number=6).name
    assert missing == [
        ("players", f"#6 {name} of Gouged Eye took part in {applied}, but by then he had not "
                    "been hired."),
    ]  # fmt: skip


# --- The next key --------------------------------------------------------------------------


def test_a_player_who_joins_takes_the_key_after_the_highest_the_ledger_gave() -> None:
    players = {key: ledger.PlayerState(number=n, name="Lino", position="Lineman")
               for n, key in enumerate(("p1", "p2", "p7"), start=1)}  # fmt: skip
    assert next_key(ledger.TeamState(players=players)) == 8
    assert next_key(ledger.TeamState()) == 1


def test_a_player_who_joins_again_keeps_the_key_he_took_the_first_time() -> None:
    first = [{"op": "join", "player": "p13", "number": 12, "name": "Zed", "position": "Zombie"}]
    again = [
        {"op": "join", "player": "p20", "number": 12, "name": "Zed", "position": "Zombie"},
        {"op": "player", "player": "p20", "field": "spp", "amount": 0},
        {"op": "join", "player": "p21", "number": 14, "name": "Rot", "position": "Zombie"},
    ]
    # The first to join is the Zombie of the first time, p13; the second is new, past every
    # key the team had (p21).
    assert keys_kept(again, first) == [
        {"op": "join", "player": "p13", "number": 12, "name": "Zed", "position": "Zombie"},
        {"op": "player", "player": "p13", "field": "spp", "amount": 0},
        {"op": "join", "player": "p21", "number": 14, "name": "Rot", "position": "Zombie"},
    ]


def test_a_player_of_another_position_joining_takes_a_new_key() -> None:
    first = [{"op": "join", "player": "p13", "number": 12, "name": "Zed", "position": "Zombie"}]
    again = [{"op": "join", "player": "p20", "number": 12, "name": "Gh", "position": "Ghoul"}]
    assert keys_kept(again, first) == again
