"""House rules in the rules browser: copy, edit settings, team lists and any part as text,
export, import and co-editors, with the same checks and permissions as the services."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from rules import models
from rules.edition_io import SECTIONS, edition_documents, edition_export, section_yaml
from rules.house_rules import editor_add, ruleset_copy
from rules.selectors import version_get
from rules.snapshot import stored_edition
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

PASSWORD = "touchdown-in-turn-8"
COPY = "/rules/our-house-rules"
EDIT_PAGES = list(
    dict.fromkeys(["edit/settings/", "edit/races/human/", *(f"edit/{part}/" for part in SECTIONS)])
)


def coach(username: str, **extra: Any):
    return get_user_model().objects.create_user(
        username, f"{username}@dugout.example", PASSWORD, **extra
    )


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text_of(content: bytes) -> str:
    """The page's visible text with tags removed, entities decoded and spaces collapsed."""
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", content.decode())))
    return re.sub(r" ([,.:;])", r"\1", text)


@pytest.fixture
def ann():
    return coach("ann")


@pytest.fixture
def bob():
    return coach("bob")


@pytest.fixture
def house(lrb6_version: models.RulesetVersion, ann) -> models.Ruleset:
    return ruleset_copy(lrb6_version, "Our house rules", ann)


@pytest.fixture
def owner(ann) -> Client:
    return client_for(ann)


def settings_post(ruleset: models.Ruleset, **changes: Any) -> dict[str, str]:
    """The settings form as a browser sends it: a ticked box is "on", an empty one absent."""
    data: dict[str, str] = {}
    for setting in edition_documents(stored_edition(ruleset.latest_version()))["settings"]:
        value = changes.get(setting["key"], setting["value"])
        if setting["type"] == "bool":
            if value:
                data[setting["key"]] = "on"
        else:
            data[setting["key"]] = str(value)
    return data


def team_list_post(ruleset: models.Ruleset, race: str) -> dict[str, str]:
    """The team list form of one race as a browser sends it, unchanged, with a blank new row."""
    documents = edition_documents(stored_edition(ruleset.latest_version()))
    team = next(entry for entry in documents["races"] if entry["slug"] == race)
    data: dict[str, str] = {}
    rows = [(str(index), p) for index, p in enumerate(team["positions"])]
    blank = {"name": "", "max": "", "cost": "", "skills": [], "normal": "", "double": ""}
    characteristics = documents["ruleset"]["characteristics"]
    rows.append(("new", blank | {"characteristics": dict.fromkeys(characteristics, "")}))
    for prefix, p in rows:
        data[f"{prefix}-name"] = p["name"]
        data[f"{prefix}-max"] = str(p["max"])
        data[f"{prefix}-cost"] = str(p["cost"])
        for name, value in p["characteristics"].items():
            data[f"{prefix}-c-{name}"] = str(value)
        data[f"{prefix}-skills"] = ", ".join(p["skills"])
        data[f"{prefix}-normal"] = p["normal"]
        data[f"{prefix}-double"] = p["double"]
    return data


def versions_of(ruleset: models.Ruleset) -> list[int]:
    return list(ruleset.versions.order_by("number").values_list("number", flat=True))


# --- Copying --------------------------------------------------------------------------------


def test_the_ruleset_page_offers_a_coach_to_copy_it(lrb6_version, ann) -> None:
    page = client_for(ann).get("/rules/lrb6/").content.decode()
    assert '<form method="post" action="/rules/lrb6/copy/" class="inline-form">' in page
    assert '<input type="hidden" name="version" value="1">' in page
    assert 'name="name" required maxlength="120"' in page
    assert "Log in</a> to copy" not in page


def test_the_ruleset_page_asks_a_visitor_to_log_in_to_copy(lrb6_version) -> None:
    page = Client().get("/rules/lrb6/").content.decode()
    assert '<a href="/accounts/login/?next=/rules/lrb6/">Log in</a> to copy this ruleset' in page
    assert 'action="/rules/lrb6/copy/"' not in page


