"""Roster sheets after document 003: one template per characteristic set renders both the
HTML preview and the PDF. WeasyPrint draws the PDF with the project's own fonts and may fetch
only the project's static files, so a sheet never waits on (or leaks to) the network."""

from __future__ import annotations

import functools
import hashlib
import io
import mimetypes
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation
from django.template.loader import render_to_string
from django.utils import timezone
from fontTools.ttLib import TTFont
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from rules import models as rules_models
from rules import selectors
from rules.engine.team_building import may_have
from teams.ledger_rows import ledger_head
from teams.models import Team
from teams.roster import Roster, roster

# Relative URLs in a sheet resolve against this made-up origin (.invalid never resolves);
# the fetcher maps it to the static files and refuses everything else.
SHEET_ORIGIN = "https://dugout.invalid"
PAPERS = {"a4": "A4", "letter": "US Letter"}
ON_ROSTER = ("active", "missing_next_game")
TEMPLATES = {
    "MA ST AG AV": "teams/roster_sheet/league.html",
    "MA SP ST AG TS CL AV": "teams/roster_sheet/first_edition.html",
    "MV BL TH AR": "teams/roster_sheet/blitz_bowl.html",
}
SHEET_SOURCES = (
    "templates/teams/roster_sheet/base.html",
    *(f"templates/{name}" for name in TEMPLATES.values()),
    "static/css/roster-sheet.css",
)


@lru_cache(maxsize=1)
def template_version() -> str:
    """A fingerprint of the sheet's templates and stylesheet: editing any of them gives
    every team a new sheet instead of an old one from the cache."""
    digest = hashlib.sha256()
    for source in SHEET_SOURCES:
        digest.update((settings.BASE_DIR / source).read_bytes())
    return digest.hexdigest()[:12]


def template_for(characteristics: tuple[str, ...]) -> str:
    return TEMPLATES.get(" ".join(characteristics), TEMPLATES["MA ST AG AV"])


@dataclass(frozen=True)
class StaffLine:
    name: str
    count: int
    price: int


def staff_lines(team: Team) -> list[StaffLine]:
    """The staff lines of the team block: every kind the team's race may have, as the paper
    sheet prints them, with how many the team has and the price of one."""
    lines = []
    for item in selectors.purchasables(rules_models.Staff, team.ruleset_version):
        races = {race.slug for race in item.races.all()}
        allowed = may_have(item.eligibility, races, team.race.slug, team.race.apothecary_allowed)
        if allowed or team.staff.get(item.key):
            price = item.race_costs.get(team.race.slug, item.cost)
            lines.append(StaffLine(item.name, team.staff.get(item.key, 0), price))
    return lines


def sheet_context(team: Team, paper: str, sheet: Roster | None = None) -> dict:
    sheet = sheet or roster(team)
    on_roster = sum(row.player.status in ON_ROSTER for row in sheet.rows)
    # Blank numbered lines up to the roster limit, for hires written in by hand; none where
    # nothing is hired between matches (a results-only ruleset has no money to hire with).
    most = team.ruleset_version.team_creation.get("max_players", 16) if sheet.keeps_records else 0
    return {
        "on_roster": on_roster,
        "empty_lines": range(max(0, most - on_roster)),
        "roster": sheet,
        "team": team,
        "paper": paper,
        "paper_name": PAPERS[paper],
        "staff_lines": staff_lines(team) if sheet.value is not None else [],
        "fan_factor_price": team.ruleset_version.team_creation.get("fan_factor_price", 10_000),
        "ledger_head": ledger_head(team),
        "printed": timezone.localdate(),
        "template_version": template_version(),
    }


def sheet_html(team: Team, paper: str, back: str | None = None) -> str:
    """The sheet as HTML: the browser preview and the PDF's source are this same page. The
    preview passes `back`, the team page's address, for a link back that the PDF never has."""
    team = Team.objects.select_related("coach", "race", "ruleset_version__ruleset").get(pk=team.pk)
    context = {**sheet_context(team, paper), "back": back}
    return render_to_string(template_for(context["roster"].ruleset.characteristics), context)


class StaticFilesOnly(URLFetcher):
    """Serves the project's static files to WeasyPrint and refuses every other URL (the
    refusal is logged by WeasyPrint and the sheet renders without that resource)."""

    def __init__(self) -> None:
        super().__init__(fail_on_errors=False)
        self.refused: list[str] = []

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        prefix = f"{SHEET_ORIGIN}/{settings.STATIC_URL.strip('/')}/"
        path = static_file(url.removeprefix(prefix)) if url.startswith(prefix) else None
        if path is None:
            self.refused.append(url)
            raise ValueError(f"A roster sheet may use only Dugout's static files, not {url}")
        if path.suffix == ".woff2":
            return URLFetcherResponse(url, font_as_sfnt(path), {"Content-Type": "font/ttf"})
        content_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": content_type})


@functools.cache
def font_as_sfnt(path: Path) -> bytes:
    """A WOFF2 font decompressed once per process. WeasyPrint would decompress each font
    again for every sheet: almost half of a sheet's CPU time. The browser pages keep the
    small WOFF2 files; the PDF embeds the same glyphs either way."""
    font = TTFont(io.BytesIO(path.read_bytes()))
    font.flavor = None
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def static_file(name: str) -> Path | None:
    """The file behind a static name: from the project's static folders, or (in production,
    where names carry a content hash) from the collected STATIC_ROOT; never outside them."""
    try:
        found = finders.find(name)
    except SuspiciousFileOperation:
        return None
    if found:
        return Path(found)
    root = Path(settings.STATIC_ROOT).resolve()
    candidate = (root / name).resolve()
    return candidate if candidate.is_relative_to(root) and candidate.is_file() else None


def sheet_pdf(html: str, fetcher: StaticFilesOnly | None = None) -> bytes:
    """Draws the HTML sheet as a PDF."""
    document = HTML(
        string=html, base_url=f"{SHEET_ORIGIN}/", url_fetcher=fetcher or StaticFilesOnly()
    )
    return document.write_pdf()
