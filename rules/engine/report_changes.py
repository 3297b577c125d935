"""What a correction changes in a report: each value, in words, as it was and as it is now.

Both reports are bodies as the API gives them (matches.report.body.body_of) with the
match's entered dice beside them. A value is named as a commissioner would say it ("Orcs
#7 touchdowns", "casualty 2", "die 'winnings for home'"), and shown as typed, so the match
page can say "corrected … because …: Orcs #7 touchdowns 0 → 1"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Change = tuple[str, str, str]  # what, as it was, as it is now ("" for none)

SIDE_VALUES = {
    "mvps": "MVPs",
    "raised": "raised",
    "challenge_points": "Challenge points",
    "challenge_cards": "Challenge cards",
    "clean_sweeps": "clean sweeps",
    "bonus_points": "bonus points",
    "score": "score",
}
REPORT_VALUES = {
    "played_on": "date played",
    "notes": "notes",
    "concession": "concession",
    "win_type": "win",
    "regional_roll": "regional roll",
    "endgame_active": "Endgame card active",
    "veterans_rules": "Veterans Rules",
}


def report_changes(
    was: Mapping, now: Mapping, teams: Mapping[str, str], dice_was: Mapping, dice_now: Mapping
) -> list[Change]:
    """Each value of the report that differs, in a fixed order: the score, each team's lines,
    the casualties, the rest, then the entered dice. `teams`: each side's team name."""
    before, after = _values(was, teams, dice_was), _values(now, teams, dice_now)
    return [
        (what, before.get(what, ""), after.get(what, ""))
        for what in dict.fromkeys([*before, *after])
        if before.get(what, "") != after.get(what, "")
    ]


def _values(body: Mapping, teams: Mapping[str, str], dice: Mapping) -> dict[str, str]:
    found: dict[str, str] = {}
    for side, team in teams.items():
        found[f"{team} touchdowns"] = _text(body.get(f"{side}_touchdowns"))
    for side, team in teams.items():
        mine = body.get(side) or {}
        for line in sorted(mine.get("players") or (), key=lambda line: int(line["number"])):
            for action, count in sorted((line.get("actions") or {}).items()):
                if count:
                    found[f"{team} #{line['number']} {action.replace('_', ' ')}"] = _text(count)
        for key, label in SIDE_VALUES.items():
            value = mine.get(key)
            if key == "mvps" or key == "raised":
                value = ", ".join(f"#{n}" for n in value or ())
            found[f"{team} {label}"] = _text(value)
    for n, casualty in enumerate(body.get("casualties") or (), start=1):
        found[f"casualty {n}"] = _casualty(casualty, teams)
    for key, label in REPORT_VALUES.items():
        found[label] = _text(body.get(key))
    for purpose in sorted(dice):
        found[f"die {purpose!r}"] = _text(list(dice[purpose]))
    return {what: value for what, value in found.items() if value}


def _casualty(casualty: Mapping, teams: Mapping[str, str]) -> str:
    victim, causer = casualty.get("victim"), casualty.get("causer")
    said = _who(victim, teams)
    if causer:
        said += f" by {_who(causer, teams)}"
    for key in ("action", "means", "helper", "kept"):
        value = casualty.get(key)
        if value and value not in ("none", "ordinary"):
            said += f", {str(value).replace('_', ' ')}"
    if casualty.get("modifier"):
        said += f", modifier {casualty['modifier']:+d}"
    for kind, values in sorted((casualty.get("dice") or {}).items()):
        if values:
            said += f", {kind.replace('_', ' ')} {_text(list(values))}"
    return said


def _who(ref: Mapping | None, teams: Mapping[str, str]) -> str:
    if not ref:
        return "nobody"
    return f"{teams.get(ref['side'], ref['side'])} #{ref['number']}"


def _text(value) -> str:
    """A value as the page shows it: blank for none, nothing and zero alike."""
    if value is None or value is False or value == 0 or value == "":
        return ""
    if value is True:
        return "yes"
    if isinstance(value, Mapping):
        return ", ".join(f"{key} {_text(item)}" for key, item in value.items() if _text(item))
    if isinstance(value, Sequence) and not isinstance(value, str):
        return " ".join(_text(item) or "0" for item in value)
    return str(value)
