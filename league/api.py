"""API for leagues under /api/leagues/: the league and its settings, commissioners,
membership, and seasons with their rounds and fixtures beneath it. The same services as the
pages, so the same checks and messages; a refusal is HTTP 400 naming the field."""

from __future__ import annotations

from collections.abc import Mapping

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from league import selectors
from league.invitations import invitation_send, invitation_withdraw, open_invitations
from league.models import Fixture, Invitation, League, Membership, Season
from league.permissions import is_commissioner, require_commissioner
from league.seasons import fixture_arrange, fixture_forfeit, fixture_reschedule, season_start
from league.serializers import (
    NEXT_SEASON,
    ArrangeSerializer,
    FixtureSerializer,
    LeagueChangeSerializer,
    LeagueCreateSerializer,
    LeagueSerializer,
    LeagueSummarySerializer,
    MembershipSerializer,
    RescheduleSerializer,
    SeasonSerializer,
    SeasonStartSerializer,
    SeasonSummarySerializer,
    StandingsSerializer,
    standings_answer,
)
from league.services import (
    SETTING_FIELDS,
    commissioner_add_by_name,
    league_create,
    league_settings,
    league_update,
    membership_decide,
    membership_end,
    membership_request,
)
from league.setting_checks import LeagueRefused, Problem, offered
from league.tables import all_time_table, season_table
from rules.plumbing.refusals import refusal, valid_body
from rules.selectors import version_get
from teams.models import Team


class TeamBody(serializers.Serializer):
    team = serializers.IntegerField()


class UsernameBody(serializers.Serializer):
    username = serializers.CharField()


class ReasonBody(serializers.Serializer):
    reason = serializers.CharField(required=False, default="", allow_blank=True)


class EndBody(ReasonBody):
    how = serializers.ChoiceField(choices=["left", "retired"])


class ForfeitBody(serializers.Serializer):
    forfeited_by = serializers.IntegerField(help_text="The team that forfeits.")


class InvitationSerializer(serializers.ModelSerializer):
    coach = serializers.CharField(source="coach.username")
    invited_by = serializers.CharField(source="invited_by.username")
    expired = serializers.BooleanField(source="is_expired")

    class Meta:
        model = Invitation
        fields = ["id", "coach", "invited_by", "created_at", "expires_at", "expired"]
        fields += ["withdrawn_at", "accepted_at"]


# A GET is documented without its 403 (league.config.schema): the invitations give one.
NOT_A_COMMISSIONER = OpenApiResponse(
    {"$ref": "#/components/schemas/Error"}, "Only a commissioner reads the invitations."
)


def _refusal(refused: LeagueRefused) -> ValidationError:
    return refusal(refused.problems)


class LeagueViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = LeagueSummarySerializer
    queryset = League.objects.none()

    def get_queryset(self):
        return selectors.visible_leagues(self.request.user)

    def _league(self, pk) -> League:
        try:
            return selectors.league_get(int(pk), self.request.user)
        except (TypeError, ValueError):
            raise ValidationError({"id": ["A league's id is a number."]}) from None

    def _answer(self, league: League, status: int = 200) -> Response:
        season = selectors.current_season(league)
        offer = offered(league.ruleset_version.system)
        body = {
            "league": league,
            "commissioners": [user.username for user in selectors.commissioners(league)],
            "settings": league_settings(league),
            "offered": {
                "tie_breakers": list(offer.tie_breaker_keys),
                "point_fields": list(offer.point_fields),
            },
            "members": selectors.memberships(league, ("approved",)),
            "current_season": season.number if season else None,
        }
        return Response(LeagueSerializer(body).data, status=status)

    @extend_schema(request=LeagueCreateSerializer, responses={201: LeagueSerializer})
    def create(self, request: Request) -> Response:
        body = valid_body(LeagueCreateSerializer, request.data)
        try:
            version = version_get(body.pop("ruleset"), body.pop("version", None))
        except Http404 as missing:  # a field of the body, not the URL: a 400 naming it
            raise ValidationError({"ruleset": [str(missing)]}) from None
        settings = {key: body.pop(key) for key in list(body) if key in SETTING_FIELDS}
        try:
            league = league_create(
                request.user,
                body["name"],
                version,
                body.get("description", ""),
                body["public"],
                **settings,
            )
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return self._answer(league, status=201)

    @extend_schema(responses=LeagueSerializer)
    def retrieve(self, request: Request, pk=None) -> Response:
        return self._answer(self._league(pk))

    @extend_schema(
        request=LeagueChangeSerializer,
        responses=LeagueSerializer,
        description=f"A commissioner changes the league's settings. {NEXT_SEASON}",
    )
    def partial_update(self, request: Request, pk=None) -> Response:
        league = self._league(pk)
        if not isinstance(request.data, Mapping):
            raise ValidationError({"non_field_errors": ["Send an object of settings to change."]})
        unknown = sorted(set(request.data) - set(LeagueChangeSerializer().fields))
        if unknown:
            raise ValidationError({key: [f"{key!r} cannot be changed here."] for key in unknown})
        # partial: a field left out is left alone (a form body would otherwise read an absent
        # "public" as false).
        body = LeagueChangeSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        try:
            league = league_update(league, request.user, dict(body.validated_data))
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return self._answer(league)

    @extend_schema(request=UsernameBody, responses={201: LeagueSerializer})
    @action(detail=True, methods=["post"])
    def commissioners(self, request: Request, pk=None) -> Response:
        league = self._league(pk)
        username = valid_body(UsernameBody, request.data)["username"]
        try:
            commissioner_add_by_name(league, request.user, username)
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return self._answer(league, status=201)

    @extend_schema(
        methods=["get"],
        responses={200: InvitationSerializer(many=True), 403: NOT_A_COMMISSIONER},
    )
    @extend_schema(methods=["post"], request=UsernameBody, responses={201: InvitationSerializer})
    # Not paged: the open invitations of one league are a handful.
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def invitations(self, request: Request, pk=None) -> Response:
        """The open invitations, expired ones included (a commissioner's); POST invites the
        coach with this user name: while the invitation stands he sees the league, private
        or not, and may enter a team."""
        league = self._league(pk)
        if request.method == "GET":
            require_commissioner(request.user, league, "read its invitations")
            return Response(InvitationSerializer(open_invitations(league), many=True).data)
        username = valid_body(UsernameBody, request.data)["username"]
        try:
            invitation = invitation_send(league, request.user, username)
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return Response(InvitationSerializer(invitation).data, status=201)

    @extend_schema(request=None, responses=InvitationSerializer)
    @action(detail=True, methods=["post"], url_path=r"invitations/(?P<invitation>\d+)/withdraw")
    def invitation_withdraw(self, request: Request, pk=None, invitation=None) -> Response:
        league = self._league(pk)
        row = get_object_or_404(league.invitations, pk=invitation)
        try:
            row = invitation_withdraw(row, request.user)
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return Response(InvitationSerializer(row).data)

    @extend_schema(methods=["get"], responses=MembershipSerializer(many=True))
    @extend_schema(methods=["post"], request=TeamBody, responses={201: MembershipSerializer})
    # Not paged (pagination_class=None, so the schema says so too): a league has tens of
    # teams, and a commissioner reads its memberships whole.
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def memberships(self, request: Request, pk=None) -> Response:
        """Every membership (a commissioner's view) or the approved ones and your own; POST
        asks to enter one of your teams."""
        league = self._league(pk)
        if request.method == "GET":
            rows = selectors.memberships(league, tuple(dict(Membership.STATUSES)))
            if not is_commissioner(request.user, league):
                mine = getattr(request.user, "pk", None)
                rows = [
                    row for row in rows if row.status == "approved" or row.team.coach_id == mine
                ]
            return Response(MembershipSerializer(rows, many=True).data)
        team = Team.objects.filter(pk=valid_body(TeamBody, request.data)["team"]).first()
        if team is None:
            raise ValidationError({"team": ["There is no such team."]})
        try:
            row = membership_request(league, request.user, team)
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return Response(MembershipSerializer(row).data, status=201)

    def _membership_decide(self, pk, membership, approve: bool) -> Response:
        league = self._league(pk)
        row = get_object_or_404(league.memberships, pk=membership)
        reason = valid_body(ReasonBody, self.request.data)["reason"]
        try:
            row = membership_decide(row, self.request.user, approve, reason)
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return Response(MembershipSerializer(row).data)

    @extend_schema(request=ReasonBody, responses=MembershipSerializer)
    @action(detail=True, methods=["post"], url_path=r"memberships/(?P<membership>\d+)/approve")
    def membership_approve(self, request: Request, pk=None, membership=None) -> Response:
        return self._membership_decide(pk, membership, approve=True)

    @extend_schema(request=ReasonBody, responses=MembershipSerializer)
    @action(detail=True, methods=["post"], url_path=r"memberships/(?P<membership>\d+)/refuse")
    def membership_refuse(self, request: Request, pk=None, membership=None) -> Response:
        return self._membership_decide(pk, membership, approve=False)

    @extend_schema(request=EndBody, responses=MembershipSerializer)
    @action(detail=True, methods=["post"], url_path=r"memberships/(?P<membership>\d+)/end")
    def membership_end(self, request: Request, pk=None, membership=None) -> Response:
        """The team leaves (how: left) or is retired (how: retired); it keeps its history."""
        league = self._league(pk)
        row = get_object_or_404(league.memberships, pk=membership)
        body = valid_body(EndBody, request.data)
        try:
            row = membership_end(row, request.user, body["how"], body["reason"])
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return Response(MembershipSerializer(row).data)

    def _season_answer(self, season: Season, status: int = 200) -> Response:
        season = Season.objects.prefetch_related("teams").get(pk=season.pk)
        context = {"rounds": selectors.season_rounds(season)}
        return Response(SeasonSerializer(season, context=context).data, status=status)

    @extend_schema(methods=["get"], responses=SeasonSummarySerializer(many=True))
    @extend_schema(
        methods=["post"], request=SeasonStartSerializer, responses={201: SeasonSerializer}
    )
    # Not paged: a league plays one season at a time, a handful in its life.
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def seasons(self, request: Request, pk=None) -> Response:
        """The league's seasons, newest first; POST (a commissioner) ends the current season
        and starts the next with every member team as it is."""
        league = self._league(pk)
        if request.method == "GET":
            seasons = selectors.season_list(league)
            return Response(SeasonSummarySerializer(seasons, many=True).data)
        body = valid_body(SeasonStartSerializer, request.data)
        try:
            season = season_start(
                league,
                request.user,
                body["format"],
                body["name"],
                body["first_deadline"],
                body["days_between_rounds"],
            )
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return self._season_answer(season, status=201)

    @extend_schema(responses=SeasonSerializer)
    @action(detail=True, methods=["get"], url_path=r"seasons/(?P<number>\d+)")
    def season(self, request: Request, pk=None, number=None) -> Response:
        league = self._league(pk)
        return self._season_answer(selectors.season_get(league, int(number)))

    @extend_schema(responses=StandingsSerializer)
    @action(detail=True, methods=["get"], url_path=r"seasons/(?P<number>\d+)/standings")
    def season_standings(self, request: Request, pk=None, number=None) -> Response:
        """The season's table, counted with the scoring it started with (a finished season's
        as it finished)."""
        season = selectors.season_get(self._league(pk), int(number))
        return Response(standings_answer(season_table(season), season.number))

    @extend_schema(responses=StandingsSerializer)
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk=None) -> Response:
        """The all-time table: each team's seasons added up, each as that season scored it,
        ranked by the current season's tie-breakers."""
        league = self._league(pk)
        table = all_time_table(league, selectors.current_season(league))
        return Response(standings_answer(table, None))

    @extend_schema(request=ArrangeSerializer, responses={201: FixtureSerializer})
    @action(detail=True, methods=["post"], url_path=r"seasons/(?P<number>\d+)/fixtures")
    def season_fixtures(self, request: Request, pk=None, number=None) -> Response:
        """Open play: arrange a match between two member teams."""
        league = self._league(pk)
        season = selectors.season_get(league, int(number))
        body = valid_body(ArrangeSerializer, request.data)
        teams = Team.objects.in_bulk([body["home"], body["away"]])
        problems = [
            Problem(side, f"There is no team {body[side]}.")
            for side in ("home", "away")
            if body[side] not in teams
        ]
        try:
            if problems:
                raise LeagueRefused(problems)
            fixture = fixture_arrange(
                season, request.user, teams[body["home"]], teams[body["away"]], body["deadline"]
            )
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return Response(FixtureSerializer(fixture).data, status=201)

    def _fixture(self, pk, fixture) -> Fixture:
        league = self._league(pk)
        related = ("round", "home", "away", "season")
        return get_object_or_404(
            Fixture.objects.select_related(*related), pk=fixture, season__league=league
        )

    @extend_schema(request=RescheduleSerializer, responses=FixtureSerializer)
    @action(detail=True, methods=["post"], url_path=r"fixtures/(?P<fixture>\d+)/reschedule")
    def fixture_reschedule(self, request: Request, pk=None, fixture=None) -> Response:
        row = self._fixture(pk, fixture)
        body = valid_body(RescheduleSerializer, request.data)
        try:
            row = fixture_reschedule(row, request.user, body["deadline"], body["reason"])
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return Response(FixtureSerializer(row).data)

    @extend_schema(request=ForfeitBody, responses=FixtureSerializer)
    @action(detail=True, methods=["post"], url_path=r"fixtures/(?P<fixture>\d+)/forfeit")
    def fixture_forfeit(self, request: Request, pk=None, fixture=None) -> Response:
        row = self._fixture(pk, fixture)
        team_pk = valid_body(ForfeitBody, request.data)["forfeited_by"]
        team = Team.objects.filter(pk=team_pk).first()
        try:
            row = fixture_forfeit(row, request.user, team)
        except LeagueRefused as refused:
            raise _refusal(refused) from None
        return Response(FixtureSerializer(row).data)
