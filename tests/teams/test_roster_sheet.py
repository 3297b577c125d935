"""Roster sheets as PDFs: the text pypdf reads back holds every player and the team block,
for each characteristic set; the worst case fits one page; the project font is embedded; and
nothing is fetched from the network."""

from __future__ import annotations

import re
import socket
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from rules.selectors import version_get
from teams.advancement import improvement_choose, improvement_roll
from teams.between_matches import team_adjust
from teams.models import Player
from teams.roster_sheet import (
    StaticFilesOnly,
    sheet_html,
    sheet_pdf,
    static_file,
    template_for,
    template_version,
)
from tests.teams.helpers import dwarf_team, orc_team, squad
from tests.teams.sheet_helpers import (
    LONG_SKILLS,
    embedded_fonts,
    pdf_text,
    reader,
    worst_case_team,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_user("ref", password="whistle-1", is_staff=True)


@pytest.fixture
def veteran_orcs(coach, lrb6, staff_user):
    """Gouged Eye after two advances: Lineman 1 took +1 ST on a double six (50,000 + 50,000),
    Blitzer 6 took Tackle on 3+4 (80,000 + 20,000). Players are named after their position
    and their place in the squad."""
    team = orc_team(coach, lrb6)
    for number in (1, 6):
        player = team.players.get(number=number)
        team = team_adjust(team, staff_user, "SPP from the paper reports", 0, player, 6)
    team = improvement_choose(
        team, coach, improvement_roll(team, coach, team.players.get(number=1), (6, 6)), "ST"
    )
    team = improvement_choose(
        team, coach, improvement_roll(team, coach, team.players.get(number=6), (3, 4)), "Tackle"
    )
    return team


def rows(text: str) -> list[str]:
    return text.splitlines()


def test_an_lrb6_sheet_holds_every_player_and_the_team_block(veteran_orcs) -> None:
    text = pdf_text(sheet_pdf(sheet_html(veteran_orcs, "a4")))
    # number, name, position, MA ST AG AV, skills, Comp TD Int Cas MVP SPP, value
    expected = [
        "1 Lineman 1 Lineman 5 4 3 9 0 0 0 0 0 6 100,000",
        "2 Lineman 2 Lineman 5 3 3 9 0 0 0 0 0 0 50,000",
        "6 Blitzer 6 Blitzer 6 3 3 9 Block, Tackle 0 0 0 0 0 6 100,000",
        "7 Blitzer 7 Blitzer 6 3 3 9 Block 0 0 0 0 0 0 80,000",
        "10 Black Orc Blocker 10 Black Orc Blocker 4 4 2 9 0 0 0 0 0 0 80,000",
        "11 Black Orc Blocker 11 Black Orc Blocker 4 4 2 9 0 0 0 0 0 0 80,000",
    ]
    for line in expected:
        assert line in rows(text), line
    assert (
        sum(bool(re.match(r"^\d+ (Lineman|Blitzer|Black Orc Blocker) \d", r)) for r in rows(text))
        == 11
    )
    # 930,000 + 50,000 (+ST) + 20,000 (Tackle) = 1,000,000
    for line in (
        "TEAM Gouged Eye",
        "RACE Orc",
        "TREASURY 70,000 gp",
        "HEAD COACH grimgor",
        "RE-ROLLS 2 × 60,000 gp",
        "FAN FACTOR 3 × 10,000 gp",
        "APOTHECARY 1 × 50,000 gp",
        "ASSISTANT COACH 0 × 10,000 gp",
        "CHEERLEADER 0 × 10,000 gp",
        "TOTAL VALUE OF TEAM 1,000,000 gp",
        "PLAYERS 11",
        "TEAM SPP 12",
    ):
        assert line in rows(text), line
    header = next(r for r in rows(text) if r.startswith("# PLAYER'S NAME"))
    assert header.split()[4:8] == ["MA", "ST", "AG", "AV"]


def test_players_who_left_are_not_printed(veteran_orcs, coach) -> None:
    from teams.between_matches import player_leave

    team = player_leave(veteran_orcs, coach, veteran_orcs.players.get(number=2), "fired")
    text = pdf_text(sheet_pdf(sheet_html(team, "a4")))
    assert "Lineman 2" not in text
    assert "PLAYERS 10" in rows(text)


def test_a_gdbbl_sheet_shows_the_team_rating_and_the_magic_staff(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    text = pdf_text(sheet_pdf(sheet_html(team, "a4")))
    for number in range(1, 12):
        assert f"{number} Long Beard {number} Long Beard 4 3 2 9" in text
    # 11 x 70,000 + 40,000 + 10,000 + 150,000 (alchemist) = 970,000: rating 97.
    assert "TEAM RATING 97" in rows(text)
    assert "TREASURY 30,000 gp" in rows(text)
    assert "DWARF ALCHEMIST 1 × 150,000 gp" in rows(text)


def test_a_first_edition_sheet_has_seven_characteristics_and_no_money(coach) -> None:
    from teams.services import team_create

    version = version_get("first-edition")
    team = team_create(
        coach,
        version,
        "Bright Crusaders",
        "human",
        squad((6, "Lineman"), (2, "Blitzer"), (3, "Blocker")),
    )
    html = sheet_html(team, "a4")
    text = pdf_text(sheet_pdf(html))
    header = next(r for r in rows(text) if r.startswith("# PLAYER'S NAME"))
    # The seven characteristics and nothing after them: 1st edition has no skills, no
    # counters, no SPP and no value.
    assert header.split()[4:] == ["MA", "SP", "ST", "AG", "TS", "CL", "AV"]
    # Characteristics may be negative (002's Blocker: TS -1, CL -1).
    assert "1 Lineman 1 Lineman 4 2 3 3 0 0 9" in rows(text)
    assert "9 Blocker 9 Blocker 4 1 4 2 -1 -1 10" in rows(text)
    assert "Team roster (1st edition, results only)" in text
    for absent in ("TREASURY", "TOTAL VALUE", "SPP", "RE-ROLLS", "FAN FACTOR", "gp"):
        assert absent not in text, absent


def test_a_blitz_bowl_sheet_is_its_team_card(coach) -> None:
    from teams.services import team_create

    version = version_get("blitz-bowl")
    players = squad((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer"))
    team = team_create(coach, version, "The Reavers", "human", players)
    text = pdf_text(sheet_pdf(sheet_html(team, "letter")))
    assert "Blitz Bowl team card" in text
    header = next(r for r in rows(text) if r.startswith("# PLAYER'S NAME"))
    assert header.split()[4:8] == ["MV", "BL", "TH", "AR"]
    assert "1 Lineman 1 Lineman 6 1 4+ 3+" in rows(text)
    assert "5 Catcher 5 Catcher 8 1 4+ 5+ Catcher's Instincts" in rows(text)
    flat = text.replace("\n", " ")
    assert "Emergency Reserves 4" in flat
    # The race notes' rule, not our notes on the sources: no OCR, document or line numbers.
    assert "one free Reserves action" in flat
    for note in ("OCR", "004", "l.420", "unverified", "legible"):
        assert note not in flat


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_worst_case_fits_one_page(coach, lrb6, paper) -> None:
    team = worst_case_team(coach, lrb6)
    Player.objects.filter(team=team).update(skills=LONG_SKILLS, spp=176)
    pdf = sheet_pdf(sheet_html(team, paper))
    assert len(reader(pdf).pages) == 1
    flat = pdf_text(pdf).replace("\n", " ")
    for number in range(1, 17):
        assert f"Sigismund Ironhand Vorberg {number:03d}" in flat
    assert flat.count("Nerves of Steel") == 16


@pytest.mark.parametrize(("paper", "size"), [("a4", (842, 595)), ("letter", (792, 612))])
def test_the_page_is_the_chosen_paper_in_landscape(coach, lrb6, paper, size) -> None:
    page = reader(sheet_pdf(sheet_html(orc_team(coach, lrb6), paper))).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == size


def test_the_project_font_is_embedded(coach, lrb6) -> None:
    fonts = embedded_fonts(sheet_pdf(sheet_html(orc_team(coach, lrb6), "a4")))
    assert fonts
    assert all("Source-Sans-3" in name for name in fonts), fonts


def test_an_outside_url_is_refused_and_the_sheet_still_renders(monkeypatch) -> None:
    connections: list[object] = []

    def no_network(self, address):
        connections.append(address)
        raise OSError("the network is closed in this test")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    html = """<html><head>
      <link rel="stylesheet" href="https://fonts.example.com/css?family=Comic">
      <link rel="stylesheet" href="/static/css/roster-sheet.css">
      <style>@import url("http://example.com/more.css");</style></head>
      <body class="sheet"><img src="https://example.com/logo.png" alt="">
      <p>Gouged Eye</p></body></html>"""
    fetcher = StaticFilesOnly()
    pdf = sheet_pdf(html, fetcher)
    assert "Gouged Eye" in pdf_text(pdf)
    assert sorted(fetcher.refused) == [
        "http://example.com/more.css",
        "https://example.com/logo.png",
        "https://fonts.example.com/css?family=Comic",
    ]
    assert connections == []
    assert all("Source-Sans-3" in name for name in embedded_fonts(pdf))


def test_only_project_static_files_are_served(tmp_path) -> None:
    assert static_file("css/roster-sheet.css") is not None
    assert static_file("fonts/source-sans-3-latin-400-normal.woff2") is not None
    assert static_file("../manage.py") is None
    assert static_file("/etc/passwd") is None
    assert static_file("css/missing.css") is None


def test_the_template_follows_the_characteristic_set() -> None:
    assert template_for(("MA", "ST", "AG", "AV")) == "teams/roster_sheet/league.html"
    assert template_for(("MA", "SP", "ST", "AG", "TS", "CL", "AV")) == (
        "teams/roster_sheet/first_edition.html"
    )
    assert template_for(("MV", "BL", "TH", "AR")) == "teams/roster_sheet/blitz_bowl.html"


def test_the_template_version_is_a_fingerprint_of_the_sheet_files(settings, tmp_path) -> None:
    import shutil

    template_version.cache_clear()
    first = template_version()
    assert re.fullmatch(r"[0-9a-f]{12}", first)
    for folder in ("templates/teams/roster_sheet", "static/css"):
        shutil.copytree(settings.BASE_DIR / folder, tmp_path / folder)
    settings.BASE_DIR = tmp_path
    template_version.cache_clear()
    assert template_version() == first
    (tmp_path / "static/css/roster-sheet.css").write_text("/* changed */", encoding="utf-8")
    template_version.cache_clear()
    assert template_version() != first
    template_version.cache_clear()


def test_the_preview_page_is_the_same_template(client, veteran_orcs) -> None:
    page = client.get(f"/teams/{veteran_orcs.pk}/roster-sheet/preview/", {"paper": "letter"})
    assert page.status_code == 200
    html = page.content.decode()
    assert '<body class="sheet paper-letter">' in html  # the stylesheet's letter-sized page
    assert "Lineman 1" in html
    assert "/static/css/roster-sheet.css" in html


def test_the_command_writes_a_teams_sheet(veteran_orcs, tmp_path) -> None:
    out = StringIO()
    target = tmp_path / "gouged-eye.pdf"
    call_command("roster_sheet", str(veteran_orcs.pk), str(target), "--paper", "letter", stdout=out)
    assert "Wrote Gouged Eye's roster sheet (US Letter" in out.getvalue()
    assert "TOTAL VALUE OF TEAM 1,000,000 gp" in pdf_text(target.read_bytes())
    call_command("roster_sheet", "Gouged Eye", str(target), stdout=StringIO())
    assert round(float(reader(target.read_bytes()).pages[0].mediabox.width)) == 842


def test_the_command_names_a_missing_team(db, tmp_path) -> None:
    with pytest.raises(CommandError, match="There is no team 'Nobody'"):
        call_command("roster_sheet", "Nobody", str(tmp_path / "x.pdf"))
