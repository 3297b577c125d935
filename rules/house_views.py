"""Pages for house rules: copy, edit (settings, team lists, any part as text), export, import
and co-editors. Each save goes through rules.house_rules and becomes a new version."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from rules import models, selectors
from rules.edition import EditionError
from rules.edition_io import (
    SECTIONS,
    edition_documents,
    edition_export,
    edition_with_section,
    section_yaml,
)
from rules.engine.ruleset import SIZES
from rules.house_forms import position_rows, positions_from_post, settings_from_post
from rules.house_rules import (
    can_edit,
    edition_with,
    editor_add,
    editor_remove,
    ruleset_copy,
    ruleset_edit,
    ruleset_import,
)
from rules.snapshot import stored_edition
from rules.views import ruleset_page


def _editable(request: HttpRequest, slug: str) -> tuple[models.Ruleset, models.RulesetVersion]:
    ruleset = get_object_or_404(models.Ruleset, slug=slug)
    if not can_edit(request.user, ruleset):
        raise PermissionDenied(
            "Bundled editions cannot be edited: copy one first."
            if ruleset.bundled
            else "Only the owner and co-editors of this ruleset may edit it."
        )
    return ruleset, ruleset.latest_version()


def _save(request: HttpRequest, ruleset: models.Ruleset, edition) -> HttpResponse:
    version, changed = ruleset_edit(ruleset, edition, request.user)
    if changed:
        messages.success(request, f"Saved as version {version.number} of {ruleset.name}.")
    else:
        messages.info(request, "Nothing changed, so no new version was made.")
    return redirect("rules:detail", ruleset.slug)


def _refused(request, template: str, context: dict[str, Any], error: Exception) -> HttpResponse:
    context["error"] = (
        "; ".join(error.messages) if isinstance(error, ValidationError) else str(error)
    )
    return render(request, template, context, status=400)


@login_required
@require_POST
def copy(request: HttpRequest, slug: str) -> HttpResponse:
    version = selectors.version_get(slug, request.POST.get("version"))
    try:
        ruleset = ruleset_copy(version, request.POST.get("name", ""), request.user)
    except ValidationError as error:
        return _refused_on_page(request, slug, error)
    messages.success(request, f"{ruleset.name} is your copy of {version}: edit it below.")
    return redirect("rules:detail", ruleset.slug)


@login_required
def settings_edit(request: HttpRequest, slug: str) -> HttpResponse:
    ruleset, version = _editable(request, slug)
    edition = stored_edition(version)
    context = {"ruleset": ruleset, "version": version, "settings": edition.settings}
    if request.method == "POST":
        try:
            part = settings_from_post(edition_documents(edition)["settings"], request.POST)
            return _save(request, ruleset, edition_with(edition, "settings", part))
        except (EditionError, ValidationError) as error:
            return _refused(request, "rules/house/settings_form.html", context, error)
    return render(request, "rules/house/settings_form.html", context)


@login_required
def team_list_edit(request: HttpRequest, slug: str, race: str) -> HttpResponse:
    ruleset, version = _editable(request, slug)
    edition = stored_edition(version)
    races = edition_documents(edition)["races"]
    index = next((i for i, r in enumerate(races) if r["slug"] == race), None)
    if index is None:
        raise Http404(f"{ruleset.name} has no race {race!r}.")
    context = {
        "ruleset": ruleset,
        "version": version,
        "race": races[index],
        "rows": position_rows(races[index]["positions"], edition.characteristics),
        "characteristics": edition.characteristics,
        "sizes": SIZES,
    }
    if request.method == "POST":
        races[index]["positions"] = positions_from_post(
            request.POST, edition.characteristics, races[index]["positions"]
        )
        try:
            return _save(request, ruleset, edition_with(edition, "races", races))
        except EditionError as error:
            context["rows"] = position_rows(races[index]["positions"], edition.characteristics)
            return _refused(request, "rules/house/team_list_form.html", context, error)
    return render(request, "rules/house/team_list_form.html", context)


@login_required
def section_edit(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    ruleset, version = _editable(request, slug)
    if section not in SECTIONS:
        raise Http404(f"Rulesets have no part called {section!r}.")
    edition = stored_edition(version)
    text = request.POST.get("text", "") if request.method == "POST" else None
    context = {
        "ruleset": ruleset,
        "version": version,
        "section": section,
        "sections": [part for part in SECTIONS if part != "settings"],
        "text": text if text is not None else section_yaml(edition, section),
    }
    if request.method == "POST":
        try:
            return _save(request, ruleset, edition_with_section(edition, section, text))
        except EditionError as error:
            return _refused(request, "rules/house/section_form.html", context, error)
    return render(request, "rules/house/section_form.html", context)


@require_safe
def export(request: HttpRequest, slug: str) -> HttpResponse:
    version = selectors.version_get(slug, request.GET.get("v"))
    response = HttpResponse(
        edition_export(stored_edition(version)), content_type="application/json; charset=utf-8"
    )
    filename = f"{version.ruleset.slug}-v{version.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def import_file(request: HttpRequest) -> HttpResponse:
    context: dict[str, Any] = {}
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            context["error"] = "Choose the exported ruleset file to import."
            return render(request, "rules/house/import_form.html", context, status=400)
        try:
            ruleset = ruleset_import(upload.read(), request.POST.get("name"), request.user)
        except (EditionError, ValidationError) as error:
            return _refused(request, "rules/house/import_form.html", context, error)
        messages.success(request, f"Imported as {ruleset.name}.")
        return redirect("rules:detail", ruleset.slug)
    return render(request, "rules/house/import_form.html", context)


@login_required
@require_POST
def editors(request: HttpRequest, slug: str) -> HttpResponse:
    ruleset = get_object_or_404(models.Ruleset, slug=slug)
    username = request.POST.get("username", "").strip()
    try:
        if request.POST.get("action") == "remove":
            editor_remove(ruleset, username, request.user)
            messages.success(request, f"{username} no longer edits {ruleset.name}.")
        else:
            editor_add(ruleset, username, request.user)
            messages.success(request, f"{username} may now edit {ruleset.name}.")
    except ValidationError as error:
        return _refused_on_page(request, ruleset.slug, error)
    return redirect("rules:detail", ruleset.slug)


def _refused_on_page(request: HttpRequest, slug: str, error: ValidationError) -> HttpResponse:
    """The ruleset's page, with what was refused at its top, as a 400."""
    messages.error(request, "; ".join(error.messages))
    response = ruleset_page(request, slug)
    response.status_code = 400
    return response
