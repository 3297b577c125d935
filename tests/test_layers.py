"""The layers hold: league → matches → teams → rules → rules.engine, the wiring above all; a
match's stages keep their order (amend, the workflow, the post-game, then report and kick-off);
and no import runs in a circle.

`lint-imports` checks the contracts in pyproject.toml on every `make test`. These tests keep
the contracts honest: their module lists name every module there is, a deliberately wrong
import in a copy of the code breaks them, and every folder says what it holds."""

from __future__ import annotations

import ast
import pkgutil
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("league", "matches", "teams", "rules")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def contract(name_start: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return next(c for c in config["contracts"] if c["name"].startswith(name_start))


def submodules(package: str) -> set[str]:
    """The modules and packages directly inside a package, by dotted name."""
    return {
        f"{package}.{info.name}"
        for info in pkgutil.iter_modules([str(ROOT / package.replace(".", "/"))])
        if info.name != "migrations"
    }


def lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(cwd / "pyproject.toml")],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(cwd), "PATH": "/usr/bin:/bin"},
    )


def test_the_engine_is_forbidden_every_other_module_of_rules() -> None:
    forbidden = set(contract("The rules engine is pure")["forbidden_modules"])
    assert submodules("rules") - {"rules.engine"} <= forbidden
    assert {"django", "league", "matches", "teams"} <= forbidden


def test_every_module_of_the_leagues_domain_is_kept_from_the_wiring() -> None:
    sources = set(contract("Nothing but the wiring")["source_modules"])
    assert submodules("league") - {"league.config"} == sources


# The modules of matches that route to every stage: its pages, API, action table and config.
MATCH_WIRING = {"matches.actions", "matches.api", "matches.apps", "matches.urls", "matches.views"}


def test_every_module_of_matches_but_its_wiring_is_kept_from_the_amend_stage() -> None:
    sources = set(contract("Only a match's wiring reads the amend stage")["source_modules"])
    assert submodules("matches") - MATCH_WIRING - {"matches.amend"} == sources


def test_the_stages_of_a_match_are_layered_amend_first() -> None:
    stages = contract("A match's stages")
    assert stages["containers"] == ["matches"]
    assert stages["layers"] == ["amend", "workflow", "post_game", "report | kick_off"]


def test_every_edition_of_the_post_game_is_kept_from_its_sequence() -> None:
    sources = set(contract("Each edition's post-game steps")["source_modules"])
    assert submodules("rules.engine.post_game") - {"rules.engine.post_game.sequence"} == sources


def test_every_package_is_checked_for_import_circles() -> None:
    assert set(contract("No import circle")["ancestors"]) == set(PACKAGES)


def packages_under(package: str) -> list[Path]:
    folder = ROOT / package.replace(".", "/")
    return sorted(init for init in folder.rglob("__init__.py") if "migrations" not in init.parts)


@pytest.mark.parametrize("package", ["matches", "rules.engine"])
def test_every_folder_opens_with_what_it_holds(package: str) -> None:
    for init in packages_under(package):
        said = ast.get_docstring(ast.parse(init.read_text()))
        assert said, f"{init.relative_to(ROOT)} does not say what its folder holds"


def test_the_layers_are_league_matches_teams_rules() -> None:
    assert contract("Layers")["layers"] == ["league", "matches", "teams", "rules"]


def test_the_contracts_hold_on_the_code_as_it_is() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("where", "wrong_import", "broken"),
    [
        ("teams/wrong.py", "from league.models import League", "Layers"),
        ("rules/wrong.py", "import teams.models", "Layers"),
        ("rules/engine/wrong.py", "from django.db import models", "The rules engine is pure"),
        ("rules/engine/wrong.py", "from rules.models import Race", "The rules engine is pure"),
        ("league/wrong.py", "from league.config import api", "Nothing but the wiring"),
        ("matches/kick_off/wrong.py", "from matches.amend import revert", "Only a match's wiring"),
        (
            "matches/report/wrong.py",
            "from matches.post_game.apply import cause_of",
            "A match's stages",
        ),
        ("matches/post_game/wrong.py", "import matches.workflow", "A match's stages"),
        ("matches/notices.py", "from matches.workflow import report_save", "What every stage"),
        (
            "rules/engine/post_game/results.py",
            "from rules.engine.post_game.sequence import STEPS",
            "Each edition's post-game steps",
        ),
    ],
)
def test_a_wrong_import_breaks_a_contract(
    tmp_path: Path, where: str, wrong_import: str, broken: str
) -> None:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    config = (ROOT / "pyproject.toml").read_text()
    if where == "league/wrong.py":  # a new domain module joins the wiring contract's sources
        config = config.replace('"league.apps",', '"league.apps", "league.wrong",')
    (tmp_path / "pyproject.toml").write_text(config)
    (tmp_path / where).write_text(f"{wrong_import}\n")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout
    assert f"{broken}" in result.stdout
    assert "BROKEN" in result.stdout
    assert f"{where[:-3].replace('/', '.')} -> " in result.stdout  # the wrong line is named


@pytest.mark.parametrize(
    ("where", "wrong_import", "circle"),
    [
        ("teams/ledger.py", "from teams import services", "allowed in teams."),
        (
            "matches/report/members.py",
            "from matches.report import content",
            "allowed in matches.report.",
        ),
        ("matches/seams.py", "from matches import selectors", "allowed in matches."),
    ],
)
def test_an_import_circle_breaks_the_contract(
    tmp_path: Path, where: str, wrong_import: str, circle: str
) -> None:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    with (tmp_path / where).open("a") as module:
        module.write(f"\n{wrong_import}\n")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout
    assert "No import circle, between modules or between the packages of one folder BROKEN" in (
        " ".join(result.stdout.split())
    )
    assert circle in result.stdout
