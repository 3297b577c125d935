"""Correcting an applied report on its page (/matches/<id>/correct/) and through
`POST /api/matches/<id>/correct/`: offered only to those who settle the match; the page shows
the report as it stands and its form filled with it; "Preview" answers what the correction
changes and changes nothing; "Correct the report" commits it, and the match page then says
who corrected it, when, why and what the old values were. A die the corrected report needs
and nobody rolled is asked for; a later entry that would no longer stand answers the list to
review. The worked example is tests/matches/amend/test_correct.py's."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import Correction, Match
from teams.models import Team
from tests.matches.amend.test_correct import REASON, TURNED, body, played, table_only
from tests.matches.post_game.test_post_game_casualties import BROKEN_RIBS, DEAD, casualty
from tests.matches.test_api import client_of
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def mistyped(home_team, away_team) -> Match:
    return played(home_team, away_team, body(casualty(3, BROKEN_RIBS)))


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api_body(report: dict, **rest) -> dict:
    return {"reason": REASON, "report": {**report, "played_on": report["played_on"].isoformat()},
            **rest}  # fmt: skip


def form_of(report: dict) -> dict:
    """The report as the page's form posts it: Da Krumpers' #3 hurt by Gouged Eye's #6."""
    (hurt,) = report["casualties"]
    form = {"played_on": report["played_on"].isoformat(),
            "home_touchdowns": str(report["home_touchdowns"]),
            "away_touchdowns": str(report["away_touchdowns"]),
            "cas-1-victim": "away-3", "cas-1-causer": "home-6", "cas-1-action": "block",
            "cas-1-means": "ordinary",
            "cas-1-dice-casualty-1": str(hurt["dice"]["casualty"][0]),
            "cas-1-dice-casualty-2": str(hurt["dice"]["casualty"][1])}  # fmt: skip
    for side in ("home", "away"):
        for line in report[side]["players"]:
            for action, count in line["actions"].items():
                form[f"{side}-p{line['number']}-{action}"] = str(count)
        for n, number in enumerate(report[side]["mvps"], start=1):
            form[f"{side}-mvp-{n}"] = str(number)
    return form


# --- The API -------------------------------------------------------------------------------------


def test_the_api_previews_a_correction_and_changes_nothing(mistyped, staff) -> None:
    with unchanged():
        answer = client_of(staff).post(f"/api/matches/{mistyped.pk}/correct/",
                                       api_body(body(casualty(3, DEAD)), preview=True),
                                       format="json")  # fmt: skip
    assert answer.status_code == 200
    assert answer.data["committed"] is False
    assert [change["what"] for change in answer.data["report"]] == ["casualty 1"]
    (krumpers,) = answer.data["teams"]
    assert krumpers["team"] == "Da Krumpers"
    assert {"what": "#3 Lineman 3 status", "was": "missing next game", "now": "dead"} in (
        krumpers["changes"]
    )


def test_the_api_commits_a_correction(mistyped, staff, away_team) -> None:
    answer = client_of(staff).post(f"/api/matches/{mistyped.pk}/correct/",
                                   api_body(body(casualty(3, DEAD))), format="json")  # fmt: skip
    assert (answer.status_code, answer.data["committed"]) == (200, True)
    assert Team.objects.get(pk=away_team.pk).players.get(number=3).status == "dead"
    assert Correction.objects.filter(match=mistyped).count() == 1


def test_the_api_refuses_a_coach_with_403_and_changes_nothing(mistyped, home_coach) -> None:
    with unchanged():
        answer = client_of(home_coach).post(
            f"/api/matches/{mistyped.pk}/correct/", api_body(body(casualty(3, DEAD))), format="json"
        )
    assert answer.status_code == 403


def test_the_api_asks_for_dice_nobody_rolled_with_400(mistyped, staff) -> None:
    table_only(mistyped)
    turned = body(casualty(3, BROKEN_RIBS), score=(1, 2), lines=TURNED)
    with unchanged():
        answer = client_of(staff).post(f"/api/matches/{mistyped.pk}/correct/", api_body(turned),
                                       format="json")  # fmt: skip
    assert answer.status_code == 400
    assert "fan factor for away" in str(answer.data)


