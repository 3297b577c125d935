"""The layers hold: league → matches → teams → rules → rules.engine, the wiring above all.

`lint-imports` checks the contracts in pyproject.toml on every `make test`. These tests keep
the contracts honest: their module lists name every module there is, and a deliberately
wrong import in a copy of the code breaks them."""

from __future__ import annotations

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
