"""The rules browser: every race, skill, star player, purchase, table and setting."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from rules import models, selectors
from rules.display import params_list, table_grid
from rules.edition_io import SECTIONS as EDITABLE_PARTS
from rules.house_rules import can_edit, can_manage_editors

SECTIONS = [
    ("races", "Races and team lists"),
    ("skills", "Skills"),
    ("star-players", "Star players"),
    ("staff", "Staff and inducements"),
    ("tables", "Tables"),
    ("settings", "Settings"),
]


def _version(request: HttpRequest, slug: str) -> models.RulesetVersion:
    # ?v=N shows an older version; without it, the latest.
    return selectors.version_get(slug, request.GET.get("v"))


def _page(
    request: HttpRequest,
    version: models.RulesetVersion,
    template: str,
    section: str,
    **context: object,
) -> HttpResponse:
    versions = list(version.ruleset.versions.order_by("-number").values_list("number", flat=True))
    context.update(
        can_edit=can_edit(request.user, version.ruleset),
        version=version,
        ruleset=version.ruleset,
        sections=SECTIONS,
        section=section,
        versions=versions,
        # Links inside an older version stay in that version.
        version_query="" if version.number == versions[0] else f"?v={version.number}",
    )
    return render(request, f"rules/{template}.html", context)


@require_safe
def ruleset_list(request: HttpRequest) -> HttpResponse:
    return render(
        request, "rules/ruleset_list.html", {"editions": selectors.editions_side_by_side()}
    )


@require_safe
def ruleset_detail(request: HttpRequest, slug: str) -> HttpResponse:
    return ruleset_page(request, slug)


def ruleset_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The ruleset's page; house-rule forms that refuse show it again with the refusal."""
    version = _version(request, slug)
    ruleset = version.ruleset
    return _page(
        request,
        version,
        "ruleset_detail",
        "",
        history=selectors.version_history(ruleset),
        editors=ruleset.editors.order_by("username"),
        may_manage_editors=can_manage_editors(request.user, ruleset),
        # Settings have their own form, at the URL a text editor for them would take.
        editable_parts=[part for part in EDITABLE_PARTS if part != "settings"],
    )


@require_safe
def race_list(request: HttpRequest, slug: str) -> HttpResponse:
    version = _version(request, slug)
    rows = selectors.races(version)
    return _page(request, version, "race_list", "races", races=rows)


@require_safe
def race_detail(request: HttpRequest, slug: str, race: str) -> HttpResponse:
    version = _version(request, slug)
    row = selectors.race(version, race)
    # Systems without a second skill list (GDBBL: doubles allow any skill) show one column.
    has_double = any(p.position.double_access for p in row.positions)
    has_access = has_double or any(p.position.normal_access for p in row.positions)
    return _page(
        request,
        version,
        "race_detail",
        "races",
        row=row,
        has_double=has_double,
        has_access=has_access,
    )


@require_safe
def skill_list(request: HttpRequest, slug: str) -> HttpResponse:
    version = _version(request, slug)
    categories = selectors.skill_categories(version)
    return _page(request, version, "skill_list", "skills", categories=categories)


@require_safe
def star_player_list(request: HttpRequest, slug: str) -> HttpResponse:
    version = _version(request, slug)
    stars = selectors.star_players(version)
    return _page(request, version, "star_player_list", "star-players", stars=stars)


@require_safe
def staff_list(request: HttpRequest, slug: str) -> HttpResponse:
    version = _version(request, slug)
    return _page(
        request,
        version,
        "staff_list",
        "staff",
        staff=selectors.purchasables(models.Staff, version),
        inducements=selectors.purchasables(models.Inducement, version),
    )


@require_safe
def table_list(request: HttpRequest, slug: str) -> HttpResponse:
    version = _version(request, slug)
    tables = [
        (table, table_grid(table), params_list(table.params)) for table in selectors.tables(version)
    ]
    return _page(request, version, "table_list", "tables", tables=tables)


@require_safe
def setting_list(request: HttpRequest, slug: str) -> HttpResponse:
    version = _version(request, slug)
    settings = selectors.settings(version)
    return _page(request, version, "setting_list", "settings", settings=settings)
