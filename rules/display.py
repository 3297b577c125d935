"""Turning generic table rows into the grid a reader expects on the page.

Tables are stored in one generic shape (rolls plus named columns); this decides headers and
cell text: yes/no for flags, a dash for nothing, thousands separators, and a list of
modifiers spread over the bands it belongs to (GDBBL winnings by team rating). And which
sentences of a note are the rule, and which are our notes on its sources.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules import models

ROLL_HEADERS = {"SPP": "SPP", "SCALE": "Value", "": ""}


@dataclass(frozen=True)
class Grid:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def cell(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, int):
        return f"{value:+d}" if value < 0 else f"{value:,}"
    if isinstance(value, list):
        return ", ".join(cell(item) for item in value)
    return str(value)


def band_label(band: list[int | None]) -> str:
    low, high = band
    return f"{low}+" if high is None else f"{low}–{high}"


def table_grid(table: models.RulesTable) -> Grid:
    """Headers and cells for one table, rows in order (prefetched `rows`)."""
    bands = table.params.get("rating_bands")
    headers: list[str] = []
    if table.dice:
        default = ROLL_HEADERS.get(table.dice, "Roll")
        headers.append(table.params.get("scale_label", default))
    for column in table.columns:
        if column == "modifiers" and bands:
            headers.extend(f"TR {band_label(band)}" for band in bands)
        else:
            headers.append(column.replace("_", " ").capitalize())
    rows = []
    for row in table.rows.all():
        cells = [_roll(row)] if table.dice else []
        for column in table.columns:
            value = row.values.get(column)
            if column == "modifiers" and bands and isinstance(value, list):
                cells.extend(f"{item:+d}" if item else "0" for item in value)
            else:
                cells.append(cell(value))
        rows.append(tuple(cells))
    return Grid(tuple(headers), tuple(rows))


def _roll(row: models.RulesTableRow) -> str:
    if row.low is None:
        return ""
    if row.high is None:
        return f"{row.low:,}+"
    if row.low == row.high:
        return f"{row.low:,}"
    return f"{row.low:,}–{row.high:,}"


def params_list(params: dict[str, Any]) -> list[tuple[str, str]]:
    """Table parameters as label/value pairs, bands and pairs written out."""
    pairs = []
    for key, value in params.items():
        if key == "scale_label":
            continue  # already the heading of the first column
        if key == "rating_bands":
            text = ", ".join(band_label(band) for band in value)
        elif key == "illegal_pairs":
            text = "; ".join(" with ".join(pair) for pair in value) or "—"
        elif isinstance(value, dict):
            text = "; ".join(f"{k}: {cell(v)}" for k, v in value.items()) or "—"
        else:
            text = cell(value)
        pairs.append((key.replace("_", " ").capitalize(), text))
    return pairs


# --- Notes for rules lawyers ---------------------------------------------------------------

# What marks a note as ours rather than the rule's: the documents' numbers and line numbers,
# our reference notes and the tools they were checked against, and what the OCR lost.
SOURCE_MARKERS = re.compile(
    r"""
    \bl\.\s?\d                    # a line of a source document: l.827
    | (?<![\d,.])00\d(?!\d|,\d)   # our numbers for the source documents: 000 ... 004
    | \bdocuments?\b
    | \blrb6-facts\b | \bseed-[\w-]+ | \breference/ | §    # our reference notes
    | \bOCR\b | \bOBBLM\b | \bBOTOCS\b | \bobblm/core\b   # how the text reached us
    | \bprint(?:s|ed)\s'          # what a document prints, quoted: Teams printed 'Humans'
    | \blost\sin\sthe\b | \btext\sis\slost\b | \bprinted\sas\sicons\b    # what they lost
    | \b(?:un|not\s)verified\b | \b(?:il)?legible\b
    """,
    re.VERBOSE,
)
# Words ending in a full stop that do not end a sentence: c. 2010, e.g. after.
ABBREVIATION = re.compile(r"(?:^|[\s(])(?:[a-zA-Z]|e\.g|i\.e|cf|vs)\.$")


@dataclass(frozen=True)
class Noted:
    """A note split for its page: what players read, and the sentences that are notes on
    our sources (each whole, references and all), for a "Sources" disclosure."""

    text: str
    sources: tuple[str, ...]


def _pieces(text: str, ends: str) -> list[tuple[str, str]]:
    """`text` cut after each character of `ends` that is followed by a space, outside
    brackets and quotes: (piece, the space that followed it) pairs. A single quote opens a
    quote only after a space or a bracket (an apostrophe does not)."""
    pieces: list[tuple[str, str]] = []
    depth, double, single, start = 0, False, False, 0
    for i, char in enumerate(text):
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        if char == '"':
            double = not double
        elif char == "'" and not single and before in " (" and not after.isspace():
            single = True
        elif char == "'" and single and not after.isalnum():
            single = False
        elif char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        if depth or double or single or not after.isspace() or i + 1 >= len(text):
            continue
        piece = text[start : i + 1]
        if ends == ".":  # a sentence ends before a capital, a digit, a bracket or a quote
            rest = text[i + 1 :].lstrip()
            if not re.search(r"[.!?][\"')]?$", piece) or ABBREVIATION.search(piece):
                continue
            if rest and not (rest[0].isupper() or rest[0].isdigit() or rest[0] in "(\"'"):
                continue
        elif piece[-1] not in ends:
            continue
        gap = len(text[i + 1 :]) - len(text[i + 1 :].lstrip())
        pieces.append((piece, text[i + 1 : i + 1 + gap]))
        start = i + 1 + gap
    if text[start:]:
        pieces.append((text[start:], ""))
    return pieces


def _without_noted_brackets(text: str) -> str:
    """`text` without its bracketed asides that are source notes: "Squad: 6 Catchers
    (l.841)." -> "Squad: 6 Catchers."."""
    out, depth, aside = "", 0, ""
    for char in text:
        if depth:
            aside += char
            depth += {"(": 1, ")": -1}.get(char, 0)
            if not depth and not SOURCE_MARKERS.search(aside):
                out += aside
            elif not depth:
                out = out.rstrip()  # "table (l.488-494)." -> "table."
        elif char == "(":
            depth, aside = 1, char
        else:
            out += char
    if depth:  # an unclosed bracket: keep the rest as written
        out += aside
    return out.strip()