def test_copying_lrb6_leads_to_the_copy_s_page(lrb6_version, ann, owner: Client) -> None:
    response = owner.post("/rules/lrb6/copy/", {"name": "Our house rules", "version": "1"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/our-house-rules/"
    copy = models.Ruleset.objects.get(slug="our-house-rules")
    assert (copy.owner, copy.parent_version) == (ann, lrb6_version)

    text = text_of(owner.get(response["Location"]).content)
    assert "Our house rules is your copy of Living Rulebook 6 v1: edit it below." in text
    assert "A copy of Living Rulebook 6 v1, owned by ann." in text
    assert "Edit this copy" in text


def test_an_older_version_offers_to_copy_that_version(house, owner: Client) -> None:
    owner.post(f"{COPY}/edit/settings/", settings_post(house, max_touchdowns_per_team=30))
    page = owner.get(f"{COPY}/?v=1").content.decode()
    assert '<input type="hidden" name="version" value="1">' in page
    response = owner.post(f"{COPY}/copy/", {"name": "Back to v1", "version": "1"})
    assert response["Location"] == "/rules/back-to-v1/"
    copy = models.Ruleset.objects.get(slug="back-to-v1")
    assert copy.parent_version == version_get(house.slug, 1)
    assert "max_touchdowns_per_team: <strong>24</strong></dt>" in (
        owner.get("/rules/back-to-v1/settings/").content.decode()
    )


def test_a_copy_without_a_name_is_refused_on_the_ruleset_page(lrb6_version, owner) -> None:
    before = models.Ruleset.objects.count()
    with unchanged():
        response = owner.post("/rules/lrb6/copy/", {"name": "  ", "version": "1"}, follow=True)
    assert response.redirect_chain == []
    assert response.status_code == 400  # refused on the ruleset's own page
    assert "Give the new ruleset a name." in text_of(response.content)
    assert models.Ruleset.objects.count() == before


def test_a_visitor_who_copies_is_sent_to_log_in(lrb6_version) -> None:
    before = models.Ruleset.objects.count()
    with unchanged():
        response = Client().post("/rules/lrb6/copy/", {"name": "Our house rules"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/rules/lrb6/copy/"
    assert models.Ruleset.objects.count() == before


def test_copying_an_unknown_version_is_404(lrb6_version, owner: Client) -> None:
    assert owner.post("/rules/lrb6/copy/", {"name": "Mine", "version": "7"}).status_code == 404
    assert owner.get("/rules/lrb6/copy/").status_code == 405


def test_the_rules_page_lists_the_copy_as_house_rules(house: models.Ruleset) -> None:
    page = Client().get("/rules/").content.decode()
    assert '<a href="/rules/our-house-rules/">Our house rules</a>' in page
    assert "House rules · version 1" in text_of(page.encode())


# --- Settings -------------------------------------------------------------------------------


def test_the_settings_form_shows_each_setting_with_its_value(house, owner: Client) -> None:
    page = owner.get(f"{COPY}/edit/settings/").content.decode()
    assert 'name="max_touchdowns_per_team" value="24"' in page
    assert 'id="s-apothecary_treats_ko" name="apothecary_treats_ko" checked' in page
    assert '<option value="tv_difference" selected>' in page
    assert "Editing version 1: saving makes version 2." in text_of(page.encode())


def test_the_settings_form_changes_a_setting_of_the_copy_only(house, owner: Client) -> None:
    data = settings_post(house, max_touchdowns_per_team=30, apothecary_treats_ko=False)
    response = owner.post(f"{COPY}/edit/settings/", data, follow=True)
    assert response.redirect_chain == [(f"{COPY}/", 302)]
    assert "Saved as version 2 of Our house rules." in text_of(response.content)
    assert versions_of(house) == [1, 2]

    copy = owner.get(f"{COPY}/settings/").content.decode()
    assert "max_touchdowns_per_team: <strong>30</strong> (default 24)" in copy
    assert "apothecary_treats_ko: <strong>no</strong>" in copy
    lrb6 = owner.get("/rules/lrb6/settings/").content.decode()
    assert "max_touchdowns_per_team: <strong>24</strong></dt>" in lrb6


def test_saving_the_settings_unchanged_makes_no_version(house, owner: Client) -> None:
    response = owner.post(f"{COPY}/edit/settings/", settings_post(house), follow=True)
    assert "Nothing changed, so no new version was made." in text_of(response.content)
    assert versions_of(house) == [1]


def test_a_copy_named_with_a_leading_digit_can_be_edited(lrb6_version, owner: Client) -> None:
    response = owner.post("/rules/lrb6/copy/", {"name": "2025 Season", "version": "1"})
    slug = models.Ruleset.objects.get(name="2025 Season").slug
    assert response["Location"] == f"/rules/{slug}/"
    ruleset = models.Ruleset.objects.get(slug=slug)
    data = settings_post(ruleset, max_touchdowns_per_team=30)
    response = owner.post(f"/rules/{slug}/edit/settings/", data)
    refusal = re.search(r"Not saved\.</strong>([^<]*)", response.content.decode())
    assert response.status_code == 302, refusal and html.unescape(refusal.group(1))
    assert versions_of(ruleset) == [1, 2]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"max_touchdowns_per_team": "lots"},
            "Setting max_touchdowns_per_team must be a whole number, not 'lots'.",
        ),
        (
            {"petty_cash": "half"},
            "your edit: settings, setting 'petty_cash': value 'half' is not a valid choice",
        ),
        (
            {"spiralling_expenses_cap": "-5"},
            "your edit: settings, setting 'spiralling_expenses_cap': value -5 is not a valid money",
        ),
    ],
)
def test_a_bad_setting_is_refused_with_400_and_nothing_saved(
    house, owner: Client, changes: dict[str, str], message: str
) -> None:
    with unchanged():
        response = owner.post(f"{COPY}/edit/settings/", settings_post(house, **changes))
    assert response.status_code == 400
    assert f"Not saved. {message}" in text_of(response.content)
    assert versions_of(house) == [1]


