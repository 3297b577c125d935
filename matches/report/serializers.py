"""The API's report: the body a coach sends (the phone form is read into the same shape) and
the report as it is read back, with the names, each casualty's result and dice, and what is
still missing."""

from __future__ import annotations

from collections import Counter

from django.db.models import Prefetch, prefetch_related_objects
from rest_framework import serializers

from matches.models import OPEN, Casualty, Match, Report
from matches.report.view import report_view
from rules.engine.report_entry import ACTIONS, HALVES, HELPERS, KEPT, MEANS, SIDES, WIN_TYPES


class PersonRef(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
    number = serializers.IntegerField(min_value=0, max_value=999)


class CardBody(serializers.Serializer):
    card = serializers.CharField(max_length=60)
    points = serializers.IntegerField(min_value=0, max_value=99)


class LineAnswer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField(read_only=True)
    actions = serializers.DictField(child=serializers.IntegerField())


class SideAnswer(serializers.Serializer):
    players = LineAnswer(many=True, help_text="Each player's counts of the SPP table's actions.")
    mvps = serializers.ListField(
        child=serializers.IntegerField(), help_text="The MVPs by number, chosen or drawn."
    )
    raised = serializers.ListField(
        child=serializers.IntegerField(), help_text="LRB6: the killed opponents it takes on."
    )
    challenge_points = serializers.IntegerField(help_text="Blitz Bowl; 0 elsewhere.")
    challenge_cards = CardBody(many=True, help_text="Blitz Bowl, where cards are listed.")
    clean_sweeps = serializers.IntegerField(help_text="Blitz Bowl; 0 elsewhere.")
    bonus_points = serializers.IntegerField(help_text="Blitz Bowl; 0 elsewhere.")
    score = serializers.IntegerField(allow_null=True, help_text="Blitz Bowl's points.")


class DieAnswer(serializers.Serializer):
    purpose = serializers.CharField()
    notation = serializers.CharField()
    values = serializers.ListField(child=serializers.IntegerField())
    source = serializers.CharField(help_text="entered or rolled")


class CasualtyAnswer(serializers.Serializer):
    victim = PersonRef()
    causer = PersonRef(allow_null=True)
    action = serializers.CharField()
    means = serializers.CharField()
    modifier = serializers.IntegerField()
    helper = serializers.CharField()
    kept = serializers.CharField()
    dice = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="The dice entered at the table, by kind.",
    )
    result = serializers.CharField(read_only=True, help_text="What stands: Dead, regenerated...")
    rolls = serializers.ListField(
        child=serializers.CharField(), read_only=True, help_text="Each die read in words."
    )
    dice_rolled = DieAnswer(
        many=True, read_only=True, help_text="Each die of the casualty, entered or rolled."
    )


class ConcessionAnswer(serializers.Serializer):
    side = serializers.CharField()
    half = serializers.IntegerField()
    turn = serializers.IntegerField(allow_null=True)
    forced = serializers.BooleanField()
    said = serializers.CharField(read_only=True, help_text="The concession in words.")


class ProblemAnswer(serializers.Serializer):
    field = serializers.CharField()
    message = serializers.CharField()


class ReportSerializer(serializers.Serializer):
    """The report whole, as entered (a body the report call takes again) with what the
    server read from it: names, each casualty's result and dice, what is still missing."""

    played_on = serializers.DateField(allow_null=True)
    home_touchdowns = serializers.IntegerField()
    away_touchdowns = serializers.IntegerField()
    forfeit = serializers.BooleanField()
    submitted_by = serializers.CharField(allow_null=True)
    notes = serializers.CharField()
    home = SideAnswer()
    away = SideAnswer()
    casualties = CasualtyAnswer(many=True)
    concession = ConcessionAnswer(allow_null=True)
    win_type = serializers.CharField(help_text="Blitz Bowl: points, sudden_death or draw.")
    regional_roll = serializers.IntegerField(allow_null=True)
    endgame_active = serializers.BooleanField()
    veterans_rules = serializers.ListField(child=serializers.CharField())
    unfinished = ProblemAnswer(
        many=True, help_text="What stops the draft being submitted: dice, MVPs, kept results."
    )


