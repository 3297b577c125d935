"""Serializers of the league API (league.api): they shape requests and answers; the
league services check the values."""

from __future__ import annotations

from rest_framework import serializers

from league.models import Fixture, League, Membership, Season
from league.setting_checks import NO_CASUALTY_COUNT, SYSTEM_NAMES, tie_breakers_by_system

WITHOUT_CASUALTIES = " and ".join(SYSTEM_NAMES[system] for system in NO_CASUALTY_COUNT)
# A season keeps the scoring it started with: a change to it counts from the next season.
NEXT_SEASON = (
    "The points, bonus points and tie-breakers count from the next season: the current "
    "season keeps the scoring it started with."
)


class LeagueSummarySerializer(serializers.ModelSerializer):
    ruleset = serializers.CharField(source="ruleset_version.ruleset.slug")
    ruleset_version = serializers.IntegerField(source="ruleset_version.number")
    members = serializers.IntegerField()

    class Meta:
        model = League
        fields = ["id", "name", "ruleset", "ruleset_version", "public", "members"]


class LeagueSettingsSerializer(serializers.Serializer):
    """Every league setting; in a change, any subset. The service checks the values. The
    points, bonus points and tie-breakers count from the next season: the current season
    keeps the scoring it started with."""

    points_win = serializers.IntegerField(required=False)
    points_draw = serializers.IntegerField(required=False)
    points_loss = serializers.IntegerField(required=False)
    bonus_three_touchdowns = serializers.IntegerField(required=False)
    bonus_three_casualties = serializers.IntegerField(
        required=False, help_text=f"0 under {WITHOUT_CASUALTIES}: they count no casualties."
    )
    bonus_clean_sheet = serializers.IntegerField(required=False)
    tie_breakers = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text=f"In order, from the league's ruleset's own: {tie_breakers_by_system()}.",
    )
    dice_sources = serializers.CharField(required=False, help_text="entered, rolled or both.")
    reports_apply = serializers.CharField(required=False, help_text="at_once or commissioner.")
    forfeit_winner_touchdowns = serializers.IntegerField(required=False)
    forfeit_loser_touchdowns = serializers.IntegerField(required=False)


class LeagueChangeSerializer(LeagueSettingsSerializer):
    name = serializers.CharField(max_length=80, required=False)
    description = serializers.CharField(required=False, allow_blank=True)
    public = serializers.BooleanField(required=False)


class LeagueCreateSerializer(LeagueChangeSerializer):
    name = serializers.CharField(max_length=80)
    ruleset = serializers.SlugField(
        help_text="A ruleset's slug: lrb6, gdbbl, first-edition, blitz-bowl or a house-rule copy."
    )
    version = serializers.IntegerField(required=False, help_text="Default: the latest.")
    public = serializers.BooleanField(default=True)


class MembershipSerializer(serializers.ModelSerializer):
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    coach = serializers.CharField(source="team.coach.username")
    decided_by = serializers.CharField(
        source="decided_by.username", default=None, allow_null=True, help_text="None while pending."
    )

    class Meta:
        model = Membership
        fields = ["id", "team", "team_name", "coach", "status", "reason", "requested_at"]
        fields += ["decided_by", "decided_at", "ended_at"]


class LeagueSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="league.pk")
    name = serializers.CharField(source="league.name")
    description = serializers.CharField(source="league.description")
    ruleset = serializers.CharField(source="league.ruleset_version.ruleset.slug")
    ruleset_version = serializers.IntegerField(source="league.ruleset_version.number")
    public = serializers.BooleanField(source="league.public")
    commissioners = serializers.ListField(child=serializers.CharField())
    settings = serializers.DictField()
    offered = serializers.DictField(
        help_text="The tie-breakers and point settings the league's ruleset offers; "
        "the others are refused."
    )
    members = MembershipSerializer(many=True)
    current_season = serializers.IntegerField(allow_null=True)


class FixtureSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", default=None)
    home = serializers.IntegerField(source="home_id")
    home_name = serializers.CharField(source="home.name")
    away = serializers.IntegerField(source="away_id", allow_null=True)
    away_name = serializers.CharField(source="away.name", default=None)
    due = serializers.DateField(allow_null=True)
    forfeited_by = serializers.IntegerField(source="forfeited_by_id", allow_null=True)
    match = serializers.IntegerField(
        source="match_id", allow_null=True, help_text="Its match, at /api/matches/<id>/."
    )
    status = serializers.CharField(
        help_text="scheduled, played, forfeit or void (its report reverted): read from the match."
    )

    class Meta:
        model = Fixture
        fields = ["id", "round", "home", "home_name", "away", "away_name", "match", "status"]
        fields += ["due"]
        fields += ["deadline", "rescheduled_reason", "forfeited_by", "home_touchdowns"]
        fields += ["away_touchdowns", "home_points", "away_points"]


class SeasonSummarySerializer(serializers.ModelSerializer):
    """A season in the league's list of them: how many teams and rounds, not which."""

    teams = serializers.IntegerField(source="team_count", help_text="How many teams play it.")
    rounds = serializers.IntegerField(source="round_count", help_text="How many rounds it has.")

    class Meta:
        model = Season
        fields = ["number", "name", "format", "started_at", "finished_at", "teams", "rounds"]


