"""House rules: copies of rulesets that their owner and co-editors change in the app.

Every change goes through the same checks as the bundled data files and is saved as a new
sealed version, so teams and reports keep the rules they were played under.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from rules import models
from rules.edition import Edition, edition_from_documents
from rules.edition_io import edition_documents, edition_import
from rules.services import version_create
from rules.snapshot import stored_edition


def can_edit(user, ruleset: models.Ruleset) -> bool:
    """Only copies are editable: by their owner, his co-editors and site staff."""
    if ruleset.bundled or not user.is_authenticated:
        return False
    if user.is_staff or ruleset.owner_id == user.pk:
        return True
    return ruleset.editors.filter(pk=user.pk).exists()


def can_manage_editors(user, ruleset: models.Ruleset) -> bool:
    return (
        not ruleset.bundled
        and user.is_authenticated
        and (user.is_staff or ruleset.owner_id == user.pk)
    )


# Words the rules pages use for themselves.
RESERVED_SLUGS = frozenset({"import"})


SLUG_ATTEMPTS = 10


def _free_slug(name: str) -> str:
    # Slugs start with a letter and hold only letters, digits and dashes, as editions need.
    base = slugify(name).replace("_", "-")[:40].strip("-") or "house-rules"
    if base in RESERVED_SLUGS:
        base = f"{base}-rules"
    if base[0].isdigit():
        base = f"rules-{base}"[:40].strip("-")
    taken = set(models.Ruleset.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, number = base, 2
    while slug in taken or slug in RESERVED_SLUGS:
        slug, number = f"{base}-{number}", number + 1
    return slug


def _ruleset_create(name: str, **fields: Any) -> models.Ruleset:
    """A new ruleset under the first free slug. Two copies named alike at the same moment
    race for one slug: the loser's insert fails inside its savepoint and it takes the next."""
    for _attempt in range(SLUG_ATTEMPTS):
        try:
            with transaction.atomic():
                return models.Ruleset.objects.create(slug=_free_slug(name), name=name, **fields)
        except IntegrityError:
            continue
    raise ValidationError({"name": f"Rulesets named {name!r} are being made right now; try again."})


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"name": "Give the new ruleset a name."})
    if len(name) > 120:
        raise ValidationError({"name": "A ruleset's name has at most 120 characters."})
    if not any(character.isalnum() for character in name):
        raise ValidationError({"name": "A ruleset's name needs at least one letter or digit."})
    return name


@transaction.atomic
def ruleset_copy(version: models.RulesetVersion, name: str, owner) -> models.Ruleset:
    """A new ruleset owned by `owner`, starting as a copy of `version`."""
    if not owner.is_authenticated:
        raise PermissionDenied("Log in to copy a ruleset.")
    name = _clean_name(name)
    source = stored_edition(version)
    ruleset = _ruleset_create(
        name, description=source.description, owner=owner, parent_version=version
    )
    version_create(ruleset, replace(source, slug=ruleset.slug, name=name), latest=None)
    return ruleset


@transaction.atomic
def ruleset_import(text: str | bytes, name: str | None, owner) -> models.Ruleset:
    """A new ruleset owned by `owner` from an exported file; nothing is created when the
    file is damaged or was made for another format (EditionError)."""
    if not owner.is_authenticated:
        raise PermissionDenied("Log in to import a ruleset.")
    edition = edition_import(text, slug="imported")
    name = _clean_name(name or edition.name)
    ruleset = _ruleset_create(name, description=edition.description, owner=owner)
    version_create(ruleset, replace(edition, slug=ruleset.slug, name=name), latest=None)
    return ruleset


@transaction.atomic
def ruleset_edit(
    ruleset: models.Ruleset, edition: Edition, editor
) -> tuple[models.RulesetVersion, bool]:
    """Saves an edited edition as the next version; returns it and whether anything changed."""
    ruleset = models.Ruleset.objects.select_for_update().get(pk=ruleset.pk)
    if not can_edit(editor, ruleset):
        raise PermissionDenied(
            "Bundled editions cannot be edited: copy one first."
            if ruleset.bundled
            else "Only the owner and co-editors of this ruleset may edit it."
        )
    latest = ruleset.latest_version()
    # A copy keeps its system: the engine picks the post-game rules by it.
    edition = replace(edition, slug=ruleset.slug, system=latest.system)
    if edition.content_hash == latest.content_hash:
        return latest, False
    if (ruleset.name, ruleset.description) != (edition.name, edition.description):
        ruleset.name, ruleset.description = edition.name, edition.description
        ruleset.save(update_fields=["name", "description"])
    return version_create(ruleset, edition, latest), True


def edition_with(edition: Edition, section: str, part: Any) -> Edition:
    """The edition with one part (as in the data files) replaced, checked like a data file."""
    documents = edition_documents(edition)
    documents[section] = part
    return edition_from_documents(documents, "your edit")


def editor_add(ruleset: models.Ruleset, username: str, by) -> Any:
    if not can_manage_editors(by, ruleset):
        raise PermissionDenied("Only the owner of this ruleset may choose its co-editors.")
    coach = get_user_model().objects.filter(username=username).first()
    if coach is None:
        raise ValidationError({"username": f"There is no coach called {username!r}."})
    if coach.pk == ruleset.owner_id:
        raise ValidationError({"username": f"{username} owns this ruleset already."})
    ruleset.editors.add(coach)
    return coach


def editor_remove(ruleset: models.Ruleset, username: str, by) -> None:
    if not can_manage_editors(by, ruleset):
        raise PermissionDenied("Only the owner of this ruleset may choose its co-editors.")
    ruleset.editors.remove(*ruleset.editors.filter(username=username))