# --- Team lists -----------------------------------------------------------------------------


def test_the_team_list_form_shows_each_position_and_a_blank_row(house, owner: Client) -> None:
    page = owner.get(f"{COPY}/edit/races/human/").content.decode()
    assert 'name="2-name" value="Thrower"' in page
    assert 'name="2-cost" value="70000"' in page
    assert 'name="2-skills" value="Sure Hands, Pass"' in page
    assert 'name="new-name" value=""' in page
    assert 'name="new-remove"' not in page
    assert 'name="4-remove"' in page


def test_the_team_list_form_changes_adds_and_removes_positions(house, owner: Client) -> None:
    data = team_list_post(house, "human")
    data["2-cost"] = "80,000"
    data["4-remove"] = "on"  # the Ogre
    data |= {
        "new-name": "Mascot",
        "new-max": "1",
        "new-cost": "30000",
        "new-c-MA": "5",
        "new-c-ST": "2",
        "new-c-AG": "3",
        "new-c-AV": "7",
        "new-skills": "Dodge, Sure Feet",
        "new-normal": "a",
        "new-double": "gs",
    }
    response = owner.post(f"{COPY}/edit/races/human/", data)
    assert response.status_code == 302
    assert response["Location"] == f"{COPY}/"
    assert versions_of(house) == [1, 2]

    copy = text_of(owner.get(f"{COPY}/races/human/").content)
    assert "0–2 Thrower 80,000 6 3 3 8 Sure Hands, Pass GP AS" in copy
    assert "0–1 Mascot 30,000 5 2 3 7 Dodge, Sure Feet A GS" in copy
    assert "Ogre" not in copy
    lrb6 = text_of(owner.get("/rules/lrb6/races/human/").content)
    assert "0–2 Thrower 70,000 6 3 3 8 Sure Hands, Pass GP AS" in lrb6
    assert "0–1 Ogre 140,000 5 5 2 9" in lrb6
    assert "Mascot" not in lrb6
    human = models.Position.objects.filter(version=house.latest_version(), race__slug="human")
    assert list(human.order_by("order").values_list("name", flat=True)) == [
        "Lineman",
        "Catcher",
        "Thrower",
        "Blitzer",
        "Mascot",
    ]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "2-cost",
            "7O000",
            "your edit: races, race 'human', position 'Thrower': "
            "cost must be a whole number of 0 or more, not '7O000'",
        ),
        (
            "3-skills",
            "Blok",
            "your edit: races, race 'human', position 'Blitzer': "
            "skills names 'Blok', which this edition does not have",
        ),
        (
            "1-max",
            "-1",
            "your edit: races, race 'human', position 'Catcher': "
            "max must be a whole number of 0 or more, not -1",
        ),
        (
            "0-c-AV",
            "",
            "your edit: races, race 'human', position 'Lineman', characteristics: "
            "AV must be a whole number, not ''",
        ),
    ],
)
def test_a_bad_team_list_is_refused_with_400_naming_the_position(
    house, owner: Client, field: str, value: str, message: str
) -> None:
    data = team_list_post(house, "human")
    data[field] = value
    with unchanged():
        response = owner.post(f"{COPY}/edit/races/human/", data)
    assert response.status_code == 400
    assert f"Not saved. {message}" in text_of(response.content)
    assert f'name="{field}" value="{value}"' in response.content.decode()
    assert versions_of(house) == [1]
    assert (
        models.Position.objects.get(
            version=house.latest_version(), race__slug="human", name="Thrower"
        ).cost
        == 70_000
    )


