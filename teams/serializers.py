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


# What a results-only ruleset (Blitz Bowl, 1st edition: `play` "results_only") does not have
# is left out of its answers rather than answered as zeros or nulls: a client reading
# "treasury": 0 or "spp": 0 would take it for a team that has spent its gold or a player who
# has not scored yet, when the rules keep neither. A key that is absent means "these rules
# have no such thing"; each such field's description names its rulesets.
RESULTS_ONLY = " Left out for results-only rulesets (Blitz Bowl, 1st edition), which keep none."
TEAM_RECORDS = ("treasury", "rerolls", "fan_factor", "staff", "team_value", "team_rating")
PLAYER_RECORDS = ("injuries", "completions", "touchdowns", "interceptions", "casualties",
                  "mvps", "spp", "level", "value")  # fmt: skip


def _league_only(field_class: type[serializers.Field], help_text: str, **kwargs):
    """A field only league rulesets have: not required in the schema, and said so."""
    return field_class(required=False, help_text=help_text + RESULTS_ONLY, **kwargs)


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="player.pk")
    number = serializers.IntegerField(source="player.number")
    name = serializers.CharField(source="player.name")
    position = serializers.CharField(source="player.role")
    star_player = serializers.SerializerMethodField()
    status = serializers.CharField(source="player.status")
    characteristics = serializers.SerializerMethodField(
        help_text="The player's characteristics now, by the ruleset's names. Left out for 1st "
        "edition's standard game (setting veterans_rules none), whose players have no profile "
        "and all move up to 6 squares."
    )
    starting_skills = serializers.ListField(
        child=serializers.CharField(), help_text="His position's skills (Blitz Bowl: abilities)."
    )
    gained_skills = serializers.ListField(child=serializers.CharField())
    injuries = _league_only(
        serializers.ListField, "Lasting injuries (N, -MA...).", source="player.injuries",
        child=serializers.CharField(),
    )  # fmt: skip
    completions = _league_only(serializers.IntegerField, "Completions.",
                               source="player.completions")  # fmt: skip
    touchdowns = _league_only(serializers.IntegerField, "Touchdowns.", source="player.touchdowns")
    interceptions = _league_only(serializers.IntegerField, "Interceptions.",
                                 source="player.interceptions")  # fmt: skip
    casualties = _league_only(serializers.IntegerField, "Casualties.", source="player.casualties")
    mvps = _league_only(serializers.IntegerField, "Most Valuable Player awards.",
                        source="player.mvps")  # fmt: skip
    spp = _league_only(serializers.IntegerField, "Star Player Points.", source="player.spp")
    level = _league_only(
        serializers.CharField,
        "The player's title by his SPP (Rookie ... Legend), from the ruleset's experience "
        "levels; null for star players and rulesets without levels.",
        allow_null=True,
    )
    value = _league_only(serializers.IntegerField, "The player's value in gp.")

    def get_star_player(self, row) -> bool:
        return row.player.star_id is not None

    def get_characteristics(self, row) -> dict[str, int]:
        return {name: value for name, value, _change in row.characteristics}


class TeamSerializer(serializers.Serializer):
    """A team and its players (a teams.roster.Roster), with only what its ruleset has."""

    id = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    ruleset = serializers.CharField(source="team.ruleset_version.ruleset.slug")
    ruleset_version = serializers.IntegerField(source="team.ruleset_version.number")
    race = serializers.CharField(source="team.race.slug")
    treasury = _league_only(serializers.IntegerField, "Gold in gp.", source="team.treasury")
    rerolls = _league_only(serializers.IntegerField, "Team re-rolls.", source="team.rerolls")
    fan_factor = _league_only(serializers.IntegerField, "Fan factor.", source="team.fan_factor")
    staff = _league_only(
        serializers.DictField, "Staff by key, with how many.", source="team.staff",
        child=serializers.IntegerField(),
    )  # fmt: skip
    team_value = _league_only(
        serializers.IntegerField, "LRB6's team value, GDBBL's by its settings.", source="value",
        allow_null=True,
    )  # fmt: skip
    team_rating = _league_only(
        serializers.IntegerField, "GDBBL's team rating; null for LRB6.", source="rating",
        allow_null=True,
    )  # fmt: skip
    players = PlayerSerializer(source="rows", many=True)

    def to_representation(self, roster) -> dict:
        data = super().to_representation(roster)
        if not roster.keeps_records:
            for key in TEAM_RECORDS:
                data.pop(key, None)
            for player in data["players"]:
                for key in PLAYER_RECORDS:
                    player.pop(key, None)
        if not roster.has_profiles:
            for player in data["players"]:
                player.pop("characteristics", None)
        return data


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
    treasury = _league_only(serializers.IntegerField, "Gold in gp.", source="team.treasury")
    team_value = _league_only(
        serializers.IntegerField, "LRB6's team value, GDBBL's by its settings.", source="value",
        allow_null=True,
    )  # fmt: skip
    league = LeagueNameSerializer(
        allow_null=True,
        help_text="The league the team plays in; null outside one or in a private league the "
        "caller may not see.",
    )

    def to_representation(self, listed) -> dict:
        data = super().to_representation(listed)
        if not listed.keeps_records:
            data.pop("treasury", None)
            data.pop("team_value", None)
        return data


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
