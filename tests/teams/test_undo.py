"""Undo for people: a commissioner of the team's league (never on his own team) or site staff
takes back one ledger entry with a written reason, through the service, the roster page and
the API. The undo applies every later entry again without it, or is refused naming the later
entry that no longer fits, and then nothing is written."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.test import Client
from rest_framework.test import APIClient

from league.services import league_create, league_update, membership_decide, membership_request
from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from teams.advancement import improvement_choose, improvement_roll
from teams.between_matches import player_leave, team_adjust, team_purchase
from teams.ledger_rows import ledger_differences
from teams.models import ImprovementRoll, LedgerEntry, Team
from teams.rebuild import RebuildRefused
from teams.roster import roster
from teams.undo import entry_undo, may_undo
from tests.teams.helpers import orc_team, record
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

LINEMAN_BOUGHT = "Bought 1 × Lineman for 50,000 gp"
REASON = "Bought by mistake: the coach meant a Thrower"


@pytest.fixture
def commissioner(db):
    return get_user_model().objects.create_user("nuffle", password="kick-off-1")


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_user("ref", password="whistle-blown-1", is_staff=True)


@pytest.fixture
def league(commissioner, lrb6):
    return league_create(commissioner, "Old World Classic", lrb6)


@pytest.fixture
def team(league, commissioner, coach, lrb6) -> Team:
    """Gouged Eye (70,000 in the treasury), approved into the commissioner's league."""
    team = orc_team(coach, lrb6)
    membership_decide(membership_request(league, coach, team), commissioner, approve=True)
    return team


@pytest.fixture
def bought(team, coach) -> Team:
    """#2: the coach buys a Lineman (#12) for 50,000: 70,000 - 50,000 = 20,000 left."""
    return team_purchase(team, coach, Purchase("player", "Lineman"))


def entry(team: Team, sequence: int) -> LedgerEntry:
    return team.ledger.select_related("cause").get(sequence=sequence)


def messages(refused: pytest.ExceptionInfo[TeamRefused]) -> list[tuple[str, str]]:
    return [(problem.field, problem.message) for problem in refused.value.problems]


def undo_url(team: Team, sequence: int) -> str:
    return f"/teams/{team.pk}/ledger/{sequence}/undo/"


