"""The report's phone form, read into the body the API takes (matches/report/body.py).

Its field names are flat, one per value a coach types or picks: `home-p7-touchdown` (a
player's count of an action), `home-mvp-1`, `cas-2-victim` ("away-3"), `cas-2-dice-casualty-1`
(the first die of a casualty roll), `home-card-1-name` (a Blitz Bowl Challenge card).
Numbers stay as typed until the API's own serializer reads them, so "x" or -1 is refused
naming the player or casualty it was typed for; what the rules allow is the engine's to say,
through the service. What each field shows is matches/report/fields.py's."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from matches.report.serializers import ReportBody
from matches.services import MatchRefused
from rules.engine.errors import Problem
from rules.engine.report_entry import SIDES

LINE = re.compile(r"^(home|away)-p(\d+)-(\w+)$")
MVP = re.compile(r"^(home|away)-mvp-(\d+)$")
CARD = re.compile(r"^(home|away)-card-(\d+)-name$")
CASUALTY = re.compile(r"^cas-(\d+)-victim$")
DIE = re.compile(r"^cas-(\d+)-dice-([a-z]+)-(\d)$")
SERVER = "server"  # an MVP left for the server to draw
# A death in 1st edition names no action: one caused by a player was his tackle or block.
CAUSED, UNCAUSED = "block", "none"


def typed(value) -> int | str | None:
    """A number as typed: an int when it reads as one, else the text as it is (for the
    serializer to refuse by name); blank is None."""
    text = str(value if value is not None else "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _or(value, default):
    return default if value is None else value


def _list(post, name: str) -> list[str]:
    """Every value of a field a form sends several times (a plain mapping: one, or a list)."""
    if hasattr(post, "getlist"):
        return list(post.getlist(name))
    value = post.get(name)
    return [value] if isinstance(value, str) else list(value or ())


def _keys(post, pattern: re.Pattern) -> Iterator[re.Match]:
    """The post's keys that match `pattern`, in the order of their numbers."""
    found = [match for key in post if (match := pattern.match(key))]
    yield from sorted(found, key=lambda m: tuple(int(g) if g.isdigit() else g for g in m.groups()))


def body_from_post(post: Mapping) -> dict:
    """The posted form as a report body; blank fields are left out, typed text is kept."""
    mvps = {side: [] for side in SIDES}
    for match in _keys(post, MVP):
        mvps[match.group(1)].append(str(post.get(match.group(0), "")).strip())
    server_draws = any(value == SERVER for values in mvps.values() for value in values)
    concession = post.get("concession", "")
    return {
        "played_on": str(post.get("played_on", "")).strip(),
        "home_touchdowns": str(post.get("home_touchdowns", "")).strip(),
        "away_touchdowns": str(post.get("away_touchdowns", "")).strip(),
        "notes": str(post.get("notes", "")),
        **{side: _side(post, side, mvps[side]) for side in SIDES},
        "casualties": [
            _casualty(post, m.group(1))
            for m in _keys(post, CASUALTY)
            if str(post.get(m.group(0), "")).strip()
        ],
        "concession": {
            "side": concession,
            "half": _or(typed(post.get("concession_half")), 1),
            "turn": typed(post.get("concession_turn")),
            "forced": bool(post.get("concession_forced")),
        }
        if concession
        else None,
        "win_type": str(post.get("win_type", "")),
        "regional_roll": typed(post.get("regional_roll")),
        "endgame_active": bool(post.get("endgame_active")),
        "veterans_rules": _list(post, "veterans_rules"),
        "server_rolls": bool(post.get("server_rolls")) or server_draws,
    }


