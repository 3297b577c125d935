"""A match's dice (matches/dice.py): entered at the table or rolled by the server, as the
match allows, each stored once per purpose; a server roll is redrawn from the match's seed
and the purpose; the dice close when the report is submitted."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from league.seasons import season_start
from matches.dice import dice_enter, dice_roll, may_roll
from matches.models import DiceRoll, Match
from matches.services import MatchRefused, friendly_offer
from rules.engine.dice import notation, rolled
from tests.matches.conftest import home_at_home, league_of
from tests.matches.helpers import confirmed, disputed, drafted, fresh, problems, submitted
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def rows(match: Match) -> list[tuple]:
    return list(
        DiceRoll.objects.filter(match=match)
        .order_by("pk")
        .values_list("purpose", "notation", "values", "total", "source")
    )


@pytest.fixture
def entered_only(commissioner, lrb6, home_team, away_team) -> Match:
    league = league_of(commissioner, lrb6, [home_team, away_team], dice_sources="entered")
    return home_at_home(season_start(league, commissioner, "round_robin"), home_team)


@pytest.fixture
def rolled_only(commissioner, lrb6, home_team, away_team) -> Match:
    league = league_of(commissioner, lrb6, [home_team, away_team], dice_sources="rolled")
    return home_at_home(season_start(league, commissioner, "round_robin"), home_team)


# --- Entered at the table ---


def test_entered_dice_are_stored_with_their_purpose_and_who_typed_them(
    friendly, home_coach
) -> None:
    roll = dice_enter(friendly, home_coach, "casualty for #7", "D68", [4, 7])
    roll = DiceRoll.objects.get(pk=roll.pk)
    assert (roll.purpose, roll.notation, roll.values, roll.total) == (
        "casualty for #7",
        "D68",
        [4, 7],
        47,
    )
    assert (roll.source, roll.seed, roll.made_by) == ("entered", "", home_coach)
    assert roll.made_at is not None


def test_entered_dice_read_as_their_sum_or_pick(friendly, away_coach) -> None:
    dice_enter(friendly, away_coach, "winnings, away", "2D6", ["3", "5"])
    dice_enter(friendly, away_coach, "mvp, away", "1 of 11", 9)
    dice_enter(friendly, away_coach, "gate", "8d6", [1, 2, 3, 4, 5, 6, 6, 6])
    assert rows(friendly) == [
        ("winnings, away", "2D6", [3, 5], 8, "entered"),
        ("mvp, away", "1 of 11", [9], 9, "entered"),
        ("gate", "8D6", [1, 2, 3, 4, 5, 6, 6, 6], 33, "entered"),
    ]


def test_a_purpose_is_stored_with_its_spaces_squeezed(friendly, home_coach) -> None:
    roll = dice_enter(friendly, home_coach, "  casualty   for #7 ", "D6", [2])
    assert roll.purpose == "casualty for #7"
    dice_enter(friendly, home_coach, "casualty for #7", "D6", [3])
    assert DiceRoll.objects.count() == 1


@pytest.mark.parametrize(
    ("text", "values", "message"),
    [
        ("D6", [7], "Die 1 of a D6 roll reads 1 to 6, not 7"),
        ("D68", [6, 9], "Die 2 of a D68 roll reads 1 to 8, not 9"),
        ("2D6", [3], "A 2D6 roll needs 2 dice, not 1"),
        ("D6", ["x"], "Die 1 of a D6 roll must be a whole number"),
        ("1 of 11", [0], "Die 1 of a 1 of 11 roll reads 1 to 11, not 0"),
    ],
)
def test_dice_out_of_range_are_refused_naming_the_die(
    friendly, home_coach, text, values, message
) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(friendly, home_coach, "kick-off", text, values)
    assert problems(refused) == [("values", message)]


def test_a_roll_that_is_no_roll_is_refused_by_its_notation(friendly, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(friendly, home_coach, "kick-off", "D7", [3])
    assert problems(refused) == [("notation", "Dice have 3, 6, 8, 12 or 20 sides, not 7")]
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(friendly, home_coach, "kick-off", "2D6+1")
    assert problems(refused) == [
        ("notation", "'2D6+1' is not a roll: write D6, 2D6, D68 or 1 of N")
    ]


@pytest.mark.parametrize("purpose", ["", "   ", None])
def test_a_roll_says_what_it_is_for(friendly, home_coach, purpose) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(friendly, home_coach, purpose, "D6", [3])
    assert problems(refused) == [("purpose", 'Say what the roll is for, e.g. "casualty for #7".')]
    with unchanged(), pytest.raises(MatchRefused):
        dice_roll(friendly, home_coach, purpose, "D6")


def test_a_purpose_fits_its_column(friendly, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(friendly, home_coach, "x" * 121, "D6", [3])
    assert problems(refused) == [("purpose", "The purpose may be at most 120 characters, not 121.")]


def test_every_problem_of_a_roll_is_named_at_once(entered_only, home_coach) -> None:
    submitted(entered_only, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(entered_only, home_coach, "", "D0")
    assert [field for field, _ in problems(refused)] == [
        "purpose",
        "source",
        "status",
        "notation",
    ]


def test_typing_a_purpose_again_corrects_its_dice(friendly, home_coach, away_coach) -> None:
    first = dice_enter(friendly, home_coach, "casualty for #7", "D68", [4, 7])
    again = dice_enter(friendly, away_coach, "casualty for #7", "D68", [5, 1])
    assert again.pk == first.pk
    assert rows(friendly) == [("casualty for #7", "D68", [5, 1], 51, "entered")]
    assert DiceRoll.objects.get(pk=first.pk).made_by == away_coach


def test_a_correction_may_change_the_roll_itself(friendly, home_coach) -> None:
    dice_enter(friendly, home_coach, "injury for #3", "D6", [4])
    dice_enter(friendly, home_coach, "injury for #3", "2D6", [4, 4])
    assert rows(friendly) == [("injury for #3", "2D6", [4, 4], 8, "entered")]


def test_dice_entered_over_a_server_roll_are_refused(friendly, home_coach) -> None:
    dice_roll(friendly, home_coach, "gate", "2D6")
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(friendly, home_coach, "gate", "2D6", [6, 6])
    assert problems(refused) == [("purpose", "The server already rolled 'gate'; it stands.")]


# --- Rolled by the server ---


def test_the_server_rolls_from_the_match_s_seed_and_the_purpose(friendly, away_coach) -> None:
    roll = dice_roll(friendly, away_coach, "winnings, away", "2D6")
    roll = DiceRoll.objects.get(pk=roll.pk)
    expected = rolled(notation("2D6"), friendly.seed, "winnings, away")
    assert roll.values == list(expected)
    assert roll.total == sum(expected)
    assert (roll.source, roll.seed, roll.made_by) == ("rolled", friendly.seed, away_coach)


def test_a_server_d68_reads_as_tens_and_units(friendly, home_coach) -> None:
    roll = dice_roll(friendly, home_coach, "casualty for #7", "D68")
    tens, units = roll.values
    assert roll.total == tens * 10 + units
    assert 1 <= tens <= 6
    assert 1 <= units <= 8


def test_rolling_a_purpose_again_gives_the_stored_roll(friendly, home_coach, away_coach) -> None:
    first = dice_roll(friendly, home_coach, "gate", "3D6")
    again = dice_roll(friendly, away_coach, "gate", "3D6")
    assert again.pk == first.pk
    assert again.values == first.values
    assert DiceRoll.objects.count() == 1
    assert DiceRoll.objects.get().made_by == home_coach


def test_the_order_of_the_rolls_never_shifts_a_purpose_s_dice(
    friendly, home_coach, home_team, away_team
) -> None:
    dice_roll(friendly, home_coach, "winnings, home", "D6")
    dice_roll(friendly, home_coach, "casualty for #7", "D68")
    late = dice_roll(friendly, home_coach, "gate", "8D6")
    assert late.values == list(rolled(notation("8D6"), friendly.seed, "gate"))


def test_a_stored_purpose_is_not_rolled_as_another_roll(friendly, home_coach) -> None:
    dice_roll(friendly, home_coach, "gate", "2D6")
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(friendly, home_coach, "gate", "3D6")
    assert problems(refused) == [("purpose", "'gate' was already rolled as 2D6; it stands.")]


def test_the_server_does_not_roll_over_entered_dice(friendly, home_coach) -> None:
    dice_enter(friendly, home_coach, "gate", "2D6", [1, 1])
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(friendly, home_coach, "gate", "2D6")
    assert problems(refused) == [("purpose", "'gate' was already entered as 2D6; it stands.")]


def test_two_matches_roll_their_own_dice(
    friendly, home_coach, home_team, away_team, away_coach
) -> None:
    other = friendly_offer(home_coach, home_team, away_team)
    from matches.services import friendly_accept

    friendly_accept(other, away_coach)
    mine = dice_roll(friendly, home_coach, "gate", "8D6")
    theirs = dice_roll(other, home_coach, "gate", "8D6")
    assert mine.pk != theirs.pk
    assert theirs.values == list(rolled(notation("8D6"), other.seed, "gate"))


def test_a_purpose_rolled_by_two_servers_at_once_keeps_one_roll(
    friendly, home_coach, away_coach, monkeypatch
) -> None:
    """The other server stores its roll between our look and our write: ours is not kept,
    theirs is given back (the same dice, drawn from the same seed and purpose)."""
    real = rolled

    def racing(roll, seed, purpose):
        values = real(roll, seed, purpose)
        DiceRoll.objects.create(
            match=friendly, purpose=purpose, notation=str(roll), values=list(values),
            total=roll.total(values), source="rolled", seed=seed, made_by=away_coach,
        )  # fmt: skip
        return values

    monkeypatch.setattr("matches.dice.dice.rolled", racing)
    roll = dice_roll(friendly, home_coach, "gate", "2D6")
    assert roll.made_by == away_coach
    assert DiceRoll.objects.filter(match=friendly).count() == 1
    assert roll.values == list(real(notation("2D6"), friendly.seed, "gate"))


# --- Which sources a match accepts ---


def test_a_league_of_entered_dice_refuses_a_server_roll(entered_only, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(entered_only, home_coach, "gate", "2D6")
    assert problems(refused) == [("source", "This match's dice are entered, not rolled.")]
    dice_enter(entered_only, home_coach, "gate", "2D6", [2, 5])
    assert rows(entered_only) == [("gate", "2D6", [2, 5], 7, "entered")]


def test_a_league_of_server_rolls_refuses_entered_dice(rolled_only, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(rolled_only, home_coach, "gate", "2D6", [6, 6])
    assert problems(refused) == [("source", "This match's dice are rolled, not entered.")]
    assert dice_roll(rolled_only, home_coach, "gate", "2D6").source == "rolled"


def test_a_friendly_takes_both(friendly, home_coach) -> None:
    dice_enter(friendly, home_coach, "winnings, home", "D6", [4])
    dice_roll(friendly, home_coach, "winnings, away", "D6")
    assert [row[4] for row in rows(friendly)] == ["entered", "rolled"]


# --- When the dice are open ---


def test_dice_may_be_rolled_before_and_while_the_report_is_drafted(
    fixture_match, home_coach
) -> None:
    dice_enter(fixture_match, home_coach, "weather", "2D6", [3, 4])
    drafted(fixture_match, home_coach)
    dice_roll(fixture_match, home_coach, "gate", "2D6")
    rolls = DiceRoll.objects.filter(match=fixture_match).exclude(purpose__startswith="MVP")
    assert rolls.count() == 2  # and the two MVP draws of the draft


def test_the_dice_close_once_the_report_is_submitted(friendly, home_coach, away_coach) -> None:
    dice_enter(friendly, home_coach, "gate", "2D6", [3, 4])
    submitted(friendly, home_coach)
    message = [("status", "The report is submitted: its dice are closed.")]
    for attempt in (
        lambda: dice_enter(friendly, away_coach, "gate", "2D6", [6, 6]),
        lambda: dice_enter(friendly, away_coach, "mvp", "1 of 11", [3]),
        lambda: dice_roll(friendly, away_coach, "mvp", "1 of 11"),
    ):
        with unchanged(), pytest.raises(MatchRefused) as refused:
            attempt()
        assert problems(refused) == message


def test_the_dice_open_again_when_a_disputed_report_is_corrected(
    friendly, home_coach, away_coach
) -> None:
    disputed(friendly, home_coach, away_coach)
    dice_enter(friendly, home_coach, "gate", "2D6", [3, 3])
    assert DiceRoll.objects.exclude(purpose__startswith="MVP").count() == 1


def test_a_confirmed_report_s_dice_are_closed(friendly, home_coach, away_coach) -> None:
    confirmed(friendly, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(friendly, home_coach, "mvp", "1 of 11")
    assert [field for field, _ in problems(refused)] == ["status"]


def test_an_offered_friendly_rolls_no_dice(home_coach, home_team, away_team) -> None:
    match = friendly_offer(home_coach, home_team, away_team)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(match, home_coach, "gate", "2D6")
    assert problems(refused) == [("status", "The report is offered: its dice are closed.")]


# --- Who rolls ---


def test_the_coaches_and_those_who_settle_the_match_roll_its_dice(
    fixture_match, home_coach, away_coach, commissioner, staff
) -> None:
    for n, someone in enumerate((home_coach, away_coach, commissioner, staff)):
        assert may_roll(someone, fresh(fixture_match))
        dice_roll(fixture_match, someone, f"roll {n}", "D6")
    assert DiceRoll.objects.filter(match=fixture_match).count() == 4


def test_nobody_else_rolls_a_match_s_dice(fixture_match, outsider, users, lrb6) -> None:
    other = users.create_user("khorne", password="kick-off-8")
    league_of(other, lrb6, [])
    for stranger in (outsider, other, AnonymousUser()):
        assert not may_roll(stranger, fixture_match)
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            dice_roll(fixture_match, stranger, "gate", "2D6")
        assert str(denied.value) == (
            "Only the match's coaches and those who settle it roll its dice."
        )
        with unchanged(), pytest.raises(PermissionDenied):
            dice_enter(fixture_match, stranger, "gate", "2D6", [1, 2])
