"""What each action on a match does, in one place for its page and its API: each names the
service that does it, with the form or body read into what the service takes. Which actions a
user may take now is matches.allowed's answer. The services check again (under the status
guard), so a page that is out of date is refused with a reason, never obeyed twice."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from matches import dice, services, workflow
from matches.amend import correct, reapply, revert
from matches.kick_off import gdbbl, lrb6, shared
from matches.models import Match
from matches.typed import report_read, typed_dice, typed_whole
from rules.engine.inducements import Mercenary, Request


def _report(match: Match, user, data: Mapping):
    read = report_read(data)
    return workflow.report_save(match, user, read["played_on"], read["home_touchdowns"],
                                read["away_touchdowns"], data)  # fmt: skip


def _side(match: Match, user, data: Mapping) -> str:
    """The side a coach acts for: the one asked, else his own team's."""
    side = data.get("side") or (
        "away"
        if getattr(user, "pk", None) == match.away.coach_id
        and match.home.coach_id != match.away.coach_id
        else "home"
    )
    return str(side)


def _listed(data: Mapping, key: str) -> list:
    """A list as JSON sends it, or a form's repeated field."""
    if hasattr(data, "getlist"):
        return [value for value in data.getlist(key) if value]
    return list(data.get(key) or [])


def _journeymen(match: Match, user, data: Mapping):
    return lrb6.journeymen_take(match, user, _side(match, user, data), _listed(data, "positions"))


def _inducements(match: Match, user, data: Mapping):
    """`data` as the API takes it: items (key -> count), stars, mercenaries."""
    request = Request(
        items={str(key): typed_whole(count) for key, count in (data.get("items") or {}).items()},
        stars=tuple(_listed(data, "stars")),
        mercenaries=tuple(
            Mercenary(str(m.get("position", "")), str(m.get("extra_skill") or ""))
            for m in data.get("mercenaries") or ()
        ),
    )
    return lrb6.inducements_buy(match, user, _side(match, user, data), request)


def _freebooters(match: Match, user, data: Mapping):
    return gdbbl.freebooters_hire(
        match, user, _side(match, user, data), _listed(data, "positions"), _listed(data, "stars")
    )


def _gate(match: Match, user, data: Mapping):
    """LRB6 reads each team's 2D6 for its fans; GDBBL one roll for the whole gate."""
    if match.ruleset_version.system == "gdbbl":
        return gdbbl.gdbbl_gate_record(match, user)
    return lrb6.gate_record(match, user)


PERFORM: dict[str, Callable[[Match, object, Mapping], object]] = {
    "accept": lambda match, user, data: services.friendly_accept(match, user),
    "decline": lambda match, user, data: services.friendly_decline(match, user),
    "report": _report,
    "journeymen": _journeymen,
    "inducements": _inducements,
    "freebooters": _freebooters,
    "weather": lambda match, user, data: shared.weather_record(match, user),
    "gate": _gate,
    "cards": lambda match, user, data: gdbbl.cards_draw(match, user, _side(match, user, data)),
    "niggles": lambda match, user, data: shared.niggles_roll(match, user, _side(match, user, data)),
    "submit": lambda match, user, data: workflow.report_submit(match, user),
    "withdraw": lambda match, user, data: workflow.report_withdraw(match, user),
    "confirm": lambda match, user, data: workflow.report_confirm(match, user),
    "dispute": lambda match, user, data: workflow.report_dispute(match, user, data.get("reason")),
    "approve": lambda match, user, data: workflow.report_approve(match, user),
    "send_back": lambda m, user, data: workflow.report_send_back(m, user, data.get("reason")),
    "settle": lambda match, user, data: workflow.dispute_settle(match, user, data.get("reason")),
    "revert": lambda match, user, data: revert.report_revert(match, user, data.get("reason")),
    "reapply": lambda match, user, data: reapply.report_reapply(match, user, data.get("reason")),
    "correct": correct.report_correct_typed,
    "dice_entered": lambda match, user, data: dice.dice_enter(
        match,
        user,
        data.get("purpose", ""),
        data.get("notation", ""),
        typed_dice(data.get("values")),
    ),
    "dice_rolled": lambda match, user, data: dice.dice_roll(
        match, user, data.get("purpose", ""), data.get("notation", "")
    ),
}
