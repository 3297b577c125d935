"""A report's body (the API's JSON, or the phone form read into the same shape) as the
engine's entry. Types are the serializer's business; what the rules allow is the engine's."""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.report_entry import (
    SIDES,
    CasualtyEntry,
    Concession,
    Line,
    Ref,
    ReportEntry,
    SideEntry,
)


def entry_from(content: Mapping, home_touchdowns: int, away_touchdowns: int) -> ReportEntry:
    concession = content.get("concession")
    return ReportEntry(
        home_touchdowns=home_touchdowns,
        away_touchdowns=away_touchdowns,
        home=_side(content.get("home") or {}),
        away=_side(content.get("away") or {}),
        casualties=tuple(_casualty(c) for c in content.get("casualties") or ()),
        concession=Concession(
            side=concession["side"],
            half=int(concession.get("half") or 1),
            turn=concession.get("turn"),
            forced=bool(concession.get("forced")),
        )
        if concession
        else None,
        win_type=content.get("win_type") or "",
        regional_roll=content.get("regional_roll"),
        endgame_active=bool(content.get("endgame_active")),
        veterans_rules=tuple(content.get("veterans_rules") or ()),
        server_rolls=bool(content.get("server_rolls")),
    )


def _side(side: Mapping) -> SideEntry:
    return SideEntry(
        players=tuple(
            Line(int(line["number"]), dict(line.get("actions") or {}))
            for line in side.get("players") or ()
        ),
        mvps=tuple(int(number) for number in side.get("mvps") or ()),
        raised=tuple(int(number) for number in side.get("raised") or ()),
        challenge_points=int(side.get("challenge_points") or 0),
        challenge_cards=tuple(
            (str(card["card"]), int(card["points"])) for card in side.get("challenge_cards") or ()
        ),
        clean_sweeps=int(side.get("clean_sweeps") or 0),
        bonus_points=int(side.get("bonus_points") or 0),
        score=side.get("score"),
    )


def _ref(ref: Mapping | None) -> Ref | None:
    return Ref(ref["side"], int(ref["number"])) if ref else None


def _casualty(casualty: Mapping) -> CasualtyEntry:
    return CasualtyEntry(
        victim=_ref(casualty["victim"]),
        causer=_ref(casualty.get("causer")),
        action=casualty.get("action") or "none",
        means=casualty.get("means") or "ordinary",
        modifier=int(casualty.get("modifier") or 0),
        helper=casualty.get("helper") or "",
        kept=casualty.get("kept") or "",
        dice={
            kind: tuple(values) for kind, values in (casualty.get("dice") or {}).items() if values
        },
    )


def body_of(entry: ReportEntry, played_on, notes: str) -> dict:
    """The entry as a body again: what the API shows and the form is filled with."""
    return {
        "played_on": played_on.isoformat() if played_on else None,
        "home_touchdowns": entry.home_touchdowns,
        "away_touchdowns": entry.away_touchdowns,
        "notes": notes,
        **{side: _side_body(entry.of(side)) for side in SIDES},
        "casualties": [
            {
                "victim": _ref_body(c.victim),
                "causer": _ref_body(c.causer),
                "action": c.action,
                "means": c.means,
                "modifier": c.modifier,
                "helper": c.helper,
                "kept": c.kept,
                "dice": {kind: list(values) for kind, values in c.dice.items()},
            }
            for c in entry.casualties
        ],
        "concession": {
            "side": entry.concession.side,
            "half": entry.concession.half,
            "turn": entry.concession.turn,
            "forced": entry.concession.forced,
        }
        if entry.concession
        else None,
        "win_type": entry.win_type,
        "regional_roll": entry.regional_roll,
        "endgame_active": entry.endgame_active,
        "veterans_rules": list(entry.veterans_rules),
    }


def _ref_body(ref: Ref | None) -> dict | None:
    return {"side": ref.side, "number": ref.number} if ref else None


def _side_body(side: SideEntry) -> dict:
    return {
        "players": [
            {"number": line.number, "actions": dict(line.actions)} for line in side.players
        ],
        "mvps": list(side.mvps),
        "raised": list(side.raised),
        "challenge_points": side.challenge_points,
        "challenge_cards": [
            {"card": card, "points": points} for card, points in side.challenge_cards
        ],
        "clean_sweeps": side.clean_sweeps,
        "bonus_points": side.bonus_points,
        "score": side.score,
    }