def api_undo_url(team: Team, sequence: int) -> str:
    return f"/api/teams/{team.pk}/ledger/{sequence}/undo/"


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api_as(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def history(html: str) -> dict[int, tuple[bool, str]]:
    """The roster page's History: each entry's sequence -> (marked undone, its text without
    tags, whitespace squeezed)."""
    lines = re.findall(
        r'<li value="(\d+)" id="entry-\1"( class="undone")?>(.*?)</li>', html, flags=re.S
    )
    return {
        int(sequence): (bool(undone), " ".join(re.sub(r"<[^>]+>", " ", text).split()))
        for sequence, undone, text in lines
    }


# --- Undoing, with a reason ---


def test_a_commissioner_undoes_a_player_purchase_with_a_reason(bought, commissioner) -> None:
    [reversal] = entry_undo(entry(bought, 2), commissioner, f"  {REASON} ")
    bought.refresh_from_db()
    assert bought.treasury == 70_000  # 20,000 + the Lineman's 50,000 back
    assert not bought.players.on_roster().filter(number=12).exists()
    assert roster(bought).value == 930_000  # as built: 11 players, no 12th Lineman
    assert (reversal.sequence, reversal.kind, reversal.reverses_id) == (
        3,
        "reversal",
        entry(bought, 2).pk,
    )
    # The reason is kept stripped, in the summary and in the cause that asked for the undo.
    assert reversal.summary == f"Reverses #2 ({LINEMAN_BOUGHT}): {REASON}"
    assert reversal.actor == commissioner
    cause = reversal.cause
    assert (cause.kind, cause.actor) == ("undo", commissioner)
    assert cause.request == {"team": bought.pk, "entry": 2, "reason": REASON}
    assert ledger_differences(bought) == []


def test_a_commissioner_undoes_a_reroll_bought_after_his_credit(team, coach, commissioner):
    # 70,000 + 50,000 credited = 120,000; an Orc re-roll between matches costs double:
    # 2 x 60,000 = 120,000, which leaves 0 gp and 3 re-rolls.
    team = team_adjust(team, commissioner, "Prize for the best-painted team", 50_000)
    team = team_purchase(team, coach, Purchase("reroll", None, 1))
    assert (team.treasury, team.rerolls) == (0, 3)
    entry_undo(entry(team, 3), commissioner, "Bought before the prize was confirmed")
    team.refresh_from_db()
    # The re-roll's 120,000 back; the credit before it stands.
    assert (team.treasury, team.rerolls) == (120_000, 2)
    assert entry(team, 4).summary == (
        "Reverses #3 (Bought 1 × re-roll for 120,000 gp): Bought before the prize was confirmed"
    )
    assert ledger_differences(team) == []


def test_later_entries_are_reversed_and_applied_again_without_the_undone_one(
    bought, commissioner
) -> None:
    # #3: 20,000 + 10,000 = 30,000. Without #2 the credit meets 70,000: 80,000.
    team_adjust(bought, commissioner, "Winnings of round 1", 10_000)
    written = entry_undo(entry(bought, 2), commissioner, REASON)
    assert [(e.sequence, e.kind, e.reverses_id) for e in written] == [
        (4, "reversal", entry(bought, 3).pk),  # latest first
        (5, "reversal", entry(bought, 2).pk),
        (6, "adjustment", None),
    ]
    assert written[2].summary == "Winnings of round 1 (#3 applied again)"
    bought.refresh_from_db()
    assert bought.treasury == 80_000
    assert ledger_differences(bought) == []
    # The entry applied again is an ordinary entry: it may be undone in its turn.
    entry_undo(entry(bought, 6), commissioner, "Round 1 was replayed")
    bought.refresh_from_db()
    assert bought.treasury == 70_000


def test_a_reason_of_200_characters_is_kept_whole_in_the_cause_and_cut_in_the_summary(
    bought, commissioner
) -> None:
    reason = "r" * 200  # the most a summary holds; "Reverses #2 (...): " makes it longer
    [reversal] = entry_undo(entry(bought, 2), commissioner, reason)
    assert reversal.cause.request["reason"] == reason
    assert len(reversal.summary) == 200
    assert reversal.summary.startswith(f"Reverses #2 ({LINEMAN_BOUGHT}): rrr")
    assert reversal.summary.endswith("r…")


# --- Refused: a later entry no longer fits ---


def test_undoing_a_purchase_is_refused_when_the_player_was_later_fired(bought, coach, commissioner):
    bought = player_leave(bought, coach, bought.players.get(number=12), "fired")
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        entry_undo(entry(bought, 2), commissioner, REASON)
    # Without the purchase there is no Lineman 12 to fire.
    assert refused.value.entry.sequence == 3
    assert messages(refused) == [
        (
            "entry",
            "Entry #3 of Gouged Eye (#12 Lineman 12 fired) would no longer fit: Player p12 is "
            "not on the team any more.",
        )
    ]


@pytest.fixture
def advanced(team, coach, commissioner) -> Team:
    """#2: the commissioner's 6 SPP to #1 Lineman 1 (one roll due), #3: his roll of 3 and 4,
    #4: Block from it, for 20,000 of value."""
    lineman = team.players.get(number=1)
    team = team_adjust(team, commissioner, "SPP from the round 1 paper report", 0, lineman, 6)
    roll = improvement_roll(team, coach, lineman, (3, 4))
    return improvement_choose(team, coach, roll, "Block")


def test_undoing_an_improvement_choice_frees_the_roll_to_choose_again(
    advanced, coach, commissioner
) -> None:
    [reversal] = entry_undo(entry(advanced, 4), commissioner, "Block was picked by mistake")
    assert reversal.summary.startswith("Reverses #4 (#1 Lineman 1: improvement roll 1 (3+4, ")
    lineman = advanced.players.get(number=1)
    roll = lineman.improvements.get()
    assert (roll.number, roll.die1, roll.die2, roll.choice) == (1, 3, 4, "")
    assert (lineman.skills, lineman.value_increase, lineman.spp) == ([], 0, 6)
    assert roster(advanced).value == 930_000  # the 20,000 of Block gone
    # The same roll, chosen again: Tackle is as legal on 3+4 as Block was.
    team = improvement_choose(advanced, coach, roll, "Tackle")
    lineman.refresh_from_db()
    assert (lineman.skills, lineman.value_increase) == (["Tackle"], 20_000)
    assert roster(team).value == 950_000  # 930,000 + 20,000
    assert ledger_differences(team) == []


def test_undoing_a_roll_whose_choice_stands_is_refused_naming_the_choice(
    advanced, commissioner
) -> None:
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        entry_undo(entry(advanced, 3), commissioner, "The dice fell off the table")
    assert refused.value.entry.sequence == 4
    [(field, message)] = messages(refused)
    assert field == "entry"
    assert message.startswith(
        "Entry #4 of Gouged Eye (#1 Lineman 1: improvement roll 1 (3+4, rolled at the table) "
        "→ Block, value +20,000) would no longer fit: "
    )


def test_undoing_the_spp_a_roll_stands_on_is_refused_naming_the_roll(advanced, commissioner):
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        entry_undo(entry(advanced, 2), commissioner, "Paper report was wrong")
    # Without the 6 SPP no roll is due (0 SPP): the roll is the first entry that fails.
    assert messages(refused) == [
        (
            "entry",
            "Entry #3 of Gouged Eye (#1 Lineman 1: improvement roll 1 (3+4, rolled at the table))"
            " would no longer fit: Lineman 1 has no improvement roll due (0 SPP).",
        )
    ]


def test_undoing_a_roll_not_yet_chosen_from_takes_the_roll_away(team, coach, commissioner):
    lineman = team.players.get(number=1)
    team = team_adjust(team, commissioner, "SPP from the round 1 paper report", 0, lineman, 6)
    improvement_roll(team, coach, lineman, (3, 4))
    entry_undo(entry(team, 3), commissioner, "Rolled for the wrong player")
    assert not ImprovementRoll.objects.filter(player=lineman).exists()
    # The roll is due again: the coach rolls anew.
    assert improvement_roll(team, coach, lineman, (5, 5)).number == 1


# --- Who may undo ---


def test_the_teams_own_coach_may_not_undo_through_the_service(bought, coach) -> None:
    assert not may_undo(coach, bought)
    with unchanged(), pytest.raises(PermissionDenied, match="Only a commissioner"):
        entry_undo(entry(bought, 2), coach, REASON)


def test_the_teams_own_coach_gets_403_on_the_page_and_the_api(bought, coach) -> None:
    client, api = logged_in(coach), api_as(coach)
    with unchanged():
        assert client.post(undo_url(bought, 2), {"reason": REASON}).status_code == 403
        response = api.post(api_undo_url(bought, 2), {"reason": REASON}, format="json")
        assert response.status_code == 403
    # No undo form offered to him either.
    html = client.get(f"/teams/{bought.pk}/").content.decode()
    assert 'aria-label="Undo #2"' not in html
    assert "undo-reason-" not in html


def test_a_visitor_is_sent_to_log_in_on_the_page_and_refused_by_the_api(bought) -> None:
    with unchanged():
        response = Client().post(undo_url(bought, 2), {"reason": REASON})
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")
        response = APIClient().post(api_undo_url(bought, 2), {"reason": REASON}, format="json")
        assert response.status_code == 401  # token authentication first: 401, not 403
    assert not may_undo(AnonymousUser(), bought)
    assert "undo-reason-" not in Client().get(f"/teams/{bought.pk}/").content.decode()


def test_another_coach_and_a_commissioner_of_another_league_may_not_undo(
    bought, rival, lrb6
) -> None:
    stranger = get_user_model().objects.create_user("varag")
    league_create(stranger, "Badlands Cup", lrb6)  # commissioner, but not of Gouged Eye's
    for outsider in (rival, stranger):
        assert not may_undo(outsider, bought)
        with unchanged(), pytest.raises(PermissionDenied):
            entry_undo(entry(bought, 2), outsider, REASON)


def test_a_commissioner_may_not_undo_on_his_own_team(league, commissioner, lrb6) -> None:
    own = orc_team(commissioner, lrb6, "Nuffle's Own")
    membership_decide(membership_request(league, commissioner, own), commissioner, approve=True)
    own = team_purchase(own, commissioner, Purchase("player", "Lineman"))
    with unchanged(), pytest.raises(PermissionDenied):
        entry_undo(entry(own, 2), commissioner, "I want my gold back")


def test_site_staff_undo_on_a_team_in_no_league(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    team = team_purchase(team, coach, Purchase("player", "Lineman"))
    response = api_as(staff_user).post(api_undo_url(team, 2), {"reason": REASON}, format="json")
    assert response.status_code == 201
    team.refresh_from_db()
    assert team.treasury == 70_000  # 20,000 + 50,000


def test_site_staff_may_not_undo_on_their_own_team(staff_user, lrb6) -> None:
    own = orc_team(staff_user, lrb6, "Referee's Reserves")
    own = team_purchase(own, staff_user, Purchase("player", "Lineman"))
    with unchanged(), pytest.raises(PermissionDenied):
        entry_undo(entry(own, 2), staff_user, "I want my gold back")


# --- Entries that cannot be undone ---


def test_undoing_twice_is_refused_by_name_not_by_the_database(bought, commissioner) -> None:
    entry_undo(entry(bought, 2), commissioner, REASON)
    expected = [("entry", "Entry #2 was undone already, by #3.")]
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry(bought, 2), commissioner, REASON)
    assert messages(refused) == expected
    client, api = logged_in(commissioner), api_as(commissioner)
    with unchanged():
        response = client.post(undo_url(bought, 2), {"reason": REASON})
        assert response.status_code == 400
        html = response.content.decode()
        assert "Not undone:" in html
        assert "Entry #2 was undone already, by #3." in html
        response = api.post(api_undo_url(bought, 2), {"reason": REASON}, format="json")
        assert response.status_code == 400
        assert response.json() == {"entry": ["Entry #2 was undone already, by #3."]}


def test_an_entry_reversed_by_a_later_undo_counts_as_undone(bought, commissioner) -> None:
    # Undoing #2 reverses #3 (as #4) to apply it again (as #6): #3 itself is undone.
    team_adjust(bought, commissioner, "Winnings of round 1", 10_000)
    entry_undo(entry(bought, 2), commissioner, REASON)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry(bought, 3), commissioner, REASON)
    assert messages(refused) == [("entry", "Entry #3 was undone already, by #4.")]