@pytest.mark.parametrize("slug", ["lrb6", "gdbbl", "first-edition", "blitz-bowl"])
def test_saving_every_team_list_unchanged_makes_no_version(slug: str, ann, owner) -> None:
    ruleset = ruleset_copy(version_get(slug), "Unchanged", ann)
    races = edition_documents(stored_edition(ruleset.latest_version()))["races"]
    assert races
    for race in races:
        url = f"/rules/unchanged/edit/races/{race['slug']}/"
        response = owner.post(url, team_list_post(ruleset, race["slug"]), follow=True)
        assert response.redirect_chain == [("/rules/unchanged/", 302)], race["slug"]
        assert "Nothing changed, so no new version was made." in text_of(response.content)
    assert versions_of(ruleset) == [1]


def test_two_positions_with_one_name_are_refused(house, owner: Client) -> None:
    data = team_list_post(house, "human")
    data["1-name"] = "Thrower"
    with unchanged():
        response = owner.post(f"{COPY}/edit/races/human/", data)
    assert response.status_code == 400
    assert "race 'human', position 'Thrower': appears twice" in text_of(response.content)
    assert versions_of(house) == [1]


def test_an_unknown_race_has_no_team_list_form(house, owner: Client) -> None:
    assert owner.get(f"{COPY}/edit/races/elves/").status_code == 404


# --- Parts as YAML text ---------------------------------------------------------------------


def test_the_yaml_editor_saves_a_star_player_s_price(house, owner: Client) -> None:
    page = owner.get(f"{COPY}/edit/star_players/")
    assert page.status_code == 200
    text = html.unescape(
        re.search(
            r'<textarea[^>]*name="text"[^>]*>(.*?)</textarea>', page.content.decode(), re.S
        ).group(1)
    )
    stars = yaml.safe_load(text)
    griff = next(star for star in stars if star["name"] == "Griff Oberwald")
    assert griff["cost"] == 320_000
    griff["cost"] = 300_000
    edited = yaml.safe_dump(stars, sort_keys=False, allow_unicode=True)

    response = owner.post(f"{COPY}/edit/star_players/", {"text": edited})
    assert response.status_code == 302
    assert versions_of(house) == [1, 2]
    assert "Griff Oberwald 300,000" in text_of(owner.get(f"{COPY}/star-players/").content)
    assert "Griff Oberwald 320,000" in text_of(owner.get("/rules/lrb6/star-players/").content)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text + "\n- name: [unclosed\n", "Not saved. star_players: is not valid YAML"),
        (
            lambda text: text.replace("cost: 320000", "cost: cheap", 1),
            "Not saved. your edit: star_players, star player 'Griff Oberwald': "
            "cost must be a whole number of 0 or more, not 'cheap'",
        ),
        (
            lambda text: "Griff: 1\n",
            "Not saved. your edit: star_players: must be a list of entries, not dict",
        ),
    ],
)
def test_the_yaml_editor_refuses_broken_yaml_and_invalid_rows_with_400(
    house, owner: Client, change, message: str
) -> None:
    text = change(section_yaml(stored_edition(house.latest_version()), "star_players"))
    with unchanged():
        response = owner.post(f"{COPY}/edit/star_players/", {"text": text})
    assert response.status_code == 400
    assert message in text_of(response.content)
    assert html.escape(text.splitlines()[0]) in response.content.decode()
    assert versions_of(house) == [1]


