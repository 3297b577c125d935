"""Seams: a lower layer's question, answered by a default until a higher layer fills it."""

from __future__ import annotations

from rules.plumbing.seams import Seam


def test_an_unfilled_seam_gives_its_default() -> None:
    seam: Seam[str] = Seam("test.question", "outside a league")
    assert seam.answer == "outside a league"
    assert "default" in repr(seam)


def test_a_filled_seam_gives_the_higher_layers_answer_and_may_be_filled_again() -> None:
    seam: Seam[str] = Seam("test.question", "outside a league")
    seam.fill("the league says")
    assert seam.answer == "the league says"
    seam.fill("the league says again")  # Django may run ready() twice in tests
    assert seam.answer == "the league says again"
    assert "filled" in repr(seam)
