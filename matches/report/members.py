"""Who a report may name for a team, as the checks see him (rules.engine.report_entry.Member):
his skills from his position or star row and his own advances, a one-game hire's Loner, and
what GDBBL's rules ask of him besides: his size (the Necromancer raises only the roughly
human-sized) and the secret weapon he carries (a fanatic's ball and chain, a Death-Roller)."""

from __future__ import annotations

import contextlib

from rules.engine.report_entry import Member
from rules.models import StarPlayer


def member_of(
    number,
    name,
    kind,
    player,
    race,
    snapshot,
    took_part=False,
    absent="",
    hired_as=None,
    hired_star=None,
) -> Member:
    """One person the report may name. `hired_star` is the star hired for the match (his
    row, or its id); his size is the snapshot's, a position's the ruleset's, and a star's
    secret weapon (`special`) his row's."""
    if isinstance(hired_star, int):  # an id: his row, for his name and secret weapon
        hired_star = StarPlayer.objects.filter(pk=hired_star).first()
    skills: list[str] = []
    position = None
    if player is None and hired_as is not None and race is not None:
        # A journeyman or a mercenary: his position's skills, and Loner (LRB6); a GDBBL
        # freebooter: his position's.
        with contextlib.suppress(KeyError):
            position = race.position(hired_as.name)
            skills += position.skills
        skills += ["Loner"] if kind in ("journeyman", "mercenary") else []
    star = hired_star
    if hired_star is not None:  # a star player hired for the match
        skills += snapshot.star_skills.get(hired_star.pk, ())
    if player is not None:
        if player.star_id:
            star = player.star
            skills += snapshot.star_skills.get(player.star_id, ())
        elif race is not None:
            with contextlib.suppress(KeyError):  # a position the house rules removed
                position = race.position(player.position.name)
                skills += position.skills
        skills += list(player.skills or ())
    size, special = position.size if position is not None else "human", ""
    if star is not None:
        size, special = snapshot.star_sizes.get(star.name, "human"), star.special
    hired = kind == "star" or star is not None
    took = took_part and not absent
    return Member(
        number, name, kind, frozenset(skills), hired, took, "" if took else absent, size, special
    )
