"""Reading matches (matches/selectors.py): what waits for each user, the matches still in
play, one match whole in a fixed number of queries, and the matches a user may see."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from league.models import Fixture
from league.seasons import fixture_forfeit, season_start
from matches import workflow
from matches.dice import dice_enter, dice_roll
from matches.models import Match
from matches.selectors import (
    IN_PLAY_SHOWN,
    match_whole,
    matches_in_play,
    matches_seen,
    waiting_for,
)
from matches.services import friendly_accept, friendly_decline, friendly_offer
from tests.matches.conftest import home_at_home, league_of
from tests.matches.helpers import confirmed, disputed, drafted, submitted
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db

CONFIRM = "Confirm the report, or dispute it with a reason."
CORRECT = "Your report is disputed: correct it and submit it again."
SETTLE = "The report is disputed: settle it or send it back."
APPROVE = "The report is confirmed: approve it or send it back."
ONE_COACH = "One coach has both teams: confirm the report or dispute it for him."


def waits(user) -> list[tuple[int, str]]:
    return [(item.match.pk, item.what) for item in waiting_for(user)]


@pytest.fixture
def other_commissioner(users, lrb6):
    """A commissioner of another league, with a match of his own to settle."""
    other = users.create_user("khorne", password="kick-off-8")
    league_of(other, lrb6, [])
    return other


# --- What waits for whom ---


def test_an_offer_waits_for_the_away_coach_to_answer(
    home_coach, away_coach, home_team, away_team, staff
) -> None:
    match = friendly_offer(home_coach, home_team, away_team)
    assert waits(away_coach) == [(match.pk, "varag offers a friendly: accept or decline it.")]
    assert waits(home_coach) == []
    assert waits(staff) == []


def test_an_answered_offer_waits_for_nobody(home_coach, away_coach, home_team, away_team) -> None:
    accepted = friendly_accept(friendly_offer(home_coach, home_team, away_team), away_coach)
    declined = friendly_decline(friendly_offer(home_coach, home_team, away_team), away_coach)
    assert accepted.pk != declined.pk
    assert waits(away_coach) == waits(home_coach) == []


def test_a_match_to_play_or_a_draft_waits_for_nobody(
    fixture_match, home_coach, away_coach, commissioner, staff
) -> None:
    assert waits(home_coach) == waits(away_coach) == waits(commissioner) == []
    drafted(fixture_match, home_coach)
    for someone in (home_coach, away_coach, commissioner, staff):
        assert waits(someone) == []


def test_a_submitted_report_waits_for_the_opponent_not_the_submitter(
    fixture_match, home_coach, away_coach, commissioner, staff
) -> None:
    submitted(fixture_match, home_coach)
    assert waits(away_coach) == [(fixture_match.pk, CONFIRM)]
    assert waits(home_coach) == []
    assert waits(commissioner) == waits(staff) == []  # the coaches answer first


def test_a_report_submitted_by_the_away_coach_waits_for_the_home_coach(
    friendly, home_coach, away_coach
) -> None:
    submitted(friendly, away_coach)
    assert waits(home_coach) == [(friendly.pk, CONFIRM)]
    assert waits(away_coach) == []


def test_a_disputed_report_waits_for_its_submitter_to_correct_it(
    fixture_match, home_coach, away_coach
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    assert waits(home_coach) == [(fixture_match.pk, CORRECT)]
    assert waits(away_coach) == []


def test_a_dispute_waits_for_the_league_s_commissioner_to_settle_it(
    fixture_match, home_coach, away_coach, commissioner, other_commissioner, outsider
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    assert waits(commissioner) == [(fixture_match.pk, SETTLE)]
    assert waits(other_commissioner) == []
    assert waits(outsider) == []


def test_staff_see_every_dispute_and_friendlies_wait_for_staff(
    friendly, fixture_match, home_coach, away_coach, staff, commissioner
) -> None:
    disputed(friendly, home_coach, away_coach)
    assert waits(staff) == [(friendly.pk, SETTLE)]
    assert waits(commissioner) == []  # a league's commissioner settles no friendly
    disputed(fixture_match, home_coach, away_coach)
    assert waits(staff) == [(friendly.pk, SETTLE), (fixture_match.pk, SETTLE)]
    assert waits(commissioner) == [(fixture_match.pk, SETTLE)]


def test_a_confirmed_report_waits_for_approval_where_the_league_waits(
    waiting_match, home_coach, away_coach, commissioner, other_commissioner
) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    assert waits(commissioner) == [(waiting_match.pk, APPROVE)]
    assert waits(other_commissioner) == []
    assert waits(home_coach) == waits(away_coach) == []
    workflow.report_approve(waiting_match, commissioner)
    assert waits(commissioner) == []


def test_a_confirmed_report_waits_for_nobody_where_it_applies_at_once(
    fixture_match, friendly, home_coach, away_coach, commissioner, staff
) -> None:
    confirmed(fixture_match, home_coach, away_coach)
    confirmed(friendly, home_coach, away_coach)
    for someone in (home_coach, away_coach, commissioner, staff):
        assert waits(someone) == []


def test_a_settled_or_forfeited_match_waits_for_nobody(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    workflow.dispute_settle(fixture_match, commissioner)
    assert waits(commissioner) == waits(home_coach) == []


def test_a_forfeit_waits_for_nobody(fixture_match, commissioner, home_team, home_coach) -> None:
    fixture_forfeit(Fixture.objects.get(match=fixture_match), commissioner, home_team)
    assert waits(commissioner) == waits(home_coach) == []


def test_when_one_coach_has_both_teams_his_report_waits_for_the_commissioner(
    home_coach, home_team, commissioner, lrb6
) -> None:
    reserves = orc_team(home_coach, lrb6, "Gouged Eye Reserves")
    league = league_of(commissioner, lrb6, [home_team, reserves])
    match = home_at_home(season_start(league, commissioner, "round_robin"), home_team)
    submitted(match, home_coach)
    assert waits(commissioner) == [(match.pk, ONE_COACH)]
    assert waits(home_coach) == []


def test_nothing_waits_for_a_visitor_who_is_not_logged_in(friendly, home_coach) -> None:
    submitted(friendly, home_coach)
    assert waiting_for(AnonymousUser()) == []
    assert matches_in_play(AnonymousUser()) == []


def test_what_waits_longest_comes_first(home_coach, away_coach, home_team, away_team, lrb6) -> None:
    first = friendly_offer(home_coach, home_team, away_team)
    second = friendly_offer(home_coach, home_team, away_team)
    Match.objects.filter(pk=second.pk).update(
        changed_at=timezone.now() - datetime.timedelta(days=2)
    )
    assert [pk for pk, _ in waits(away_coach)] == [second.pk, first.pk]


def test_a_dispute_in_a_league_of_two_commissioners_waits_once_for_each(
    fixture_match, home_coach, away_coach, commissioner, staff, users
) -> None:
    from league.services import commissioner_add_by_name

    second = users.create_user("tzeentch", password="kick-off-9")
    league = Fixture.objects.get(match=fixture_match).season.league
    commissioner_add_by_name(league, commissioner, second.username)
    disputed(fixture_match, home_coach, away_coach)
    for settler in (commissioner, second, staff):
        assert waits(settler) == [(fixture_match.pk, SETTLE)]


# --- Matches in play ---


def test_a_coach_s_matches_in_play_are_his_own_still_to_decide(
    friendly, fixture_match, home_coach, away_coach, home_team, away_team, outsider
) -> None:
    declined = friendly_decline(friendly_offer(home_coach, home_team, away_team), away_coach)
    drafted(friendly, home_coach)
    in_play = [match.pk for match in matches_in_play(home_coach)]
    assert set(in_play) == {friendly.pk, fixture_match.pk}
    assert declined.pk not in in_play
    assert in_play[0] == friendly.pk  # the latest changed first
    assert matches_in_play(outsider) == []


def test_a_confirmed_result_that_stands_is_no_longer_in_play(
    friendly, waiting_match, home_coach, away_coach
) -> None:
    confirmed(friendly, home_coach, away_coach)
    confirmed(waiting_match, home_coach, away_coach)
    # The friendly's result stands; the league's confirmed report waits for a commissioner.
    assert [match.pk for match in matches_in_play(home_coach)] == [waiting_match.pk]


def test_an_approved_match_is_no_longer_in_play(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    assert [m.pk for m in matches_in_play(home_coach)] == [waiting_match.pk]
    workflow.report_approve(waiting_match, commissioner)
    assert matches_in_play(home_coach) == []


def test_matches_in_play_are_capped(home_coach, away_coach, home_team, away_team) -> None:
    for _ in range(IN_PLAY_SHOWN + 2):
        friendly_offer(home_coach, home_team, away_team)
    assert len(matches_in_play(away_coach)) == IN_PLAY_SHOWN


# --- One match whole ---


def touch(match: Match) -> tuple:
    """Everything the match page reads of a match."""
    report = getattr(match, "report", None)
    return (
        match.home.coach.username,
        match.away.coach.username,
        str(match.ruleset_version),
        report and (report.submitted_by and report.submitted_by.username),
        [(p.name, p.player.name) for p in match.participants.all()],
        [(d.purpose, d.made_by.username) for d in match.dice.all()],
        [(s.action, s.actor.username) for s in match.steps.all()],
    )


def test_one_match_is_read_whole_in_as_many_queries_however_many_dice_it_has(
    friendly, home_coach, away_coach, django_assert_num_queries
) -> None:
    drafted(friendly, home_coach)
    dice_enter(friendly, home_coach, "roll 0", "D6", [1])
    with django_assert_num_queries(4) as few:
        touch(match_whole(friendly.pk))
    for n in range(1, 12):
        maker = home_coach if n % 2 else away_coach
        if n % 3:
            dice_enter(friendly, maker, f"roll {n}", "2D6", [1, 2])
        else:
            dice_roll(friendly, maker, f"roll {n}", "D68")
    workflow.report_submit(friendly, home_coach)
    workflow.report_dispute(friendly, away_coach, "Wrong")
    with django_assert_num_queries(len(few.captured_queries)):
        whole = touch(match_whole(friendly.pk))
    assert len(whole[4]) == 22
    assert len(whole[5]) == 12 + 2  # and the draft's two MVP draws
    assert len(whole[6]) == 5


def test_a_match_without_a_report_is_read_whole_too(friendly, django_assert_num_queries):
    with django_assert_num_queries(4):
        match = match_whole(friendly.pk)
        assert touch(match)[3] is None


def test_a_match_that_does_not_exist_is_not_found(db) -> None:
    with pytest.raises(Match.DoesNotExist):
        match_whole(999_999)


# --- Who sees which matches ---


@pytest.fixture
def private_match(commissioner, lrb6, home_team, away_team) -> Match:
    league = league_of(commissioner, lrb6, [home_team, away_team], public=False)
    return home_at_home(season_start(league, commissioner, "round_robin"), home_team)


def test_a_private_league_s_matches_are_hidden_from_outsiders(
    private_match, friendly, outsider
) -> None:
    for visitor in (outsider, AnonymousUser()):
        seen = set(matches_seen(visitor).values_list("pk", flat=True))
        assert seen == {friendly.pk}


def test_a_private_league_s_matches_are_seen_by_its_coaches_commissioners_and_staff(
    private_match, friendly, home_coach, away_coach, commissioner, staff
) -> None:
    for someone in (home_coach, away_coach, commissioner, staff):
        seen = set(matches_seen(someone).values_list("pk", flat=True))
        assert seen == {friendly.pk, private_match.pk}, someone


def test_a_public_league_s_matches_and_friendlies_are_seen_by_all(
    fixture_match, friendly, outsider
) -> None:
    for visitor in (outsider, AnonymousUser()):
        assert set(matches_seen(visitor).values_list("pk", flat=True)) == {
            fixture_match.pk,
            friendly.pk,
        }


def test_each_match_is_seen_once(
    fixture_match, home_coach, commissioner, lrb6, home_team, away_team
) -> None:
    """A coach who is also a commissioner of the league still sees each match once."""
    from league.services import commissioner_add_by_name

    league = Fixture.objects.get(match=fixture_match).season.league
    commissioner_add_by_name(league, commissioner, home_coach.username)
    pks = list(matches_seen(home_coach).values_list("pk", flat=True))
    assert pks == [fixture_match.pk]
