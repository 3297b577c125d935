"""Match pages (matches/views.py): one page per match with its report, dice and steps, one
view every action posts to, the friendly offer and the list of what waits for the visitor;
and the league's season page, which reads each fixture's result from its match."""

from __future__ import annotations

import html

import pytest

from league.models import Fixture
from league.seasons import fixture_forfeit
from matches import workflow
from matches.dice import dice_enter, dice_roll
from matches.models import DiceRoll, Match, MatchStep
from matches.services import friendly_offer
from rules.selectors import version_get
from tests.matches.helpers import PLAYED, confirmed, disputed, drafted, fresh, submitted
from tests.teams.helpers import cells, dwarf_team, orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

# The score, and the MVPs left for the server to draw (a report is not submitted without).
REPORT = {
    "played_on": PLAYED.isoformat(),
    "home_touchdowns": "2",
    "away_touchdowns": "1",
    "server_rolls": "on",
}


def text(page) -> str:
    return html.unescape(page.content.decode())


def url(match: Match, action: str = "") -> str:
    return f"/matches/{match.pk}/{action}/" if action else f"/matches/{match.pk}/"


def post(client, match: Match, action: str, data: dict | None = None):
    return client.post(url(match, action), data or {})


def offers(client, match: Match, action: str) -> bool:
    """Whether the page shows the visitor a form that posts `action`."""
    page = client.get(url(match))
    assert page.status_code == 200
    return f'action="{url(match, action)}"' in page.content.decode()


def done(client, page, match: Match) -> str:
    """The page a successful action redirects to, with its message."""
    assert page.status_code == 302, text(page)
    assert page["Location"] == url(match)
    return text(client.get(url(match)))


# --- The match page ---


def test_the_match_page_shows_score_dice_and_steps(
    client, friendly, home_coach, away_coach
) -> None:
    drafted(friendly, home_coach, 2, 1)
    dice_enter(friendly, home_coach, "casualty for #7", "D68", [4, 7])
    roll = dice_roll(friendly, away_coach, "winnings, away", "2D6")
    workflow.report_submit(friendly, home_coach)
    client.force_login(away_coach)
    page = text(client.get(url(friendly)))
    assert "Gouged Eye 2–1 Da Krumpers" in page
    assert "Played Sat 1 Mar 2025 · submitted by varag" in page
    header, *rolls = cells(page, "table", "dice-log")
    assert header == ["For", "Roll", "Dice", "Reads", "Source", "By"]
    mvps = [row for row in rolls if row[0].startswith("MVP for ")]
    assert [(row[0], row[1], row[4], row[5]) for row in mvps] == [
        ("MVP for home", "1 of 11", "rolled (seeded)", "varag"),
        ("MVP for away", "1 of 11", "rolled (seeded)", "varag"),
    ]  # drawn when the draft was saved
    assert [row for row in rolls if row not in mvps] == [
        ["casualty for #7", "D68", "4 7", "47", "entered", "varag"],
        [
            "winnings, away", "2D6", " ".join(map(str, roll.values)), str(roll.total),
            "rolled (seeded)", "griff",
        ],
    ]  # fmt: skip
    [steps] = cells(page, "ol", "steps")
    assert [step.split(": ", 1)[1] for step in steps] == [
        "offer by varag",
        "accept by griff",
        "draft by varag",
        "submit by varag",
    ]
    assert "report submitted" in page


def test_the_page_shows_who_took_part(client, friendly, home_coach) -> None:
    drafted(friendly, home_coach)
    client.force_login(home_coach)
    [players] = cells(text(client.get(url(friendly))), "ul", "participants")
    assert len(players) == 22
    assert "Gouged Eye: #1 Lineman 1" in players
    assert "Da Krumpers: #11 Black Orc Blocker 11" in players


def test_a_dispute_shows_its_reason_among_the_steps(
    client, friendly, home_coach, away_coach
) -> None:
    disputed(friendly, home_coach, away_coach, "It was 2-2.")
    client.force_login(home_coach)
    assert "dispute by griff: “It was 2-2.”" in text(client.get(url(friendly)))


def test_anyone_reads_a_confirmed_friendly(client, friendly, home_coach, away_coach) -> None:
    confirmed(friendly, home_coach, away_coach, 3, 1)
    page = client.get(url(friendly))
    assert page.status_code == 200
    assert "Gouged Eye 3–1 Da Krumpers" in text(page)
    assert f'action="/matches/{friendly.pk}/' not in page.content.decode()  # nothing to do


