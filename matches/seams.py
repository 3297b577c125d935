"""What matches asks of the league a match belongs to, without importing leagues.

A league fixture is settled by the league's commissioners and seen by whoever may see the
league; a friendly belongs to no league, so site staff settle it and anyone may see it once
it is past its draft. The leagues app fills `settlers` when Django is ready."""

from __future__ import annotations

from typing import Protocol

from django.db.models import Q

from rules.plumbing.people import is_staff
from rules.plumbing.seams import Seam


class MatchSay(Protocol):
    def may_settle(self, user, match) -> bool:
        """Whether `user` approves, sends back and settles disputes of `match`."""

    def settle_barred(self, user, match) -> str:
        """Why one who would settle the match (a commissioner of its league, site staff for
        a friendly) leaves it to another: he coaches a side, in words. "" for anyone else."""

    def settling(self, user) -> Q:
        """The matches `user` settles, as a filter on Match."""

    def may_see(self, user, match) -> bool:
        """Whether `user` may see the match at all (a private league's are hidden)."""

    def seen(self, user) -> Q:
        """The matches `user` may see, as a filter on Match."""

    def fixture_of(self, match) -> tuple[str, str] | None:
        """The league fixture the match is, in words and as a link; None for a friendly."""

    def results_stand(self, matches) -> None:
        """The matches' results now stand (a report confirmed or approved, a forfeit): the
        league's tables count them, in the same transaction."""

    def table_lines(self, match) -> list[tuple[int, str, dict[str, int]]]:
        """The table of the match's season as it stands: each team's id, name and figures,
        in place order (none for a friendly)."""


class NoLeagues:
    """The answers for friendlies and when no leagues app is installed."""

    def may_settle(self, user, match) -> bool:
        mine = getattr(user, "pk", None) in (match.home.coach_id, match.away.coach_id)
        return is_staff(user) and not mine

    def settle_barred(self, user, match) -> str:
        side = coached_side(user, match)
        return f"You coach {side.name} in this match: other staff settle it." if (
            side and is_staff(user)) else ""  # fmt: skip

    def settling(self, user) -> Q:
        if not is_staff(user):
            return Q(pk__in=[])
        return ~Q(home__coach=user) & ~Q(away__coach=user)

    def may_see(self, user, match) -> bool:
        return True

    def seen(self, user) -> Q:
        return Q()

    def fixture_of(self, match) -> tuple[str, str] | None:
        return None

    def results_stand(self, matches) -> None:
        return None  # a friendly is in no table

    def table_lines(self, match) -> list[tuple[int, str, dict[str, int]]]:
        return []


settlers: Seam[MatchSay] = Seam("matches.settlers", NoLeagues())


def coached_side(user, match):
    """The side of the match `user` coaches, if one (the home side first)."""
    uid = getattr(user, "pk", None)
    return next((team for team in (match.home, match.away) if team.coach_id == uid), None)
