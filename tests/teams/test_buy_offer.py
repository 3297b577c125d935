"""The roster page's buy form offers only what may be bought: positions of the team's race with
room left, re-rolls under the most allowed, fan factor where the ruleset sells it after
creation, staff the race may have and has room for. A kind select, then the fields of the
chosen kind only (a fieldset per kind; static/js/buy-form.js hides the others). The service
still refuses anything else."""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings

from rules.edition import edition_read
from rules.engine.purchases import Purchase, TeamNow, purchase_offers, purchase_price
from rules.engine.team_building import TeamRefused
from rules.snapshot import edition_ruleset, staff_rules_from
from teams.between_matches import team_purchase
from teams.services import team_create
from tests.teams.helpers import orc_team, squad
from tests.unchanged import unchanged

LRB6 = edition_read("lrb6")
GDBBL = edition_read("gdbbl")

# The standard Orc team (tests.teams.helpers.orc_team): its 4 Blitzers are all it may have.
ORCS = TeamNow(
    race="orc",
    players={"Lineman": 5, "Blitzer": 4, "Black Orc Blocker": 2},
    rerolls=2,
    fan_factor=3,
    treasury=70_000,
    staff={"apothecary": 1},
)


def offered(edition, team: TeamNow, **settings_) -> dict[str, list[str]]:
    """kind -> the names offered, in order."""
    ruleset = edition_ruleset(edition)
    if settings_:
        ruleset = replace(ruleset, settings={**ruleset.settings, **settings_})
    found: dict[str, list[str]] = {}
    for offer in purchase_offers(ruleset, staff_rules_from(edition), team):
        found.setdefault(offer.kind, []).append(offer.name)
    return found


# --- What the rules offer (no database) -----------------------------------------------------


def test_an_orc_team_is_not_offered_a_necromancer_nor_a_second_apothecary() -> None:
    staff = offered(LRB6, ORCS)["staff"]
    assert "Necromancer" not in staff
    assert "Apothecary" not in staff  # it has one, the most it may have
    assert staff == ["Assistant Coach", "Cheerleader"]


@pytest.mark.parametrize("race", ["necromantic", "undead"])
def test_necromantic_and_undead_teams_are_offered_a_necromancer_and_no_apothecary(race) -> None:
    team = TeamNow(race, {}, 0, 0, 0, {})
    staff = offered(LRB6, team)["staff"]
    assert "Necromancer" in staff
    assert "Apothecary" not in staff


def test_a_necromancer_already_hired_is_not_offered_again() -> None:
    team = TeamNow("undead", {}, 0, 0, 0, {"necromancer": 1})
    assert "Necromancer" not in offered(LRB6, team)["staff"]


def test_a_full_position_is_not_offered_and_the_others_are() -> None:
    players = offered(LRB6, ORCS)["player"]
    assert "Blitzer" not in players  # 4 of 4
    assert players == ["Lineman", "Goblin", "Thrower", "Black Orc Blocker", "Troll"]


def test_a_full_roster_is_offered_no_player() -> None:
    full = replace(ORCS, players={"Lineman": 12, "Blitzer": 4})
    assert "player" not in offered(LRB6, full)


def test_the_treasury_does_not_narrow_the_offer() -> None:
    # 70,000 gp buys no Troll (110,000): he is offered all the same, and the purchase is
    # refused with the shortfall.
    broke = replace(ORCS, treasury=0)
    assert offered(LRB6, broke) == offered(LRB6, ORCS)


def test_re_rolls_are_offered_under_the_most_allowed_only() -> None:
    assert "reroll" in offered(LRB6, ORCS)
    assert "reroll" not in offered(LRB6, ORCS, max_team_rerolls=2)
    assert "reroll" in offered(LRB6, ORCS, max_team_rerolls=3)


def test_fan_factor_is_offered_where_the_ruleset_sells_it_after_creation() -> None:
    assert "fan_factor" not in offered(LRB6, ORCS)
    assert offered(LRB6, ORCS, fan_factor_purchase_after_creation=True)["fan_factor"] == [
        "Fan factor"
    ]
    capped = {"fan_factor_purchase_after_creation": True, "fan_factor_max": 3}
    assert "fan_factor" not in offered(LRB6, ORCS, **capped)


def test_gdbbl_staff_by_race_and_group() -> None:
    dwarfs = TeamNow("dwarf", {"Long Beard": 11}, 1, 1, 30_000, {"alchemist": 1})
    staff = offered(GDBBL, dwarfs)["staff"]
    assert "Wizard" not in staff  # not for Dwarfs
    assert not any("Alchemist" in name for name in staff)  # it has one, the most
    assert not any("Necromancer" in name for name in staff)  # Undead only
    assert "Apothecary" in staff


def test_an_apothecary_max_setting_limits_buying_as_it_limits_creation() -> None:
    # GDBBL lists no limit on apothecaries; a league may set one (apothecary_max).
    humans = TeamNow("human", {"Lineman": 11}, 0, 0, 500_000, {"apothecary": 1})
    assert "Apothecary" in offered(GDBBL, humans)["staff"]
    assert "Apothecary" not in offered(GDBBL, humans, apothecary_max=1)["staff"]
    ruleset = edition_ruleset(GDBBL)
    ruleset = replace(ruleset, settings={**ruleset.settings, "apothecary_max": 1})
    with pytest.raises(TeamRefused) as refused:
        purchase_price(ruleset, staff_rules_from(GDBBL), humans, Purchase("staff", "apothecary"))
    assert [p.field for p in refused.value.problems] == ["count"]


