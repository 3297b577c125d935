"""The API's post-game sequence of an applied report: each step with what it read, its dice,
its result and what it changed."""

from __future__ import annotations

from rest_framework import serializers

from rules.engine.report_entry import SIDES


class PostGameDie(serializers.Serializer):
    purpose = serializers.CharField()
    notation = serializers.CharField()
    values = serializers.ListField(child=serializers.IntegerField())
    source = serializers.CharField(help_text="entered or rolled")


class ChangeAnswer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
    what = serializers.CharField(help_text="treasury, fan_factor, spp, mvps, touchdowns, ...")
    amount = serializers.IntegerField()
    number = serializers.IntegerField(allow_null=True, help_text="The player's shirt number.")
    key = serializers.CharField(help_text="The roster player's ledger key; blank for a hire.")
    why = serializers.CharField()


class StepAnswer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    inputs = serializers.DictField()
    dice = PostGameDie(many=True)
    result = serializers.CharField()
    changes = ChangeAnswer(many=True)


class PostGameSerializer(serializers.Serializer):
    applied_at = serializers.DateTimeField()
    applied_by = serializers.CharField(source="applied_by.username")
    steps = StepAnswer(many=True, source="steps.steps")
    level_ups = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()), source="steps.level_ups",
        help_text="Per side, the players whose SPP reached a new level: a roll is due.",
    )  # fmt: skip
