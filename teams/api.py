"""API for teams: /api/teams/ to list and create, /api/teams/<id>/ for the roster and
/api/teams/<id>/ledger/ for every change, with the same checks and messages as the pages."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from rules import selectors
from rules.engine.purchases import KINDS, Purchase
from rules.engine.team_building import TeamRefused
from rules.plumbing.refusals import refusal
from rules.snapshot import ruleset_snapshot
from teams.advancement import improvement_choose, improvement_roll, roll_choices
from teams.between_matches import (
    player_leave,
    require_adjuster,
    require_coach,
    team_adjust,
    team_purchase,
)
from teams.history import ledger_for, reversals
from teams.models import ImprovementRoll, LedgerCause, LedgerEntry, Team
from teams.roster import roster, teams_listed
from teams.seams import leagues
from teams.services import NewPlayer, team_create
from teams.sheet_api import RosterSheetActions
from teams.undo import entry_undo, require_undoer

MINE = ("1", "true")  # ?mine=1: the caller's own teams only


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


def _refusal(refused: TeamRefused) -> ValidationError:
    return refusal(refused.problems)


class TeamViewSet(RosterSheetActions, mixins.ListModelMixin, viewsets.GenericViewSet):
    queryset = Team.objects.select_related("coach", "race", "ruleset_version__ruleset")
    serializer_class = TeamSummarySerializer

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "mine", bool, description="Only the caller's own teams (401 without credentials)."
            )
        ]
    )
    def list(self, request: Request) -> Response:
        """Every team by name, with its value and league, in the same queries for 3 teams as
        for 50. With ?mine=1 (or true) only the caller's own teams; an anonymous caller asking
        for his own is answered 401, not an empty list: a client that lost its token must not
        take that for having no teams."""
        teams = self.filter_queryset(self.get_queryset()).order_by("name", "pk")
        if request.query_params.get("mine") in MINE:
            if not request.user.is_authenticated:
                raise NotAuthenticated("Sign in (or send your token) to list your own teams.")
            teams = teams.filter(coach=request.user)
        page = self.paginate_queryset(teams)
        listed = teams_listed(page, request.user)
        return self.get_paginated_response(self.get_serializer(listed, many=True).data)

    @extend_schema(request=TeamCreateSerializer, responses={201: TeamSerializer})
    def create(self, request: Request) -> Response:
        body = TeamCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            version = selectors.version_get(data["ruleset"], data.get("version"))
        except Http404:
            field = "version" if data.get("version") is not None else "ruleset"
            raise ValidationError(
                {field: [f"There is no ruleset {data['ruleset']!r} with that version."]}
            ) from None
        players = [NewPlayer(p["position"], p["name"], p.get("number")) for p in data["players"]]
        try:
            team = team_create(
                request.user, version, data["name"], data["race"], players,
                data["rerolls"], data["fan_factor"], data["staff"], data["star_players"],
            )  # fmt: skip
        except TeamRefused as refused:
            raise _refusal(refused) from None
        return Response(TeamSerializer(roster(team)).data, status=201)

    @extend_schema(responses=TeamSerializer)
    def retrieve(self, request: Request, pk: int) -> Response:
        return Response(TeamSerializer(roster(self.get_object())).data)

    @extend_schema(request=PurchaseSerializer, responses={201: TeamSerializer})
    @action(detail=True, methods=["post"])
    def purchases(self, request: Request, pk: int) -> Response:
        """Buy players, re-rolls, fan factor or staff from the treasury."""
        team = self.get_object()
        require_coach(team, request.user, "buy for it")  # who may, before what was sent
        body = PurchaseSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        purchase = Purchase(data["kind"], data.get("what", ""), data["count"])
        try:
            team = team_purchase(team, request.user, purchase, data["names"], data["numbers"])
        except TeamRefused as refused:
            raise _refusal(refused) from None
        return Response(TeamSerializer(roster(team)).data, status=201)

    @extend_schema(request=LeaveSerializer, responses={201: TeamSerializer})
    @action(detail=True, methods=["post"], url_path=r"players/(?P<player>[0-9]+)/leave")
    def leave(self, request: Request, pk: int, player: str) -> Response:
        """Fire or retire a player (his record stays on the roster)."""
        team = self.get_object()
        require_coach(team, request.user, "fire or retire its players")
        body = LeaveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        member = get_object_or_404(team.players.on_roster(), pk=player)
        try:
            team = player_leave(team, request.user, member, body.validated_data["how"])
        except TeamRefused as refused:
            raise _refusal(refused) from None
        return Response(TeamSerializer(roster(team)).data, status=201)

    @extend_schema(request=AdjustmentSerializer, responses={201: TeamSerializer})
    @action(detail=True, methods=["post"])
    def adjustments(self, request: Request, pk: int) -> Response:
        """A commissioner's written correction of the treasury or a player's SPP."""
        team = self.get_object()
        require_adjuster(team, request.user)
        body = AdjustmentSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        players = team.players.on_roster()
        member = players.filter(pk=data["player"]).first() if "player" in data else None
        if "player" in data and member is None:
            raise ValidationError({"player": [f"{team.name} has no player {data['player']}."]})
        try:
            team = team_adjust(
                team, request.user, data["reason"], data["treasury"], member, data["spp"]
            )
        except TeamRefused as refused:
            raise _refusal(refused) from None
        return Response(TeamSerializer(roster(team)).data, status=201)

    @extend_schema(request=RollSerializer, responses={201: ImprovementSerializer})
    @action(detail=True, methods=["post"], url_path=r"players/(?P<player>[0-9]+)/improvements")
    def improvements(self, request: Request, pk: int, player: str) -> Response:
        """Record the player's next improvement roll: your two dice, or none for the server's."""
        team = self.get_object()
        require_coach(team, request.user, "roll for its players")
        member = get_object_or_404(team.players.on_roster().select_related("position"), pk=player)
        body = RollSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        dice = body.validated_data.get("dice")
        try:
            roll = improvement_roll(team, request.user, member, tuple(dice) if dice else None)
        except TeamRefused as refused:
            raise _refusal(refused) from None
        ruleset = ruleset_snapshot(team.ruleset_version)
        return Response(ImprovementSerializer(roll, context={"ruleset": ruleset}).data, status=201)

    @extend_schema(request=ChooseSerializer, responses={201: TeamSerializer})
    @action(
        detail=True,
        methods=["post"],
        url_path=r"players/(?P<player>[0-9]+)/improvements/choose",
    )
    def choose(self, request: Request, pk: int, player: str) -> Response:
        """Take one of the choices the pending roll allows."""
        team = self.get_object()
        member = get_object_or_404(team.players.on_roster(), pk=player)
        require_coach(team, request.user, "choose for its players")  # 403 before any 400
        body = ChooseSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        roll = member.improvements.filter(choice="").first()
        if roll is None:
            raise ValidationError({"choice": [f"{member.name} has no roll to choose from."]})
        try:
            team = improvement_choose(team, request.user, roll, body.validated_data["choice"])
        except TeamRefused as refused:
            raise _refusal(refused) from None
        return Response(TeamSerializer(roster(team)).data, status=201)

    @extend_schema(request=UndoSerializer, responses={201: LedgerEntrySerializer(many=True)})
    @action(detail=True, methods=["post"], url_path=r"ledger/(?P<sequence>[0-9]+)/undo")
    def undo(self, request: Request, pk: int, sequence: str) -> Response:
        """Undo an entry (commissioners of the team's league and site staff), with a reason:
        every later entry is applied again without it. Answers the entries written."""
        team = self.get_object()
        require_undoer(team, request.user)  # who may, before what was sent
        entry = get_object_or_404(team.ledger, sequence=int(sequence))
        body = UndoSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            written = entry_undo(entry, request.user, body.validated_data["reason"])
        except TeamRefused as refused:
            raise _refusal(refused) from None
        written = LedgerEntry.objects.filter(pk__in=[e.pk for e in written]).select_related(
            "actor", "ruleset_version", "reverses", "cause"
        )
        context = {"reversed_by": reversals(written)}
        return Response(LedgerEntrySerializer(written, many=True, context=context).data, 201)

    @extend_schema(responses=LedgerEntrySerializer(many=True))
    @action(detail=True)
    def ledger(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        entries = team.ledger.select_related("actor", "ruleset_version", "reverses", "cause")
        entries = ledger_for(team, entries, leagues.answer.league_of(team, request.user))
        context = {"reversed_by": reversals(entries)}
        return Response(LedgerEntrySerializer(entries, many=True, context=context).data)
