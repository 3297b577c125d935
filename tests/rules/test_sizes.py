"""Every position and star player has a size, small, human or large: GDBBL's Necromancer
raises only "a player of roughly human size (not large monsters or small players like
halflings or goblins)" (001 Undead team). The sizes are defaults a league may edit."""

from __future__ import annotations

from typing import Any

import pytest

from rules.edition import Edition, EditionError, edition_from_documents, edition_read
from rules.edition_io import (
    edition_documents,
    edition_export,
    edition_import,
    edition_with_section,
    section_yaml,
)
from rules.engine.ruleset import SIZES
from rules.house_forms import position_rows, positions_from_post
from rules.snapshot import edition_ruleset

GDBBL_SMALL_POSITIONS = {
    ("goblin", "Goblin"),
    ("halfling", "Halfling"),
    ("lizardmen", "Skink"),
    ("orc", "Goblin"),
}
GDBBL_LARGE_POSITIONS = {("lizardmen", "Kroxigor")}
GDBBL_SMALL_STARS = {
    "Bomber Dribblesnot",
    "Fungus the Loon",
    "Nobbla Blackwart",
    "Scrappa Sorehead",
    "Yaxi Chan",
}
GDBBL_LARGE_STARS = {
    "Ahrni",
    "Deeproot Strongbranch",
    "Grashnak Blackhoof",
    "Headsplitter",
    "Morg 'n' Thorg",
    "Ripper Bolgrot",
}
# The star kinds (gdbbl/star_players.yaml) whose players are not of roughly human size.
SMALL_KINDS = {"goblin", "halfling", "skink"}
LARGE_KINDS = {"kroxigor", "minotaur", "ogre", "rat-ogre", "treeman", "troll"}


@pytest.fixture(scope="module")
def gdbbl() -> Edition:
    return edition_read("gdbbl")


def positions_of(edition: Edition, size: str) -> set[tuple[str, str]]:
    return {
        (race.slug, position.name)
        for race in edition.races
        for position in race.positions
        if position.size == size
    }


def stars_of(edition: Edition, size: str) -> set[str]:
    return {star.name for star in edition.star_players if star.size == size}


def test_the_three_sizes_are_small_human_and_large() -> None:
    assert SIZES == ("small", "human", "large")


def test_the_small_gdbbl_positions_are_its_goblins_halflings_and_skinks(gdbbl) -> None:
    assert positions_of(gdbbl, "small") == GDBBL_SMALL_POSITIONS


def test_the_only_large_gdbbl_position_is_the_kroxigor(gdbbl) -> None:
    assert positions_of(gdbbl, "large") == GDBBL_LARGE_POSITIONS


def test_every_other_gdbbl_position_is_of_human_size(gdbbl) -> None:
    everyone = {(race.slug, p.name) for race in gdbbl.races for p in race.positions}
    assert positions_of(gdbbl, "human") == (
        everyone - GDBBL_SMALL_POSITIONS - GDBBL_LARGE_POSITIONS
    )
    assert ("undead", "Mummy") in positions_of(gdbbl, "human")


def test_the_small_gdbbl_stars_are_the_goblins_and_yaxi_chan_the_skink(gdbbl) -> None:
    assert stars_of(gdbbl, "small") == GDBBL_SMALL_STARS


def test_the_large_gdbbl_stars_are_the_big_monsters(gdbbl) -> None:
    assert stars_of(gdbbl, "large") == GDBBL_LARGE_STARS


def test_every_other_gdbbl_star_is_of_human_size(gdbbl) -> None:
    everyone = {star.name for star in gdbbl.star_players}
    assert stars_of(gdbbl, "human") == everyone - GDBBL_SMALL_STARS - GDBBL_LARGE_STARS
    assert {"Hthark the Unstoppable", "Lord Borak the Despoiler"} <= stars_of(gdbbl, "human")


@pytest.mark.parametrize("slug", ["gdbbl", "lrb6"])
def test_every_stunty_position_and_star_is_small(slug: str) -> None:
    edition = edition_read(slug)
    stunty = {(race.slug, p.name) for race in edition.races for p in race.positions
              if "Stunty" in p.skills}  # fmt: skip
    assert stunty
    assert stunty <= positions_of(edition, "small")
    stunty_stars = {star.name for star in edition.star_players if "Stunty" in star.skills}
    assert stunty_stars <= stars_of(edition, "small")


def test_a_gdbbl_star_is_sized_by_his_kind(gdbbl) -> None:
    for star in gdbbl.star_players:
        if star.kind in SMALL_KINDS:
            assert star.size == "small", star.name
        elif star.kind in LARGE_KINDS:
            assert star.size == "large", star.name
        else:
            assert star.size == "human", star.name


def test_the_lrb6_big_guys_are_large_and_its_humans_human() -> None:
    lrb6 = edition_ruleset(edition_read("lrb6"))
    assert lrb6.races["human"].position("Ogre").size == "large"
    assert lrb6.races["goblin"].position("Troll").size == "large"
    assert lrb6.races["wood-elf"].position("Treeman").size == "large"
    assert lrb6.races["ogre"].position("Snotling").size == "small"
    assert lrb6.races["human"].position("Blitzer").size == "human"


