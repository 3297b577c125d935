"""The report's phone form (matches/report/form.py reads it, matches/report/fields.py fills
it, matches/views.py shows it): one form per ruleset, posted as a browser without the script
posts it, stored, and shown back on the match page as entered; every refusal is a 400 that
names the problem and stores nothing; the running check answers without writing anything."""

from __future__ import annotations

import html
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext

from league.seasons import season_start
from matches import workflow
from matches.models import Casualty, DiceRoll, Match, Performance
from matches.report.form import body_from_post
from matches.services import friendly_accept, friendly_offer
from rules.edition_io import edition_documents
from rules.house_rules import edition_with, ruleset_copy, ruleset_edit
from rules.selectors import version_get
from rules.snapshot import stored_edition
from teams.services import team_create
from tests.matches.conftest import home_at_home, league_of
from tests.matches.helpers import PLAYED, confirmed, fresh
from tests.matches.rulesets import BLITZ_HUMANS, FIRST_HUMANS
from tests.teams.helpers import squad
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

# Orcs at home to Nurgle: a blitz killed an Orc lineman but the apothecary's D68 kept him
# Badly Hurt; a Rotter (Decay) rolled twice; another Rotter died on his first D68.
NURGLE_REPORT = {
    "played_on": PLAYED.isoformat(), "home_touchdowns": "2", "away_touchdowns": "1",
    "home-p7-touchdown": "2", "home-p6-completion": "1",
    "away-p10-touchdown": "1", "away-p3-interception": "1",
    "home-mvp-1": "7", "away-mvp-1": "3",
    "cas-0-victim": "home-4", "cas-0-causer": "away-10", "cas-0-action": "blitz",
    "cas-0-means": "ordinary", "cas-0-helper": "apothecary", "cas-0-kept": "second",
    "cas-0-dice-casualty-1": "6", "cas-0-dice-casualty-2": "2",
    "cas-0-dice-apothecary-1": "3", "cas-0-dice-apothecary-2": "4",
    "cas-1-victim": "away-3", "cas-1-causer": "home-7", "cas-1-action": "block",
    "cas-1-means": "ordinary", "cas-1-helper": "",
    "cas-1-dice-casualty-1": "4", "cas-1-dice-casualty-2": "1",
    "cas-1-dice-decay-1": "5", "cas-1-dice-decay-2": "5",
    "cas-2-victim": "away-5", "cas-2-causer": "home-11", "cas-2-action": "block",
    "cas-2-means": "ordinary",
    "cas-2-dice-casualty-1": "6", "cas-2-dice-casualty-2": "3",
    "cas-2-dice-decay-1": "2", "cas-2-dice-decay-2": "1",
    # The slot a form without the script always has, left blank: no casualty.
    "cas-3-victim": "", "cas-3-causer": "", "cas-3-action": "block", "cas-3-means": "ordinary",
    "concession": "", "concession_half": "1", "notes": "Rain all game.",
}  # fmt: skip
# Orc v Orc, nothing but the score, a casualty and the MVPs drawn at the table.
ORC_REPORT = {
    "played_on": PLAYED.isoformat(), "home_touchdowns": "2", "away_touchdowns": "1",
    "home-p7-touchdown": "2", "away-p9-touchdown": "1", "home-mvp-1": "7", "away-mvp-1": "9",
    "cas-0-victim": "away-3", "cas-0-causer": "home-7", "cas-0-action": "block",
    "cas-0-means": "ordinary", "cas-0-dice-casualty-1": "1", "cas-0-dice-casualty-2": "1",
    "concession": "",
}  # fmt: skip
BLITZ_REPORT = {
    "played_on": PLAYED.isoformat(), "home_touchdowns": "2", "away_touchdowns": "1",
    "home-challenge_points": "5", "home-clean_sweeps": "1", "home-bonus_points": "0",
    "home-score": "15",
    "away-challenge_points": "3", "away-clean_sweeps": "0", "away-bonus_points": "1",
    "away-score": "8",
    "win_type": "points",
}  # fmt: skip


# --- Reading pages as a coach and as a browser --------------------------------------------


def url(match: Match, action: str = "") -> str:
    return f"/matches/{match.pk}/{action}/" if action else f"/matches/{match.pk}/"


def text(page) -> str:
    return html.unescape(page.content.decode())


BLOCKS = {"li", "br", "p", "h2", "h3", "dt", "dd", "div", "ul", "ol", "dl", "strong"}


class _Lines(HTMLParser):
    """The text of the first element with a class, one line per block (a list item, a
    paragraph, a line break), whitespace squeezed; a bold label starts its own line."""

    def __init__(self, css_class: str) -> None:
        super().__init__()
        self.css_class, self.depth, self.lines, self.line = css_class, 0, [], ""

    def _break(self) -> None:
        if self.line.strip():
            self.lines.append(" ".join(self.line.split()))
        self.line = ""

    def handle_starttag(self, tag, attrs) -> None:
        if not self.depth:
            if self.css_class in (dict(attrs).get("class") or "").split():
                self.depth = 1
            return
        self.depth += tag not in ("br", "input")
        if tag in BLOCKS and tag != "strong":
            self._break()

    def handle_endtag(self, tag) -> None:
        if self.depth:
            self.depth -= 1
            if (tag in BLOCKS and tag != "strong") or not self.depth:
                self._break()

    def handle_data(self, data) -> None:
        if self.depth:
            self.line += data