def test_an_undo_cannot_be_undone(bought, commissioner) -> None:
    entry_undo(entry(bought, 2), commissioner, REASON)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry(bought, 3), commissioner, "Undo the undo")
    assert messages(refused) == [
        ("entry", "Entry #3 is itself an undo; it cannot be undone in turn.")
    ]


def test_the_creation_cannot_be_undone(team, commissioner) -> None:
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry(team, 1), commissioner, "Never existed")
    assert messages(refused) == [("entry", "Entry #1 created the team: retire the team instead.")]


def test_an_entry_of_a_match_report_points_to_correcting_the_report(team, commissioner) -> None:
    record(team, "report", "Round 1 against the Reavers", commissioner,
           [{"op": "treasury", "amount": 10_000}])  # fmt: skip
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry(team, 2), commissioner, "Wrong winnings")
    assert messages(refused) == [
        (
            "entry",
            "Entry #2 comes from a match report: revert the match report on its match's page "
            "instead, and every team it touched is rebuilt.",
        )
    ]


# --- The reason ---


@pytest.mark.parametrize(
    ("reason", "message"),
    [
        ("", "Write the reason for the undo."),
        ("   \n", "Write the reason for the undo."),
        ("r" * 201, "The reason may be at most 200 characters, not 201."),
    ],
)
def test_an_empty_or_too_long_reason_is_refused_naming_the_field(
    bought, commissioner, reason, message
) -> None:
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry(bought, 2), commissioner, reason)
    assert messages(refused) == [("reason", message)]
    client = logged_in(commissioner)
    with unchanged():
        response = client.post(undo_url(bought, 2), {"reason": reason})
        assert response.status_code == 400
        assert message in response.content.decode()
        response = api_as(commissioner).post(
            api_undo_url(bought, 2), {"reason": reason}, format="json"
        )
        assert response.status_code == 400
        assert list(response.json()) == ["reason"]