class SeasonSerializer(serializers.ModelSerializer):
    teams = serializers.SerializerMethodField()
    rounds = serializers.SerializerMethodField()
    fixtures = serializers.SerializerMethodField()

    class Meta:
        model = Season
        fields = ["number", "name", "format", "started_at", "finished_at", "teams", "rounds"]
        fields += ["fixtures"]

    def get_teams(self, season) -> list[int]:
        return sorted(team.pk for team in season.teams.all())

    def get_rounds(self, season) -> list[dict]:
        rows = self.context["rounds"]
        return [
            {"number": row.round.number, "deadline": row.round.deadline}
            for row in rows
            if row.round is not None
        ]

    def get_fixtures(self, season) -> list[dict]:
        rows = self.context["rounds"]
        return FixtureSerializer([f for row in rows for f in row.fixtures], many=True).data


class SeasonStartSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=Season.FORMATS)
    name = serializers.CharField(required=False, default="", allow_blank=True)
    first_deadline = serializers.DateField(required=False, allow_null=True, default=None)
    days_between_rounds = serializers.IntegerField(default=7)


class ArrangeSerializer(serializers.Serializer):
    home = serializers.IntegerField()
    away = serializers.IntegerField()
    deadline = serializers.DateField(required=False, allow_null=True, default=None)


class RescheduleSerializer(serializers.Serializer):
    deadline = serializers.DateField()
    reason = serializers.CharField()


class StandingsScoringSerializer(serializers.Serializer):
    """The scoring the table was counted with: the season's own (the all-time table: the
    current season's, whose tie-breakers rank it)."""

    win = serializers.IntegerField()
    draw = serializers.IntegerField()
    loss = serializers.IntegerField()
    bonus_three_touchdowns = serializers.IntegerField(source="three_touchdowns")
    bonus_three_casualties = serializers.IntegerField(source="three_casualties")
    bonus_clean_sheet = serializers.IntegerField(source="clean_sheet")
    tie_breakers = serializers.ListField(child=serializers.CharField(), help_text="In order.")


class StandingsTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    coach = serializers.CharField(source="coach_name")


class StandingRowSerializer(serializers.Serializer):
    """A team's line of the table. Casualties are left out where the ruleset counts none
    (Blitz Bowl, 1st edition); Blitz Bowl's points for and against are given in Blitz Bowl
    only."""

    position = serializers.IntegerField()
    level = serializers.SerializerMethodField(
        help_text="It shares its position: level with a neighbour on every tie-breaker."
    )
    team = StandingsTeamSerializer()
    played = serializers.IntegerField(source="line.played")
    won = serializers.IntegerField(source="line.won")
    drawn = serializers.IntegerField(source="line.drawn")
    lost = serializers.IntegerField(source="line.lost")
    touchdowns_for = serializers.IntegerField(source="line.touchdowns_for")
    touchdowns_against = serializers.IntegerField(source="line.touchdowns_against")
    touchdown_difference = serializers.IntegerField()
    casualties_for = serializers.IntegerField(
        source="line.casualties_for", required=False, help_text=f"Not under {WITHOUT_CASUALTIES}."
    )
    casualties_against = serializers.IntegerField(
        source="line.casualties_against",
        required=False,
        help_text=f"Not under {WITHOUT_CASUALTIES}.",
    )
    score_for = serializers.IntegerField(
        source="line.score_for", required=False, help_text="Blitz Bowl only: its points scored."
    )
    score_against = serializers.IntegerField(
        source="line.score_against", required=False, help_text="Blitz Bowl only."
    )
    bonus = serializers.IntegerField(source="line.bonus")
    points = serializers.IntegerField(source="line.points")
    form = serializers.CharField(source="line.form", help_text="The last five, oldest first.")
    separated_by = serializers.CharField(
        source="placed.by",
        allow_null=True,
        help_text="The tie-breaker that put it below the team above; null for the first team "
        "and for a team level with the one above.",
    )

    def get_level(self, row) -> bool:
        return row.position in self.context["shared"]

    def to_representation(self, row) -> dict:
        answer = super().to_representation(row)
        table = self.context["table"]
        if not table.counts_casualties:
            del answer["casualties_for"], answer["casualties_against"]
        if not table.in_points:
            del answer["score_for"], answer["score_against"]
        return answer


class StandingsSerializer(serializers.Serializer):
    season = serializers.IntegerField(allow_null=True, help_text="null: the all-time table.")
    scoring = StandingsScoringSerializer()
    restarted = serializers.BooleanField(
        help_text="Head-to-head separated some of the tied teams; the rest were ranked again "
        "from the first tie-breaker."
    )
    rows = StandingRowSerializer(many=True)


def standings_answer(table, season: int | None) -> dict:
    """The table as the API answers it (a StandingsSerializer's data)."""
    context = {"table": table, "shared": table.shared_positions}
    return {
        "season": season,
        "scoring": StandingsScoringSerializer(table.scoring).data,
        "restarted": table.restarted,
        "rows": StandingRowSerializer(table.rows, many=True, context=context).data,
    }
