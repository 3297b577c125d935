"""The leagues' answers to what matches asks: who settles a match and who may see it."""

from __future__ import annotations

from league.for_matches import MatchAnswers
from league.seasons import season_start
from league.services import commissioner_add, league_create, league_update
from matches.models import Match
from matches.services import friendly_accept, friendly_offer
from tests.league.conftest import member_teams

ANSWERS = MatchAnswers()


def fixture_match(league, commissioner, users) -> Match:
    member_teams(league, 2, users)
    return season_start(league, commissioner, "round_robin").fixtures.get().match


def test_a_commissioner_settles_his_leagues_matches(league, commissioner, users) -> None:
    match = fixture_match(league, commissioner, users)
    assert ANSWERS.may_settle(commissioner, match)
    assert list(Match.objects.filter(ANSWERS.settling(commissioner))) == [match]


def test_a_commissioner_of_another_league_does_not(league, commissioner, users, lrb6) -> None:
    match = fixture_match(league, commissioner, users)
    other = users.create_user("other-commissioner")
    league_create(other, "Badlands Bash", lrb6)
    assert not ANSWERS.may_settle(other, match)
    assert not Match.objects.filter(ANSWERS.settling(other)).exists()


def test_a_commissioner_who_coaches_a_side_does_not_settle_that_match(
    league, commissioner, users
) -> None:
    match = fixture_match(league, commissioner, users)
    playing = match.home.coach
    commissioner_add(league, commissioner, playing)
    assert not ANSWERS.may_settle(playing, match)
    assert not Match.objects.filter(ANSWERS.settling(playing)).exists()
    assert ANSWERS.may_settle(commissioner, match)


def test_staff_settle_friendlies_but_not_their_own(team, rival_team, coach, rival, staff) -> None:
    friendly = friendly_accept(friendly_offer(coach, team, rival_team), rival)
    assert ANSWERS.may_settle(staff, friendly)
    assert not ANSWERS.may_settle(coach, friendly)
    staff_team = team.__class__.objects.get(pk=team.pk)
    staff_team.coach = staff
    staff_team.save(update_fields=["coach"])
    assert not ANSWERS.may_settle(staff, Match.objects.get(pk=friendly.pk))
    assert not Match.objects.filter(ANSWERS.settling(staff)).exists()


def test_a_private_leagues_matches_are_seen_by_its_people_only(league, commissioner, users) -> None:
    match = fixture_match(league, commissioner, users)
    league_update(league, commissioner, {"public": False})
    stranger = users.create_user("stranger")
    assert not ANSWERS.may_see(stranger, match)
    assert not Match.objects.filter(ANSWERS.seen(stranger)).exists()
    for insider in (commissioner, match.home.coach, match.away.coach):
        assert ANSWERS.may_see(insider, match)
        assert list(Match.objects.filter(ANSWERS.seen(insider))) == [match]


def test_a_friendly_is_seen_by_anyone(team, rival_team, coach, rival, users) -> None:
    friendly = friendly_offer(coach, team, rival_team)
    stranger = users.create_user("stranger")
    assert ANSWERS.may_see(stranger, friendly)
    assert list(Match.objects.filter(ANSWERS.seen(stranger))) == [friendly]
    assert ANSWERS.fixture_of(friendly) is None


def test_a_fixtures_match_names_its_league_season_and_round(league, commissioner, users) -> None:
    match = fixture_match(league, commissioner, users)
    label, url = ANSWERS.fixture_of(match)
    assert label == "Old World Classic · Season 1 · round 1"
    assert url == f"/leagues/{league.pk}/seasons/1/"
