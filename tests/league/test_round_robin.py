"""Round-robin schedules for 2 to 12 teams, single and double: every pair meets once (or
twice, home and away), odd counts give byes, and no team plays twice in a round."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from league.round_robin import Pairing, round_robin

TEAM_COUNTS = range(2, 13)


def teams(count: int) -> list[str]:
    return [f"Team {n}" for n in range(1, count + 1)]


def matches(rounds: list[list[Pairing[str]]]) -> list[Pairing[str]]:
    return [pairing for round_ in rounds for pairing in round_ if pairing.away is not None]


def home_and_away(rounds) -> tuple[Counter, Counter]:
    home, away = Counter(), Counter()
    for pairing in matches(rounds):
        home[pairing.home] += 1
        away[pairing.away] += 1
    return home, away


@pytest.mark.parametrize("count", TEAM_COUNTS)
def test_every_pair_meets_exactly_once_in_a_single_round_robin(count: int) -> None:
    met = Counter(frozenset((p.home, p.away)) for p in matches(round_robin(teams(count))))
    assert set(met) == {frozenset(pair) for pair in combinations(teams(count), 2)}
    assert set(met.values()) == {1}


@pytest.mark.parametrize("count", TEAM_COUNTS)
def test_every_pair_meets_twice_once_at_each_home_in_a_double_round_robin(count: int) -> None:
    played = Counter((p.home, p.away) for p in matches(round_robin(teams(count), double=True)))
    expected = {(a, b) for a in teams(count) for b in teams(count) if a != b}
    assert set(played) == expected
    assert set(played.values()) == {1}


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("count", TEAM_COUNTS)
def test_no_team_plays_twice_in_a_round_and_everyone_is_placed(count: int, double: bool) -> None:
    for round_ in round_robin(teams(count), double=double):
        placed = [t for pairing in round_ for t in (pairing.home, pairing.away) if t is not None]
        assert sorted(placed) == sorted(teams(count))


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("count", TEAM_COUNTS)
def test_the_number_of_rounds_is_the_fewest_possible(count: int, double: bool) -> None:
    # n - 1 rounds for an even n; n rounds for an odd n (one bye each round).
    single = count - 1 if count % 2 == 0 else count
    assert len(round_robin(teams(count), double=double)) == single * (2 if double else 1)


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("count", [3, 5, 7, 9, 11])
def test_an_odd_count_gives_exactly_one_bye_a_round_and_each_team_one_bye_a_leg(
    count: int, double: bool
) -> None:
    rounds = round_robin(teams(count), double=double)
    byes = Counter()
    for round_ in rounds:
        sitting_out = [pairing.home for pairing in round_ if pairing.away is None]
        assert len(sitting_out) == 1
        byes[sitting_out[0]] += 1
    assert byes == Counter({team: 2 if double else 1 for team in teams(count)})


@pytest.mark.parametrize("count", [2, 4, 6, 8, 10, 12])
def test_an_even_count_has_no_byes(count: int) -> None:
    for double in (False, True):
        for round_ in round_robin(teams(count), double=double):
            assert all(pairing.away is not None for pairing in round_)


@pytest.mark.parametrize("count", TEAM_COUNTS)
def test_home_and_away_are_exactly_even_in_a_double_round_robin(count: int) -> None:
    home, away = home_and_away(round_robin(teams(count), double=True))
    for team in teams(count):
        assert home[team] == away[team] == count - 1


@pytest.mark.parametrize("count", TEAM_COUNTS)
def test_home_and_away_differ_by_at_most_one_in_a_single_round_robin(count: int) -> None:
    home, away = home_and_away(round_robin(teams(count)))
    for team in teams(count):
        assert home[team] + away[team] == count - 1
        assert abs(home[team] - away[team]) <= 1
    if count % 2:  # an even number of games each: exactly even
        assert all(home[team] == away[team] for team in teams(count))


def test_the_second_leg_repeats_the_first_with_home_and_away_swapped() -> None:
    rounds = round_robin(teams(6), double=True)
    first, second = rounds[:5], rounds[5:]
    for leg1, leg2 in zip(first, second, strict=True):
        assert [(p.away, p.home) for p in leg1] == [(p.home, p.away) for p in leg2]


def test_two_teams_meet_in_one_round() -> None:
    [[pairing]] = round_robin(["Orcs", "Humans"])
    assert {pairing.home, pairing.away} == {"Orcs", "Humans"}


def test_it_refuses_fewer_than_two_teams() -> None:
    with pytest.raises(ValueError, match="at least two teams"):
        round_robin(["Orcs"])


def test_it_refuses_a_team_listed_twice() -> None:
    with pytest.raises(ValueError, match="only once"):
        round_robin(["Orcs", "Humans", "Orcs"])


def test_the_schedule_depends_only_on_the_order_given() -> None:
    assert round_robin(teams(7), double=True) == round_robin(teams(7), double=True)
