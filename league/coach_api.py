"""API for coaches under /api/coaches/: the list (searchable, paged) and a coach's page as
JSON. Read-only and open to anyone; what lies in a private league is shown only to those who
may see it (league.coaches). A coach's e-mail address is never answered here."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.coaches import coach_page, coaches_listed

RESULT = "W, D or L, from the coach's side; a forfeit is a loss for the side that forfeited."
SEARCH = OpenApiParameter(
    "search", str, description="Only the coaches whose username or display name holds it."
)
USERNAME = OpenApiParameter(
    "username", str, OpenApiParameter.PATH, pattern=r"^[\w.@+-]+$", description="His username."
)


class CoachListedSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField(help_text="Empty when the coach gave none.")
    active_teams = serializers.IntegerField(help_text="His teams not retired.")


class CoachLeagueRefSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class CoachTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="team.pk")
    name = serializers.CharField(source="team.name")
    race = serializers.CharField(source="team.race.name")
    ruleset = serializers.CharField(source="team.ruleset_version.ruleset.slug")
    ruleset_version = serializers.IntegerField(source="team.ruleset_version.number")
    retired = serializers.BooleanField()
    league = CoachLeagueRefSerializer(
        allow_null=True,
        help_text="The league it plays in now; null if none, or one the caller may not see.",
    )


class CoachLeagueSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="league.pk")
    name = serializers.CharField(source="league.name")
    commissioner = serializers.BooleanField(help_text="The coach commissions it.")


class CoachRecordSerializer(serializers.Serializer):
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    win_percent = serializers.IntegerField(
        allow_null=True,
        help_text="Won out of played, a whole percent (a draw is no half win); null before "
        "his first decided match.",
    )


class CoachMatchTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class CoachOpponentSerializer(CoachMatchTeamSerializer):
    coach = serializers.CharField(source="coach.username", help_text="The coach's username.")


class CoachMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="match.pk")
    date = serializers.DateField(
        source="played.date", help_text="The day it was played; a forfeit's, the day recorded."
    )
    team = CoachMatchTeamSerializer(help_text="The coach's team.")
    opponent = CoachOpponentSerializer()
    score = serializers.CharField(
        source="played.score",
        help_text="From the coach's side, e.g. \"2-1\": touchdowns, or Blitz Bowl's points.",
    )
    result = serializers.CharField(source="played.result", help_text=RESULT)


class CoachPageSerializer(serializers.Serializer):
    username = serializers.CharField(source="coach.username")
    display_name = serializers.CharField(source="coach.display_name")
    date_joined = serializers.DateTimeField(source="coach.date_joined")
    teams = CoachTeamSerializer(many=True, help_text="Active first, then the retired.")
    leagues = CoachLeagueSerializer(
        many=True, help_text="Those his teams play or played in and those he commissions."
    )
    record = CoachRecordSerializer(
        help_text="His decided league matches and friendlies; one he coaches on both sides "
        "counts nowhere."
    )
    form = serializers.CharField(help_text='The last five results, oldest first ("WWDLW").')
    recent_matches = CoachMatchSerializer(
        source="recent", many=True, help_text="The last ten decided matches, newest first."
    )


class CoachListView(generics.ListAPIView):
    """Every coach by username, with his number of active teams, fifty a page."""

    serializer_class = CoachListedSerializer

    def get_queryset(self):
        return coaches_listed(self.request.query_params.get("search", ""))

    @extend_schema(summary="The coaches", parameters=[SEARCH])
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)


class CoachDetailView(APIView):
    """A coach's page: his teams, leagues, record, form and latest matches, leaving out what
    lies in a private league the caller may not see."""

    @extend_schema(
        summary="A coach's page", parameters=[USERNAME], responses={200: CoachPageSerializer}
    )
    def get(self, request: Request, username: str) -> Response:
        return Response(CoachPageSerializer(coach_page(username, request.user)).data)