def test_an_unknown_part_has_no_editor(house, owner: Client) -> None:
    assert owner.get(f"{COPY}/edit/ruleset/").status_code == 404
    assert owner.get(f"{COPY}/edit/wizards/").status_code == 404


# --- Export and import ----------------------------------------------------------------------


def test_export_downloads_a_json_attachment(lrb6_version) -> None:
    response = Client().get("/rules/lrb6/export/?v=1")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="lrb6-v1.json"'
    assert response.content == edition_export(stored_edition(lrb6_version)).encode()


def test_export_of_an_older_version_holds_its_rules(house, owner: Client) -> None:
    data = team_list_post(house, "human")
    data["2-cost"] = "80000"
    owner.post(f"{COPY}/edit/races/human/", data)
    old = owner.get(f"{COPY}/export/?v=1")
    new = owner.get(f"{COPY}/export/")
    assert old["Content-Disposition"] == 'attachment; filename="our-house-rules-v1.json"'
    assert new["Content-Disposition"] == 'attachment; filename="our-house-rules-v2.json"'
    assert old.content == edition_export(stored_edition(version_get(house.slug, 1))).encode()
    assert new.content == edition_export(stored_edition(version_get(house.slug, 2))).encode()
    assert old.content != new.content
    assert owner.get(f"{COPY}/export/?v=9").status_code == 404


def test_the_ruleset_page_links_to_the_export(lrb6_version) -> None:
    page = Client().get("/rules/lrb6/").content.decode()
    assert '<a href="/rules/lrb6/export/?v=1">Download version 1 as a file</a>' in page


def test_the_import_page_creates_a_ruleset(lrb6_version, ann, owner: Client) -> None:
    exported = edition_export(stored_edition(lrb6_version)).encode()
    assert owner.get("/rules/import/").status_code == 200
    upload = SimpleUploadedFile("lrb6-v1.json", exported, content_type="application/json")
    response = owner.post("/rules/import/", {"file": upload, "name": "Imported rules"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/imported-rules/"
    imported = models.Ruleset.objects.get(slug="imported-rules")
    assert (imported.name, imported.owner, imported.bundled) == ("Imported rules", ann, False)
    assert Client().get("/rules/imported-rules/export/").content == exported.replace(
        b'"name": "Living Rulebook 6"', b'"name": "Imported rules"', 1
    )
    assert "Imported as Imported rules." in text_of(owner.get("/rules/imported-rules/").content)


def test_the_import_page_keeps_the_file_s_name_when_none_is_given(lrb6_version, owner) -> None:
    exported = edition_export(stored_edition(lrb6_version)).encode()
    upload = SimpleUploadedFile("lrb6-v1.json", exported, content_type="application/json")
    response = owner.post("/rules/import/", {"file": upload, "name": ""})
    assert response["Location"] == "/rules/living-rulebook-6/"
    assert Client().get("/rules/living-rulebook-6/export/").content == exported


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "Not imported. the imported file: is not a JSON file: "),
        (b'{"format": "obblm"}', "Not imported. the imported file: is not a Dugout ruleset export"),
        (
            b'{"format": "dugout-ruleset", "format_version": 2}',
            "Not imported. the imported file: has format version 2; this Dugout reads version 1",
        ),
        (
            b'{"format": "dugout-ruleset", "format_version": 1}',
            "Not imported. the imported file: ruleset: the part is missing",
        ),
    ],
)
def test_the_import_page_refuses_a_damaged_file_with_400(
    lrb6_version, owner: Client, content: bytes, message: str
) -> None:
    counts = (models.Ruleset.objects.count(), models.RulesetVersion.objects.count())
    upload = SimpleUploadedFile("broken.json", content, content_type="application/json")
    with unchanged():
        response = owner.post("/rules/import/", {"file": upload, "name": "Broken"})
    assert response.status_code == 400
    assert message in text_of(response.content)
    assert (models.Ruleset.objects.count(), models.RulesetVersion.objects.count()) == counts


