"""The API side of house rules: turning requests into calls of rules.house_rules and its
refusals into 400s that name the field, the part or the row."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpResponse
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated, NotFound, ValidationError
from rest_framework.request import Request

from rules import models, selectors
from rules.edition import EditionError
from rules.edition_io import SECTIONS, edition_documents, edition_export
from rules.house_rules import (
    can_edit,
    can_manage_editors,
    edition_with,
    editor_add,
    editor_remove,
    ruleset_copy,
    ruleset_edit,
    ruleset_import,
)
from rules.snapshot import stored_edition


class CopySerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    version = serializers.IntegerField(required=False, help_text="Default: the latest.")


class ImportSerializer(serializers.Serializer):
    file = serializers.FileField()
    name = serializers.CharField(max_length=120, required=False)


class EditorSerializer(serializers.Serializer):
    username = serializers.CharField()


def _refusal(error: EditionError | DjangoValidationError) -> ValidationError:
    if isinstance(error, DjangoValidationError):
        if hasattr(error, "message_dict"):
            return ValidationError(error.message_dict)
        return ValidationError({"detail": error.messages})
    return ValidationError({"detail": [str(error)]})


def copy(slug: str, data: Any, user) -> models.Ruleset:
    request = CopySerializer(data=data)
    request.is_valid(raise_exception=True)
    version = selectors.version_get(slug, request.validated_data.get("version"))
    try:
        return ruleset_copy(version, request.validated_data["name"], user)
    except DjangoValidationError as error:
        raise _refusal(error) from None


def _edit(ruleset: models.Ruleset, section: str, part: Any, user) -> models.RulesetVersion:
    edition = stored_edition(ruleset.latest_version())
    try:
        version, _changed = ruleset_edit(ruleset, edition_with(edition, section, part), user)
    except (EditionError, DjangoValidationError) as error:
        raise _refusal(error) from None
    return version


def _require_editor(ruleset: models.Ruleset, user) -> None:
    # Asked first, so someone who may not edit hears that, not what was wrong in his body.
    if ruleset.bundled:
        raise PermissionDenied("Bundled editions cannot be edited: copy one first.")
    if not can_edit(user, ruleset):
        if not user.is_authenticated:
            raise NotAuthenticated()
        raise PermissionDenied("Only the owner and co-editors of this ruleset may edit it.")


def settings_change(ruleset: models.Ruleset, data: Any, user) -> models.RulesetVersion:
    """Changes setting values by key: {"max_touchdowns_per_team": 30}."""
    _require_editor(ruleset, user)
    if not isinstance(data, dict) or not data:
        raise ValidationError({"detail": ["Send the settings to change, by key."]})
    settings = edition_documents(stored_edition(ruleset.latest_version()))["settings"]
    known = {setting["key"] for setting in settings}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValidationError({key: ["This ruleset has no such setting."] for key in unknown})
    part = [{**s, "value": data[s["key"]]} if s["key"] in data else s for s in settings]
    return _edit(ruleset, "settings", part, user)


def part_of(version: models.RulesetVersion, part: str) -> Any:
    if part not in SECTIONS:
        raise NotFound(f"Rulesets have no part {part!r}; they have {', '.join(SECTIONS)}.")
    return edition_documents(stored_edition(version))[part]


def part_replace(ruleset: models.Ruleset, part: str, data: Any, user) -> models.RulesetVersion:
    _require_editor(ruleset, user)
    if part not in SECTIONS:
        raise NotFound(f"Rulesets have no part {part!r}; they have {', '.join(SECTIONS)}.")
    return _edit(ruleset, part, data, user)


def export_response(version: models.RulesetVersion) -> HttpResponse:
    response = HttpResponse(
        edition_export(stored_edition(version)), content_type="application/json; charset=utf-8"
    )
    filename = f"{version.ruleset.slug}-v{version.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def import_upload(data: Any, user) -> models.Ruleset:
    request = ImportSerializer(data=data)
    request.is_valid(raise_exception=True)
    try:
        return ruleset_import(
            request.validated_data["file"].read(), request.validated_data.get("name"), user
        )
    except (EditionError, DjangoValidationError) as error:
        raise _refusal(error) from None


def editors_change(ruleset: models.Ruleset, request: Request) -> list[dict[str, str]]:
    if not can_manage_editors(request.user, ruleset):  # who may, before what was sent
        raise PermissionDenied("Only the owner of this ruleset may choose its co-editors.")
    body = EditorSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    username = body.validated_data["username"]
    try:
        if request.method == "DELETE":
            editor_remove(ruleset, username, request.user)
        else:
            editor_add(ruleset, username, request.user)
    except DjangoValidationError as error:
        raise _refusal(error) from None
    return [{"username": name} for name in ruleset.editors.values_list("username", flat=True)]