def report_answer(match: Match, report: Report) -> dict:
    """The report as its reader sees it, read once (report_view) in a fixed number of
    queries however many players and casualties it has."""
    prefetch_related_objects([match.home, match.away], "race")
    prefetch_related_objects(
        [match],
        "performances",
        Prefetch("casualties", Casualty.objects.select_related("victim", "causer")),
    )
    view = report_view(match, report)
    body = view.body
    names = {(line.side, line.number): line.name for line in view.lines}
    for side in SIDES:
        block = body[side]
        for line in block["players"]:
            line["name"] = names.get((side, line["number"]), "")
        block["mvps"] = _mvps(block["mvps"], [line for line in view.lines if line.side == side])
    for casualty, seen in zip(body["casualties"], view.casualties, strict=True):
        casualty.update(result=seen.result, rolls=list(seen.rolls), dice_rolled=list(seen.dice))
    if body["concession"]:
        body["concession"]["said"] = view.concession
    writable = match.status in OPEN and not report.forfeit
    return {
        **body,
        "played_on": report.played_on,
        "forfeit": report.forfeit,
        "submitted_by": report.submitted_by.username if report.submitted_by_id else None,
        "unfinished": [{"field": p.field, "message": p.message} for p in view.unfinished]
        if writable
        else [],
    }


def _mvps(entered: list[int], lines) -> list[int]:
    """The MVPs the lines hold: in the order drawn at the table as far as it was entered,
    then those the server drew."""
    left = Counter({line.number: line.mvps for line in lines if line.mvps})
    ordered = []
    for number in entered:
        if left[number] > 0:
            ordered.append(number)
            left[number] -= 1
    return ordered + sorted((+left).elements())


class LineBody(serializers.Serializer):
    number = serializers.IntegerField(min_value=0, max_value=999)
    actions = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=99), required=False, default=dict,
        help_text="The SPP table's actions: touchdown, completion, interception, ...",
    )  # fmt: skip


class SideBody(serializers.Serializer):
    players = LineBody(many=True, required=False, default=list)
    mvps = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=999), required=False,
        default=list, max_length=8, help_text="Chosen, or drawn at the table (by number).",
    )  # fmt: skip
    raised = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=999), required=False,
        default=list, max_length=16,
        help_text="LRB6, a Necromancer's or a Nurgle team: the opponents killed in this match "
        "it takes on (a Zombie, Rotters), by their numbers.",
    )  # fmt: skip
    challenge_points = serializers.IntegerField(
        min_value=0, max_value=999, required=False, default=0
    )
    challenge_cards = CardBody(many=True, required=False, default=list)
    clean_sweeps = serializers.IntegerField(min_value=0, max_value=99, required=False, default=0)
    bonus_points = serializers.IntegerField(min_value=0, max_value=999, required=False, default=0)
    score = serializers.IntegerField(
        min_value=0, max_value=999, required=False, allow_null=True, default=None
    )


class CasualtyBody(serializers.Serializer):
    victim = PersonRef()
    causer = PersonRef(required=False, allow_null=True, default=None)
    action = serializers.ChoiceField(choices=ACTIONS, default="block")
    means = serializers.ChoiceField(choices=MEANS, default="ordinary")
    modifier = serializers.IntegerField(min_value=-10, max_value=10, required=False, default=0)
    helper = serializers.ChoiceField(choices=("", *HELPERS), required=False, default="")
    kept = serializers.ChoiceField(choices=("", *KEPT), required=False, default="")
    dice = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField(), max_length=2),
        required=False, default=dict,
        help_text="Entered dice by kind: casualty, decay, apothecary, regeneration, igor "
        "(LRB6); injury, apothecary, serious, regeneration, ability (the characteristic a "
        "-1 ability lowers, 1 MA, 2 ST, 3 AG, 4 AV: rolled, or the coach's pick), fanatic "
        "(a fanatic's own ball and chain, D6) (GDBBL).",
    )  # fmt: skip


class ConcessionBody(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
    half = serializers.ChoiceField(choices=list(HALVES), help_text="1, 2, or 3 for overtime")
    turn = serializers.IntegerField(
        min_value=1, max_value=99, required=False, allow_null=True, default=None
    )
    forced = serializers.BooleanField(required=False, default=False)


class ReportBody(serializers.Serializer):
    played_on = serializers.DateField()
    home_touchdowns = serializers.IntegerField(min_value=0, max_value=99)
    away_touchdowns = serializers.IntegerField(min_value=0, max_value=99)
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")
    home = SideBody(required=False, default=dict)
    away = SideBody(required=False, default=dict)
    casualties = CasualtyBody(many=True, required=False, default=list)
    concession = ConcessionBody(required=False, allow_null=True, default=None)
    win_type = serializers.ChoiceField(choices=("", *WIN_TYPES), required=False, default="")
    regional_roll = serializers.IntegerField(
        min_value=1, max_value=8, required=False, allow_null=True, default=None
    )
    endgame_active = serializers.BooleanField(required=False, default=False)
    veterans_rules = serializers.ListField(
        child=serializers.CharField(max_length=30), required=False, default=list, max_length=20
    )
    server_rolls = serializers.BooleanField(
        required=False, default=False,
        help_text="Let the server roll the dice (and draw the MVPs) left blank, where the "
        "match allows.",
    )  # fmt: skip
