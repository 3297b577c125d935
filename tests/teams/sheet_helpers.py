"""Reading roster-sheet PDFs in tests: their text (pypdf), pages and embedded fonts."""

from __future__ import annotations

import io

from pypdf import PdfReader

from teams.services import NewPlayer, team_create

LONG_SKILLS = [
    "Diving Tackle",
    "Multiple Block",
    "Nerves of Steel",
    "Dirty Player",
    "Piling On",
    "Stand Firm",
    "Strip Ball",
    "Jump Up",
]


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def pdf_text(pdf: bytes) -> str:
    """The text of every page, with runs of spaces made single."""
    text = "\n".join(page.extract_text() for page in reader(pdf).pages)
    return "\n".join(" ".join(line.split()) for line in text.splitlines())


def embedded_fonts(pdf: bytes) -> set[str]:
    """The base names of the fonts whose programs are embedded in the PDF."""
    names = set()
    for page in reader(pdf).pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for font in fonts.values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            for part in [d.get_object() for d in descendants] if descendants else [font]:
                descriptor = part.get("/FontDescriptor")
                descriptor = descriptor.get_object() if descriptor else {}
                if any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                    names.add(str(part["/BaseFont"]))
    return names


def worst_case_team(coach, version):
    """16 LRB6 Human Linemen (16 x 50,000 = 800,000) with 30-character names; the caller
    gives them 8 skills each."""
    players = [NewPlayer("Lineman", f"Sigismund Ironhand Vorberg {n:03d}") for n in range(1, 17)]
    assert all(len(player.name) == 30 for player in players)
    return team_create(coach, version, "The Longest Names in the Reik", "human", players)