def test_the_import_page_asks_for_a_file(lrb6_version, owner: Client) -> None:
    with unchanged():
        response = owner.post("/rules/import/", {"name": "Nothing"})
    assert response.status_code == 400
    assert "Choose the exported ruleset file to import." in text_of(response.content)


def test_a_visitor_is_sent_to_log_in_before_importing(lrb6_version) -> None:
    response = Client().get("/rules/import/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/rules/import/"


# --- Co-editors and permissions -------------------------------------------------------------


def test_the_owner_adds_and_removes_a_co_editor(house, bob, owner: Client) -> None:
    editor = client_for(bob)
    with unchanged():
        assert editor.get(f"{COPY}/edit/settings/").status_code == 403

    response = owner.post(f"{COPY}/editors/", {"username": "bob"}, follow=True)
    assert response.redirect_chain == [(f"{COPY}/", 302)]
    assert "bob may now edit Our house rules." in text_of(response.content)
    assert '<input type="hidden" name="username" value="bob">' in response.content.decode()
    assert list(house.editors.values_list("username", flat=True)) == ["bob"]
    assert client_for(bob).get(f"{COPY}/edit/settings/").status_code == 200

    response = owner.post(f"{COPY}/editors/", {"username": "bob", "action": "remove"}, follow=True)
    assert "bob no longer edits Our house rules." in text_of(response.content)
    assert list(house.editors.all()) == []
    with unchanged():
        assert editor.get(f"{COPY}/edit/settings/").status_code == 403


def test_a_co_editor_saves_a_new_version(house, ann, bob) -> None:
    editor_add(house, "bob", ann)
    editor = client_for(bob)
    data = settings_post(house, max_touchdowns_per_team=12)
    assert editor.post(f"{COPY}/edit/settings/", data).status_code == 302
    assert versions_of(house) == [1, 2]
    page = editor.get(f"{COPY}/").content.decode()
    assert "Add a co-editor" not in page
    assert 'name="action" value="remove"' not in page


@pytest.mark.parametrize(
    ("username", "message"),
    [("nobody", "There is no coach called 'nobody'."), ("ann", "ann owns this ruleset already.")],
)
def test_an_unknown_coach_or_the_owner_is_not_added(
    house, owner: Client, username: str, message: str
) -> None:
    response = owner.post(f"{COPY}/editors/", {"username": username}, follow=True)
    assert message in text_of(response.content)
    assert house.editors.count() == 0


def test_only_the_owner_chooses_co_editors(house, ann, bob) -> None:
    editor_add(house, "bob", ann)
    coach("carl")
    clients = [client_for(user) for user in (bob, get_user_model().objects.get(username="carl"))]
    with unchanged():
        for client in clients:
            assert client.post(f"{COPY}/editors/", {"username": "carl"}).status_code == 403
            remove = {"username": "bob", "action": "remove"}
            assert client.post(f"{COPY}/editors/", remove).status_code == 403
    assert list(house.editors.values_list("username", flat=True)) == ["bob"]


@pytest.mark.parametrize("page", EDIT_PAGES)
def test_another_coach_gets_403_on_every_edit_page(house, bob, page: str) -> None:
    client = client_for(bob)
    with unchanged():
        assert client.get(f"{COPY}/{page}").status_code == 403
        assert client.post(f"{COPY}/{page}", {"text": "[]"}).status_code == 403
    assert versions_of(house) == [1]


@pytest.mark.parametrize("page", [*EDIT_PAGES, "editors/"])
def test_a_visitor_is_sent_to_log_in_from_every_edit_page(house, page: str) -> None:
    for method in ("get", "post"):
        with unchanged():
            response = getattr(Client(), method)(f"{COPY}/{page}")
        assert response.status_code == 302, method
        assert response["Location"] == f"/accounts/login/?next={COPY}/{page}"
    assert versions_of(house) == [1]


@pytest.mark.parametrize("page", EDIT_PAGES)
def test_editing_a_bundled_edition_is_403_even_for_staff(lrb6_version, page: str) -> None:
    staff = client_for(coach("sam", is_staff=True, is_superuser=True))
    with unchanged():
        assert staff.get(f"/rules/lrb6/{page}").status_code == 403
        assert staff.post(f"/rules/lrb6/{page}", {"text": "[]"}).status_code == 403
        assert staff.post("/rules/lrb6/editors/", {"username": "sam"}).status_code == 403
    assert models.RulesetVersion.objects.filter(ruleset__slug="lrb6").count() == 1


def test_a_bundled_edition_offers_no_editing(lrb6_version) -> None:
    staff = client_for(coach("sam", is_staff=True, is_superuser=True))
    page = staff.get("/rules/lrb6/").content.decode()
    assert "Edit this copy" not in page
    assert "Co-editors" not in page
    assert "Edit this team list" not in staff.get("/rules/lrb6/races/human/").content.decode()


def test_another_coach_sees_no_edit_links(house, bob) -> None:
    page = client_for(bob).get(f"{COPY}/").content.decode()
    assert "Edit this copy" not in page
    assert "Add a co-editor" not in page
    assert 'action="/rules/our-house-rules/copy/"' in page


def test_the_owner_sees_links_to_every_editor(house, owner: Client) -> None:
    page = owner.get(f"{COPY}/").content.decode()
    for link in EDIT_PAGES[:1] + EDIT_PAGES[2:]:
        assert f'href="{COPY}/{link}"' in page, link
    assert f'href="{COPY}/races/"' in page
    assert "Add a co-editor" in page
    race = owner.get(f"{COPY}/races/human/").content.decode()
    assert f'href="{COPY}/edit/races/human/">Edit this team list</a>' in race


# --- Versions -------------------------------------------------------------------------------


def test_the_ruleset_page_lists_versions_and_what_uses_them(house, owner: Client) -> None:
    owner.post(f"{COPY}/edit/settings/", settings_post(house, max_touchdowns_per_team=30))
    page = owner.get(f"{COPY}/").content.decode()
    rows = re.findall(r"<tr>\s*<td><a href=\"\?v=(\d+)\"[^>]*>v\d+</a></td>.*?</tr>", page, re.S)
    assert rows == ["2", "1"]
    assert '<a href="?v=2" aria-current="page">v2</a>' in page
    assert text_of(page.encode()).count("nothing yet") == 2
    older = owner.get(f"{COPY}/?v=1").content.decode()
    assert '<a href="?v=1" aria-current="page">v1</a>' in older
    lrb6 = text_of(Client().get("/rules/lrb6/").content)
    assert "Version Saved Used by v1" in lrb6
    assert lrb6.count("nothing yet") == 1


def test_an_older_version_of_a_copy_still_shows_its_old_values(house, owner: Client) -> None:
    owner.post(f"{COPY}/edit/settings/", settings_post(house, max_touchdowns_per_team=30))
    old = owner.get(f"{COPY}/settings/?v=1").content.decode()
    assert "max_touchdowns_per_team: <strong>24</strong></dt>" in old
    new = owner.get(f"{COPY}/settings/").content.decode()
    assert "max_touchdowns_per_team: <strong>30</strong> (default 24)" in new
