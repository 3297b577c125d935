"""The dice of a corrected report (matches/amend/correct.py): those the commissioner gives with the
correction, and those the corrected report needs that nobody rolled.

A die of the post-game sequence typed at the table may be typed again, or given where the
corrected report needs one; a die the server rolled from the match's seed stands, and so does
the kick-off's gate once the kick-off recorded it. A die kept as another roll than the step
now reads (the loser's 2D6 for fan factor, where that side now won and rolls 3D6) belongs to
a step the correction touched: it counts as never rolled, so the server rolls it from the
seed where it may, and otherwise the commissioner is asked for it (DiceNeeded)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from matches.dice import is_post_game_purpose
from matches.match_rows import MatchRows
from matches.models import DiceRoll, Match
from matches.post_game.apply import dice_source, match_before
from matches.services import MatchRefused
from rules.engine import dice as dice_rules
from rules.engine import post_game as engine
from rules.engine.errors import Problem, RulesError

GATE = ("gate", "gate for home", "gate for away")  # GDBBL's one roll; LRB6's, each team's


class DiceNeeded(MatchRefused):
    """The corrected report needs dice nobody rolled and the server may not roll: each
    (purpose, notation), for the commissioner to give with the correction."""

    def __init__(self, needs: Sequence[tuple[str, str]]) -> None:
        self.needs = list(needs)
        super().__init__([
            Problem("dice", f"The corrected report needs the {notation} for {purpose!r}: "
                            "give it with the correction.")
            for purpose, notation in self.needs
        ])  # fmt: skip


def may_type(match: Match, purpose: str) -> bool:
    """Whether a correction may type the die of `purpose`: one of the post-game sequence,
    but not the gate the kick-off recorded (its figures stand as recorded)."""
    return is_post_game_purpose(match, purpose) and not (purpose in GATE and match.gate is not None)


def dice_write(match: Match, actor, given: Sequence[Mapping]) -> set[str]:
    """The dice given with the correction, entered: a new one, or one typed again. Returns
    their purposes. MatchRefused names each that cannot be (`dice.N`, counted from 1)."""
    stored = {roll.purpose: roll for roll in DiceRoll.objects.filter(match=match)}
    problems, rows = [], {}
    for n, die in enumerate(given, start=1):
        purpose = " ".join(str(die.get("purpose") or "").split())
        roll, where = stored.get(purpose), f"dice.{n}"
        if purpose in rows:
            problems.append(Problem(where, f"{purpose!r} is given twice."))
            continue
        if roll is not None and roll.source == "rolled":
            problems.append(Problem(where, f"The server rolled {purpose!r} from the match's "
                                           "seed: it stands."))  # fmt: skip
            continue
        if not may_type(match, purpose):
            problems.append(Problem(where, f"{purpose!r} is no die of the post-game sequence "
                                           "a correction may type: a casualty's dice are "
                                           "given with it, and the kick-off's stand as "
                                           "recorded."))  # fmt: skip
            continue
        try:
            notation = dice_rules.notation(die.get("notation") or (roll and roll.notation) or "")
            values = dice_rules.checked(notation, list(die.get("values") or ()))
        except RulesError as error:
            problems.append(Problem(where, f"{purpose!r}: {error}"))
            continue
        row = roll or DiceRoll(match=match, purpose=purpose)
        row.notation, row.values, row.total = str(notation), list(values), notation.total(values)
        row.source, row.seed, row.made_by = "entered", "", actor
        rows[purpose] = row
    if problems:
        raise MatchRefused(problems)
    for row in rows.values():  # a few at most, typed one by one
        row.save()
    return set(rows)


def dice_checked(match: Match, then: MatchRows, given: set[str]) -> None:
    """The corrected report's post-game sequence worked out from its teams as they stood
    before it (`then`): MatchRefused for each rule it breaks and for a die given that no step
    reads or as another roll than its step reads; DiceNeeded for each die only the table
    could give. The dice kept as another roll than their steps now read are let go."""
    checks: list = []
    before, ruleset = match_before(match, then, checks)
    if checks:
        raise MatchRefused(checks)
    source = Retyped(**vars(dice_source(match)), given=frozenset(given))
    try:
        engine.post_game(ruleset, before, source)
    except engine.DiceMissing as missing:
        raise DiceNeeded(missing.needs) from None
    except engine.DiceWrong as wrong:
        raise MatchRefused([Problem("dice", str(wrong))]) from None
    unread = sorted(given - source.read)
    if unread:
        raise MatchRefused([Problem("dice", f"No step of the corrected report reads {purpose!r}: "
                                            "leave it out.") for purpose in unread])  # fmt: skip
    DiceRoll.objects.filter(match=match, purpose__in=source.retyped).delete()


@dataclass
class Retyped(engine.DiceSource):
    """The match's dice, where a die kept as another roll than the step now reads counts as
    never rolled (`retyped` lists them) — unless it was `given` with the correction: that is
    the commissioner's, and a wrong roll of it is refused. `read`: every purpose asked for."""

    given: frozenset[str] = frozenset()
    retyped: list[str] = field(default_factory=list)
    read: set[str] = field(default_factory=set)

    def roll(self, purpose: str, notation: str) -> engine.Die:
        self.read.add(purpose)
        kept = self.stored.get(purpose)
        if (kept is not None and purpose not in self.given
                and kept[1] != str(dice_rules.notation(notation))):  # fmt: skip
            self.retyped.append(purpose)
            self.stored = {key: die for key, die in self.stored.items() if key != purpose}
        return super().roll(purpose, notation)
