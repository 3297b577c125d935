"""Seams: a question a lower layer asks and a higher layer answers.

Teams must know what the league a team plays in says (where dice come from, who may adjust
it) without importing leagues, which sit above teams. So teams declares a seam with the
answer it gets when no league is installed, and the leagues app fills it when Django is
ready. Matches uses the same for "who settles this match"."""

from __future__ import annotations

from typing import Generic, TypeVar

Answer = TypeVar("Answer")


class Seam(Generic[Answer]):
    def __init__(self, name: str, default: Answer) -> None:
        self.name = name
        self._default = default
        self._answer: Answer | None = None

    def fill(self, answer: Answer) -> None:
        """Called once, from a higher layer's AppConfig.ready(); filling it again replaces
        the answer (Django may call ready() twice in tests)."""
        self._answer = answer

    @property
    def answer(self) -> Answer:
        return self._default if self._answer is None else self._answer

    def __repr__(self) -> str:
        filled = "filled" if self._answer is not None else "default"
        return f"<Seam {self.name}: {filled}>"
