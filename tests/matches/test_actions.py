"""What a user may do to a match now (matches/actions.py): the actions its page and its API
offer, in page order, and the form reading that hands them to the services. The actions
offered and the services agree: every action offered is done, every other one refused."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import transaction

from league.models import Fixture
from league.seasons import fixture_forfeit, season_start
from matches import views, workflow
from matches.actions import PERFORM
from matches.allowed import actions_for, report_of, submitter_id
from matches.models import Match
from matches.services import friendly_decline, friendly_offer
from rules.engine.errors import Refused
from tests.matches.conftest import home_at_home, league_of
from tests.matches.helpers import PLAYED, confirmed, disputed, drafted, fresh, submitted
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db

DICE = ["dice_entered", "dice_rolled"]
# Before an LRB6 kick-off: journeymen, and the gate and the weather where the server may roll
# their dice.
KICK = ["journeymen", "gate", "weather"]
TO_PLAY = [*KICK, "report", *DICE]
DRAFTED = [*KICK, "report", "submit", *DICE]
FORM = {
    "played_on": PLAYED.isoformat(),
    "home_touchdowns": "1",
    "away_touchdowns": "0",
    "reason": "Because the photo says so.",
    "purpose": "winnings for home",  # a post-game die: entered until applied (see attempt)
    "notation": "D6",
    "values": "3",
    # A correction's: the report as it should have been, previewed (nothing written).
    "report": {"played_on": PLAYED.isoformat(), "home_touchdowns": "1", "away_touchdowns": "0"},
    "preview": True,
}


@pytest.fixture
def people(home_coach, away_coach, commissioner, staff, outsider) -> dict[str, object]:
    return {
        "home": home_coach,
        "away": away_coach,
        "commissioner": commissioner,
        "staff": staff,
        "outsider": outsider,
    }


@pytest.fixture
def scenario(request, home_coach, away_coach, commissioner, lrb6, home_team, away_team):
    """A match in the state the test names."""

    def fixture(**settings) -> Match:
        league = league_of(commissioner, lrb6, [home_team, away_team], **settings)
        return home_at_home(season_start(league, commissioner, "round_robin"), home_team)

    def friendly() -> Match:
        from matches.services import friendly_accept

        return friendly_accept(friendly_offer(home_coach, home_team, away_team), away_coach)

    def forfeit() -> Match:
        match = fixture()
        fixture_forfeit(Fixture.objects.get(match=match), commissioner, away_team)
        return match

    def approved() -> Match:
        match = fixture(reports_apply="commissioner")
        confirmed(match, home_coach, away_coach)
        return workflow.report_approve(match, commissioner)

    def one_coach() -> Match:
        reserves = orc_team(home_coach, lrb6, "Gouged Eye Reserves")
        league = league_of(commissioner, lrb6, [home_team, reserves])
        match = home_at_home(season_start(league, commissioner, "round_robin"), home_team)
        return submitted(match, home_coach)

    build: dict[str, Callable[[], Match]] = {
        "offered friendly": lambda: friendly_offer(home_coach, home_team, away_team),
        "declined friendly": lambda: friendly_decline(
            friendly_offer(home_coach, home_team, away_team), away_coach
        ),
        "friendly to play": friendly,
        "drafted friendly": lambda: (m := friendly(), drafted(m, home_coach))[0],
        "submitted friendly": lambda: submitted(friendly(), home_coach),
        "disputed friendly": lambda: disputed(friendly(), home_coach, away_coach),
        "confirmed friendly": lambda: confirmed(friendly(), home_coach, away_coach),
        "fixture to play": fixture,
        "fixture of entered dice": lambda: fixture(dice_sources="entered"),
        "fixture of server rolls": lambda: fixture(dice_sources="rolled"),
        "drafted fixture": lambda: (m := fixture(), drafted(m, away_coach))[0],
        "submitted fixture": lambda: submitted(fixture(), away_coach),
        "disputed fixture": lambda: disputed(fixture(), away_coach, home_coach),
        "confirmed fixture": lambda: confirmed(fixture(), home_coach, away_coach),
        "confirmed fixture that waits": lambda: confirmed(
            fixture(reports_apply="commissioner"), home_coach, away_coach
        ),
        "disputed fixture that waits": lambda: disputed(
            fixture(reports_apply="commissioner"), home_coach, away_coach
        ),
        "approved fixture": approved,
        "forfeited fixture": forfeit,
        "one coach's submitted fixture": one_coach,
    }
    return fresh(build[request.param]())


# (scenario, home coach, away coach, commissioner, staff) — outsiders are offered nothing.
OFFERED = [
    ("offered friendly", ["decline"], ["accept", "decline"], [], []),
    ("declined friendly", [], [], [], []),
    ("friendly to play", TO_PLAY, TO_PLAY, [], DICE),
    ("drafted friendly", DRAFTED, DRAFTED, [], DICE),
    # Once submitted, the post-game sequence's dice may still be entered until it is applied.
    ("submitted friendly", ["withdraw", *DICE], ["confirm", "dispute", *DICE], [], DICE),
    ("disputed friendly", TO_PLAY, TO_PLAY, [],
     ["settle", "send_back", *DICE]),
    # An applied report: reverted or corrected by those who settle the match (for a
    # friendly, staff).
    ("confirmed friendly", [], [], [], ["revert", "correct"]),
    ("fixture to play", TO_PLAY, TO_PLAY, DICE, DICE),
    ("fixture of entered dice", ["journeymen", "report", "dice_entered"],
     ["journeymen", "report", "dice_entered"],
     ["dice_entered"], ["dice_entered"]),
    ("fixture of server rolls", [*KICK, "report", "dice_rolled"], [*KICK, "report", "dice_rolled"],
     ["dice_rolled"], ["dice_rolled"]),
    ("drafted fixture", DRAFTED, DRAFTED, DICE, DICE),
    ("submitted fixture", ["confirm", "dispute", *DICE], ["withdraw", *DICE], DICE, DICE),
    ("disputed fixture", TO_PLAY, TO_PLAY, ["settle", "send_back", *DICE],
     ["settle", "send_back", *DICE]),
    ("confirmed fixture", [], [], ["revert", "correct"], ["revert", "correct"]),
    ("confirmed fixture that waits", DICE, DICE, ["approve", "send_back", *DICE],
     ["approve", "send_back", *DICE]),
    ("disputed fixture that waits", TO_PLAY, TO_PLAY,
     ["settle", "send_back", *DICE], ["settle", "send_back", *DICE]),
    ("approved fixture", [], [], ["revert", "correct"], ["revert", "correct"]),
    ("forfeited fixture", [], [], [], []),
    # Griff plays no part in it: Varag coaches both teams.
    ("one coach's submitted fixture", ["withdraw", *DICE], [], ["confirm", "dispute", *DICE],
     ["confirm", "dispute", *DICE]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("scenario", "home", "away", "commissioner_may", "staff_may"),
    OFFERED,
    indirect=["scenario"],
    ids=[row[0] for row in OFFERED],
)
def test_each_user_is_offered_the_actions_of_his_part_in_the_match(
    scenario, people, home, away, commissioner_may, staff_may
) -> None:
    expected = {
        "home": home,
        "away": away,
        "commissioner": commissioner_may,
        "staff": staff_may,
        "outsider": [],
    }
    offered = {who: actions_for(user, scenario) for who, user in people.items()}
    assert offered == expected
    assert actions_for(AnonymousUser(), scenario) == []


def attempt(action: str, match: Match, user) -> str:
    """Does `action` as `user` and undoes it: "done", "denied" or "refused"."""

    class Undo(Exception):
        pass

    # Each coach rolls his own post-game dice: the away coach's are "... for away".
    side = "away" if user.pk == match.away.coach_id != match.home.coach_id else "home"
    form = {**FORM, "purpose": f"winnings for {side}"}
    try:
        with transaction.atomic():
            PERFORM[action](fresh(match), user, form)
            raise Undo
    except Undo:
        return "done"
    except PermissionDenied:
        return "denied"
    except Refused:
        return "refused"


@pytest.mark.parametrize(
    "scenario", [row[0] for row in OFFERED], indirect=True, ids=[row[0] for row in OFFERED]
)
def test_every_action_offered_is_done_and_every_other_refused(scenario, people) -> None:
    for who, user in people.items():
        offered = actions_for(user, scenario)
        for action in PERFORM:
            outcome = attempt(action, scenario, user)
            if action in offered:
                assert outcome == "done", (who, action)
            else:
                assert outcome in ("denied", "refused"), (who, action)
    assert fresh(scenario).status == scenario.status  # every attempt was undone


def test_the_page_says_what_each_action_did() -> None:
    # A correction has a page of its own (matches/amend/correct_views.py), which says it there.
    assert set(PERFORM) - {"correct"} == set(views.DONE)


# --- Reading the forms ---


def test_the_report_form_reads_its_numbers_and_date(friendly, home_coach) -> None:
    PERFORM["report"](
        friendly,
        home_coach,
        {"played_on": " 2025-03-01 ", "home_touchdowns": " 3 ", "away_touchdowns": 0},
    )
    report = report_of(fresh(friendly))
    assert (report.played_on, report.home_touchdowns, report.away_touchdowns) == (
        datetime.date(2025, 3, 1),
        3,
        0,
    )


def test_the_report_form_takes_a_date_object_from_the_api(friendly, home_coach) -> None:
    PERFORM["report"](
        friendly, home_coach, {"played_on": PLAYED, "home_touchdowns": 1, "away_touchdowns": 1}
    )
    assert report_of(fresh(friendly)).played_on == PLAYED


@pytest.mark.parametrize(
    ("form", "expected"),
    [
        (
            {"played_on": "1/3/2025", "home_touchdowns": "1", "away_touchdowns": "1"},
            [("played_on", "Give the date as YYYY-MM-DD.")],
        ),
        (
            {"played_on": "", "home_touchdowns": "1", "away_touchdowns": "1"},
            [("played_on", "Give the date the match was played.")],
        ),
        (
            {"played_on": "2025-03-01", "home_touchdowns": "", "away_touchdowns": "1"},
            [("home_touchdowns", "Gouged Eye's touchdowns must be a whole number.")],
        ),
        (
            {"played_on": "2025-03-01", "home_touchdowns": "1.5", "away_touchdowns": "1"},
            [("home_touchdowns", "Gouged Eye's touchdowns must be a whole number.")],
        ),
        (
            {"played_on": "2025-03-01", "home_touchdowns": "1", "away_touchdowns": "1,000"},
            [("away_touchdowns", "Da Krumpers's touchdowns are 0 to 24, not 1000.")],
        ),
        (
            {"played_on": "2025-03-01", "home_touchdowns": True, "away_touchdowns": "1"},
            [("home_touchdowns", "Gouged Eye's touchdowns must be a whole number.")],
        ),
        ({}, [
            ("home_touchdowns", "Gouged Eye's touchdowns must be a whole number."),
            ("away_touchdowns", "Da Krumpers's touchdowns must be a whole number."),
            ("played_on", "Give the date the match was played."),
        ]),
    ],
)  # fmt: skip
def test_the_report_form_refuses_what_it_cannot_read_naming_the_field(
    friendly, home_coach, form, expected
) -> None:
    with pytest.raises(Refused) as refused:
        PERFORM["report"](friendly, home_coach, form)
    assert [(p.field, p.message) for p in refused.value.problems] == expected


@pytest.mark.parametrize("values", ["3 5", "3,5", " 3 , 5 ", ["3", "5"], [3, 5], (3, 5)])
def test_the_dice_form_reads_dice_typed_or_sent_as_a_list(friendly, home_coach, values) -> None:
    roll = PERFORM["dice_entered"](
        friendly, home_coach, {"purpose": "gate", "notation": "2D6", "values": values}
    )
    assert roll.values == [3, 5]


def test_the_dice_form_without_dice_is_refused_by_count(friendly, home_coach) -> None:
    with pytest.raises(Refused) as refused:
        PERFORM["dice_entered"](friendly, home_coach, {"purpose": "gate", "notation": "2D6"})
    assert [(p.field, p.message) for p in refused.value.problems] == [
        ("values", "A 2D6 roll needs 2 dice, not 0")
    ]


def test_a_match_without_a_report_has_no_submitter(friendly, home_coach) -> None:
    assert report_of(friendly) is None
    assert submitter_id(friendly) is None
    submitted(friendly, home_coach)
    assert submitter_id(fresh(friendly)) == home_coach.pk