def test_the_api_names_a_bad_field_of_the_report(mistyped, staff) -> None:
    wrong = api_body(body(casualty(3, DEAD)))
    wrong["report"]["home_touchdowns"] = -1
    with unchanged():
        answer = client_of(staff).post(f"/api/matches/{mistyped.pk}/correct/", wrong,
                                       format="json")  # fmt: skip
    assert answer.status_code == 400
    assert "report.home_touchdowns" in answer.data


def test_the_api_names_a_field_the_rules_refuse_where_the_body_has_it(mistyped, staff) -> None:
    wrong = api_body(body(casualty(3, DEAD)))
    wrong["report"]["home"] = {"players": [{"number": 40, "actions": {"touchdown": 2}}]}
    with unchanged():
        answer = client_of(staff).post(f"/api/matches/{mistyped.pk}/correct/", wrong,
                                       format="json")  # fmt: skip
    assert answer.status_code == 400
    assert answer.data
    assert all(field.startswith("report.home") for field in answer.data), answer.data


# --- The page ------------------------------------------------------------------------------------


def test_the_match_page_offers_the_correction_to_staff_not_the_coaches(
    mistyped, staff, home_coach
) -> None:
    assert 'data-testid="correct-link"' in signed_in(staff).get(f"/matches/{mistyped.pk}/")\
        .content.decode()  # fmt: skip
    assert 'data-testid="correct-link"' not in signed_in(home_coach).get(
        f"/matches/{mistyped.pk}/").content.decode()  # fmt: skip
    assert signed_in(home_coach).get(f"/matches/{mistyped.pk}/correct/").status_code == 403


def test_the_page_shows_the_report_as_it_stands_in_its_form(mistyped, staff) -> None:
    page = signed_in(staff).get(f"/matches/{mistyped.pk}/correct/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "The report as it stands" in html
    assert 'name="cas-1-dice-casualty-1"' in html
    assert "Preview the correction" in html
    assert "Correct the report" in html
    assert 'purpose" value="fan factor for away"' in html


def test_previewing_on_the_page_lists_the_changes_and_changes_nothing(mistyped, staff) -> None:
    client = signed_in(staff)
    with unchanged():
        page = client.post(f"/matches/{mistyped.pk}/correct/",
                           {**form_of(body(casualty(3, DEAD))), "preview": "1"})  # fmt: skip
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-testid="preview"' in html
    assert "#3 Lineman 3 status</strong>: missing next game → dead" in html


def test_correcting_on_the_page_says_who_when_why_and_the_old_values(
    mistyped, staff, away_team
) -> None:
    client = signed_in(staff)
    form = {**form_of(body(casualty(3, DEAD))), "reason": REASON, "commit": "1"}
    answer = client.post(f"/matches/{mistyped.pk}/correct/", form)
    assert answer.status_code == 302
    assert Team.objects.get(pk=away_team.pk).players.get(number=3).status == "dead"
    for page in (f"/matches/{mistyped.pk}/", f"/matches/{mistyped.pk}/post-game/"):
        html = client.get(page).content.decode()
        assert f"by admin because “{REASON}”" in html
        assert "casualty 1 was Da Krumpers #3 by Gouged Eye #6, block, casualty 4 1, now" in html


def test_a_die_nobody_rolled_is_asked_for_on_the_page(mistyped, staff) -> None:
    table_only(mistyped)
    turned = body(casualty(3, BROKEN_RIBS), score=(1, 2), lines=TURNED)
    client = signed_in(staff)
    with unchanged():
        page = client.post(f"/matches/{mistyped.pk}/correct/",
                           {**form_of(turned), "reason": REASON, "commit": "1"})  # fmt: skip
    assert page.status_code == 400
    html = page.content.decode()
    assert "needs the 3D6 for &#x27;fan factor for away&#x27;" in html
    assert 'value="3D6"' in html