def test_first_edition_goblins_and_halflings_are_small_and_blitz_bowl_humans_human() -> None:
    first = edition_read("first-edition")
    assert positions_of(first, "small") == {
        ("goblin", "Lineman"),
        ("goblin", "Catcher"),
        ("halfling", "Lineman"),
        ("halfling", "Catcher"),
    }
    assert positions_of(first, "large") == set()
    blitz = edition_read("blitz-bowl")
    assert positions_of(blitz, "small") | positions_of(blitz, "large") == set()


def test_the_engine_reads_a_position_size_from_the_edition(gdbbl) -> None:
    ruleset = edition_ruleset(gdbbl)
    assert ruleset.races["lizardmen"].position("Kroxigor").size == "large"
    assert ruleset.races["lizardmen"].position("Skink").size == "small"
    assert ruleset.races["lizardmen"].position("Saurus").size == "human"


# --- Reading and checking -------------------------------------------------------------------


def documents_with(edition: Edition, change) -> dict[str, Any]:
    documents = edition_documents(edition)
    change(documents)
    return documents


def test_a_position_without_a_size_is_of_human_size(gdbbl) -> None:
    def leave_out(documents: dict[str, Any]) -> None:
        for race in documents["races"]:
            for position in race["positions"]:
                del position["size"]
        for star in documents["star_players"]:
            del star["size"]

    edition = edition_from_documents(documents_with(gdbbl, leave_out), "a test")
    assert positions_of(edition, "small") | positions_of(edition, "large") == set()
    assert stars_of(edition, "small") | stars_of(edition, "large") == set()


def test_an_unknown_position_size_is_refused_naming_the_race_and_position(gdbbl) -> None:
    def enlarge(documents: dict[str, Any]) -> None:
        halfling = next(race for race in documents["races"] if race["slug"] == "halfling")
        halfling["positions"][0]["size"] = "huge"

    with pytest.raises(EditionError) as error:
        edition_from_documents(documents_with(gdbbl, enlarge), "your edit")
    assert str(error.value) == (
        "your edit: races, race 'halfling', position 'Halfling': "
        "size must be small, human or large, not 'huge'"
    )


def test_an_unknown_star_size_is_refused_naming_the_star(gdbbl) -> None:
    def misspell(documents: dict[str, Any]) -> None:
        ahrni = next(star for star in documents["star_players"] if star["name"] == "Ahrni")
        ahrni["size"] = "Large"

    with pytest.raises(EditionError) as error:
        edition_from_documents(documents_with(gdbbl, misspell), "your edit")
    assert str(error.value) == (
        "your edit: star_players, star player 'Ahrni': "
        "size must be small, human or large, not 'Large'"
    )


# --- Export, import and the YAML editor -----------------------------------------------------


def test_an_export_and_import_keep_every_size(gdbbl) -> None:
    again = edition_import(edition_export(gdbbl), slug="gdbbl")
    assert again == gdbbl
    assert positions_of(again, "small") == GDBBL_SMALL_POSITIONS
    assert stars_of(again, "large") == GDBBL_LARGE_STARS


def test_the_star_player_yaml_shows_each_size_and_an_edit_changes_it(gdbbl) -> None:
    text = section_yaml(gdbbl, "star_players")
    assert "  kind: troll\n  size: large\n" in text
    assert "  kind: human\n  size: human\n" in text
    edited = edition_with_section(
        gdbbl, "star_players", text.replace("  kind: troll\n  size: large\n", "  kind: troll\n")
    )
    ripper = next(star for star in edited.star_players if star.name == "Ripper Bolgrot")
    assert ripper.size == "human"
    assert edited.content_hash != gdbbl.content_hash


# --- The team list form ---------------------------------------------------------------------


def test_the_team_list_form_shows_each_size_and_a_new_row_of_human_size(gdbbl) -> None:
    lizardmen = next(r for r in edition_documents(gdbbl)["races"] if r["slug"] == "lizardmen")
    rows = position_rows(lizardmen["positions"], gdbbl.characteristics)
    assert [(row["name"], row["size"]) for row in rows] == [
        ("Saurus", "human"),
        ("Skink", "small"),
        ("Kroxigor", "large"),
        ("", "human"),
    ]


def test_the_team_list_form_reads_the_size_chosen(gdbbl) -> None:
    lizardmen = next(r for r in edition_documents(gdbbl)["races"] if r["slug"] == "lizardmen")
    post = {"0-name": "Saurus", "0-size": "large", "new-name": "Chameleon", "new-size": "small"}
    positions = positions_from_post(post, (), lizardmen["positions"])
    assert [(p["name"], p["size"]) for p in positions] == [
        ("Saurus", "large"),
        ("Chameleon", "small"),
    ]


def test_a_team_list_posted_without_sizes_keeps_them(gdbbl) -> None:
    lizardmen = next(r for r in edition_documents(gdbbl)["races"] if r["slug"] == "lizardmen")
    post = {"0-name": "Saurus", "1-name": "Skink", "2-name": "Kroxigor", "new-name": "Newt"}
    positions = positions_from_post(post, (), lizardmen["positions"])
    assert [p["size"] for p in positions] == ["human", "small", "large", "human"]
