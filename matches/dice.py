"""The dice a match uses, each entered at the table or rolled by the server as the match
allows, each stored with its purpose. A purpose is rolled once: asking the server again
gives the stored roll back, so a step run again never shifts the dice of another. An
entered roll may be typed again (a typo) while the report is still open."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from matches.models import CONFIRMED, OPEN, SUBMITTED, DiceRoll, Match, PostGame
from matches.seams import settlers
from matches.selectors import is_coach
from matches.services import MatchRefused
from rules.engine import dice
from rules.engine.errors import Problem, RulesError
from rules.engine.post_game.gdbbl import POST_GAME_PURPOSE as GDBBL_PURPOSE
from rules.engine.post_game.lrb6 import POST_GAME_PURPOSE
from rules.engine.report_entry import CASUALTY_DICE, never_rolled
from rules.plumbing.limits import field_problem
from rules.snapshot import version_snapshot


def may_roll(user, match: Match) -> bool:
    return is_coach(user, match) or settlers.answer.may_settle(user, match)


def _post_game_die(match: Match, purpose: str) -> bool:
    """A die of the post-game sequence (winnings, fan factor, the gate, GDBBL's Alchemist)
    may still be entered once the report is submitted, until it is applied: each coach rolls
    his own."""
    waiting = match.status == SUBMITTED or (
        match.status == CONFIRMED and match.reports_apply == "commissioner"
    )
    applied = PostGame.objects.filter(match=match).exists()
    return waiting and not applied and is_post_game_purpose(match, purpose)


def is_post_game_purpose(match: Match, purpose: str) -> bool:
    """Whether `purpose` is a die of the post-game sequence (winnings, fan factor, ...)."""
    read = GDBBL_PURPOSE if match.ruleset_version.system == "gdbbl" else POST_GAME_PURPOSE
    return bool(read.match(purpose))


def _own_die(match: Match, actor, purpose: str) -> bool:
    """After the report, a die "... for home" is the home coach's (or whoever settles the
    match): the other coach may neither enter nor retype it."""
    side = purpose.rsplit(" ", 1)[-1]
    if side not in ("home", "away"):
        return True  # the gate: either coach's
    coach = match.home.coach_id if side == "home" else match.away.coach_id
    return actor.pk == coach or settlers.answer.may_settle(actor, match)


def _picked(match: Match, purpose: str) -> bool:
    """A casualty die the server never rolls (`never_rolled`: GDBBL's injury roll, a coach's
    pick): typed in whatever the match's dice."""
    system = match.ruleset_version.system
    kinds = [kind for kind, (label, _) in CASUALTY_DICE.get(system, {}).items()
             if purpose.startswith(f"{label} for ")]  # fmt: skip
    if not kinds:
        return False
    return never_rolled(system, kinds[0], version_snapshot(match.ruleset_version).ruleset.settings)


def _checked(match: Match, actor, purpose: str, notation: str, source: str):
    if not may_roll(actor, match):
        raise PermissionDenied("Only the match's coaches and those who settle it roll its dice.")
    problems = []
    purpose = " ".join((purpose or "").split())
    if not purpose:
        problems.append(Problem("purpose", 'Say what the roll is for, e.g. "casualty for #7".'))
    else:
        too_long = field_problem(DiceRoll, "purpose", purpose, "purpose", "The purpose")
        problems += [too_long] if too_long else []
    picked = _picked(match, purpose)
    if picked and source == "rolled":
        problems.append(
            Problem(
                "source", f"{purpose!r} is the table's or the coach's, not the server's: enter it."
            )
        )
    elif source not in match.accepted_sources and not picked:
        allowed = " or ".join(match.accepted_sources)
        problems.append(Problem("source", f"This match's dice are {allowed}, not {source}."))
    if match.status not in OPEN and not _post_game_die(match, purpose):
        status = match.stage
        problems.append(Problem("status", f"The report is {status}: its dice are closed."))
    elif match.status not in OPEN and not _own_die(match, actor, purpose):
        team = match.home if purpose.endswith("home") else match.away
        said = f"Each coach rolls his own post-game dice: {purpose!r} is {team.name}'s."
        problems.append(Problem("purpose", said))
    try:
        roll = dice.notation(notation)
    except RulesError as error:
        problems.append(Problem("notation", str(error)))
        roll = None
    if problems:
        raise MatchRefused(problems)
    return purpose, roll


@transaction.atomic
def dice_enter(match: Match, actor, purpose: str, notation: str, values: list) -> DiceRoll:
    """Dice rolled at the table, typed in. Typing a purpose again corrects its dice, unless
    the server rolled them."""
    purpose, roll = _checked(match, actor, purpose, notation, "entered")
    try:
        read = dice.checked(roll, list(values) if isinstance(values, list | tuple) else [values])
    except RulesError as error:
        raise MatchRefused([Problem("values", str(error))]) from None
    earlier = DiceRoll.objects.select_for_update().filter(match=match, purpose=purpose).first()
    if earlier is not None and earlier.source == "rolled":
        raise MatchRefused(
            [Problem("purpose", f"The server already rolled {purpose!r}; it stands.")]
        )
    row = earlier or DiceRoll(match=match, purpose=purpose)
    row.notation, row.values, row.total = str(roll), list(read), roll.total(read)
    row.source, row.seed, row.made_by = "entered", "", actor
    row.save()
    return row


@transaction.atomic
def dice_roll(match: Match, actor, purpose: str, notation: str) -> DiceRoll:
    """The server's roll for `purpose`, drawn from the match's seed and the purpose; the
    stored roll if there is one."""
    purpose, roll = _checked(match, actor, purpose, notation, "rolled")
    earlier = DiceRoll.objects.filter(match=match, purpose=purpose).first()
    if earlier is not None:
        if earlier.source == "entered" or earlier.notation != str(roll):
            already = f"{purpose!r} was already {earlier.source} as {earlier.notation}"
            raise MatchRefused([Problem("purpose", f"{already}; it stands.")])
        return earlier
    read = dice.rolled(roll, match.seed, purpose)
    try:
        with transaction.atomic():
            return DiceRoll.objects.create(
                match=match, purpose=purpose, notation=str(roll), values=list(read),
                total=roll.total(read), source="rolled", seed=match.seed, made_by=actor,
            )  # fmt: skip
    except IntegrityError:  # the same purpose rolled at the same moment: one roll stands
        return DiceRoll.objects.get(match=match, purpose=purpose)
