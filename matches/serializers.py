"""The API's view of a match: its teams, policies, report (when the reader may see it),
participants, dice, steps and what the reader may do now."""

from __future__ import annotations

from django.db.models import prefetch_related_objects
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from matches.allowed import actions_for, report_of
from matches.kick_off.serializers import KickOffAnswer, KickOffSides
from matches.post_game.apply import applied_state
from matches.report.serializers import ReportSerializer, report_answer
from matches.seams import settlers
from matches.selectors import may_see_report

ID_MAX = 2**31 - 1  # PostgreSQL's integer keys


class TeamSide(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    coach = serializers.CharField(source="coach.username")


class ParticipantSerializer(serializers.Serializer):
    team = serializers.IntegerField(source="team_id")
    player = serializers.IntegerField(source="player_id", allow_null=True)
    kind = serializers.CharField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.CharField(
        source="position.name", allow_null=True, help_text="A one-game hire's position."
    )
    value = serializers.IntegerField(help_text="What a one-game hire adds to the value; 0 else.")
    star = serializers.CharField(
        source="star.name", allow_null=True, help_text="A star player hired for the match."
    )


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
    gate = serializers.IntegerField(
        allow_null=True, help_text="Before kick-off: the gate (fans at the match); null till then."
    )
    weather = serializers.CharField(help_text="The weather at the start, if rolled; blank else.")
    kick_off = serializers.SerializerMethodField(
        help_text="LRB6, GDBBL: each team before kick-off."
    )
    applied = serializers.SerializerMethodField(
        help_text="The result applied to both teams: when (see /post-game/); null if not, and "
        "`not_applied` says why when the report is the result."
    )
    not_applied = serializers.SerializerMethodField()
    actions = serializers.SerializerMethodField(help_text="What the reader may do now.")

    def to_representation(self, match):
        # Read once: the kick-off rows (which the actions read too) and the one-game hires'
        # positions, in a fixed number of queries however many there are.
        prefetch_related_objects([match], "kick_offs")
        prefetch_related_objects(list(match.participants.all()), "position", "star")
        return super().to_representation(match)

    @extend_schema_field(KickOffSides)
    def get_kick_off(self, match) -> dict:
        return {row.side: KickOffAnswer(row).data for row in match.kick_offs.all()}

    def get_fixture(self, match) -> str | None:
        fixture = settlers.answer.fixture_of(match)
        return fixture[0] if fixture else None

    @extend_schema_field(ReportSerializer(allow_null=True))
    def get_report(self, match) -> dict | None:
        report = report_of(match)
        if report is None or not may_see_report(self.context["request"].user, match):
            return None
        return ReportSerializer(report_answer(match, report)).data

    def get_applied(self, match) -> str | None:
        post = applied_state(match)[0]
        return serializers.DateTimeField().to_representation(post.applied_at) if post else None

    def get_not_applied(self, match) -> str:
        return applied_state(match)[1]

    def get_actions(self, match) -> list[str]:
        return actions_for(self.context["request"].user, match)


class OfferBody(serializers.Serializer):
    home = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="Your team, at home.")
    away = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The other team.")


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
