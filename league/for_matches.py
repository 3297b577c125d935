"""The leagues' answers to what matches asks (matches/seams.py): a league fixture's match is
settled by the league's commissioners and seen by whoever may see the league; a friendly
(no fixture) is settled by site staff and seen by all."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse

from league.models import Fixture, League, Standing
from league.permissions import is_commissioner, may_view
from league.standings import standings_update
from matches.seams import NoLeagues, coached_side
from rules.engine.standings import FIGURES
from rules.plumbing.people import is_staff


def _fixture(match) -> Fixture | None:
    return Fixture.objects.select_related("season__league", "round").filter(match=match).first()


class MatchAnswers:
    """Nobody settles a match of his own team, as nobody adjusts his own team: a commissioner
    (or staff member) who coaches one side leaves it to another commissioner or to staff."""

    def may_settle(self, user, match) -> bool:
        if getattr(user, "pk", None) in (match.home.coach_id, match.away.coach_id):
            return False
        if is_staff(user):
            return True
        fixture = _fixture(match)
        return fixture is not None and is_commissioner(user, fixture.season.league)

    def settle_barred(self, user, match) -> str:
        side = coached_side(user, match) if getattr(user, "pk", None) else None
        if side is None:
            return ""
        fixture = _fixture(match)
        if fixture is None:  # a friendly: as when no leagues app is installed
            return NoLeagues().settle_barred(user, match)
        league = fixture.season.league
        if not is_commissioner(user, league):
            return ""
        return (
            f"You coach {side.name} in this match: another commissioner of {league.name} or "
            "site staff approves, corrects or reverts its report, or records its forfeit."
        )

    def settling(self, user) -> Q:
        if not getattr(user, "is_authenticated", False):
            return Q(pk__in=[])
        not_his = ~Q(home__coach=user) & ~Q(away__coach=user)
        if is_staff(user):
            return not_his
        leagues = League.objects.filter(commissioner_rows__user=user)
        return Q(fixture__season__league__in=leagues) & not_his

    def may_see(self, user, match) -> bool:
        fixture = _fixture(match)
        return fixture is None or may_view(user, fixture.season.league)

    def seen(self, user) -> Q:
        if is_staff(user):
            return Q()
        open_to = Q(public=True)
        if getattr(user, "is_authenticated", False):
            open_to |= Q(commissioner_rows__user=user) | Q(memberships__team__coach=user)
        leagues = League.objects.filter(open_to).values("pk")
        return Q(fixture__isnull=True) | Q(fixture__season__league__in=leagues)

    def fixture_of(self, match) -> tuple[str, str] | None:
        fixture = _fixture(match)
        if fixture is None:
            return None
        season = fixture.season
        where = f"round {fixture.round.number}" if fixture.round_id else "open play"
        return (
            f"{season.league.name} · {season.name} · {where}",
            reverse("leagues:season", args=[season.league_id, season.number]),
        )

    def results_stand(self, matches) -> None:
        standings_update(matches)

    def table_lines(self, match) -> list[tuple[int, str, dict[str, int]]]:
        fixture = _fixture(match)
        if fixture is None:
            return []
        rows = Standing.objects.filter(season=fixture.season_id).select_related("team")
        return [
            (row.team_id, row.team.name, {name: getattr(row, name) for name in TABLE_LINE})
            for row in rows.order_by("place", "team__name", "pk")
        ]


# What a table line shows of a team (a correction's preview names those it changes).
TABLE_LINE = ("place", *FIGURES)