def _rule_of(sentence: str) -> str:
    """What is left of a sentence for players: its clauses (cut at ; and :) with no source
    marker, without the bracketed asides that are source notes. A noted clause ending in a
    colon takes what it introduces with it ("001 gives them no profile ...: 40,000, MA 6"),
    unless it only cites ("From 001 "Injuries" (notes §A.5): ..."); a label loses its colon's
    other side with it."""
    clauses = _pieces(sentence, ";:")
    bare = [_without_noted_brackets(clause) for clause, _gap in clauses]
    noted = [not text or bool(SOURCE_MARKERS.search(text)) for text in bare]
    for i in range(1, len(clauses)):
        before = clauses[i - 1][0]
        if noted[i - 1] and before.endswith(":") and not before.startswith("From "):
            noted[i] = True
    for i in range(len(clauses) - 2, -1, -1):
        if clauses[i][0].endswith(":") and noted[i + 1]:
            noted[i] = True
    kept = [
        (text, gap) for text, (_c, gap), out in zip(bare, clauses, noted, strict=True) if not out
    ]
    if not kept:
        return ""
    if len(kept) < len(clauses):
        last = kept[-1][0].rstrip(";:")
        kept[-1] = (last if last[-1:] in ".!?\"'" else last + ".", "")
    rule = "".join(text + gap for text, gap in kept).strip()
    if noted[0]:  # the sentence lost its start
        rule = rule[0].upper() + rule[1:]
    return rule


def split_sources(text: str | None) -> Noted:
    """Splits a note of the data files into the rule and our notes on its sources.

    A clause with a source marker (SOURCE_MARKERS) outside brackets is a source note, and so
    is a bracketed aside with one; a sentence that loses any of them is kept whole among the
    source notes. A note that is all sources leaves nothing for players (Bertha Bigfist's
    "AG 2 as in BOTOCS ... (lrb6-facts §12)")."""
    rule, sources = [], []
    for sentence, _gap in _pieces((text or "").strip(), "."):
        sentence = sentence.strip()
        bare = _rule_of(sentence)
        if bare:
            rule.append(bare)
        if bare != sentence:
            sources.append(sentence)
    return Noted(" ".join(rule), tuple(sources))
