"""Fills in the sizes of the positions and star players stored before they had one.

0002 gave every stored row the default, human; the versions teams and matches already play
under (bundled, or a house copy of one) would then let a Necromancer raise a halfling. Each
row takes the size its system's bundled data gives the same race and position, or the same
star, by name; a house copy's own additions stay human until its editors say otherwise."""

from pathlib import Path

import yaml
from django.db import migrations

EDITIONS = Path(__file__).resolve().parent.parent / "editions"
FOLDERS = {"lrb6": "lrb6", "gdbbl": "gdbbl", "first-edition": "first-edition",
           "blitz-bowl": "blitz-bowl"}  # fmt: skip


def _bundled(system: str) -> tuple[dict, dict]:
    """((race slug, position name) -> size, star name -> size): the sizes not human."""
    folder = EDITIONS / FOLDERS.get(system, system)
    positions, stars = {}, {}
    if (folder / "races.yaml").exists():
        for race in yaml.safe_load((folder / "races.yaml").read_text()) or []:
            for position in race.get("positions") or []:
                if position.get("size", "human") != "human":
                    positions[(race["slug"], position["name"])] = position["size"]
    if (folder / "star_players.yaml").exists():
        for star in yaml.safe_load((folder / "star_players.yaml").read_text()) or []:
            if star.get("size", "human") != "human":
                stars[star["name"]] = star["size"]
    return positions, stars


def fill(apps, schema_editor) -> None:
    version_model = apps.get_model("rules", "RulesetVersion")
    position_model = apps.get_model("rules", "Position")
    star_model = apps.get_model("rules", "StarPlayer")
    for system in version_model.objects.values_list("system", flat=True).distinct():
        positions, stars = _bundled(system)
        versions = version_model.objects.filter(system=system)
        # update(), not save(): a sealed version's rows refuse save, and only the size moves.
        for (race, name), size in positions.items():
            position_model.objects.filter(
                version__in=versions, race__slug=race, name=name, size="human"
            ).update(size=size)
        for name, size in stars.items():
            star_model.objects.filter(version__in=versions, name=name, size="human").update(
                size=size
            )


class Migration(migrations.Migration):
    dependencies = [("rules", "0002_position_star_size")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