def lines(page, css_class: str) -> list[str]:
    reader = _Lines(css_class)
    reader.feed(page.content.decode())
    return reader.lines


class _Form(HTMLParser):
    """What the report form posts, as a browser without the script posts it: each input
    (a box only when ticked), each select's chosen option, each textarea; nothing from the
    casualty <template>, which a browser never sends."""

    def __init__(self) -> None:
        super().__init__()
        self.inside, self.template, self.fields = False, 0, []
        self.select, self.options, self.area = None, [], None

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == "report-form"
        if not self.inside:
            return
        if tag == "template":
            self.template += 1
        if self.template:
            return
        if tag == "input" and attrs.get("name"):
            ticks = attrs.get("type") in ("checkbox", "radio")
            if not ticks or "checked" in attrs:
                self.fields.append((attrs["name"], attrs.get("value", "on" if ticks else "")))
        elif tag == "select":
            self.select, self.options = attrs["name"], []
        elif tag == "option" and self.select:
            self.options.append((attrs.get("value"), "selected" in attrs))
        elif tag == "textarea":
            self.area = [attrs["name"], ""]

    def handle_endtag(self, tag) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "template" and self.inside:
            self.template -= 1
        elif tag == "select" and self.select and not self.template:
            chosen = [value for value, selected in self.options if selected] or [self.options[0][0]]
            self.fields.append((self.select, chosen[0]))
            self.select = None
        elif tag == "textarea" and self.area:
            self.fields.append(tuple(self.area))
            self.area = None

    def handle_data(self, data) -> None:
        if self.area is not None:
            self.area[1] += data


def form_of(page) -> dict[str, list[str]]:
    """The report form's fields as the page fills them, ready to be posted again."""
    reader = _Form()
    reader.feed(page.content.decode())
    fields: dict[str, list[str]] = {}
    for name, value in reader.fields:
        fields.setdefault(name, []).append(html.unescape(value))
    return fields


def stored(match: Match) -> dict:
    """The report's lines, casualties and dice as the database holds them."""
    return {
        "lines": list(
            Performance.objects.filter(match=match).values_list("number", "actions", "mvps")
        ),
        "casualties": list(
            Casualty.objects.filter(match=match).values_list(
                "order", "victim__number", "causer__number", "action", "means", "helper", "kept"
            )
        ),
        "dice": list(
            DiceRoll.objects.filter(match=match).values_list("purpose", "values", "source")
        ),
    }


def house_rules(slug: str, owner, **settings):
    """A house-rule copy of a bundled ruleset with `settings` changed; its version."""
    ruleset = ruleset_copy(version_get(slug), f"{slug} with house rules", owner)
    edition = stored_edition(ruleset.latest_version())
    part = edition_documents(edition)["settings"]
    for setting in part:
        if setting["key"] in settings:
            setting["value"] = settings[setting["key"]]
    version, changed = ruleset_edit(ruleset, edition_with(edition, "settings", part), owner)
    assert changed
    return version


def human_friendly(version, home_coach, away_coach, names: tuple[str, str], players) -> Match:
    home, away = (
        team_create(coach, version, name, "human", squad(*players))
        for coach, name in zip((home_coach, away_coach), names, strict=True)
    )
    return friendly_accept(friendly_offer(home_coach, home, away), away_coach)


def saved(client, match: Match, data: dict) -> None:
    page = client.post(url(match, "report"), data)
    assert page.status_code == 302, text(page)


def refused(client, match: Match, data: dict) -> str:
    """A post refused with a 400 that stores nothing; the page it answers with."""
    with unchanged():
        page = client.post(url(match, "report"), data)
    assert page.status_code == 400
    return text(page)


# --- The post read as the API's body ------------------------------------------------------


def test_a_post_is_read_into_the_body_the_api_takes() -> None:
    post = QueryDict(mutable=True)
    post.update({**ORC_REPORT, "home-p6-completion": "0", "away-p2-interception": " x ",
                 "home-mvp-2": "server", "cas-0-modifier": "", "cas-1-victim": "",
                 "concession": "home", "concession_half": "3", "notes": " Mud. "})  # fmt: skip
    post.setlist("veterans_rules", ["teams", "blocks"])
    body = body_from_post(post)
    assert body["home"]["players"] == [{"number": 7, "actions": {"touchdown": 2}}]  # no zeros
    assert body["away"]["players"] == [
        {"number": 2, "actions": {"interception": "x"}},  # kept for the serializer to name
        {"number": 9, "actions": {"touchdown": 1}},
    ]
    assert (body["home"]["mvps"], body["away"]["mvps"]) == ([7], [9])
    assert body["server_rolls"] is True  # an MVP left to the server
    assert body["casualties"] == [
        {
            "victim": {"side": "away", "number": 3},
            "causer": {"side": "home", "number": 7},
            "action": "block", "means": "ordinary", "modifier": 0, "helper": "", "kept": "",
            "dice": {"casualty": [1, 1]},
        }
    ]  # fmt: skip
    assert body["concession"] == {"side": "home", "half": 3, "turn": None, "forced": False}
    assert body["veterans_rules"] == ["teams", "blocks"]
    assert (body["home_touchdowns"], body["notes"]) == ("2", " Mud. ")  # the service reads them