def _side(post, side: str, mvps: list[str]) -> dict:
    lines: dict[int, dict] = {}
    for match in _keys(post, LINE):
        if match.group(1) == side:
            count = typed(post.get(match.group(0)))
            if count not in (None, 0):
                lines.setdefault(int(match.group(2)), {})[match.group(3)] = count
    cards = []
    for match in _keys(post, CARD):
        if match.group(1) == side:
            name = str(post.get(match.group(0), "")).strip()
            points = typed(post.get(match.group(0).removesuffix("name") + "points"))
            if name or points is not None:
                cards.append({"card": name, "points": points})
    return {
        "players": [{"number": n, "actions": actions} for n, actions in lines.items()],
        "mvps": [typed(value) for value in mvps if value not in ("", SERVER)],
        "raised": [
            typed(value) for value in _list(post, f"{side}-raised") if typed(value) is not None
        ],
        "challenge_points": _or(typed(post.get(f"{side}-challenge_points")), 0),
        "challenge_cards": cards,
        "clean_sweeps": _or(typed(post.get(f"{side}-clean_sweeps")), 0),
        "bonus_points": _or(typed(post.get(f"{side}-bonus_points")), 0),
        "score": typed(post.get(f"{side}-score")),
    }


def _ref(value) -> dict | None:
    side, _, number = str(value or "").strip().partition("-")
    return {"side": side, "number": typed(number)} if side else None


def _casualty(post, n: str) -> dict:
    causer = _ref(post.get(f"cas-{n}-causer"))
    dice: dict[str, list] = {}
    for match in _keys(post, DIE):
        value = typed(post.get(match.group(0)))
        if match.group(1) == n and value is not None:
            dice.setdefault(match.group(2), []).append(value)
    return {
        "victim": _ref(post.get(f"cas-{n}-victim")),
        "causer": causer,
        "action": post.get(f"cas-{n}-action") or (CAUSED if causer else UNCAUSED),
        "means": post.get(f"cas-{n}-means") or "ordinary",
        "modifier": _or(typed(post.get(f"cas-{n}-modifier")), 0),
        "helper": post.get(f"cas-{n}-helper", ""),
        "kept": post.get(f"cas-{n}-kept", ""),
        "dice": dice,
    }


class FormBody(ReportBody):
    """The API's body less the date and the touchdowns, which the service itself names."""

    played_on = None
    home_touchdowns = None
    away_touchdowns = None


def report_data(post: Mapping, teams: Mapping[str, str]) -> dict:
    """The posted form as the body the service takes; MatchRefused names every value the
    serializer refuses (the player, casualty or team it was typed for). `teams` names the
    two sides."""
    body = body_from_post(post)
    read = FormBody(data=body)
    if not read.is_valid():
        raise MatchRefused(list(_problems(read.errors, body, teams)))
    top = ("played_on", "home_touchdowns", "away_touchdowns")
    return {**read.validated_data, **{key: body[key] for key in top}}


def _flat(errors, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    if isinstance(errors, Mapping):
        for key, value in errors.items():
            yield from _flat(value, (*path, key))
    elif isinstance(errors, list | tuple):
        for value in errors:
            if isinstance(value, Mapping | list | tuple):
                yield from _flat(value, path)
            else:
                yield path, str(value)


def _words(key) -> str:
    return str(key).replace("_", " ")


def _problems(errors, body: dict, teams: Mapping[str, str]) -> Iterator[Problem]:
    for path, message in _flat(errors):
        head, rest = path[0], list(path[1:])
        if head in SIDES and rest:
            team, part = teams[head], rest.pop(0)
            field = f"{head}.{part}"
            if part == "players" and rest:
                index = rest.pop(0)
                number = body[head]["players"][index]["number"]
                what = f"{team}'s #{number}"
                rest = rest[1:] if rest[:1] == ["actions"] else rest
            elif part == "challenge_cards" and rest:
                what = f"{team}'s Challenge card {rest.pop(0) + 1}"
            elif part == "mvps":
                what, rest = f"{team}'s MVP", []
            else:
                what = f"{team}'s {_words(part)}"
        elif head == "casualties" and rest:
            field, what = f"casualties.{rest[0] + 1}", f"Casualty {rest.pop(0) + 1}"
        elif head == "concession":
            field, what = "concession", "The concession"
        else:
            field, what = str(head), _words(head).capitalize()
        detail = " ".join(_words(key) for key in rest if not isinstance(key, int))
        yield Problem(field, f"{what}{', ' + detail if detail else ''}: {message}")
