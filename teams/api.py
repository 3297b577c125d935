"""API for teams: /api/teams/ to list and create, /api/teams/<id>/ for the roster and
/api/teams/<id>/ledger/ for every change, with the same checks and messages as the pages."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from rules import selectors
from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from rules.plumbing.refusals import refusal
from rules.snapshot import ruleset_snapshot
from teams.advancement import improvement_choose, improvement_roll
from teams.between_matches import (
    player_leave,
    player_rename,
    require_adjuster,
    require_coach,
    team_adjust,
    team_purchase,
    team_rename,
)
from teams.history import ledger_for, reversals
from teams.models import LedgerEntry, Team
from teams.roster import roster, teams_listed
from teams.seams import leagues
from teams.serializers import (
    AdjustmentSerializer,
    ChooseSerializer,
    ImprovementSerializer,
    LeaveSerializer,
    LedgerEntrySerializer,
    PlayerRenameSerializer,
    PurchaseSerializer,
    RollSerializer,
    TeamCreateSerializer,
    TeamRenameSerializer,
    TeamSerializer,
    TeamSummarySerializer,
    UndoSerializer,
)
from teams.services import NewPlayer, team_create
from teams.sheet_api import RosterSheetActions
from teams.undo import entry_undo, require_undoer

MINE = ("1", "true")  # ?mine=1: the caller's own teams only


def _refusal(refused: TeamRefused) -> ValidationError:
    return refusal(refused.problems)


def _only(request: Request, fields: tuple[str, ...], what: str) -> None:
    """Refuses (400, naming them) the fields a PATCH may not change, instead of ignoring them."""
    sent = request.data if isinstance(request.data, dict) else {}
    others = sorted(str(key) for key in sent if key not in fields)
    if others:
        words = (
            f"Only {what} may be changed here; the rest changes through purchases, "
            "departures, improvement rolls and adjustments."
        )
        raise ValidationError({key[:40]: [words] for key in others})


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

    @extend_schema(request=TeamRenameSerializer, responses=TeamSerializer)
    def partial_update(self, request: Request, pk: int) -> Response:
        """Rename the team (its coach or site staff): {"name"}. The history records it."""
        team = self.get_object()
        require_coach(team, request.user, "rename it")  # who may, before what was sent
        _only(request, ("name",), "the team's name")
        body = TeamRenameSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            team = team_rename(team, request.user, body.validated_data["name"])
        except TeamRefused as refused:
            raise _refusal(refused) from None
        return Response(TeamSerializer(roster(team)).data)

    @extend_schema(request=PlayerRenameSerializer, responses=TeamSerializer)
    @action(detail=True, methods=["patch"], url_path=r"players/(?P<player>[0-9]+)")
    def rename_player(self, request: Request, pk: int, player: str) -> Response:
        """Rename or renumber a player: {"name", "number"}, either left out to keep it. A
        ledger entry, undone like any other."""
        team = self.get_object()
        require_coach(team, request.user, "rename its players")  # who may, before what was sent
        member = get_object_or_404(team.players.on_roster(), pk=player)
        _only(request, ("name", "number"), "a player's name and number")
        body = PlayerRenameSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            team = player_rename(team, request.user, member, data.get("name"), data.get("number"))
        except TeamRefused as refused:
            raise _refusal(refused) from None
        return Response(TeamSerializer(roster(team)).data)

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
    @action(
        detail=True,
        methods=["post"],
        url_path=r"ledger/(?P<sequence>[0-9]+)/undo",
        pagination_class=None,
    )
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

    # The ledger is answered whole (pagination_class=None, so the schema says so too): a team
    # writes a few entries a match, and `reversed_by` links entries that a page would split.
    @extend_schema(responses=LedgerEntrySerializer(many=True))
    @action(detail=True, pagination_class=None)
    def ledger(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        entries = team.ledger.select_related("actor", "ruleset_version", "reverses", "cause")
        entries = ledger_for(team, entries, leagues.answer.league_of(team, request.user))
        context = {"reversed_by": reversals(entries)}
        return Response(LedgerEntrySerializer(entries, many=True, context=context).data)