def test_a_death_names_a_block_when_somebody_caused_it() -> None:
    body = body_from_post({"cas-0-victim": "away-4", "cas-0-causer": "home-9",
                           "cas-1-victim": "home-2", "veterans_rules": "tackle_zones"})  # fmt: skip
    assert [(c["action"], c["causer"]) for c in body["casualties"]] == [
        ("block", {"side": "home", "number": 9}),
        ("none", None),
    ]
    assert body["veterans_rules"] == ["tackle_zones"]  # one box ticked


# --- LRB6: posted, stored, shown back ------------------------------------------------------


def test_an_lrb6_report_from_the_form_is_stored_whole(client, nurgle_friendly, home_coach):
    client.force_login(home_coach)
    saved(client, nurgle_friendly, NURGLE_REPORT)
    kept = stored(nurgle_friendly)
    assert sorted(kept["lines"]) == [
        (3, {"interception": 1}, 1),
        (6, {"completion": 1}, 0),
        (7, {"touchdown": 2}, 1),
        (10, {"touchdown": 1}, 0),
    ]
    assert kept["casualties"] == [
        (1, 4, 10, "blitz", "ordinary", "apothecary", "second"),
        (2, 3, 7, "block", "ordinary", "", ""),
        (3, 5, 11, "block", "ordinary", "", ""),
    ]  # the blank slot is no casualty
    assert sorted(kept["dice"]) == [
        ("Decay casualty for away #3", [5, 5], "entered"),
        ("Decay casualty for away #5", [2, 1], "entered"),
        ("MVP for away", [3], "entered"),  # #3 is the 3rd of the Rotters drawn
        ("MVP for home", [7], "entered"),
        ("apothecary's casualty for home #4", [3, 4], "entered"),
        ("casualty for away #3", [4, 1], "entered"),
        ("casualty for away #5", [6, 3], "entered"),
        ("casualty for home #4", [6, 2], "entered"),
    ]
    assert fresh(nurgle_friendly).report.notes == "Rain all game."


def test_the_match_page_shows_an_lrb6_report_back_as_entered(
    client, nurgle_friendly, home_coach, away_coach
) -> None:
    client.force_login(home_coach)
    saved(client, nurgle_friendly, NURGLE_REPORT)
    client.force_login(away_coach)
    shown = lines(client.get(url(nurgle_friendly)), "report-shown")
    assert shown == [
        "Gouged Eye",
        "#6 Blitzer 6 · completion 1",
        "#7 Blitzer 7 · touchdown 2 · MVP",
        "Rotten Rovers",
        "#3 Rotter 3 · interception 1 · MVP",
        "#10 Pestigor 10 · touchdown 1",
        "Casualties",
        "#4 Lineman 4 (Gouged Eye): Badly Hurt",
        "Caused by #10 Pestigor 10 (Rotten Rovers) · blitz · ordinary",
        "Helper: apothecary; kept the second result",
        "casualty D68 6-2: Dead",
        "apothecary's casualty D68 3-4: Badly Hurt (kept: second)",
        "#3 Rotter 3 (Rotten Rovers): Broken Ribs and Serious Concussion",
        "Caused by #7 Blitzer 7 (Gouged Eye) · block · ordinary",
        "casualty D68 4-1: Broken Ribs",
        "Decay casualty D68 5-5: Serious Concussion",
        "#5 Rotter 5 (Rotten Rovers): Dead and Badly Hurt",
        "Caused by #11 Black Orc Blocker 11 (Gouged Eye) · block · ordinary",
        "casualty D68 6-3: Dead",
        "Decay casualty D68 2-1: Badly Hurt",
        "Notes",
        "Rain all game.",
    ]


def test_the_form_is_filled_with_the_draft_and_saving_it_again_changes_nothing(
    client, nurgle_friendly, home_coach, away_coach
) -> None:
    client.force_login(home_coach)
    saved(client, nurgle_friendly, NURGLE_REPORT)
    before = stored(nurgle_friendly)
    client.force_login(away_coach)
    form = form_of(client.get(url(nurgle_friendly)))
    assert form["home-p7-touchdown"] == ["2"]
    assert form["away-p3-interception"] == ["1"]
    assert form["home-mvp-1"] == ["7"]
    assert (form["cas-0-victim"], form["cas-0-causer"]) == (["home-4"], ["away-10"])
    assert (form["cas-0-helper"], form["cas-0-kept"]) == (["apothecary"], ["second"])
    assert form["cas-1-dice-decay-1"] == form["cas-1-dice-decay-2"] == ["5"]
    assert form["cas-3-victim"] == [""]  # the blank slot after the three
    assert form["notes"] == ["Rain all game."]
    saved(client, nurgle_friendly, form)
    assert stored(nurgle_friendly) == before


