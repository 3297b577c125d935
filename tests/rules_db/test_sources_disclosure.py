"""The rules browser shows players the rule and keeps our notes on the sources (line numbers,
document numbers, what the OCR lost, our reference files) behind a "Sources" disclosure; an
empty list says so in words."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from rules import models
from rules.display import split_sources

pytestmark = pytest.mark.django_db

SLUGS = ["lrb6", "gdbbl", "first-edition", "blitz-bowl"]
SOURCES = re.compile(r'<details class="sources"><summary>Sources</summary>(.*?)</details>', re.S)
# Our reference files and line numbers: never shown outside the disclosure.
REFERENCES = re.compile(r"lrb6-facts|seed-[\w-]+|reference/|§|\bl\.\d+")


def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def visible_and_disclosed(client: Client, url: str) -> tuple[str, str]:
    """The page's text outside the "Sources" disclosures, and the text inside them."""
    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content.decode()
    inside = " ".join(SOURCES.findall(html))
    return text_of(SOURCES.sub(" ", html)), text_of(inside)


def pages(slug: str) -> list[str]:
    version = models.RulesetVersion.objects.filter(ruleset__slug=slug).latest("number")
    races = models.Race.objects.filter(version=version).values_list("slug", flat=True)
    parts = ["", "races/", "skills/", "star-players/", "staff/", "tables/", "settings/"]
    return [f"/rules/{slug}/{part}" for part in parts] + [
        f"/rules/{slug}/races/{race}/" for race in races
    ]


def test_a_table_s_source_note_is_only_inside_the_sources_disclosure() -> None:
    visible, disclosed = visible_and_disclosed(Client(), "/rules/lrb6/tables/")
    # The experience levels: the rule is there to read, where it comes from behind "Sources".
    rule = "A player's title by total SPP and the number of improvement rolls earned in total"
    assert rule in visible
    assert "From lrb6-facts §2 (OBBLM, BOTOCS and obblm/core agree)." in disclosed
    assert "lrb6-facts" not in visible


def test_the_disclosure_is_closed_until_opened() -> None:
    html = Client().get("/rules/first-edition/races/dark-elf/").content.decode()
    [note] = SOURCES.findall(html)
    assert "(l.801)" in note
    assert "<details open" not in html
    visible = text_of(SOURCES.sub(" ", html))
    assert "Squad: 8 Linemen, 4 Catchers, 2 Throwers and 2 Blitzers." in visible
    assert "l.801" not in visible


def test_the_overview_keeps_the_edition_s_sources_behind_the_disclosure() -> None:
    visible, disclosed = visible_and_disclosed(Client(), "/rules/lrb6/")
    assert "reference/lrb6-facts.md" in disclosed
    assert "reference/lrb6-facts.md" not in visible
    assert "is the perpetual-league edition of Blood Bowl" in visible


def test_a_setting_s_source_is_behind_the_disclosure() -> None:
    visible, disclosed = visible_and_disclosed(Client(), "/rules/lrb6/settings/")
    assert "seed-lrb6-extra §6.3" in disclosed
    assert "Source:" not in visible
    assert "random: the MVP is drawn at random among eligible players" in visible


@pytest.mark.parametrize("slug", SLUGS)
def test_no_page_shows_a_reference_outside_the_disclosure(slug: str) -> None:
    client = Client()
    for url in pages(slug):
        visible, _disclosed = visible_and_disclosed(client, url)
        assert not REFERENCES.search(visible), (url, REFERENCES.search(visible))


def test_the_empty_star_player_list_of_1st_edition_says_so() -> None:
    html = Client().get("/rules/first-edition/star-players/").content.decode()
    assert "1st edition has no star players" in text_of(html)
    assert "<table" not in html.split('aria-label="Blood Bowl 1st edition"')[1]


def test_blitz_bowl_says_it_has_no_staff_inducements_or_stars() -> None:
    client = Client()
    staff = text_of(client.get("/rules/blitz-bowl/staff/").content.decode())
    assert "Blitz Bowl (Ultimate Edition) has no coaching staff to hire." in staff
    assert "Blitz Bowl (Ultimate Edition) has no inducements." in staff
    stars = text_of(client.get("/rules/blitz-bowl/star-players/").content.decode())
    assert "Blitz Bowl (Ultimate Edition) has no star players." in stars


def test_a_category_with_no_skills_says_so() -> None:
    text = text_of(Client().get("/rules/first-edition/skills/").content.decode())
    assert "Blood Bowl 1st edition has no Special skills." in text


# --- The split itself ---


def test_a_bracketed_reference_leaves_the_rule_and_goes_to_the_sources() -> None:
    noted = split_sources("Squad: 6 Catchers and 10 Linemen (l.841).")
    assert noted.text == "Squad: 6 Catchers and 10 Linemen."
    assert noted.sources == ("Squad: 6 Catchers and 10 Linemen (l.841).",)


def test_a_citation_goes_and_what_it_introduces_stays() -> None:
    noted = split_sources(
        'SPP a normal player earns. From 001 "Star Player Points (SPP)" (notes §A.4.3): a '
        "completion is an accurate pass caught by a team-mate."
    )
    assert noted.text == (
        "SPP a normal player earns. A completion is an accurate pass caught by a team-mate."
    )


def test_an_ocr_note_goes_whole() -> None:
    noted = split_sources(
        "One rule for the match. The OCR prints the eight names and the eight effects apart; "
        "they are paired here in document order."
    )
    assert noted.text == "One rule for the match."
    assert len(noted.sources) == 1


def test_abbreviations_and_quotes_do_not_end_a_sentence() -> None:
    text = "Living Rulebook 6 (LRB6, c. 2010) is an edition. Only 'a Block...' survives in 004."
    assert split_sources(text).text == "Living Rulebook 6 (LRB6, c. 2010) is an edition."


def test_numbers_with_thousands_are_not_documents() -> None:
    text = "Each team's fans are (2D6 + Fan Factor) x 1,000, from 2,000 to 108,000."
    assert split_sources(text) == split_sources(text).__class__(text, ())


def test_a_note_that_is_all_sources_leaves_nothing_for_players() -> None:
    text = "AG 2 as in BOTOCS and later lists; classic OBBLM data has AG 3 (lrb6-facts §12)."
    assert split_sources(text).text == ""
    assert split_sources(text).sources == (text,)


def test_a_star_s_note_that_is_all_sources_is_only_behind_the_disclosure() -> None:
    visible, disclosed = visible_and_disclosed(Client(), "/rules/lrb6/star-players/")
    assert "classic OBBLM data has AG 3" in disclosed
    assert "OBBLM" not in visible


def test_nothing_splits_to_nothing() -> None:
    assert split_sources("") == split_sources(None)
    assert split_sources("").text == ""
