"""The shapes of the teams API: what a roster, a player, an entry and a roll look like, and
the bodies each call takes."""

from __future__ import annotations

from rest_framework import serializers

from rules.engine.purchases import KINDS
from teams.advancement import roll_choices
from teams.models import ImprovementRoll, LedgerCause, LedgerEntry


class NewPlayerSerializer(serializers.Serializer):
    position = serializers.CharField()
    name = serializers.CharField(max_length=60)
    number = serializers.IntegerField(required=False, allow_null=True)


class TeamCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    ruleset = serializers.SlugField(help_text="A ruleset's slug, e.g. lrb6.")
    version = serializers.IntegerField(required=False, help_text="Default: the latest.")
    race = serializers.SlugField()
    players = NewPlayerSerializer(many=True)
    rerolls = serializers.IntegerField(default=0)
    fan_factor = serializers.IntegerField(default=0)
    staff = serializers.DictField(child=serializers.IntegerField(), default=dict)
    star_players = serializers.ListField(
        child=serializers.CharField(), default=list, help_text="Stars hired for good (GDBBL)."
    )


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="player.pk")
    number = serializers.IntegerField(source="player.number")
    name = serializers.CharField(source="player.name")
    position = serializers.CharField(source="player.role")
    star_player = serializers.SerializerMethodField()
    status = serializers.CharField(source="player.status")
    characteristics = serializers.SerializerMethodField()
    starting_skills = serializers.ListField(child=serializers.CharField())
    gained_skills = serializers.ListField(child=serializers.CharField())
    injuries = serializers.ListField(source="player.injuries", child=serializers.CharField())
    completions = serializers.IntegerField(source="player.completions")
    touchdowns = serializers.IntegerField(source="player.touchdowns")
    interceptions = serializers.IntegerField(source="player.interceptions")
    casualties = serializers.IntegerField(source="player.casualties")
    mvps = serializers.IntegerField(source="player.mvps")
    spp = serializers.IntegerField(source="player.spp")
    level = serializers.CharField(
        allow_null=True,
        help_text="The player's title by his SPP (Rookie ... Legend), from the ruleset's "
        "experience levels; null for star players and results-only systems.",
    )
    value = serializers.IntegerField()

    def get_star_player(self, row) -> bool:
        return row.player.star_id is not None

    def get_characteristics(self, row) -> dict[str, int]:
        return {name: value for name, value, _change in row.characteristics}


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    ruleset = serializers.CharField(source="team.ruleset_version.ruleset.slug")
    ruleset_version = serializers.IntegerField(source="team.ruleset_version.number")
    race = serializers.CharField(source="team.race.slug")
    treasury = serializers.IntegerField(source="team.treasury")
    rerolls = serializers.IntegerField(source="team.rerolls")
    fan_factor = serializers.IntegerField(source="team.fan_factor")
    staff = serializers.DictField(source="team.staff", child=serializers.IntegerField())
    team_value = serializers.IntegerField(source="value", allow_null=True)
    team_rating = serializers.IntegerField(source="rating", allow_null=True)
    players = PlayerSerializer(source="rows", many=True)


class LeagueNameSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class TeamSummarySerializer(serializers.Serializer):
    """A team as the list shows it (a teams.roster.ListedTeam)."""

    id = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    ruleset = serializers.CharField(source="team.ruleset_version.ruleset.slug")
    race = serializers.CharField(source="team.race.slug")
    treasury = serializers.IntegerField(source="team.treasury")
    team_value = serializers.IntegerField(
        source="value", allow_null=True,
        help_text="LRB6's team value, GDBBL's by its settings; null for results-only systems.",
    )  # fmt: skip
    league = LeagueNameSerializer(
        allow_null=True,
        help_text="The league the team plays in; null outside one or in a private league the "
        "caller may not see.",
    )


class CauseSerializer(serializers.ModelSerializer):
    class Meta:
        model = LedgerCause
        fields = ["id", "kind"]


class LedgerEntrySerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)
    cause = CauseSerializer(help_text="What the entry came from; one cause may have several.")
    ruleset_version = serializers.IntegerField(source="ruleset_version.number")
    reverses = serializers.IntegerField(source="reverses.sequence", allow_null=True, default=None)
    reversed_by = serializers.SerializerMethodField(help_text="The entry that undid this one.")
    deltas = serializers.ListField(child=serializers.DictField())

    class Meta:
        model = LedgerEntry
        fields = ["sequence", "kind", "summary", "cause", "actor", "created_at"]
        fields += ["ruleset_version", "deltas", "reverses", "reversed_by"]

    def get_reversed_by(self, entry) -> int | None:
        return self.context.get("reversed_by", {}).get(entry.pk)


class PurchaseSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=KINDS)
    what = serializers.CharField(required=False, help_text="A position's name or a staff key.")
    count = serializers.IntegerField(default=1)
    names = serializers.ListField(child=serializers.CharField(), default=list)
    numbers = serializers.ListField(
        child=serializers.IntegerField(), default=list,
        help_text="Shirt numbers for the players bought, in order; the lowest free otherwise.",
    )  # fmt: skip


class TeamRenameSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, help_text="The team's new name.")


class PlayerRenameSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=60, required=False, help_text="His new name; left out, he keeps his."
    )
    number = serializers.IntegerField(
        required=False,
        help_text="His new shirt number, 1 to 99 and no other player's on the team; left out, "
        "he keeps his.",
    )


class LeaveSerializer(serializers.Serializer):
    how = serializers.ChoiceField(choices=["fired", "retired"])


class AdjustmentSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=200)
    treasury = serializers.IntegerField(default=0)
    player = serializers.IntegerField(required=False)
    spp = serializers.IntegerField(default=0)


class UndoSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=200, help_text="Why, for the team's history.")


class RollSerializer(serializers.Serializer):
    dice = serializers.ListField(
        child=serializers.IntegerField(), min_length=2, max_length=2, required=False,
        help_text="The two dice rolled at the table; leave out for the server to roll.",
    )  # fmt: skip


class ChooseSerializer(serializers.Serializer):
    choice = serializers.CharField(help_text="A skill's name or a characteristic (MA, AG...).")


class ImprovementSerializer(serializers.ModelSerializer):
    choices = serializers.SerializerMethodField()

    class Meta:
        model = ImprovementRoll
        fields = ["number", "die1", "die2", "source", "seed", "choice", "choices"]

    def get_choices(self, roll) -> dict[str, list[str]]:
        choices = roll_choices(self.context["ruleset"], roll)
        return {
            "characteristics": list(choices.characteristics),
            "normal_skills": list(choices.normal_skills),
            "double_skills": list(choices.double_skills),
            "any_skills": list(choices.any_skills),
        }