def test_the_form_lists_each_player_with_a_box_for_each_action_of_the_spp_table(
    client, nurgle_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    form = form_of(client.get(url(nurgle_friendly)))
    counted = {name.rsplit("-", 1)[1] for name in form if name.startswith("home-p7-")}
    assert counted == {"completion", "interception", "touchdown"}  # casualties are records
    assert [name for name in form if name.endswith("-touchdown")] == [
        *(f"home-p{number}-touchdown" for number in range(1, 12)),
        *(f"away-p{number}-touchdown" for number in range(1, 12)),
    ]
    page = text(client.get(url(nurgle_friendly)))
    assert 'aria-label="Touchdowns by #7 Blitzer 7, Gouged Eye"' in page
    assert 'max="24"' in page  # LRB6's most touchdowns a team scores


def test_the_helpers_offered_are_those_each_team_may_call_on(
    client, nurgle_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    page = text(client.get(url(nurgle_friendly)))
    helper = page.split('name="cas-0-helper">', 1)[1].split("</select>", 1)[0]
    assert helper == (
        '<option value="" selected>nobody</option>'
        '<option value="apothecary" data-flags="home">apothecary</option>'
    )  # Orcs have an apothecary; Nurgle may have none, and no inducement is recorded
    assert 'value="away-3" data-flags="decay">#3 Rotter 3' in page
    assert 'value="away-10" data-flags="regeneration">#10 Pestigor 10' in page


def test_each_team_has_an_mvp_select_and_one_for_a_concession_by_the_other(
    client, friendly, home_coach
) -> None:
    client.force_login(home_coach)
    page = text(client.get(url(friendly)))
    assert "Gouged Eye MVP 1" in page
    assert "Da Krumpers MVP 2" in page
    assert "only when the other team conceded: its MVP comes here" in page
    first = page.split('name="home-mvp-1">', 1)[1].split("</select>", 1)[0]
    assert first.startswith(
        '<option value="" selected>not drawn yet</option>'
        '<option value="server">let the server draw (and roll the dice left blank)</option>'
        '<option value="1">#1 Lineman 1</option>'
    )


def test_an_mvp_left_to_the_server_is_drawn_when_the_draft_is_saved(
    client, friendly, home_coach
) -> None:
    client.force_login(home_coach)
    saved(client, friendly, {**ORC_REPORT, "home-mvp-1": "server", "away-mvp-1": ""})
    drawn = DiceRoll.objects.filter(match=friendly, source="rolled")
    assert sorted(drawn.values_list("purpose", flat=True)) == ["MVP for away", "MVP for home"]
    home = drawn.get(purpose="MVP for home").values[0]
    form = form_of(client.get(url(friendly)))
    assert form["home-mvp-1"] == [str(home)]  # the server's draw, shown in its select
    assert f"drawn by the server: #{home} " in text(client.get(url(friendly)))


def test_a_draft_shows_what_stops_it_being_submitted(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    blank = {"home-mvp-1": "", "cas-0-dice-casualty-1": "", "cas-0-dice-casualty-2": ""}
    saved(client, friendly, {**ORC_REPORT, **blank})
    before = lines(client.get(url(friendly)), "unfinished")
    assert before == [
        "Before submitting:",
        "Draw Gouged Eye's MVP (1 of 11).",
        "Roll the casualty (D68) for away #3.",
    ]
    saved(client, friendly, ORC_REPORT)
    assert lines(client.get(url(friendly)), "unfinished") == []


def test_a_concession_is_stored_and_said_in_words(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    conceded = {"concession": "away", "concession_half": "2", "concession_turn": "5",
                "concession_forced": "on", "home-mvp-2": "6", "away-mvp-1": ""}  # fmt: skip
    saved(client, friendly, {**ORC_REPORT, **conceded})  # the winner draws both MVPs
    page = client.get(url(friendly))
    assert (
        "Da Krumpers conceded in the second half, turn 5 (forced: fewer than three could play)."
        in (lines(page, "report-shown"))
    )
    form = form_of(page)
    assert (form["concession"], form["concession_half"], form["concession_turn"]) == (
        ["away"], ["2"], ["5"],
    )  # fmt: skip
    assert form["concession_forced"] == ["on"]


# --- GDBBL, Blitz Bowl and 1st edition ------------------------------------------------------


def test_a_gdbbl_report_is_stored_and_shown_with_its_modifier_and_apothecary(
    client, gdbbl_friendly, home_coach, away_coach
) -> None:
    client.force_login(away_coach)
    form = form_of(client.get(url(gdbbl_friendly)))
    dice = sorted({name.split("-")[3] for name in form if name.startswith("cas-0-dice-")})
    # No D68, no Decay; the ability lost of a -1 ability, a fanatic's own ball and chain.
    assert dice == ["ability", "apothecary", "fanatic", "injury", "regeneration", "serious"]
    assert "cas-0-modifier" in form
    assert "cas-0-kept" not in form  # GDBBL's apothecary always keeps his own result
    saved(client, gdbbl_friendly, {
        "played_on": PLAYED.isoformat(), "home_touchdowns": "1", "away_touchdowns": "1",
        "home-p10-touchdown": "1", "away-p8-touchdown": "1", "home-mvp-1": "10",
        "away-mvp-1": "8",
        "cas-0-victim": "away-3", "cas-0-causer": "home-10", "cas-0-action": "blitz",
        "cas-0-means": "ordinary", "cas-0-modifier": "1",
        "cas-0-dice-injury-1": "5", "cas-0-dice-injury-2": "6",
        "cas-0-dice-serious-1": "2", "cas-0-dice-serious-2": "3",
        "cas-1-victim": "home-8", "cas-1-causer": "away-9", "cas-1-action": "block",
        "cas-1-means": "ordinary", "cas-1-helper": "apothecary",
        "cas-1-dice-injury-1": "6", "cas-1-dice-injury-2": "6",
        "cas-1-dice-apothecary-1": "4", "cas-1-dice-apothecary-2": "6",
    })  # fmt: skip
    client.force_login(home_coach)
    shown = lines(client.get(url(gdbbl_friendly)), "report-shown")
    assert shown[shown.index("Casualties") :] == [
        "Casualties",
        "#3 Lineman 3 (Iron Tuskers): Serious Injury (miss next game)",
        "Caused by #10 Blitzer 10 (Altdorf Hammers) · blitz · ordinary",
        "injury 2D6 5+6 +1: Serious Injury",
        "serious injury 2D6 2+3: miss next game",
        "#8 Catcher 8 (Altdorf Hammers): Badly Hurt",
        "Caused by #9 Black Orc Blocker 9 (Iron Tuskers) · block · ordinary",
        "Helper: apothecary",
        "injury 2D6 6+6: Dead",
        "apothecary's 2D6 4+6: Badly Hurt, kept",
    ]


def test_a_gdbbl_form_offers_only_the_apothecary_a_team_has(
    client, gdbbl_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    page = text(client.get(url(gdbbl_friendly)))
    helper = page.split('name="cas-0-helper">', 1)[1].split("</select>", 1)[0]
    assert helper == (
        '<option value="" selected>nobody</option>'
        '<option value="apothecary" data-flags="home">apothecary</option>'
    )  # the Orcs bought none; GDBBL has no Wandering Apothecary or Igor
    assert "MVP 2" not in page  # one MVP a side, no extra for a concession


def test_a_blitz_bowl_result_is_stored_and_shown_with_its_points(
    client, blitz_friendly, home_coach, away_coach
) -> None:
    client.force_login(home_coach)
    form = form_of(client.get(url(blitz_friendly)))
    assert not [name for name in form if name.startswith(("cas-", "home-p", "home-mvp"))]
    assert "regional_roll" not in form
    assert "endgame_active" not in text(client.get(url(blitz_friendly)))
    saved(client, blitz_friendly, BLITZ_REPORT)
    report = fresh(blitz_friendly).report
    assert (report.home_points, report.away_points, report.win_type) == (15, 8, "points")
    client.force_login(away_coach)
    assert lines(client.get(url(blitz_friendly)), "report-shown") == [
        "The Reavers",
        "15 points: 2 touchdowns, 5 Challenge points, 1 Clean Sweep, 0 Bonus Play points",
        "Middenheim Wolves",
        "8 points: 1 touchdown, 3 Challenge points, 0 Clean Sweeps, 1 Bonus Play point",
        "Won",
        "on points",
    ]


def test_a_blitz_bowl_league_lists_its_cards_and_plays_its_regional_rule(
    client, home_coach, away_coach
) -> None:
    version = house_rules("blitz-bowl", home_coach, challenge_points_entry="per_card",
                          regional_league=True, advanced_endgame=True)  # fmt: skip
    match = human_friendly(version, home_coach, away_coach, ("The Reavers", "Grey Wolves"),
                           BLITZ_HUMANS)  # fmt: skip
    client.force_login(home_coach)
    form = form_of(client.get(url(match)))
    assert "home-challenge_points" not in form
    assert form["home-card-1-name"] == [""]  # one blank card row to start with
    assert "regional_roll" in form
    assert "7: World's Edge Superleague" in text(client.get(url(match)))
    saved(client, match, {
        "played_on": PLAYED.isoformat(), "home_touchdowns": "3", "away_touchdowns": "0",
        "home-card-1-name": "Cage Dive", "home-card-1-points": "3",
        "home-card-2-name": "Pass Master", "home-card-2-points": "2",
        "home-card-3-name": "", "home-card-3-points": "",
        "home-clean_sweeps": "1", "home-bonus_points": "0", "home-score": "19",
        "away-clean_sweeps": "0", "away-bonus_points": "0", "away-score": "0",
        "win_type": "sudden_death", "regional_roll": "7",
    })  # fmt: skip
    page = client.get(url(match))
    assert lines(page, "report-shown") == [
        "The Reavers",
        "19 points: 3 touchdowns, Challenge cards Cage Dive (3), Pass Master (2), "
        "1 Clean Sweep, 0 Bonus Play points",
        "Grey Wolves",
        "0 points: 0 touchdowns, 0 Challenge points, 0 Clean Sweeps, 0 Bonus Play points",
        "Won",
        "by Sudden Death",
        "Regional league",
        "7: World's Edge Superleague",
    ]
    form = form_of(page)
    assert form["home-card-2-name"] == ["Pass Master"]
    assert form["home-card-3-name"] == [""]  # and a blank row for the next card
    saved(client, match, {**form, "win_type": ["points"], "endgame_active": ["on"]})
    assert "An Endgame card was active." in lines(client.get(url(match)), "report-shown")


def test_a_first_edition_result_is_the_score_only_where_nothing_else_carries(
    client, first_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    form = form_of(client.get(url(first_friendly)))
    assert sorted(form) == [
        "away_touchdowns", "csrfmiddlewaretoken", "home_touchdowns", "notes", "played_on",
    ]  # fmt: skip
    saved(client, first_friendly, {"played_on": PLAYED.isoformat(), "home_touchdowns": "2",
                                   "away_touchdowns": "1"})  # fmt: skip
    assert "Bright Crusaders 2–1 Reikland Reavers" in text(client.get(url(first_friendly)))


def test_a_first_edition_league_records_the_veterans_rules_agreed_and_the_dead(
    client, home_coach, away_coach
) -> None:
    version = house_rules("first-edition", home_coach, veterans_rules="agreed_per_match",
                          dead_players_removed=True)  # fmt: skip
    match = human_friendly(version, home_coach, away_coach,
                           ("Bright Crusaders", "Reikland Reavers"), FIRST_HUMANS)  # fmt: skip
    client.force_login(home_coach)
    page = client.get(url(match))
    assert "5. Tackle Zones" in text(page)
    assert "Who died" in text(page)
    assert not [name for name in form_of(page) if "-dice-" in name or "-helper" in name]
    saved(client, match, {
        "played_on": PLAYED.isoformat(), "home_touchdowns": "2", "away_touchdowns": "0",
        "veterans_rules": ["teams", "tackle_zones"],
        "cas-0-victim": "away-4", "cas-0-causer": "home-9", "cas-1-victim": "",
    })  # fmt: skip
    assert fresh(match).report.veterans_rules == ["teams", "tackle_zones"]
    assert lines(client.get(url(match)), "report-shown") == [
        "Veterans Rules agreed: 1. The Teams, 5. Tackle Zones",
        "Deaths",
        "#4 Lineman 4 (Reikland Reavers): Dead",
        "Caused by #9 Blocker 9 (Bright Crusaders)",
    ]
    form = form_of(client.get(url(match)))
    assert form["veterans_rules"] == ["teams", "tackle_zones"]
    assert form["cas-0-victim"] == ["away-4"]


# --- Dice the match takes -------------------------------------------------------------------


def league_match(commissioner, lrb6, home_team, away_team, dice_sources: str) -> Match:
    league = league_of(commissioner, lrb6, [home_team, away_team], dice_sources=dice_sources)
    return home_at_home(season_start(league, commissioner, "round_robin"), home_team)


def test_a_league_of_rolled_dice_has_no_dice_to_enter_and_the_server_rolls_them(
    client, commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    match = league_match(commissioner, lrb6, home_team, away_team, "rolled")
    client.force_login(home_coach)
    page = client.get(url(match))
    form = form_of(page)
    assert [name for name in form if "-dice-" in name or "-mvp-" in name] == []
    assert "server_rolls" not in form
    assert "The server rolls every die and draws the MVPs when the report is saved." in text(page)
    saved(client, match, {
        "played_on": PLAYED.isoformat(), "home_touchdowns": "1", "away_touchdowns": "0",
        "cas-0-victim": "away-2", "cas-0-causer": "home-8", "cas-0-action": "block",
        "cas-0-means": "ordinary",
    })  # fmt: skip
    rolls = DiceRoll.objects.filter(match=match)
    assert sorted(rolls.values_list("purpose", "source")) == [
        ("MVP for away", "rolled"),
        ("MVP for home", "rolled"),
        ("casualty for away #2", "rolled"),
    ]
    casualty = rolls.get(purpose="casualty for away #2")
    reading = f"casualty D68 {casualty.values[0]}-{casualty.values[1]}: "
    assert any(line.startswith(reading) for line in lines(client.get(url(match)), "report-shown"))


def test_a_league_of_entered_dice_asks_for_every_die_and_offers_no_server_draw(
    client, commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    match = league_match(commissioner, lrb6, home_team, away_team, "entered")
    client.force_login(home_coach)
    page = text(client.get(url(match)))
    assert 'name="cas-0-dice-casualty-1"' in page
    assert 'value="server"' not in page
    assert 'name="server_rolls"' not in page


def test_a_friendly_of_both_sources_asks_whether_the_server_rolls(
    client, friendly, home_coach
) -> None:
    client.force_login(home_coach)
    page = text(client.get(url(friendly)))
    assert "Let the server roll the dice and draw the MVPs left blank" in page
    saved(client, friendly, {**ORC_REPORT, "home-mvp-1": "", "away-mvp-1": "",
                             "cas-0-dice-casualty-1": "", "cas-0-dice-casualty-2": "",
                             "server_rolls": "on"})  # fmt: skip
    assert sorted(DiceRoll.objects.filter(match=friendly).values_list("purpose", "source")) == [
        ("MVP for away", "rolled"),
        ("MVP for home", "rolled"),
        ("casualty for away #3", "rolled"),
    ]


# --- Refusals: a 400 naming the problem, nothing stored -----------------------------------


def test_it_refuses_a_line_for_a_player_not_on_that_team(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    page = refused(client, friendly, {**ORC_REPORT, "home-p12-touchdown": "1"})
    assert "Gouged Eye's line: Gouged Eye has no player #12." in page
    assert form_of_text(page)["home-p7-touchdown"] == ["2"]  # the rest as it was typed


def form_of_text(page_text: str) -> dict[str, list[str]]:
    reader = _Form()
    reader.feed(page_text)
    fields: dict[str, list[str]] = {}
    for name, value in reader.fields:
        fields.setdefault(name, []).append(value)
    return fields


def test_it_refuses_a_block_whose_victim_and_causer_are_on_the_same_side(
    client, nurgle_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    page = refused(client, nurgle_friendly, {**NURGLE_REPORT, "cas-1-causer": "away-4"})
    assert (
        "Casualty 2: #4 Rotter 4 and #3 Rotter 3 both play for Rotten Rovers; only a bomb or "
        "another secret weapon hurts a team-mate. The victim of a block is on the other side."
    ) in page
    assert form_of_text(page)["cas-1-causer"] == ["away-4"]


def test_it_refuses_an_apothecary_for_a_team_without_one(
    client, nurgle_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    treated = {"cas-2-helper": "apothecary", "cas-2-kept": "first",
               "cas-2-dice-apothecary-1": "1", "cas-2-dice-apothecary-2": "1"}  # fmt: skip
    page = refused(client, nurgle_friendly, {**NURGLE_REPORT, **treated})
    assert "Casualty 3: Rotten Rovers has no apothecary in this match." in page


def test_it_refuses_more_mvps_than_the_team_awards(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    page = refused(client, friendly, {**ORC_REPORT, "home-mvp-2": "6"})
    assert "Gouged Eye awards 1 MVP in this match, not 2." in page


def test_it_refuses_a_die_outside_its_notation(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    page = refused(client, friendly, {**ORC_REPORT, "cas-0-dice-casualty-1": "7"})
    assert "The casualty roll for away #3: Die 1 of a D68 roll reads 1 to 6, not 7." in page
    assert 'name="cas-0-dice-casualty-1" type="number" inputmode="numeric" min="1" max="6" ' \
           'value="7"' in page  # fmt: skip


def test_it_refuses_a_negative_count_naming_the_player(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    page = refused(client, friendly, {**ORC_REPORT, "home-p6-completion": "-1"})
    assert "Gouged Eye's #6, completion: Ensure this value is greater than or equal to 0." in page


def test_it_refuses_a_count_that_is_no_number_naming_the_player(
    client, friendly, home_coach
) -> None:
    client.force_login(home_coach)
    page = refused(client, friendly, {**ORC_REPORT, "away-p4-interception": "two"})
    assert "Da Krumpers's #4, interception: A valid integer is required." in page
    assert form_of_text(page)["away-p4-interception"] == ["two"]


def test_it_refuses_a_casualty_whose_victim_is_no_player(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    page = refused(client, friendly, {**ORC_REPORT, "cas-0-victim": "away-x"})
    assert "Casualty 1, victim number: A valid integer is required." in page


def test_it_refuses_touchdowns_above_the_ruleset_s_bound(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    page = refused(client, friendly, {**ORC_REPORT, "away_touchdowns": "25"})
    assert "Da Krumpers's touchdowns are 0 to 24, not 25." in page


def test_it_refuses_a_blitz_bowl_score_that_does_not_add_up(
    client, blitz_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    page = refused(client, blitz_friendly, {**BLITZ_REPORT, "home-score": "14"})
    assert (
        "The Reavers's score is 14, but 4 × 2 touchdowns + 5 challenge + 2 × 1 clean sweeps "
        "+ 0 bonus play make 15."
    ) in page
    assert form_of_text(page)["home-score"] == ["14"]


def test_it_refuses_a_report_for_a_match_already_confirmed(
    client, friendly, home_coach, away_coach
) -> None:
    confirmed(friendly, home_coach, away_coach)
    client.force_login(home_coach)
    page = refused(client, friendly, ORC_REPORT)
    assert "The report of Gouged Eye v Da Krumpers is confirmed: it cannot be changed now." in page
    assert 'id="report-form"' not in page  # nothing left to write


def test_only_the_coaches_write_the_report_however_it_is_filled_in(
    client, fixture_match, commissioner
) -> None:
    client.force_login(commissioner)
    assert 'id="report-form"' not in text(client.get(url(fixture_match)))
    for data in (ORC_REPORT, {**ORC_REPORT, "home-p6-completion": "lots"}):
        with unchanged():
            assert client.post(url(fixture_match, "report"), data).status_code == 403


def test_a_refusal_keeps_every_problem_of_the_post_at_once(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    page = refused(client, friendly, {**ORC_REPORT, "home-p12-touchdown": "1",
                                      "cas-0-dice-casualty-2": "9", "home-mvp-2": "6"})  # fmt: skip
    assert lines_of_text(page, "form-errors") == [
        "Not done:",
        "Gouged Eye's line: Gouged Eye has no player #12.",
        "Gouged Eye awards 1 MVP in this match, not 2.",
        "The casualty roll for away #3: Die 2 of a D68 roll reads 1 to 8, not 9.",
    ]


def lines_of_text(page_text: str, css_class: str) -> list[str]:
    reader = _Lines(css_class)
    reader.feed(page_text)
    return reader.lines


# --- The running check ------------------------------------------------------------------------


def check(client, match: Match, data: dict):
    return client.post(url(match, "report/check"), data)


def test_the_check_lists_what_saving_would_refuse_and_what_submitting_lacks(
    client, nurgle_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    data = {**NURGLE_REPORT, "cas-1-causer": "away-4", "cas-2-helper": "apothecary"}
    with unchanged():
        page = check(client, nurgle_friendly, data)
    assert page.status_code == 200
    assert lines(page, "check-problems") == [
        "Fix before saving:",
        "Casualty 2: #4 Rotter 4 and #3 Rotter 3 both play for Rotten Rovers; only a bomb or "
        "another secret weapon hurts a team-mate. The victim of a block is on the other side.",
        "Casualty 3: Rotten Rovers has no apothecary in this match.",
    ]
    # The refused apothecary asks for no die and no kept result.
    assert lines(page, "check-unfinished") == []


def test_the_check_names_values_that_are_no_numbers(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = check(client, friendly, {**ORC_REPORT, "home-p6-completion": "lots"})
    assert lines(page, "check-problems") == [
        "Fix before saving:",
        "Gouged Eye's #6, completion: A valid integer is required.",
    ]


def test_the_check_says_when_a_report_is_ready(client, nurgle_friendly, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = check(client, nurgle_friendly, NURGLE_REPORT)
    assert text(page).strip() == (
        '<p class="check-ready">Nothing to fix: ready to save and submit.</p>'
    )


def test_the_check_rolls_no_die_even_when_asked_to(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = check(client, friendly, {**ORC_REPORT, "home-mvp-1": "server"})
    assert "Draw Gouged Eye's MVP (1 of 11)." in text(page)


def test_only_the_coaches_check_a_report(client, friendly, outsider, commissioner) -> None:
    for visitor in (outsider, commissioner):
        client.force_login(visitor)
        with unchanged():
            assert check(client, friendly, ORC_REPORT).status_code == 403
    client.logout()
    with unchanged():
        page = check(client, friendly, ORC_REPORT)
    assert page.status_code == 302
    assert page["Location"].startswith("/accounts/login/")


def test_the_check_is_only_posted(client, friendly, home_coach) -> None:
    client.force_login(home_coach)
    assert client.get(url(friendly, "report/check")).status_code == 405


# --- The page's reads -------------------------------------------------------------------------


def test_the_page_reads_a_report_in_as_many_queries_however_many_casualties_it_has(
    client, nurgle_friendly, home_coach
) -> None:
    one = {key: value for key, value in NURGLE_REPORT.items()
           if not key.startswith(("cas-1-", "cas-2-"))}  # fmt: skip
    client.force_login(home_coach)
    counts = []
    for data in (one, NURGLE_REPORT):
        saved(client, nurgle_friendly, data)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(nurgle_friendly)).status_code == 200
        counts.append(len(queries.captured_queries))
    assert Casualty.objects.filter(match=nurgle_friendly).count() == 3
    assert counts[0] == counts[1]


def test_the_page_loads_the_form_s_script_only_for_those_who_write_the_report(
    client, friendly, home_coach, outsider
) -> None:
    client.force_login(home_coach)
    assert '<script src="/static/js/report-form.js" defer></script>' in text(
        client.get(url(friendly))
    )
    client.force_login(outsider)
    assert "report-form.js" not in text(client.get(url(friendly)))


def test_a_submitted_report_is_shown_and_no_longer_offered_as_a_form(
    client, friendly, home_coach, away_coach
) -> None:
    client.force_login(home_coach)
    saved(client, friendly, ORC_REPORT)
    workflow.report_submit(friendly, home_coach)
    client.force_login(away_coach)
    page = client.get(url(friendly))
    assert 'id="report-form"' not in text(page)
    assert "#7 Blitzer 7 · touchdown 2 · MVP" in lines(page, "report-shown")
    assert lines(page, "unfinished") == []