def test_a_draft_s_score_is_hidden_from_an_outsider_of_a_public_league(
    client, fixture_match, home_coach, outsider
) -> None:
    drafted(fixture_match, home_coach, 5, 4)
    for visitor in (None, outsider):
        if visitor:
            client.force_login(visitor)
        page = text(client.get(url(fixture_match)))
        assert "5–4" not in page
        assert "The report is a draft: only the coaches and those who settle" in page
    client.force_login(home_coach)
    assert "Gouged Eye 5–4 Da Krumpers" in text(client.get(url(fixture_match)))


def test_the_commissioner_reads_the_draft(client, fixture_match, home_coach, commissioner):
    drafted(fixture_match, home_coach, 5, 4)
    client.force_login(commissioner)
    assert "Gouged Eye 5–4 Da Krumpers" in text(client.get(url(fixture_match)))


def test_a_match_not_yet_played_says_so(client, fixture_match) -> None:
    assert "Not played yet." in text(client.get(url(fixture_match)))


def test_a_fixture_s_page_leads_back_to_its_season(client, fixture_match) -> None:
    fixture = Fixture.objects.select_related("season__league").get(match=fixture_match)
    league = fixture.season.league
    page = text(client.get(url(fixture_match)))
    assert f'href="/leagues/{league.pk}/seasons/1/"' in page
    assert "Old World Classic · Season 1 · round 1" in page


def test_a_private_league_s_match_is_not_found_by_outsiders(
    client, commissioner, lrb6, home_team, away_team, home_coach, outsider
) -> None:
    from league.seasons import season_start
    from tests.matches.conftest import home_at_home, league_of

    league = league_of(commissioner, lrb6, [home_team, away_team], public=False)
    match = home_at_home(season_start(league, commissioner, "round_robin"), home_team)
    assert client.get(url(match)).status_code == 404
    client.force_login(outsider)
    assert client.get(url(match)).status_code == 404
    with unchanged():
        assert post(client, match, "report", REPORT).status_code == 404
    client.force_login(home_coach)
    assert client.get(url(match)).status_code == 200


def test_a_match_that_does_not_exist_is_not_found(client, db) -> None:
    assert client.get("/matches/999999/").status_code == 404


def test_a_forfeit_shows_the_forfeit_score_and_who_forfeited(
    client, fixture_match, commissioner, away_team
) -> None:
    fixture_forfeit(Fixture.objects.get(match=fixture_match), commissioner, away_team)
    page = text(client.get(url(fixture_match)))
    assert "Gouged Eye 2–0 Da Krumpers" in page
    assert "Da Krumpers forfeited" in page
    assert "Played " not in page
    assert "forfeit by nuffle: “Da Krumpers forfeits.”" in page


# --- Every action posts and redirects ---


def test_a_friendly_goes_from_offer_to_confirmed_through_the_page(
    client, home_coach, away_coach, home_team, away_team
) -> None:
    match = friendly_offer(home_coach, home_team, away_team)
    client.force_login(away_coach)
    assert offers(client, match, "accept")
    assert offers(client, match, "decline")
    page = done(client, post(client, match, "accept"), match)
    assert "Friendly accepted: it is to play." in page
    assert offers(client, match, "report")
    assert offers(client, match, "dice_entered")
    assert 'formaction="' + url(match, "dice_rolled") + '"' in text(client.get(url(match)))

    page = done(client, post(client, match, "report", REPORT), match)
    assert "Report saved as a draft." in page
    assert 'value="2025-03-01"' in page  # the draft fills the form again
    page = done(client, post(client, match, "submit"), match)
    assert "Report submitted: it waits for the opposing coach." in page
    assert offers(client, match, "withdraw")
    assert not offers(client, match, "confirm")

    client.force_login(home_coach)
    assert offers(client, match, "confirm")
    assert offers(client, match, "dispute")
    page = done(client, post(client, match, "dispute", {"reason": "It was 2-2."}), match)
    assert "Report disputed: the submitting coach has been told why." in page
    client.force_login(away_coach)
    done(client, post(client, match, "report", {**REPORT, "home_touchdowns": "2",
                                                "away_touchdowns": "2"}), match)  # fmt: skip
    done(client, post(client, match, "submit"), match)
    client.force_login(home_coach)
    page = done(client, post(client, match, "confirm"), match)
    assert "Report confirmed." in page
    assert "Gouged Eye 2–2 Da Krumpers" in page
    assert fresh(match).status == "confirmed"
    assert [step.action for step in MatchStep.objects.filter(match=match)] == [
        "offer", "accept", "draft", "submit", "dispute", "draft", "submit", "confirm",
    ]  # fmt: skip