def test_a_reason_holding_a_nul_character_is_refused_everywhere(bought, commissioner) -> None:
    # PostgreSQL refuses NUL in text; SQLite would keep it, so the service says so itself.
    reason = "Typo\x00"
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry(bought, 2), commissioner, reason)
    assert messages(refused) == [("reason", "The reason may not contain a NUL character.")]
    client = logged_in(commissioner)
    with unchanged():
        # A posted form is refused before the view (rules.plumbing.responses), naming the field.
        response = client.post(undo_url(bought, 2), {"reason": reason})
        assert response.status_code == 400
        assert "The field &#x27;reason&#x27; may not contain a NUL character." in (
            response.content.decode()
        )
        response = api_as(commissioner).post(
            api_undo_url(bought, 2), {"reason": reason}, format="json"
        )
        assert response.status_code == 400
        assert list(response.json()) == ["reason"]


def test_a_missing_reason_and_an_entry_that_cannot_be_undone_are_both_named(team, commissioner):
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry(team, 1), commissioner, "")
    assert [field for field, _message in messages(refused)] == ["reason", "entry"]


# --- The roster page ---


def test_the_roster_page_undoes_an_entry_and_marks_it_undone(bought, commissioner) -> None:
    client = logged_in(commissioner)
    html = client.get(f"/teams/{bought.pk}/").content.decode()
    # The purchase has its form; the creation has none.
    assert 'id="undo-reason-2"' in html
    assert 'aria-label="Undo #2"' in html
    assert 'id="undo-reason-1"' not in html
    response = client.post(undo_url(bought, 2), {"reason": REASON})
    assert response.status_code == 302
    assert response["Location"] == f"/teams/{bought.pk}/"
    html = client.get(response["Location"]).content.decode()
    assert f"Undid #2: {LINEMAN_BOUGHT}." in html
    lines = history(html)
    assert sorted(lines) == [1, 2, 3]
    undone, text = lines[2]
    assert undone
    assert text.endswith(f"{LINEMAN_BOUGHT} (undone by #3 )")
    undone, text = lines[3]
    assert not undone
    assert f"by nuffle: Reverses #2 ({LINEMAN_BOUGHT}): {REASON}" in text
    # Neither the undone entry nor the undo offers a form any more.
    assert "undo-reason-2" not in html
    assert "undo-reason-3" not in html
    bought.refresh_from_db()
    assert bought.treasury == 70_000


