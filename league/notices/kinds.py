"""The kinds of notice, as a coach chooses which are mailed to him. Pure data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    key: str
    label: str  # "when …", in his profile's list
    mailed: bool = True  # mailed unless he says otherwise


KINDS = {
    kind.key: kind
    for kind in (
        Kind("friendly_offered", "a friendly is offered to you"),
        Kind("friendly_answered", "your friendly is accepted or declined"),
        Kind("membership_asked", "a team asks to join a league you run"),
        Kind("membership_decided", "your team is approved, refused or removed"),
        Kind("invited", "you are invited to a league"),
        Kind("season_started", "a season of your league starts"),
        Kind("fixture_changed", "your fixture is rescheduled, forfeited, voided or reopened"),
        Kind("report_submitted", "a report waits for your confirmation"),
        Kind("report_answered", "your report is confirmed, disputed, approved or sent back"),
        Kind("report_amended", "a commissioner corrects, reverts or applies again your game"),
        Kind("dice_wanted", "dice are wanted from you"),
        Kind("roll_due", "an improvement roll is due", mailed=False),
        Kind("adjusted", "a commissioner adjusts your team"),
        Kind("player_died", "a player of yours dies"),
    )
}