def test_the_offered_coach_declines_and_the_offering_coach_withdraws(
    client, home_coach, away_coach, home_team, away_team
) -> None:
    declined = friendly_offer(home_coach, home_team, away_team)
    client.force_login(away_coach)
    assert "Decline" in text(client.get(url(declined)))
    assert "Friendly declined." in done(client, post(client, declined, "decline"), declined)
    withdrawn = friendly_offer(home_coach, home_team, away_team)
    client.force_login(home_coach)
    assert "Withdraw the offer" in text(client.get(url(withdrawn)))
    assert not offers(client, withdrawn, "accept")
    done(client, post(client, withdrawn, "decline"), withdrawn)
    assert fresh(declined).status == fresh(withdrawn).status == "declined"


def test_the_submitter_withdraws_through_the_page(client, friendly, home_coach) -> None:
    submitted(friendly, home_coach)
    client.force_login(home_coach)
    page = done(client, post(client, friendly, "withdraw"), friendly)
    assert "Report withdrawn: it is a draft again." in page
    assert fresh(friendly).status == "draft"


def test_the_commissioner_approves_through_the_page(
    client, waiting_match, home_coach, away_coach, commissioner
) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    client.force_login(commissioner)
    assert offers(client, waiting_match, "approve")
    assert offers(client, waiting_match, "send_back")
    assert not offers(client, waiting_match, "report")
    page = done(client, post(client, waiting_match, "approve"), waiting_match)
    assert "Report approved." in page
    assert fresh(waiting_match).status == "approved"


def test_the_commissioner_sends_back_through_the_page(
    client, waiting_match, home_coach, away_coach, commissioner
) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    client.force_login(commissioner)
    page = post(client, waiting_match, "send_back", {"reason": "Wrong date"})
    assert "Report sent back to the coaches." in done(client, page, waiting_match)
    assert fresh(waiting_match).status == "draft"


