"""casualties_caused (matches/selectors.py): per match and team, the casualties the team's
players caused to the other side, as league tables count them (casualties for and against,
casualty difference, the three-casualty bonus). A crowd push by a team's player is his; a
victim's own failed dodge or go-for-it, or a fanatic's own ball and chain, is nobody's; a bomb
among the thrower's own team-mates is not a casualty caused to the other side.

The friendly is tests/matches/conftest.py's: Gouged Eye (Orcs) at home to Da Krumpers (Orcs),
each #1-5 Linemen, #6-9 Blitzers, #10-11 Black Orc Blockers. The casualties are drafted into
a report (which checks them as a coach would enter them) unless a test says otherwise."""

from __future__ import annotations

import pytest
from django.db.models import Q

from matches import workflow
from matches.models import Casualty, Match, Participant
from matches.selectors import casualties_caused
from matches.services import participants_take
from tests.matches.helpers import PLAYED
from tests.matches.rulesets import friendly_of

pytestmark = pytest.mark.django_db


def hurt(victim: tuple[str, int], causer: tuple[str, int] | None = None, action="block",
         means="ordinary") -> dict:  # fmt: skip
    casualty = {"victim": {"side": victim[0], "number": victim[1]}, "action": action,
                "means": means, "dice": {"casualty": [1, 1]}}  # fmt: skip
    if causer is not None:
        casualty["causer"] = {"side": causer[0], "number": causer[1]}
    return casualty


def drafted(match: Match, *casualties: dict) -> Match:
    body = {"server_rolls": True, "casualties": list(casualties)}
    workflow.report_save(match, match.home.coach, PLAYED, 1, 1, body)
    return match


def test_a_team_s_casualties_are_those_its_players_caused_to_the_other_side(
    friendly, home_team, away_team
) -> None:
    drafted(
        friendly,
        hurt(("away", 3), ("home", 6)),  # a block: Gouged Eye's
        hurt(("away", 4), ("home", 7), means="crowd"),  # a crowd push: Gouged Eye's
        hurt(("away", 1), ("home", 10), action="foul"),  # a foul: Gouged Eye's
        hurt(("home", 2), ("away", 9), action="blitz"),  # Da Krumpers'
        hurt(("away", 2), action="other", means="failed_dodge"),  # his own doing
        hurt(("away", 11), action="blitz", means="failed_dodge"),  # a blitzer's go-for-it
        hurt(("away", 5), ("away", 8), action="pass", means="bomb"),  # a team-mate's bomb
    )
    assert Casualty.objects.filter(match=friendly).count() == 7
    # Gouged Eye 3 (block, crowd push, foul); Da Krumpers 1 (the blitz).
    assert casualties_caused(Q(match=friendly)) == {
        (friendly.pk, home_team.pk): 3,
        (friendly.pk, away_team.pk): 1,
    }


def test_a_bomb_that_lands_among_the_other_side_counts_for_the_thrower(friendly, away_team) -> None:
    drafted(friendly, hurt(("home", 2), ("away", 8), action="pass", means="bomb"))
    assert casualties_caused(Q(match=friendly)) == {(friendly.pk, away_team.pk): 1}


def test_a_crowd_push_nobody_made_counts_for_nobody(friendly) -> None:
    drafted(friendly, hurt(("away", 4), action="other", means="crowd"))
    assert casualties_caused(Q(match=friendly)) == {}


def test_a_match_without_casualties_counts_none(friendly) -> None:
    drafted(friendly)
    assert casualties_caused(Q(match=friendly)) == {}


def test_each_match_is_counted_apart(friendly, home_team, away_team) -> None:
    drafted(friendly, hurt(("away", 3), ("home", 6)), hurt(("away", 4), ("home", 7)))
    # The return match, Da Krumpers at home: their #6 hurts Gouged Eye's #3.
    other = friendly_of(away_team, home_team)
    drafted(other, hurt(("away", 3), ("home", 6)))
    both = casualties_caused(Q(match__in=[friendly, other]))
    assert both == {(friendly.pk, home_team.pk): 2, (other.pk, away_team.pk): 1}
    assert casualties_caused(Q(match=other)) == {(other.pk, away_team.pk): 1}


# --- Rows as stored, beyond what a report lets a coach enter ---------------------------------


def taking_part(match: Match, team, number: int) -> Participant:
    """The team's player of that number, taking part (both rosters are taken at once)."""
    participants_take(match)
    return Participant.objects.get(match=match, team=team, number=number)


def stored(match: Match, victim: Participant, causer: Participant | None, means: str,
           action: str = "block") -> Casualty:  # fmt: skip
    order = Casualty.objects.filter(match=match).count() + 1
    return Casualty.objects.create(
        match=match, order=order, victim=victim, causer=causer, action=action, means=means
    )


def test_a_one_game_hire_s_casualty_counts_for_the_team_that_hired_him(
    friendly, home_team, away_team
) -> None:
    star = Participant.objects.create(
        match=friendly, team=home_team, kind="star", number=12, name="Varag Ghoul-Chewer"
    )
    stored(friendly, taking_part(friendly, away_team, 3), star, "ordinary")
    assert casualties_caused(Q(match=friendly)) == {(friendly.pk, home_team.pk): 1}


def test_a_failed_dodge_is_nobody_s_even_with_a_causer_recorded(
    friendly, home_team, away_team
) -> None:
    """Older rows may name whoever the dodger was getting away from: it is still his own."""
    victim, marker = taking_part(friendly, away_team, 2), taking_part(friendly, home_team, 6)
    stored(friendly, victim, marker, "failed_dodge", action="other")
    assert casualties_caused(Q(match=friendly)) == {}


def test_a_fanatic_hurt_by_his_own_ball_and_chain_is_nobody_s(friendly, away_team) -> None:
    fanatic = taking_part(friendly, away_team, 10)
    stored(friendly, fanatic, None, "own_weapon", action="other")
    stored(friendly, taking_part(friendly, away_team, 11), fanatic, "other_weapon", "other")
    assert casualties_caused(Q(match=friendly)) == {}
