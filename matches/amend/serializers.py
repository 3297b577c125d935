"""The API's correction: the report as it should have been with the dice given beside it, and
what the correction changes (or would, for a preview)."""

from __future__ import annotations

from rest_framework import serializers

from matches.report.serializers import ReportBody


class CorrectionDieBody(serializers.Serializer):
    purpose = serializers.CharField(max_length=120, help_text='e.g. "fan factor for home".')
    notation = serializers.CharField(
        max_length=12, required=False, allow_blank=True, default="",
        help_text="D6, 2D6, 3D6, ...: needed for a die the match never had.",
    )  # fmt: skip
    values = serializers.ListField(
        child=serializers.IntegerField(), max_length=6, help_text="The dice as they fell."
    )


class CorrectBody(serializers.Serializer):
    reason = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")
    report = ReportBody(help_text="The report as it should have been, whole.")
    dice = CorrectionDieBody(
        many=True, required=False, default=list,
        help_text="Dice of the post-game sequence typed in again, or given where the corrected "
        "report needs one nobody rolled (the server's own dice stand).",
    )  # fmt: skip
    preview = serializers.BooleanField(
        required=False, default=False, help_text="Answer what it would change; change nothing."
    )


class ChangeSerializer(serializers.Serializer):
    what = serializers.CharField()
    was = serializers.CharField()
    now = serializers.CharField()


class TeamChangesSerializer(serializers.Serializer):
    team = serializers.CharField()
    changes = ChangeSerializer(many=True)


class CorrectedSerializer(serializers.Serializer):
    committed = serializers.BooleanField(help_text="Written; false for a preview or no change.")
    report = ChangeSerializer(many=True, help_text="Each value of the report it changes.")
    teams = TeamChangesSerializer(many=True, help_text="Each team it changes, and how.")
    table = ChangeSerializer(many=True, help_text="Each figure of the season's table it changes.")
