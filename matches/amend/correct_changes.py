"""What a correction changes, in words (matches/amend/correct.py): each team's figures before and
after — its gold, fan factor, and each player's SPP, injuries and status — and the figures of
the season's table, for the preview and the API's answer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.engine.report_changes import Change
from teams.models import Player, Team


@dataclass(frozen=True)
class TeamChanges:
    team: str
    changes: tuple[Change, ...]


TABLE_WORDS = {"place": "place", "played": "played", "won": "won", "drawn": "drawn",
               "lost": "lost", "touchdowns_for": "touchdowns for",
               "touchdowns_against": "touchdowns against", "casualties_for": "casualties for",
               "casualties_against": "casualties against", "score_for": "points scored",
               "score_against": "points conceded", "bonus": "bonus points",
               "points": "points"}  # fmt: skip


def team_figures(teams: Sequence[Team]) -> dict[int, tuple[str, dict[str, str]]]:
    """Each team's figures a correction may change, in words: gold, fan factor, and each
    player's SPP, injuries and status. Two queries, however many teams."""
    pks = [team.pk for team in teams]
    found: dict[int, tuple[str, dict[str, str]]] = {}
    for pk, name, treasury, fans in Team.objects.filter(pk__in=pks).values_list(
        "pk", "name", "treasury", "fan_factor"
    ):
        found[pk] = (name, {"treasury": f"{treasury:,} gp", "fan factor": str(fans)})
    players = Player.objects.filter(team__in=pks).exclude(status="undone")
    rows = players.order_by("number", "pk").values_list(
        "team_id", "key", "number", "name", "spp", "injuries", "status"
    )
    for team, key, number, name, spp, injuries, status in rows:
        figures = found[team][1]
        who = f"#{number} {name}"
        if f"{who} SPP" in figures:  # a dead player's shirt and name taken again
            who = f"{who} ({key})"
        figures[f"{who} SPP"] = str(spp)
        figures[f"{who} injuries"] = ", ".join(injuries or ()) or "none"
        figures[f"{who} status"] = status.replace("_", " ")
    return found


def figures_changed(before: Mapping, after: Mapping) -> tuple[TeamChanges, ...]:
    """Each team whose figures differ, with those that do."""
    changed = []
    for pk, (name, was) in before.items():
        now = after.get(pk, (name, {}))[1]
        differ = tuple((what, was.get(what, ""), now.get(what, ""))
                       for what in dict.fromkeys([*was, *now])
                       if was.get(what, "") != now.get(what, ""))  # fmt: skip
        if differ:
            changed.append(TeamChanges(name, differ))
    return tuple(changed)


def table_changed(before: list, after: list) -> tuple[Change, ...]:
    """Each figure of the season's table that differs, by team (by id: names may repeat)."""
    was = {pk: figures for pk, _, figures in before}
    changed = []
    for pk, name, now in after:
        old = was.get(pk, {})
        changed += [(f"{name}: {TABLE_WORDS.get(key, key)}", str(old.get(key, "")), str(value))
                    for key, value in now.items() if old.get(key) != value]  # fmt: skip
    return tuple(changed)


def named(changes: Sequence[Change]) -> list[dict[str, str]]:
    """Changes as the API answers them."""
    return [dict(zip(("what", "was", "now"), change, strict=True)) for change in changes]
