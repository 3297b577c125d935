"""Making matches (matches/services.py): a coach offers a friendly and the other coach
accepts or declines it; a league schedules its fixtures' matches with its policies copied in;
a commissioner records a forfeit; who plays comes from the two rosters, once."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from league.models import Fixture
from league.seasons import fixture_arrange, fixture_forfeit, season_start
from league.services import league_update
from league.setting_checks import LeagueRefused
from matches.models import Casualty, Match, Participant, Performance, Report
from matches.services import (
    FRIENDLY,
    MatchRefused,
    Policies,
    friendly_accept,
    friendly_decline,
    friendly_offer,
    match_forfeit,
    match_schedule,
    matches_schedule,
    participants_take,
)
from matches.workflow import report_save
from rules.selectors import version_get
from teams.models import LedgerEntry, Player
from tests.matches.conftest import home_at_home, league_of
from tests.matches.helpers import (
    PLAYED,
    confirmed,
    drafted,
    fresh,
    problems,
    report_of,
    steps,
    submitted,
)
from tests.teams.helpers import dwarf_team, orc_team, record
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def offered(home_coach, home_team, away_team) -> Match:
    return friendly_offer(home_coach, home_team, away_team)


# --- Offering a friendly ---


def test_a_coach_offers_a_friendly_at_home_to_another_coach_s_team(
    home_coach, home_team, away_team
) -> None:
    match = offered(home_coach, home_team, away_team)
    match = fresh(match)
    assert (match.kind, match.status) == ("friendly", "offered")
    assert (match.home, match.away, match.offered_by) == (home_team, away_team, home_coach)
    assert match.ruleset_version_id == home_team.ruleset_version_id
    assert steps(match) == [("offer", "offered", "varag", "")]


def test_a_friendly_takes_both_dice_sources_and_applies_when_confirmed(
    home_coach, home_team, away_team
) -> None:
    match = fresh(offered(home_coach, home_team, away_team))
    assert Policies("both", "at_once") == FRIENDLY
    assert (match.dice_sources, match.reports_apply) == ("both", "at_once")
    assert match.accepted_sources == ("entered", "rolled")


def test_every_match_draws_its_dice_from_a_seed_of_its_own(
    home_coach, home_team, away_team
) -> None:
    first = offered(home_coach, home_team, away_team)
    second = offered(home_coach, home_team, away_team)
    assert re.fullmatch(r"[0-9a-f]{16}", first.seed)
    assert first.seed != second.seed


def test_only_the_home_team_s_coach_offers_its_friendlies(
    home_team, away_team, away_coach, outsider, staff
) -> None:
    for stranger in (away_coach, outsider, staff, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            friendly_offer(stranger, home_team, away_team)
        assert str(denied.value) == "Only the coach of Gouged Eye may offer its friendlies."


def test_a_team_cannot_play_itself(home_coach, home_team) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        friendly_offer(home_coach, home_team, home_team)
    assert problems(refused) == [("away", "A team cannot play itself.")]


def test_a_friendly_is_against_another_coach_s_team(home_coach, home_team, lrb6) -> None:
    second = orc_team(home_coach, lrb6, "Gouged Eye Reserves")
    with unchanged(), pytest.raises(MatchRefused) as refused:
        friendly_offer(home_coach, home_team, second)
    assert problems(refused) == [("away", "A friendly is against another coach's team.")]


def test_a_friendly_is_between_teams_of_one_ruleset_version(
    home_coach, home_team, away_coach, lrb6
) -> None:
    gdbbl = version_get("gdbbl")
    dwarfs = dwarf_team(away_coach, gdbbl)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        friendly_offer(home_coach, home_team, dwarfs)
    assert problems(refused) == [
        (
            "away",
            f"Grudgebearers plays {gdbbl} and Gouged Eye plays {lrb6}: "
            "a match is between teams of one ruleset version.",
        )
    ]


def test_the_database_never_lets_a_team_play_itself(home_team) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(
            kind="friendly", ruleset_version_id=home_team.ruleset_version_id,
            home=home_team, away=home_team, seed="0",
        )  # fmt: skip


# --- Answering an offer ---


def test_the_away_coach_accepts_a_friendly_and_it_is_to_play(
    home_coach, away_coach, home_team, away_team
) -> None:
    match = offered(home_coach, home_team, away_team)
    accepted = friendly_accept(match, away_coach)
    assert accepted.status == fresh(match).status == "scheduled"
    assert fresh(match).is_open
    assert steps(match) == [
        ("offer", "offered", "varag", ""),
        ("accept", "scheduled", "griff", ""),
    ]


def test_only_the_away_coach_accepts_a_friendly(
    home_coach, home_team, away_team, outsider, staff
) -> None:
    match = offered(home_coach, home_team, away_team)
    for stranger in (home_coach, outsider, staff, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            friendly_accept(match, stranger)
        assert str(denied.value) == "Only the coach of Da Krumpers may accept this friendly."
    assert fresh(match).status == "offered"


def test_a_second_accept_is_refused_and_writes_no_second_step(friendly, away_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        friendly_accept(friendly, away_coach)
    assert problems(refused) == [("status", "The friendly is to play, no longer offered.")]
    assert [step[0] for step in steps(friendly)] == ["offer", "accept"]


def test_an_accept_from_a_page_out_of_date_sees_the_status_of_the_database(
    home_coach, away_coach, home_team, away_team
) -> None:
    match = offered(home_coach, home_team, away_team)
    stale = Match.objects.get(pk=match.pk)
    friendly_decline(match, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        friendly_accept(stale, away_coach)
    assert problems(refused) == [("status", "The friendly is declined, no longer offered.")]
    assert stale.status == "declined"


def test_the_away_coach_declines_a_friendly(home_coach, away_coach, home_team, away_team) -> None:
    match = friendly_decline(offered(home_coach, home_team, away_team), away_coach)
    assert match.status == fresh(match).status == "declined"
    assert not fresh(match).is_open
    assert steps(match)[-1] == ("decline", "declined", "griff", "")


def test_the_home_coach_withdraws_his_offer(home_coach, home_team, away_team) -> None:
    match = friendly_decline(offered(home_coach, home_team, away_team), home_coach)
    assert fresh(match).status == "declined"
    assert steps(match)[-1] == ("decline", "declined", "varag", "")


def test_only_the_two_coaches_decline_a_friendly(
    home_coach, home_team, away_team, outsider, staff
) -> None:
    match = offered(home_coach, home_team, away_team)
    for stranger in (outsider, staff, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            friendly_decline(match, stranger)
        assert str(denied.value) == "Only the two coaches may decline or withdraw a friendly."


def test_a_declined_friendly_is_neither_accepted_nor_declined_again(
    home_coach, away_coach, home_team, away_team
) -> None:
    match = friendly_decline(offered(home_coach, home_team, away_team), away_coach)
    for answer, coach in ((friendly_accept, away_coach), (friendly_decline, home_coach)):
        with unchanged(), pytest.raises(MatchRefused) as refused:
            answer(match, coach)
        assert problems(refused) == [("status", "The friendly is declined, no longer offered.")]


def test_an_accepted_friendly_can_no_longer_be_declined(friendly, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        friendly_decline(friendly, home_coach)
    assert problems(refused) == [("status", "The friendly is to play, no longer offered.")]


# --- A league schedules its matches ---


def third_team(users, lrb6):
    coach = users.create_user("ugroth", password="kick-off-6")
    return orc_team(coach, lrb6, "Ugroth's Bolt Boyz")


def test_a_season_gives_each_fixture_but_the_byes_a_match_of_the_league_s_policies(
    commissioner, lrb6, home_team, away_team, users
) -> None:
    teams = [home_team, away_team, third_team(users, lrb6)]
    league = league_of(
        commissioner, lrb6, teams, dice_sources="rolled", reports_apply="commissioner"
    )
    season = season_start(league, commissioner, "round_robin")
    fixtures = list(season.fixtures.select_related("match"))
    byes = [fixture for fixture in fixtures if fixture.is_bye]
    played = [fixture for fixture in fixtures if not fixture.is_bye]
    assert (len(byes), len(played)) == (3, 3)
    assert all(fixture.match is None for fixture in byes)
    for fixture in played:
        match = fixture.match
        assert (match.kind, match.status) == ("league", "scheduled")
        assert (match.home_id, match.away_id) == (fixture.home_id, fixture.away_id)
        assert (match.dice_sources, match.reports_apply) == ("rolled", "commissioner")
        assert match.ruleset_version_id == lrb6.pk
        assert fixture.status == "scheduled"
        assert not match.steps.exists()  # scheduling is the league's, not a workflow step
    assert len({fixture.match.seed for fixture in played}) == 3
    assert Match.objects.count() == 3


def test_changing_the_league_s_settings_leaves_its_matches_as_they_were_made(
    commissioner, lrb6, home_team, away_team
) -> None:
    league = league_of(commissioner, lrb6, [home_team, away_team], dice_sources="entered")
    match = season_start(league, commissioner, "round_robin").fixtures.get().match
    league_update(league, commissioner, {"dice_sources": "rolled", "reports_apply": "commissioner"})
    assert (fresh(match).dice_sources, fresh(match).reports_apply) == ("entered", "at_once")
    # The next season's matches are made under the new settings.
    new = season_start(league, commissioner, "round_robin").fixtures.get().match
    assert (new.dice_sources, new.reports_apply) == ("rolled", "commissioner")


def test_an_open_play_match_is_arranged_with_the_league_s_policies(
    commissioner, lrb6, home_team, away_team
) -> None:
    league = league_of(commissioner, lrb6, [home_team, away_team], reports_apply="commissioner")
    season = season_start(league, commissioner, "open")
    fixture = fixture_arrange(season, commissioner, home_team, away_team)
    match = fresh(fixture.match)
    assert (match.kind, match.status, match.offered_by) == ("league", "scheduled", commissioner)
    assert (match.dice_sources, match.reports_apply) == ("both", "commissioner")


def test_match_schedule_refuses_teams_of_two_ruleset_versions(home_team, away_coach) -> None:
    dwarfs = dwarf_team(away_coach, version_get("gdbbl"))
    with unchanged(), pytest.raises(MatchRefused) as refused:
        match_schedule(home_team, dwarfs, Policies())
    assert [field for field, _ in problems(refused)] == ["away"]
    with unchanged(), pytest.raises(MatchRefused) as refused:
        match_schedule(home_team, home_team, Policies())
    assert problems(refused) == [("away", "A team cannot play itself.")]


def test_matches_schedule_writes_a_whole_round_robin_or_nothing(
    home_team, away_team, away_coach, lrb6
) -> None:
    dwarfs = dwarf_team(away_coach, version_get("gdbbl"))
    with unchanged(), pytest.raises(MatchRefused):
        matches_schedule([(home_team, away_team), (home_team, dwarfs)], Policies())
    made = matches_schedule(
        [(home_team, away_team), (away_team, home_team)], Policies("entered", "commissioner")
    )
    assert [(m.home_id, m.away_id) for m in made] == [
        (home_team.pk, away_team.pk),
        (away_team.pk, home_team.pk),
    ]
    assert {(m.kind, m.dice_sources, m.reports_apply) for m in Match.objects.all()} == {
        ("league", "entered", "commissioner")
    }


def test_a_league_refuses_an_open_play_match_across_ruleset_versions_in_its_own_words(
    commissioner, lrb6, home_team, away_team, users
) -> None:
    league = league_of(commissioner, lrb6, [home_team, away_team])
    season = season_start(league, commissioner, "open")
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_arrange(season, commissioner, home_team, home_team)
    assert ("away", "A team cannot play itself.") in problems(refused) or problems(refused)


# --- Forfeits ---


def league_fixture(commissioner, lrb6, home_team, away_team, **settings) -> Fixture:
    league = league_of(commissioner, lrb6, [home_team, away_team], **settings)
    match = home_at_home(season_start(league, commissioner, "round_robin"), home_team)
    return Fixture.objects.get(match=match)


def test_a_forfeit_writes_the_league_s_forfeit_score_as_a_forfeit_report(
    commissioner, lrb6, home_team, away_team
) -> None:
    fixture = league_fixture(
        commissioner, lrb6, home_team, away_team,
        forfeit_winner_touchdowns=3, forfeit_loser_touchdowns=1,
    )  # fmt: skip
    entries = LedgerEntry.objects.count()
    fixture_forfeit(fixture, commissioner, away_team)
    match = fresh(fixture.match)
    assert (match.status, match.forfeited_by) == ("forfeit", away_team)
    assert match.is_decided
    assert not match.is_open
    report = report_of(match)
    assert (report.forfeit, report.home_touchdowns, report.away_touchdowns) == (True, 3, 1)
    assert (report.played_on, report.submitted_by) == (None, None)
    assert steps(match) == [("forfeit", "forfeit", "nuffle", "Da Krumpers forfeits.")]
    assert LedgerEntry.objects.count() == entries  # a forfeit is a result, not a game


def test_a_home_forfeit_gives_the_away_team_the_winning_score(
    commissioner, lrb6, home_team, away_team
) -> None:
    fixture = league_fixture(commissioner, lrb6, home_team, away_team)
    fixture_forfeit(fixture, commissioner, home_team)
    report = report_of(fixture.match)
    assert (report.home_touchdowns, report.away_touchdowns) == (0, 2)  # the defaults, 2-0


def test_the_fixture_reads_forfeit_and_the_score_from_its_match(
    commissioner, lrb6, home_team, away_team
) -> None:
    fixture = league_fixture(commissioner, lrb6, home_team, away_team)
    returned = fixture_forfeit(fixture, commissioner, away_team)
    for read in (returned, Fixture.objects.select_related("match__report").get(pk=fixture.pk)):
        assert read.status == "forfeit"
        assert read.get_status_display() == "forfeit"
        assert (read.home_touchdowns, read.away_touchdowns) == (2, 0)
        assert read.forfeited_by == away_team
        assert read.forfeited_by_id == away_team.pk


def test_a_forfeit_over_a_draft_replaces_its_score_and_nobody_took_part(
    commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    fixture = league_fixture(commissioner, lrb6, home_team, away_team)
    drafted(fixture.match, home_coach, 1, 1)
    assert Participant.objects.filter(match=fixture.match).count() == 22
    returned = fixture_forfeit(fixture, commissioner, home_team)
    assert (returned.home_touchdowns, returned.away_touchdowns) == (0, 2)
    report = report_of(fixture.match)
    assert (report.forfeit, report.home_touchdowns, report.away_touchdowns) == (True, 0, 2)
    assert report.played_on is None  # the game was never played
    assert not Participant.objects.filter(match=fixture.match).exists()
    assert Report.objects.count() == 1


def test_a_forfeit_over_a_full_draft_clears_its_lines_casualties_and_concession(
    commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    fixture = league_fixture(commissioner, lrb6, home_team, away_team)
    casualty = {
        "victim": {"side": "away", "number": 3}, "causer": {"side": "home", "number": 7},
        "action": "block", "means": "ordinary", "dice": {"casualty": [4, 2]},
    }  # fmt: skip
    content = {
        "notes": "Rough.", "casualties": [casualty], "server_rolls": True,
        "home": {"players": [{"number": 7, "actions": {"touchdown": 1}}]},
        "concession": {"side": "away", "half": 2, "turn": 6, "forced": False},
    }  # fmt: skip
    report_save(fixture.match, home_coach, PLAYED, 1, 0, content)
    assert Casualty.objects.count() == 1
    assert Performance.objects.filter(number=7).exists()
    fixture_forfeit(fixture, commissioner, home_team)
    report = report_of(fixture.match)
    assert not Casualty.objects.exists()
    assert not Performance.objects.exists()
    assert (report.notes, report.conceded_by, report.conceded_half) == ("", None, None)
    # The dice stay on record: every die a match used is kept.
    assert fixture.match.dice.filter(purpose="casualty for away #3").exists()


def test_only_those_who_settle_the_match_record_its_forfeit(
    fixture_match, home_coach, away_coach, outsider, home_team
) -> None:
    for stranger in (home_coach, away_coach, outsider, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            match_forfeit(fixture_match, stranger, home_team, (2, 0))
        assert str(denied.value) == "Only those who settle this match may record a forfeit."


def test_a_commissioner_of_another_league_records_no_forfeit(
    fixture_match, home_team, users, lrb6
) -> None:
    other = users.create_user("stranger-commissioner", password="kick-off-7")
    league_of(other, lrb6, [])
    with unchanged(), pytest.raises(PermissionDenied):
        match_forfeit(fixture_match, other, home_team, (2, 0))


def test_staff_record_a_friendly_s_forfeit(friendly, staff, away_team) -> None:
    match = match_forfeit(friendly, staff, away_team, (2, 0))
    assert (fresh(match).status, fresh(match).forfeited_by) == ("forfeit", away_team)
    assert (report_of(match).home_touchdowns, report_of(match).away_touchdowns) == (2, 0)


def test_a_team_not_in_the_match_cannot_forfeit_it(fixture_match, commissioner, lrb6, users):
    stray = third_team(users, lrb6)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        match_forfeit(fixture_match, commissioner, stray, (2, 0))
    assert problems(refused) == [
        ("forfeited_by", "Ugroth's Bolt Boyz is not in Gouged Eye v Da Krumpers.")
    ]


def test_a_match_with_a_result_cannot_be_forfeited(
    fixture_match, commissioner, home_coach, away_coach, home_team
) -> None:
    confirmed(fixture_match, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        match_forfeit(fixture_match, commissioner, home_team, (2, 0))
    [(field, message)] = problems(refused)
    assert field == "status"
    assert message == "The report of Gouged Eye v Da Krumpers is already confirmed."
    assert "confirmed" in message


def test_a_forfeit_is_recorded_once(fixture_match, commissioner, home_team, away_team) -> None:
    match_forfeit(fixture_match, commissioner, home_team, (2, 0))
    with unchanged(), pytest.raises(MatchRefused) as refused:
        match_forfeit(fixture_match, commissioner, away_team, (2, 0))
    assert problems(refused) == [("status", "Gouged Eye v Da Krumpers is already forfeited.")]


def test_a_submitted_report_waits_for_an_answer_not_a_forfeit(
    fixture_match, commissioner, home_coach, home_team
) -> None:
    submitted(fixture_match, home_coach)
    with unchanged(), pytest.raises(MatchRefused):
        match_forfeit(fixture_match, commissioner, home_team, (2, 0))


# --- Who takes part ---


def roster(match: Match) -> list[tuple[int, int, str, str]]:
    return list(
        Participant.objects.filter(match=match)
        .order_by("team_id", "number")
        .values_list("team_id", "number", "name", "kind")
    )


def test_both_rosters_take_part_as_the_match_s_participants(friendly, home_team, away_team) -> None:
    participants_take(friendly)
    expected = sorted(
        (player.team_id, player.number, player.name, "roster")
        for player in Player.objects.filter(team__in=(home_team, away_team))
    )
    assert roster(friendly) == expected
    assert len(expected) == 22
    for participant in Participant.objects.filter(match=friendly).select_related("player"):
        assert participant.player.team_id == participant.team_id
        assert participant.player.number == participant.number


def test_the_participants_are_taken_once(friendly, home_team, lrb6, home_coach) -> None:
    participants_take(friendly)
    before = roster(friendly)
    participants_take(friendly)
    assert roster(friendly) == before
    assert Participant.objects.count() == 22


def test_the_first_draft_takes_the_participants_and_a_correction_keeps_them(
    friendly, home_coach, away_coach
) -> None:
    assert not Participant.objects.exists()
    drafted(friendly, home_coach)
    assert Participant.objects.filter(match=friendly).count() == 22
    drafted(friendly, away_coach, 3, 3)
    assert Participant.objects.filter(match=friendly).count() == 22


@pytest.mark.parametrize("status", ["dead", "retired", "fired", "missing_next_game"])
def test_a_player_who_cannot_play_does_not_take_part(
    friendly, home_team, home_coach, status
) -> None:
    player = home_team.players.get(number=1)
    record(
        home_team, "report", f"#1 is {status}", home_coach,
        [{"op": "player", "player": player.key, "field": "status",
          "from": "active", "to": status}],
    )  # fmt: skip
    participants_take(friendly)
    taken = Participant.objects.filter(match=friendly)
    assert taken.count() == 21
    assert not taken.filter(player=player).exists()
    assert taken.filter(team=home_team).count() == 10


def test_a_match_takes_no_player_of_a_third_team(friendly, lrb6, users) -> None:
    third_team(users, lrb6)
    participants_take(friendly)
    assert set(Participant.objects.values_list("team_id", flat=True)) == {
        friendly.home_id,
        friendly.away_id,
    }
