"""House rules through the API: copy, change settings, replace parts, export, import and
co-editors under /api/rulesets/, refusals as 400s naming the field, part or row."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from rest_framework.test import APIClient

from rules import models
from rules.edition_io import SECTIONS, edition_documents, edition_export
from rules.house_rules import editor_add, ruleset_copy
from rules.selectors import version_get
from rules.snapshot import stored_edition
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

COPY = "/api/rulesets/our-house-rules"


def coach(username: str, **extra: Any):
    return get_user_model().objects.create_user(
        username, f"{username}@dugout.example", "touchdown-in-turn-8", **extra
    )


def api_for(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


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
def owner(ann) -> APIClient:
    return api_for(ann)


def versions_of(slug: str) -> list[int]:
    return list(
        models.RulesetVersion.objects.filter(ruleset__slug=slug)
        .order_by("number")
        .values_list("number", flat=True)
    )


def races_with_thrower_cost(ruleset: models.Ruleset, cost: Any) -> list[dict[str, Any]]:
    races = edition_documents(stored_edition(ruleset.latest_version()))["races"]
    human = next(race for race in races if race["slug"] == "human")
    next(p for p in human["positions"] if p["name"] == "Thrower")["cost"] = cost
    return races


def thrower_cost(version: models.RulesetVersion) -> int:
    return models.Position.objects.get(version=version, race__slug="human", name="Thrower").cost


# --- Copy -----------------------------------------------------------------------------------


def test_copying_gives_201_and_the_new_ruleset(lrb6_version, ann, owner: APIClient) -> None:
    response = owner.post("/api/rulesets/lrb6/copy/", {"name": "Our house rules"}, format="json")
    assert response.status_code == 201
    assert response.json() == {
        "slug": "our-house-rules",
        "name": "Our house rules",
        "description": lrb6_version.ruleset.description,
        "bundled": False,
        "latest_version": 1,
        "url": "http://testserver/api/rulesets/our-house-rules/",
    }
    copy = models.Ruleset.objects.get(slug="our-house-rules")
    assert (copy.owner, copy.parent_version) == (ann, lrb6_version)
    assert owner.get(f"{COPY}/").json()["version"]["number"] == 1


def test_a_second_copy_with_the_same_name_gets_a_numbered_slug(house, bob) -> None:
    response = api_for(bob).post(
        "/api/rulesets/lrb6/copy/", {"name": "Our house rules", "version": 1}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["slug"] == "our-house-rules-2"


def test_copying_an_older_version_copies_that_version(house, owner: APIClient) -> None:
    owner.put(f"{COPY}/parts/races/", races_with_thrower_cost(house, 80_000), format="json")
    response = owner.post(f"{COPY}/copy/", {"name": "From v1", "version": 1}, format="json")
    assert response.status_code == 201
    copy = models.Ruleset.objects.get(slug="from-v1")
    assert copy.parent_version == version_get(house.slug, 1)
    assert thrower_cost(copy.latest_version()) == 70_000


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({}, {"name": ["This field is required."]}),
        ({"name": ""}, {"name": ["This field may not be blank."]}),
        ({"name": "!!!"}, {"name": ["A ruleset's name needs at least one letter or digit."]}),
        ({"name": "Mine", "version": "latest"}, {"version": ["A valid integer is required."]}),
    ],
)
def test_a_copy_without_a_usable_name_is_400(
    lrb6_version, owner: APIClient, body: dict[str, Any], errors: dict[str, list[str]]
) -> None:
    before = models.Ruleset.objects.count()
    with unchanged():
        response = owner.post("/api/rulesets/lrb6/copy/", body, format="json")
    assert response.status_code == 400
    assert response.json() == errors
    assert models.Ruleset.objects.count() == before


def test_copying_an_unknown_version_is_404(lrb6_version, owner: APIClient) -> None:
    response = owner.post("/api/rulesets/lrb6/copy/", {"name": "M", "version": 7}, format="json")
    assert response.status_code == 404


def test_a_visitor_cannot_copy(lrb6_version) -> None:
    before = models.Ruleset.objects.count()
    with unchanged():
        response = api_for().post("/api/rulesets/lrb6/copy/", {"name": "Mine"}, format="json")
    assert response.status_code == 401
    assert models.Ruleset.objects.count() == before


# --- Settings -------------------------------------------------------------------------------


def test_patching_settings_makes_a_new_version_with_the_new_values(
    house, lrb6_version, owner: APIClient
) -> None:
    response = owner.patch(
        f"{COPY}/settings/",
        {"max_touchdowns_per_team": 30, "petty_cash": "none", "apothecary_treats_ko": False},
        format="json",
    )
    assert response.status_code == 200
    settings = {item["key"]: item for item in response.json()}
    assert settings["max_touchdowns_per_team"]["value"] == 30
    assert settings["max_touchdowns_per_team"]["default"] == 24
    assert settings["petty_cash"]["value"] == "none"
    assert settings["apothecary_treats_ko"]["value"] is False
    assert versions_of(house.slug) == [1, 2]

    latest = {item["key"]: item["value"] for item in owner.get(f"{COPY}/settings/").json()}
    first = {item["key"]: item["value"] for item in owner.get(f"{COPY}/settings/?version=1").json()}
    lrb6 = {item["key"]: item["value"] for item in owner.get("/api/rulesets/lrb6/settings/").json()}
    assert (latest["max_touchdowns_per_team"], latest["petty_cash"]) == (30, "none")
    assert (first["max_touchdowns_per_team"], first["petty_cash"]) == (24, "tv_difference")
    assert (lrb6["max_touchdowns_per_team"], lrb6["petty_cash"]) == (24, "tv_difference")


def test_a_copy_named_with_a_leading_digit_can_be_patched(lrb6_version, owner) -> None:
    response = owner.post("/api/rulesets/lrb6/copy/", {"name": "2025 Season"}, format="json")
    assert response.status_code == 201
    slug = response.json()["slug"]
    body = {"max_touchdowns_per_team": 30}
    response = owner.patch(f"/api/rulesets/{slug}/settings/", body, format="json")
    assert response.status_code == 200, response.json()
    assert versions_of(slug) == [1, 2]


def test_patching_a_setting_to_its_value_makes_no_version(house, owner: APIClient) -> None:
    response = owner.patch(f"{COPY}/settings/", {"max_touchdowns_per_team": 24}, format="json")
    assert response.status_code == 200
    assert versions_of(house.slug) == [1]


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (
            {"max_touchdowns_per_team": 30, "touchdowns": 3},
            {"touchdowns": ["This ruleset has no such setting."]},
        ),
        (
            {"max_touchdowns_per_team": "many"},
            {
                "detail": [
                    "your edit: settings, setting 'max_touchdowns_per_team': "
                    "value 'many' is not a valid int"
                ]
            },
        ),
        (
            {"petty_cash": "half"},
            {
                "detail": [
                    "your edit: settings, setting 'petty_cash': value 'half' is not a valid choice"
                ]
            },
        ),
        (
            {"apothecary_treats_ko": "yes"},
            {
                "detail": [
                    "your edit: settings, setting 'apothecary_treats_ko': "
                    "value 'yes' is not a valid bool"
                ]
            },
        ),
        ({}, {"detail": ["Send the settings to change, by key."]}),
        ([30], {"detail": ["Send the settings to change, by key."]}),
    ],
)
def test_an_unknown_setting_or_a_bad_value_is_400_naming_it(
    house, owner: APIClient, body: Any, errors: dict[str, list[str]]
) -> None:
    with unchanged():
        response = owner.patch(f"{COPY}/settings/", body, format="json")
    assert response.status_code == 400
    assert response.json() == errors
    assert versions_of(house.slug) == [1]


def test_another_coach_may_not_patch_settings(house, bob) -> None:
    body = {"max_touchdowns_per_team": 30}
    with unchanged():
        response = api_for(bob).patch(f"{COPY}/settings/", body, format="json")
    assert response.status_code == 403
    assert response.json() == {
        "detail": "Only the owner and co-editors of this ruleset may edit it."
    }
    assert versions_of(house.slug) == [1]


def test_a_co_editor_may_patch_settings(house, ann, bob) -> None:
    editor_add(house, "bob", ann)
    body = {"max_touchdowns_per_team": 30}
    assert api_for(bob).patch(f"{COPY}/settings/", body, format="json").status_code == 200
    assert versions_of(house.slug) == [1, 2]


def test_a_visitor_may_not_patch_settings(house) -> None:
    body = {"max_touchdowns_per_team": 30}
    with unchanged():
        assert api_for().patch(f"{COPY}/settings/", body, format="json").status_code == 401
    assert versions_of(house.slug) == [1]


@pytest.mark.parametrize("staff", [False, True])
def test_patching_a_bundled_edition_is_403(lrb6_version, staff: bool) -> None:
    user = coach("sam", is_staff=staff, is_superuser=staff)
    body = {"max_touchdowns_per_team": 30}
    with unchanged():
        response = api_for(user).patch("/api/rulesets/lrb6/settings/", body, format="json")
    assert response.status_code == 403
    assert response.json() == {"detail": "Bundled editions cannot be edited: copy one first."}
    assert versions_of("lrb6") == [1]


# --- Parts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("part", SECTIONS)
def test_each_part_reads_as_in_the_data_files(lrb6_version, part: str) -> None:
    response = api_for().get(f"/api/rulesets/lrb6/parts/{part}/")
    assert response.status_code == 200
    assert response.json() == edition_documents(stored_edition(lrb6_version))[part]


@pytest.mark.parametrize("part", ["ruleset", "wizards"])
def test_an_unknown_part_is_404(house, owner: APIClient, part: str) -> None:
    message = (
        f"Rulesets have no part {part!r}; they have "
        "settings, skills, races, star_players, staff, inducements, tables."
    )
    response = owner.get(f"{COPY}/parts/{part}/")
    assert response.status_code == 404
    assert response.json() == {"detail": message}
    response = owner.put(f"{COPY}/parts/{part}/", {"slug": "mine"}, format="json")
    assert response.status_code == 404
    assert response.json() == {"detail": message}
    assert versions_of(house.slug) == [1]


def test_putting_a_valid_part_makes_a_new_version(house, lrb6_version, owner: APIClient) -> None:
    races = races_with_thrower_cost(house, 80_000)
    response = owner.put(f"{COPY}/parts/races/", races, format="json")
    assert response.status_code == 200
    assert response.json() == races
    assert versions_of(house.slug) == [1, 2]
    assert thrower_cost(version_get(house.slug, 2)) == 80_000
    assert thrower_cost(version_get(house.slug, 1)) == 70_000
    assert thrower_cost(lrb6_version) == 70_000
    old = owner.get(f"{COPY}/parts/races/?version=1").json()
    assert old == edition_documents(stored_edition(lrb6_version))["races"]
    human = owner.get(f"{COPY}/races/human/").json()
    assert human["positions"][2]["cost"] == 80_000


def test_putting_the_same_part_again_makes_no_version(house, owner: APIClient) -> None:
    races = races_with_thrower_cost(house, 70_000)
    assert owner.put(f"{COPY}/parts/races/", races, format="json").status_code == 200
    assert versions_of(house.slug) == [1]


def _tables_missing_roll_11(ruleset: models.Ruleset) -> list[dict[str, Any]]:
    tables = edition_documents(stored_edition(ruleset.latest_version()))["tables"]
    next(table for table in tables if table["key"] == "casualty")["rows"][0]["roll"] = "12-38"
    return tables


@pytest.mark.parametrize(
    ("part", "make", "message"),
    [
        (
            "races",
            lambda ruleset: races_with_thrower_cost(ruleset, "7O000"),
            "your edit: races, race 'human', position 'Thrower': "
            "cost must be a whole number of 0 or more, not '7O000'",
        ),
        (
            "tables",
            _tables_missing_roll_11,
            "your edit: tables, table 'casualty': a roll of 11 has no row",
        ),
        ("staff", lambda ruleset: {"apothecary": 1}, "your edit: staff: must be a list of entries"),
    ],
)
def test_putting_an_invalid_part_is_400_naming_the_row(
    house, owner: APIClient, part: str, make, message: str
) -> None:
    with unchanged():
        response = owner.put(f"{COPY}/parts/{part}/", make(house), format="json")
    assert response.status_code == 400
    errors = response.json()
    assert list(errors) == ["detail"]
    assert len(errors["detail"]) == 1
    assert errors["detail"][0].startswith(message)
    assert versions_of(house.slug) == [1]


def test_putting_a_part_needs_the_right_to_edit(house, lrb6_version, bob) -> None:
    races = races_with_thrower_cost(house, 80_000)
    staff = api_for(coach("sam", is_staff=True, is_superuser=True))
    with unchanged():
        assert api_for().put(f"{COPY}/parts/races/", races, format="json").status_code == 401
        response = api_for(bob).put(f"{COPY}/parts/races/", races, format="json")
        assert response.status_code == 403
        response = staff.put("/api/rulesets/lrb6/parts/races/", races, format="json")
        assert response.status_code == 403
    assert response.json() == {"detail": "Bundled editions cannot be edited: copy one first."}
    assert versions_of(house.slug) == [1]
    assert versions_of("lrb6") == [1]


# --- Export and import ----------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["lrb6", "gdbbl", "first-edition", "blitz-bowl"])
def test_export_then_import_then_export_through_the_api_gives_the_same_bytes(
    slug: str, owner: APIClient
) -> None:
    exported = api_for().get(f"/api/rulesets/{slug}/export/")
    assert exported.status_code == 200
    assert exported["Content-Type"] == "application/json; charset=utf-8"
    assert exported["Content-Disposition"] == f'attachment; filename="{slug}-v1.json"'
    assert exported.content == edition_export(stored_edition(version_get(slug))).encode()

    upload = SimpleUploadedFile(f"{slug}.json", exported.content, "application/json")
    response = owner.post("/api/rulesets/import/", {"file": upload}, format="multipart")
    assert response.status_code == 201
    body = response.json()
    assert body["bundled"] is False
    assert body["latest_version"] == 1
    assert body["name"] == models.Ruleset.objects.get(slug=slug).name
    again = api_for().get(f"/api/rulesets/{body['slug']}/export/")
    assert again.content == exported.content


def test_an_import_takes_the_name_it_is_given(lrb6_version, ann, owner: APIClient) -> None:
    text = edition_export(stored_edition(lrb6_version)).encode()
    upload = SimpleUploadedFile("lrb6.json", text, "application/json")
    response = owner.post(
        "/api/rulesets/import/", {"file": upload, "name": "Import"}, format="multipart"
    )
    assert response.status_code == 201
    assert (response.json()["slug"], response.json()["name"]) == ("import-rules", "Import")
    imported = models.Ruleset.objects.get(slug="import-rules")
    assert (imported.owner, imported.parent_version) == (ann, None)


def test_exporting_an_older_version_of_a_copy(house, owner: APIClient) -> None:
    owner.put(f"{COPY}/parts/races/", races_with_thrower_cost(house, 80_000), format="json")
    old = owner.get(f"{COPY}/export/?version=1")
    assert old["Content-Disposition"] == 'attachment; filename="our-house-rules-v1.json"'
    races = json.loads(old.content)["races"]
    human = next(race for race in races if race["slug"] == "human")
    assert human["positions"][2] | {"cost": None} == {
        "name": "Thrower",
        "max": 2,
        "cost": None,
        "characteristics": {"MA": 6, "ST": 3, "AG": 3, "AV": 8},
        "skills": ["Sure Hands", "Pass"],
        "normal": "GP",
        "double": "AS",
        "size": "human",
    }
    assert human["positions"][2]["cost"] == 70_000
    latest = json.loads(owner.get(f"{COPY}/export/").content)
    assert next(r for r in latest["races"] if r["slug"] == "human")["positions"][2]["cost"] == (
        80_000
    )
    assert owner.get(f"{COPY}/export/?version=9").status_code == 404


DAMAGED = [
    (b"{not json", "the imported file: is not a JSON file: "),
    (b'{"format": "obblm"}', "the imported file: is not a Dugout ruleset export"),
    (
        b'{"format": "dugout-ruleset", "format_version": 2}',
        "the imported file: has format version 2; this Dugout reads version 1",
    ),
    (
        b'{"format": "dugout-ruleset", "format_version": 1}',
        "the imported file: ruleset: the part is missing",
    ),
]


@pytest.mark.parametrize(("content", "message"), DAMAGED)
def test_a_damaged_import_is_400_and_creates_nothing(
    lrb6_version, owner: APIClient, content: bytes, message: str
) -> None:
    counts = (models.Ruleset.objects.count(), models.RulesetVersion.objects.count())
    upload = SimpleUploadedFile("broken.json", content, "application/json")
    with unchanged():
        response = owner.post("/api/rulesets/import/", {"file": upload}, format="multipart")
    assert response.status_code == 400
    errors = response.json()
    assert list(errors) == ["detail"]
    assert errors["detail"][0].startswith(message)
    assert (models.Ruleset.objects.count(), models.RulesetVersion.objects.count()) == counts


def test_an_import_with_an_invalid_row_is_400_naming_it(lrb6_version, owner: APIClient) -> None:
    document = json.loads(edition_export(stored_edition(lrb6_version)))
    next(staff for staff in document["staff"] if staff["key"] == "apothecary")["cost"] = -1
    before = models.Ruleset.objects.count()
    upload = SimpleUploadedFile("broken.json", json.dumps(document).encode(), "application/json")
    with unchanged():
        response = owner.post("/api/rulesets/import/", {"file": upload}, format="multipart")
    assert response.status_code == 400
    assert response.json() == {
        "detail": [
            "the imported file: staff, staff 'apothecary': "
            "cost must be a whole number of 0 or more, not -1"
        ]
    }
    assert models.Ruleset.objects.count() == before


def test_an_import_without_a_file_is_400(lrb6_version, owner: APIClient) -> None:
    with unchanged():
        response = owner.post("/api/rulesets/import/", {"name": "Nothing"}, format="multipart")
    assert response.status_code == 400
    assert response.json() == {"file": ["No file was submitted."]}


def test_a_visitor_cannot_import(lrb6_version) -> None:
    text = edition_export(stored_edition(lrb6_version)).encode()
    before = models.Ruleset.objects.count()
    upload = SimpleUploadedFile("lrb6.json", text, "application/json")
    with unchanged():
        response = api_for().post("/api/rulesets/import/", {"file": upload}, format="multipart")
    assert response.status_code == 401
    assert models.Ruleset.objects.count() == before


# --- Co-editors -----------------------------------------------------------------------------


def test_the_owner_adds_and_removes_co_editors(house, bob, owner: APIClient) -> None:
    coach("carl")
    response = owner.post(f"{COPY}/editors/", {"username": "bob"}, format="json")
    assert response.status_code == 200
    assert response.json() == [{"username": "bob"}]
    response = owner.post(f"{COPY}/editors/", {"username": "carl"}, format="json")
    assert sorted(e["username"] for e in response.json()) == ["bob", "carl"]
    body = {"max_touchdowns_per_team": 30}
    assert api_for(bob).patch(f"{COPY}/settings/", body, format="json").status_code == 200

    response = owner.delete(f"{COPY}/editors/", {"username": "bob"}, format="json")
    assert response.status_code == 200
    assert response.json() == [{"username": "carl"}]
    body = {"max_touchdowns_per_team": 31}
    with unchanged():
        assert api_for(bob).patch(f"{COPY}/settings/", body, format="json").status_code == 403
    assert versions_of(house.slug) == [1, 2]


@pytest.mark.parametrize(
    ("username", "message"),
    [("nobody", "There is no coach called 'nobody'."), ("ann", "ann owns this ruleset already.")],
)
def test_an_unknown_coach_or_the_owner_is_400(
    house, owner: APIClient, username: str, message: str
) -> None:
    with unchanged():
        response = owner.post(f"{COPY}/editors/", {"username": username}, format="json")
    assert response.status_code == 400
    assert response.json() == {"username": [message]}
    assert house.editors.count() == 0


def test_only_the_owner_chooses_co_editors(house, ann, bob) -> None:
    editor_add(house, "bob", ann)
    coach("carl")
    with unchanged():
        for user in (bob, get_user_model().objects.get(username="carl")):
            api = api_for(user)
            response = api.post(f"{COPY}/editors/", {"username": "carl"}, format="json")
            assert response.status_code == 403
            assert response.json() == {
                "detail": "Only the owner of this ruleset may choose its co-editors."
            }
            response = api.delete(f"{COPY}/editors/", {"username": "bob"}, format="json")
            assert response.status_code == 403
        response = api_for().post(f"{COPY}/editors/", {"username": "carl"}, format="json")
        assert response.status_code == 401
    assert list(house.editors.values_list("username", flat=True)) == ["bob"]


def test_a_bundled_edition_has_no_co_editors(lrb6_version, ann) -> None:
    staff = api_for(coach("sam", is_staff=True, is_superuser=True))
    with unchanged():
        response = staff.post("/api/rulesets/lrb6/editors/", {"username": "ann"}, format="json")
    assert response.status_code == 403
    assert models.Ruleset.objects.get(slug="lrb6").editors.count() == 0


# --- Schema ---------------------------------------------------------------------------------


def test_the_openapi_schema_still_validates_with_no_warnings() -> None:
    out = StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    schema = out.getvalue()
    assert schema.startswith("openapi: 3.0.3")
    for path in (
        "/api/rulesets/{slug}/copy/:",
        "/api/rulesets/{slug}/settings/:",
        "/api/rulesets/{slug}/parts/{part}/:",
        "/api/rulesets/{slug}/export/:",
        "/api/rulesets/import/:",
        "/api/rulesets/{slug}/editors/:",
    ):
        assert f"\n  {path}\n" in schema, path


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("patch", "settings/", {"no_such_setting": 1}),
        ("patch", "settings/", {"max_touchdowns_per_team": "lots"}),
        ("put", "parts/races/", {"not": "a list"}),
    ],
)
def test_a_coach_who_may_not_edit_hears_that_before_what_is_wrong_with_his_body(
    house: models.Ruleset, bob, method: str, path: str, body: dict
) -> None:
    with unchanged():
        response = getattr(api_for(bob), method)(
            f"/api/rulesets/{house.slug}/{path}", body, format="json"
        )
    assert response.status_code == 403
    assert response.json() == {
        "detail": "Only the owner and co-editors of this ruleset may edit it."
    }
    with unchanged():
        response = getattr(api_for(None), method)(
            f"/api/rulesets/{house.slug}/{path}", body, format="json"
        )
    assert response.status_code == 401