def test_the_roster_page_names_the_later_entry_in_the_way(bought, coach, commissioner) -> None:
    player_leave(bought, coach, bought.players.get(number=12), "fired")
    client = logged_in(commissioner)
    with unchanged():
        response = client.post(undo_url(bought, 2), {"reason": REASON})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Not undone:" in html
    assert "Entry #3 of Gouged Eye (#12 Lineman 12 fired) would no longer fit" in html
    assert not any(undone for undone, _text in history(html).values())


def test_an_unknown_sequence_is_404_on_the_page_and_the_api(bought, commissioner) -> None:
    client = logged_in(commissioner)  # logging in writes last_login: before the snapshot
    with unchanged():
        response = client.post(undo_url(bought, 99), {"reason": REASON})
        assert response.status_code == 404
        response = api_as(commissioner).post(
            api_undo_url(bought, 99), {"reason": REASON}, format="json"
        )
        assert response.status_code == 404


# --- The API ---


def test_the_api_answers_the_entries_written(bought, commissioner) -> None:
    team_adjust(bought, commissioner, "Winnings of round 1", 10_000)
    api = api_as(commissioner)
    response = api.post(api_undo_url(bought, 2), {"reason": REASON}, format="json")
    assert response.status_code == 201
    written = response.json()
    assert [(e["sequence"], e["kind"], e["reverses"]) for e in written] == [
        (4, "reversal", 3),
        (5, "reversal", 2),
        (6, "adjustment", None),
    ]
    reversal = written[1]
    assert reversal["summary"] == f"Reverses #2 ({LINEMAN_BOUGHT}): {REASON}"
    assert reversal["actor"] == "nuffle"
    assert reversal["cause"]["kind"] == "undo"
    assert reversal["cause"] == written[0]["cause"]  # one undo, one cause
    assert written[2]["cause"]["kind"] == "adjustment"  # the credit's own cause, again
    # The Lineman's 50,000 comes back; the reversal of the credit takes its 10,000.
    assert {"op": "treasury", "amount": 50_000} in reversal["deltas"]
    assert {"op": "treasury", "amount": -10_000} in written[0]["deltas"]
    assert [e["reversed_by"] for e in written] == [None, None, None]


