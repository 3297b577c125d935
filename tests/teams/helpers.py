"""Building the teams the team tests share: squads of new players and the standard teams."""

from __future__ import annotations

from html.parser import HTMLParser

from teams import ledger
from teams.models import LedgerEntry, Team
from teams.rebuild import ledger_rebuild
from teams.services import NewPlayer, cause_new, entry_append, team_create

# LRB6 Orc: 5 Linemen (5 x 50,000 = 250,000) + 4 Blitzers (4 x 80,000 = 320,000)
# + 2 Black Orc Blockers (2 x 80,000 = 160,000) = 11 players for 730,000 gp.
ORC_SQUAD = ((5, "Lineman"), (4, "Blitzer"), (2, "Black Orc Blocker"))
# GDBBL Dwarf: 11 Long Beards (11 x 70,000 = 770,000).
DWARF_SQUAD = ((11, "Long Beard"),)


def squad(*groups: tuple[int, str]) -> list[NewPlayer]:
    """New players, `count` of each position in the order given, named after the position."""
    players: list[NewPlayer] = []
    for count, position in groups:
        for _ in range(count):
            players.append(NewPlayer(position, f"{position} {len(players) + 1}"))
    return players


def orc_team(coach, version, name: str = "Gouged Eye") -> Team:
    """730,000 of players + 2 re-rolls (2 x 60,000 = 120,000) + fan factor 3 (3 x 10,000 =
    30,000) + an apothecary (50,000) = 930,000; the treasury keeps 70,000."""
    return team_create(
        coach, version, name, "orc", squad(*ORC_SQUAD), rerolls=2, fan_factor=3,
        staff={"apothecary": 1},
    )  # fmt: skip


def dwarf_team(coach, version, name: str = "Grudgebearers") -> Team:
    """GDBBL: 770,000 of players + 1 re-roll (40,000) + fan factor 1 (10,000) + a Dwarf
    Alchemist (150,000) = 970,000; the treasury keeps 30,000."""
    return team_create(
        coach, version, name, "dwarf", squad(*DWARF_SQUAD), rerolls=1, fan_factor=1,
        staff={"alchemist": 1},
    )  # fmt: skip


def record(
    team: Team,
    kind: str,
    summary: str,
    actor,
    deltas: list[dict],
    before: ledger.TeamState | None = None,
) -> LedgerEntry:
    """An entry written straight from its deltas, as a match report will write them (a
    "report" cause) or as a commissioner's free-form correction (an adjustment whose request
    is its deltas): what the team tests use to put a team in a given state."""
    cause_kind = "report" if kind == "report" else "adjustment"
    cause = cause_new(cause_kind, actor, {"reason": summary, "deltas": deltas})
    return entry_append(team, kind, summary, cause, deltas, before=before)


def remove(entry: LedgerEntry, actor, reason: str) -> list[LedgerEntry]:
    """The entry taken out of its team's history by a rebuild (what an undo does, without the
    undo's rules about who and which)."""
    cause = cause_new("undo", actor, {"entry": entry.sequence, "reason": reason})
    return ledger_rebuild([entry.team], {entry: None}, cause, reason)


CELL_TAGS = ("td", "th", "dt", "dd", "li")


class _Cells(HTMLParser):
    """The texts of the cells (td, th, dt, dd, li) inside the first element with a class,
    grouped by table row."""

    def __init__(self, tag: str, css_class: str) -> None:
        super().__init__()
        self.tag, self.css_class = tag, css_class
        self.depth = 0  # how deep inside the container, 0: outside
        self.done = False
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None  # [tag, text]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        if not self.depth:
            classes = (dict(attrs).get("class") or "").split()
            if tag == self.tag and (not self.css_class or self.css_class in classes):
                self.depth, self.rows = 1, [[]]
            return
        if tag == self.tag:
            self.depth += 1
        if tag == "tr":
            self.rows.append([])
        if tag in CELL_TAGS and self.cell is None:
            self.cell = [tag, ""]

    def handle_endtag(self, tag: str) -> None:
        if not self.depth or self.done:
            return
        if self.cell is not None and tag == self.cell[0]:
            self.rows[-1].append(" ".join(self.cell[1].split()))
            self.cell = None
        if tag == self.tag:
            self.depth -= 1
            self.done = self.depth == 0

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell[1] += data


def cells(html: str, tag: str, css_class: str) -> list[list[str]]:
    """Each row's cell texts (whitespace squeezed) in the first `<tag class="css_class">` (with
    css_class "", the first <tag>)."""
    parser = _Cells(tag, css_class)
    parser.feed(html)
    assert parser.done, f"no <{tag} class={css_class!r}> in the page"
    return [row for row in parser.rows if row]


def definitions(html: str, css_class: str) -> dict[str, str]:
    """A <dl>'s terms and their definitions."""
    [items] = cells(html, "dl", css_class)
    return dict(zip(items[::2], items[1::2], strict=True))