def test_every_offer_is_priced_as_the_purchase_would_be() -> None:
    ruleset = edition_ruleset(LRB6)
    rules = staff_rules_from(LRB6)
    rich = replace(ORCS, treasury=10**9)
    for offer in purchase_offers(ruleset, rules, ORCS):
        purchase = Purchase(offer.kind, offer.what)
        assert purchase_price(ruleset, rules, rich, purchase) == offer.price, offer


# --- The page --------------------------------------------------------------------------------


class BuyForm(HTMLParser):
    """The buy form as a page gives it: the kinds of its select (and the one selected), and
    for each field (by name) the kind of the fieldset it is in and whether that is hidden."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.fieldset: tuple[str, bool] | None = None  # kind, hidden
        self.fields: dict[str, tuple[str | None, bool]] = {}
        self.options: dict[str, list[str]] = {}
        self.selected: dict[str, str] = {}
        self.select: str | None = None
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script" and found.get("src"):
            self.scripts.append(found["src"])
        if tag == "form" and "buy-form" in (found.get("class") or "").split():
            self.inside = True
        if not self.inside:
            return
        if tag == "fieldset":
            self.fieldset = (found.get("data-kind") or "", "hidden" in found)
        if tag in ("input", "select", "textarea") and found.get("name"):
            kind, hidden = self.fieldset or (None, False)
            self.fields[found["name"]] = (kind, hidden)
        if tag == "select":
            self.select = found.get("name")
            self.options[self.select] = []
        if tag == "option" and self.select:
            self.options[self.select].append(found.get("value") or "")
            if "selected" in found:
                self.selected[self.select] = found.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if tag == "fieldset":
            self.fieldset = None
        if tag == "select":
            self.select = None


def buy_form(html: str) -> BuyForm:
    parser = BuyForm()
    parser.feed(html)
    assert parser.fields, "no buy form on the page"
    return parser


@pytest.fixture
def orcs(coach, lrb6):
    return orc_team(coach, lrb6)


@pytest.mark.django_db
def test_the_orc_page_offers_no_necromancer_and_no_blitzer(client, orcs) -> None:
    client.force_login(orcs.coach)
    form = buy_form(client.get(f"/teams/{orcs.pk}/").content.decode())
    assert form.options["what-staff"] == ["assistant_coach", "cheerleader"]
    assert "Blitzer" not in form.options["what-player"]
    assert "Lineman" in form.options["what-player"]
    assert form.options["kind"] == ["player", "reroll", "staff"]  # LRB6 sells no fan factor


@pytest.mark.django_db
def test_an_undead_page_offers_a_necromancer(client, coach, lrb6) -> None:
    undead = team_create(coach, lrb6, "Grave Robbers", "undead", squad((11, "Skeleton")))
    client.force_login(coach)
    form = buy_form(client.get(f"/teams/{undead.pk}/").content.decode())
    assert "necromancer" in form.options["what-staff"]
    assert "apothecary" not in form.options["what-staff"]


@pytest.mark.django_db
def test_the_page_shows_the_chosen_kinds_fields_only(client, orcs) -> None:
    client.force_login(orcs.coach)
    page = client.get(f"/teams/{orcs.pk}/").content.decode()
    form = buy_form(page)
    # A kind select first, outside any kind's fieldset; the count is every kind's.
    assert form.fields["kind"] == (None, False)
    assert form.fields["count"] == (None, False)
    assert form.selected["kind"] == "player"
    # Each kind's fields in its fieldset: the chosen kind's shown, the others hidden.
    assert form.fields["what-player"] == ("player", False)
    assert form.fields["names"] == ("player", False)
    assert form.fields["numbers"] == ("player", False)
    assert form.fields["what-staff"] == ("staff", True)
    assert '<fieldset class="buy-kind" data-kind="reroll" hidden>' in page
    # The script that hides the others is the project's own, never a CDN's.
    assert "/static/js/buy-form.js" in form.scripts
    assert all(src.startswith("/static/") for src in form.scripts)
    assert (Path(settings.BASE_DIR) / "static" / "js" / "buy-form.js").is_file()


@pytest.mark.django_db
def test_a_refused_purchase_keeps_the_kind_chosen(client, orcs) -> None:
    client.force_login(orcs.coach)
    with unchanged():
        response = client.post(f"/teams/{orcs.pk}/buy/", {"kind": "staff",
                                                          "what-staff": "necromancer"})  # fmt: skip
    assert response.status_code == 400
    page = response.content.decode()
    assert "Orc teams may not have a Necromancer." in page
    form = buy_form(page)
    assert form.selected["kind"] == "staff"
    assert form.fields["what-staff"] == ("staff", False)
    assert form.fields["what-player"] == ("player", True)


@pytest.mark.django_db
def test_the_service_still_refuses_what_is_not_offered(orcs) -> None:
    with unchanged(), pytest.raises(TeamRefused) as refused:
        team_purchase(orcs, orcs.coach, Purchase("player", "Blitzer"))
    assert [p.message for p in refused.value.problems] == [
        "Orc teams may have at most 4 Blitzers; this team has 4."
    ]
