"""Telling people what concerns them, from any layer: a service says what happened and to
whom, and the leagues app (which fills the seam when Django is ready) keeps the notice, shows
it on their desks and mails it. Without the leagues app a notice goes nowhere."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rules.plumbing.seams import Seam


@dataclass(frozen=True)
class NoticeAsked:
    kind: str  # league.notices.kinds names each
    to: tuple[int, ...]  # the coaches' ids; the actor himself is left out
    title: str  # one line: the desk's line and the mail's subject
    body: str  # who, why, what changed
    link: str  # the path of what it is about
    key: str  # the event, so that raising it twice (a double click) tells once
    actor_id: int | None = None
    match_id: int | None = None  # the league a match belongs to is found from it
    league_id: int | None = None


notices: Seam[Callable[[NoticeAsked], None]] = Seam("notices", lambda asked: None)


def notice(
    kind: str,
    to: Iterable,
    title: str,
    body: str,
    link: str,
    key: str,
    *,
    actor=None,
    match_id: int | None = None,
    league_id: int | None = None,
) -> None:
    """Raises a notice for each of `to` (coaches or their ids) but the actor, in the caller's
    transaction: it is kept only if the change it tells of is."""
    actor_id = getattr(actor, "pk", actor)
    ids = {getattr(person, "pk", person) for person in to} - {actor_id, None}
    if not ids:
        return
    asked = NoticeAsked(kind, tuple(sorted(ids)), title, body, link, key, actor_id,
                        match_id, league_id)  # fmt: skip
    notices.answer(asked)