def test_the_api_ledger_names_who_undid_each_entry(bought, commissioner) -> None:
    api = api_as(commissioner)
    assert api.post(api_undo_url(bought, 2), {"reason": REASON}, format="json").status_code == 201
    entries = {e["sequence"]: e for e in api.get(f"/api/teams/{bought.pk}/ledger/").json()}
    assert [(s, e["reverses"], e["reversed_by"]) for s, e in sorted(entries.items())] == [
        (1, None, None),
        (2, None, 3),
        (3, 2, None),
    ]


# --- A private league's reasons ---

SECRET_ADJUSTMENT = "Round 3 paper report: Nuffle owes Varag"
SECRET_UNDO = "Varag paid Nuffle back in person"


@pytest.fixture
def private_undo(team, league, commissioner) -> Team:
    """In a private league: #2 the commissioner's credit with his reason, #3 its undo."""
    league_update(league, commissioner, {"public": False})
    team = team_adjust(team, commissioner, SECRET_ADJUSTMENT, 20_000)
    entry_undo(entry(team, 2), commissioner, SECRET_UNDO)
    return team


def readings(team: Team) -> list[str]:
    """The team's ledger as a visitor reads it, on the API and on the roster page."""
    return [
        APIClient().get(f"/api/teams/{team.pk}/ledger/").content.decode(),
        Client().get(f"/teams/{team.pk}/").content.decode(),
    ]


def test_a_visitor_does_not_read_a_private_adjustments_reason_in_its_undo(private_undo):
    # The adjustment itself shows only HIDDEN_CAUSE; its undo must not quote it either.
    for text in readings(private_undo):
        assert SECRET_ADJUSTMENT not in text


def test_a_visitor_does_not_read_a_private_commissioners_reason_for_an_undo(private_undo):
    # A commissioner's written reason is for the league's members, as an adjustment's is.
    for text in readings(private_undo):
        assert "nuffle" not in text
        assert SECRET_UNDO not in text


def test_the_commissioner_reads_both_reasons_in_the_undo(private_undo, commissioner) -> None:
    text = api_as(commissioner).get(f"/api/teams/{private_undo.pk}/ledger/").content.decode()
    assert f"Reverses #2 ({SECRET_ADJUSTMENT}): {SECRET_UNDO}" in text
