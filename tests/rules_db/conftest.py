from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.edition import EDITIONS_DIR, Edition
from rules.models import RulesetVersion
from rules.services import edition_load


@pytest.fixture
def lrb6_version(db, lrb6_edition: Edition) -> RulesetVersion:
    """LRB6 stored as a sealed version (loaded once per test database, then found again)."""
    version, _created = edition_load(lrb6_edition)
    return version


@pytest.fixture
def lrb6_copy(tmp_path: Path) -> Path:
    """A writable copy of the LRB6 data files, for tests that damage or change them."""
    folder = tmp_path / "lrb6"
    shutil.copytree(EDITIONS_DIR / "lrb6", folder)
    return folder
