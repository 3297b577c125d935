"""What each step of a match tells whom, raised as the step is recorded (matches.services.step)
and kept with it: the coaches of the match, never the one who took the step. The leagues app
keeps each notice for his desk and mails it after the commit, by a worker."""

from __future__ import annotations

from django.urls import reverse

from matches.models import Correction, Match, MatchStep, Report
from rules.plumbing.notices import notice

# action: (kind, who is told, what he reads)
TOLD = {
    "offer": ("friendly_offered", "away", "{actor} offers {match} as a friendly"),
    "accept": ("friendly_answered", "both", "{actor} accepted the friendly {match}"),
    "decline": ("friendly_answered", "both", "{actor} declined the friendly {match}"),
    "submit": ("report_submitted", "both", "Confirm the report of {match}"),
    "withdraw": ("report_answered", "both", "{actor} withdrew the report of {match}"),
    "confirm": ("report_answered", "submitter", "Your report of {match} is confirmed"),
    "dispute": ("report_answered", "submitter", "Your report of {match} is disputed"),
    "approve": ("report_answered", "both", "The report of {match} is approved"),
    "send_back": ("report_answered", "both", "The report of {match} is sent back"),
    "settle": ("report_answered", "both", "The dispute over {match} is settled"),
    "forfeit": ("fixture_changed", "both", "{match} is recorded as a forfeit"),
    "correct": ("report_amended", "both", "The report of {match} is corrected"),
    "revert": ("report_amended", "both", "The report of {match} is reverted"),
    "reapply": ("report_amended", "both", "The report of {match} is applied again"),
}
BODIES = {
    "submit": "{actor} submitted the report of {match}.\nConfirm it, or dispute it with a reason.",
    "dispute": "{actor} disputed your report of {match}:\n\n{reason}\n\n"
               "Correct it and submit it again, or wait for a commissioner.",
}  # fmt: skip


def step_told(match: Match, row: MatchStep) -> None:
    told = TOLD.get(row.action)
    if told is None:
        return  # a draft saved tells nobody
    kind, who, title = told
    words = {"actor": row.actor, "match": match, "reason": row.reason}
    body = BODIES.get(row.action, "")
    if not body:
        body = f"{title} by {{actor}}." if "{actor}" not in title else f"{title}."
        if row.reason:
            body += "\n\nWhy: {reason}"
    if row.action == "correct":
        body += _what_changed(match)
    notice(
        kind,
        _who(match, who),
        title.format(**words),
        body.format(**words),
        reverse("matches:detail", args=[match.pk]),
        key=f"step:{row.pk}",
        actor=row.actor,
        match_id=match.pk,
    )


def _what_changed(match: Match) -> str:
    """The correction's values, as they were and as they are now (escaped for format)."""
    correction = Correction.objects.filter(match=match).order_by("-at", "-pk").first()
    if correction is None or not correction.changes:
        return ""
    lines = [f"{what}: {was or '-'} → {now or '-'}" for what, was, now in correction.changes]
    text = "\n\nWhat changed:\n" + "\n".join(lines)
    return text.replace("{", "{{").replace("}", "}}")


def _who(match: Match, who: str) -> list[int]:
    if who == "away":
        return [match.away.coach_id]
    if who == "submitter":
        submitter = Report.objects.filter(match=match).values_list("submitted_by", flat=True)
        return [pk for pk in submitter if pk]
    return [match.home.coach_id, match.away.coach_id]