def test_the_commissioner_settles_a_dispute_through_the_page(
    client, fixture_match, home_coach, away_coach, commissioner
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    client.force_login(commissioner)
    assert offers(client, fixture_match, "settle")
    page = post(client, fixture_match, "settle", {"reason": ""})
    assert "Dispute settled: the report stands." in done(client, page, fixture_match)
    assert fresh(fixture_match).status == "confirmed"


def test_dice_are_entered_and_rolled_through_the_page(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    page = post(
        client, friendly, "dice_entered", {"purpose": "gate", "notation": "2D6", "values": "3, 5"}
    )
    assert "Dice entered." in done(client, page, friendly)
    page = post(client, friendly, "dice_rolled", {"purpose": "weather", "notation": "2D6"})
    assert "Dice rolled." in done(client, page, friendly)
    assert list(DiceRoll.objects.values_list("purpose", "source")) == [
        ("gate", "entered"),
        ("weather", "rolled"),
    ]
    assert DiceRoll.objects.get(purpose="gate").values == [3, 5]


def test_a_league_of_entered_dice_offers_no_server_roll(
    client, commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    from league.seasons import season_start
    from tests.matches.conftest import home_at_home, league_of

    league = league_of(commissioner, lrb6, [home_team, away_team], dice_sources="entered")
    match = home_at_home(season_start(league, commissioner, "round_robin"), home_team)
    client.force_login(home_coach)
    page = text(client.get(url(match)))
    assert "Enter our dice" in page
    assert "Let the server roll" not in page
    with unchanged():
        refused = post(client, match, "dice_rolled", {"purpose": "gate", "notation": "2D6"})
    assert refused.status_code == 400
    assert "This match&#x27;s dice are entered, not rolled." in refused.content.decode()


# --- Refusals ---


def test_a_refused_post_shows_the_page_again_with_why_and_a_400(
    client, friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)
    client.force_login(away_coach)
    with unchanged():
        page = post(client, friendly, "dispute", {"reason": "  "})
    assert page.status_code == 400
    assert "Write why you dispute the report." in text(page)
    assert "Confirm the report" in text(page)  # the rest of the page is there


def test_a_report_with_a_bad_score_is_refused_keeping_what_was_typed(
    client, friendly, home_coach
) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = post(
            client, friendly, "report",
            {"played_on": "2025-03-01", "home_touchdowns": "-1", "away_touchdowns": "lots"},
        )  # fmt: skip
    assert page.status_code == 400
    body = text(page)
    assert "Gouged Eye's touchdowns are 0 to 24, not -1." in body  # LRB6's bound
    assert "Da Krumpers's touchdowns must be a whole number." in body
    assert 'value="lots"' in body
    assert 'value="-1"' in body


@pytest.mark.parametrize(
    ("played_on", "message"),
    [
        ("", "Give the date the match was played."),
        ("1 March", "Give the date as YYYY-MM-DD."),
        ("2999-01-01", "A match cannot be played in the future."),
    ],
)
def test_a_report_with_a_bad_date_is_refused(
    client, friendly, home_coach, played_on, message
) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = post(client, friendly, "report", {**REPORT, "played_on": played_on})
    assert page.status_code == 400
    assert message in text(page)


def test_a_second_confirmation_is_refused_saying_it_is_confirmed(
    client, friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)
    client.force_login(away_coach)
    done(client, post(client, friendly, "confirm"), friendly)
    with unchanged():
        page = post(client, friendly, "confirm")
    assert page.status_code == 400
    assert "is confirmed: it cannot be confirmed now." in text(page)
    assert MatchStep.objects.filter(match=friendly, action="confirm").count() == 1


def test_dice_out_of_range_are_refused_keeping_what_was_typed(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = post(
            client, friendly, "dice_entered",
            {"purpose": "casualty for #7", "notation": "D68", "values": "7 1"},
        )  # fmt: skip
    assert page.status_code == 400
    body = text(page)
    assert "Die 1 of a D68 roll reads 1 to 6, not 7" in body
    assert 'value="casualty for #7"' in body
    assert 'value="7 1"' in body


def test_an_outsider_may_not_act_on_a_match(client, friendly, home_coach, outsider) -> None:
    submitted(friendly, home_coach)
    client.force_login(outsider)
    assert not offers(client, friendly, "confirm")
    for action in ("confirm", "dispute", "report", "dice_rolled", "settle"):
        with unchanged():
            page = post(client, friendly, action, {"reason": "x", **REPORT})
        assert page.status_code == 403, action


def test_the_submitter_may_not_confirm_his_own_report(client, friendly, home_coach) -> None:
    submitted(friendly, home_coach)
    client.force_login(home_coach)
    assert not offers(client, friendly, "confirm")
    with unchanged():
        assert post(client, friendly, "confirm").status_code == 403


def test_a_coach_may_not_approve_or_settle(client, waiting_match, home_coach, away_coach) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    client.force_login(away_coach)
    with unchanged():
        assert post(client, waiting_match, "approve").status_code == 403
        assert post(client, waiting_match, "send_back", {"reason": "x"}).status_code == 403


def test_an_unknown_action_is_not_found(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        assert post(client, friendly, "explode").status_code == 404


def test_an_action_is_only_posted(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    assert client.get(url(friendly, "submit")).status_code == 405


def test_a_visitor_who_is_not_logged_in_is_sent_to_log_in(client, friendly) -> None:
    with unchanged():
        page = post(client, friendly, "report", REPORT)
    assert page.status_code == 302
    assert page["Location"].startswith("/accounts/login/")


# --- What waits ---


def test_the_waiting_page_lists_what_waits_and_the_matches_in_play(
    client, home_coach, away_coach, home_team, away_team, friendly
) -> None:
    offer = friendly_offer(home_coach, home_team, away_team)
    submitted(friendly, home_coach)
    client.force_login(away_coach)
    page = text(client.get("/matches/waiting/"))
    assert cells(page, "ul", "waiting") == [
        [
            "Gouged Eye v Da Krumpers: varag offers a friendly: accept or decline it.",
            "Gouged Eye v Da Krumpers: Confirm the report, or dispute it with a reason.",
        ]
    ]  # what waits longest first
    assert f'href="{url(offer)}"' in page
    assert f'href="{url(friendly)}"' in page
    [in_play] = cells(page, "ul", "match-list")
    assert len(in_play) == 2


def test_nothing_waits_on_a_quiet_day(client, outsider) -> None:
    client.force_login(outsider)
    page = text(client.get("/matches/waiting/"))
    assert "Nothing waits for you." in page
    assert cells(page, "ul", "match-list") == [["None."]]


def test_the_waiting_page_is_for_logged_in_coaches(client, db) -> None:
    page = client.get("/matches/waiting/")
    assert page.status_code == 302
    assert page["Location"].startswith("/accounts/login/")


# --- Offering a friendly ---


def test_the_offer_form_lists_other_coaches_teams_of_the_same_ruleset(
    client, home_coach, home_team, away_team, outsider, lrb6
) -> None:
    orc_team(home_coach, lrb6, "Gouged Eye Reserves")
    dwarf_team(outsider, version_get("gdbbl"))
    client.force_login(home_coach)
    page = text(client.get(f"/matches/friendly/new/?home={home_team.pk}"))
    assert "Offer a friendly" in page
    opponents = page.split('<select id="away"', 1)[1].split("</select>", 1)[0]
    assert "Da Krumpers (Orc, coach griff)" in opponents
    assert "Grudgebearers" not in opponents
    assert "Gouged Eye Reserves" not in opponents


def test_a_coach_offers_a_friendly_with_the_form(client, home_coach, home_team, away_team) -> None:
    client.force_login(home_coach)
    page = client.post("/matches/friendly/new/", {"home": home_team.pk, "away": away_team.pk})
    match = Match.objects.get()
    assert page.status_code == 302
    assert page["Location"] == url(match)
    assert (match.home, match.away, match.status) == (home_team, away_team, "offered")
    assert "Friendly offered to griff: it waits for an answer." in text(client.get(url(match)))


def test_an_offer_without_an_opponent_is_refused_with_a_400(
    client, home_coach, home_team, away_team
) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = client.post("/matches/friendly/new/", {"home": home_team.pk, "away": ""})
    assert page.status_code == 400
    assert "Choose a team of another coach, same ruleset." in text(page)


def test_an_offer_to_a_team_of_another_ruleset_is_refused_with_a_400(
    client, home_coach, home_team, outsider
) -> None:
    dwarfs = dwarf_team(outsider, version_get("gdbbl"))
    client.force_login(home_coach)
    with unchanged():
        page = client.post("/matches/friendly/new/", {"home": home_team.pk, "away": dwarfs.pk})
    assert page.status_code == 400
    assert "Choose a team of another coach, same ruleset." in text(page)


def test_a_coach_without_a_team_is_asked_to_build_one(client, outsider, away_team) -> None:
    client.force_login(outsider)
    assert "You have no team yet." in text(client.get("/matches/friendly/new/"))
    with unchanged():
        page = client.post("/matches/friendly/new/", {"away": away_team.pk})
    assert page.status_code == 400
    assert "Choose one of your teams." in text(page)


def test_a_coach_offers_only_for_his_own_team(
    client, home_coach, away_team, outsider, lrb6
) -> None:
    third = orc_team(outsider, lrb6, "Third Team")
    client.force_login(home_coach)
    with unchanged():
        page = client.post("/matches/friendly/new/", {"home": away_team.pk, "away": third.pk})
    assert page.status_code == 400
    assert "Choose one of your teams." in text(page)


def test_the_offer_form_opens_on_the_coach_s_first_team(client, home_coach, home_team) -> None:
    client.force_login(home_coach)
    page = text(client.get("/matches/friendly/new/?home=nonsense"))
    assert f'<option value="{home_team.pk}" selected>' in page


# --- The season page reads the match ---


def test_the_season_page_shows_a_confirmed_fixture_s_result_and_links_to_its_match(
    client, fixture_match, home_coach, away_coach
) -> None:
    league = Fixture.objects.get(match=fixture_match).season.league
    season_url = f"/leagues/{league.pk}/seasons/1/"
    before = text(client.get(season_url))
    assert f'<a class="result" href="{url(fixture_match)}">v</a>' in before
    submitted(fixture_match, home_coach, 3, 0)
    during = text(client.get(season_url))
    assert f'<a class="result" href="{url(fixture_match)}">v</a>' in during
    assert "report submitted" in during
    assert "3–0" not in during
    workflow.report_confirm(fixture_match, away_coach)
    after = text(client.get(season_url))
    assert f'<a class="result" href="{url(fixture_match)}"><strong>3–0</strong></a>' in after


def test_the_season_page_waits_for_the_approval_where_the_league_waits(
    client, waiting_match, home_coach, away_coach, commissioner
) -> None:
    league = Fixture.objects.get(match=waiting_match).season.league
    season_url = f"/leagues/{league.pk}/seasons/1/"
    confirmed(waiting_match, home_coach, away_coach, 1, 1)
    assert "1–1" not in text(client.get(season_url))
    assert "report confirmed" in text(client.get(season_url))
    workflow.report_approve(waiting_match, commissioner)
    assert "<strong>1–1</strong>" in text(client.get(season_url))
