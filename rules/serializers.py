"""Read-only representations of a ruleset version for /api/rulesets/."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules import models
from rules.selectors import StarRow


class RulesetSerializer(serializers.ModelSerializer):
    latest_version = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="ruleset-detail", lookup_field="slug")

    class Meta:
        model = models.Ruleset
        fields = ["slug", "name", "description", "bundled", "latest_version", "url"]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_latest_version(self, ruleset: models.Ruleset) -> int | None:
        versions = ruleset.versions.all()  # prefetched, newest first
        return versions[0].number if versions else None


class VersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = models.RulesetVersion
        fields = [
            "number",
            "system",
            "play",
            "characteristics",
            "team_creation",
            "sources",
            "created_at",
        ]


class PositionSerializer(serializers.Serializer):
    name = serializers.CharField(source="position.name")
    max_quantity = serializers.IntegerField(source="position.max_quantity")
    cost = serializers.IntegerField(source="position.cost")
    characteristics = serializers.DictField(child=serializers.IntegerField())
    skills = serializers.ListField(child=serializers.CharField())
    normal_access = serializers.CharField(source="position.normal_access")
    double_access = serializers.CharField(source="position.double_access")
    size = serializers.CharField(source="position.size", help_text="small, human or large")


class RaceSerializer(serializers.Serializer):
    slug = serializers.CharField(source="race.slug")
    name = serializers.CharField(source="race.name")
    reroll_cost = serializers.IntegerField(source="race.reroll_cost")
    apothecary_allowed = serializers.BooleanField(source="race.apothecary_allowed")
    necromancer = serializers.BooleanField(source="race.necromancer")
    raises_rotters = serializers.BooleanField(source="race.raises_rotters")
    notes = serializers.CharField(source="race.notes")
    positions = PositionSerializer(many=True)


class SkillSerializer(serializers.ModelSerializer):
    category = serializers.CharField(source="category.code")
    category_name = serializers.CharField(source="category.name")

    class Meta:
        model = models.Skill
        fields = ["name", "category", "category_name", "description"]


class StarPlayerSerializer(serializers.Serializer):
    name = serializers.CharField(source="star.name")
    cost = serializers.IntegerField(source="star.cost")
    characteristics = serializers.DictField(child=serializers.IntegerField())
    skills = serializers.ListField(child=serializers.CharField())
    eligibility = serializers.CharField(source="star.eligibility")
    races = serializers.SerializerMethodField()
    paired_with = serializers.CharField(source="star.paired_with.name", allow_null=True)
    kind = serializers.CharField(source="star.kind")
    special = serializers.CharField(source="star.special")
    size = serializers.CharField(source="star.size", help_text="small, human or large")
    notes = serializers.CharField(source="star.notes")

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_races(self, row: StarRow) -> list[str]:
        return [race.slug for race in row.races]


class PurchasableSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    cost = serializers.IntegerField()
    max_quantity = serializers.IntegerField(allow_null=True)
    eligibility = serializers.CharField()
    races = serializers.SerializerMethodField()
    race_costs = serializers.DictField(child=serializers.IntegerField())
    notes = serializers.CharField()

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_races(self, item: models.Staff | models.Inducement) -> list[str]:
        return [race.slug for race in item.races.all()]


class StaffSerializer(PurchasableSerializer):
    counts_in_value = serializers.BooleanField()
    group = serializers.CharField()


class SettingSerializer(serializers.ModelSerializer):
    class Meta:
        model = models.Setting
        fields = ["key", "type", "choices", "default", "value", "explanation", "source"]


class TableRowSerializer(serializers.ModelSerializer):
    class Meta:
        model = models.RulesTableRow
        fields = ["roll", "low", "high", "values"]


class TableSerializer(serializers.ModelSerializer):
    rows = TableRowSerializer(many=True)

    class Meta:
        model = models.RulesTable
        fields = ["key", "name", "dice", "description", "params", "columns", "rows"]
