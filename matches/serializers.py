"""The API's view of a match: its teams, policies, report (when the reader may see it),
participants, dice, steps and what the reader may do now."""

from __future__ import annotations

from rest_framework import serializers

from matches.actions import actions_for, report_of
from matches.seams import settlers
from matches.workflow import may_see_report

ID_MAX = 2**31 - 1  # PostgreSQL's integer keys


class TeamSide(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    coach = serializers.CharField(source="coach.username")


class ReportSerializer(serializers.Serializer):
    played_on = serializers.DateField(allow_null=True)
    home_touchdowns = serializers.IntegerField()
    away_touchdowns = serializers.IntegerField()
    forfeit = serializers.BooleanField()
    submitted_by = serializers.CharField(source="submitted_by.username", default=None)


class ParticipantSerializer(serializers.Serializer):
    team = serializers.IntegerField(source="team_id")
    player = serializers.IntegerField(source="player_id", allow_null=True)
    kind = serializers.CharField()
    number = serializers.IntegerField()
    name = serializers.CharField()


class DiceRollSerializer(serializers.Serializer):
    purpose = serializers.CharField()
    notation = serializers.CharField()
    values = serializers.ListField(child=serializers.IntegerField())
    total = serializers.IntegerField()
    source = serializers.CharField()
    seed = serializers.CharField()
    made_by = serializers.CharField(source="made_by.username")
    made_at = serializers.DateTimeField()


class StepSerializer(serializers.Serializer):
    action = serializers.CharField()
    status = serializers.CharField()
    actor = serializers.CharField(source="actor.username")
    reason = serializers.CharField()
    at = serializers.DateTimeField()


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    kind = serializers.CharField()
    status = serializers.CharField()
    home = TeamSide()
    away = TeamSide()
    ruleset = serializers.CharField(source="ruleset_version.ruleset.slug")
    version = serializers.IntegerField(source="ruleset_version.number")
    dice_sources = serializers.CharField(help_text="entered, rolled or both")
    reports_apply = serializers.CharField(help_text="at_once or commissioner")


class MatchSerializer(MatchSummarySerializer):
    fixture = serializers.SerializerMethodField()
    report = serializers.SerializerMethodField()
    participants = ParticipantSerializer(many=True, source="participants.all")
    dice = DiceRollSerializer(many=True, source="dice.all")
    steps = StepSerializer(many=True, source="steps.all")
    actions = serializers.SerializerMethodField(help_text="What the reader may do now.")

    def get_fixture(self, match) -> str | None:
        fixture = settlers.answer.fixture_of(match)
        return fixture[0] if fixture else None

    def get_report(self, match) -> dict | None:
        report = report_of(match)
        if report is None or not may_see_report(self.context["request"].user, match):
            return None
        return ReportSerializer(report).data

    def get_actions(self, match) -> list[str]:
        return actions_for(self.context["request"].user, match)


class OfferBody(serializers.Serializer):
    home = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="Your team, at home.")
    away = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The other team.")


class ReportBody(serializers.Serializer):
    played_on = serializers.DateField()
    home_touchdowns = serializers.IntegerField(min_value=0, max_value=99)
    away_touchdowns = serializers.IntegerField(min_value=0, max_value=99)


class StepReasonBody(serializers.Serializer):
    reason = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")


class DiceBody(serializers.Serializer):
    purpose = serializers.CharField(max_length=120)
    notation = serializers.CharField(max_length=12, help_text="D6, 2D6, D68, 1 of 11, ...")
    source = serializers.ChoiceField(choices=["entered", "rolled"])
    values = serializers.ListField(
        child=serializers.IntegerField(), required=False, default=list,
        help_text="The dice as they fell, for an entered roll.",
    )  # fmt: skip
