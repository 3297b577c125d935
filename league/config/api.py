"""The API's front door: its root, token exchange and the signed-in coach."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.routers import SimpleRouter
from rest_framework.views import APIView

from league.config.schema import ERROR_REF, LOCKED_OUT

# Later features register their viewsets here (rulesets, teams, leagues, matches).
router = SimpleRouter(trailing_slash=True)

FIXED_LINKS = {
    "schema": "api-schema",
    "docs": "api-docs",
    "auth-token": "api-auth-token",
    "me": "api-me",
}


class ApiRootView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Links to every part of the API",
        responses={200: {"type": "object", "additionalProperties": {"type": "string"}}},
    )
    def get(self, request: Request) -> Response:
        links = {key: reverse(name, request=request) for key, name in FIXED_LINKS.items()}
        for prefix, _viewset, basename in router.registry:
            links[prefix] = reverse(f"{basename}-list", request=request)
        return Response(links)


class CredentialsSerializer(serializers.Serializer):
    """What the token endpoint reads, for the schema. DRF's AuthTokenSerializer, which checks
    them, also holds the answer's `token`; as the request's schema it made `token` a required
    field of the request."""

    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(read_only=True)


class ObtainTokenView(APIView):
    """Exchanges a username and password for the coach's API token."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(
        summary="Exchange a username and password for an API token",
        request=CredentialsSerializer,
        responses={200: TokenSerializer, 429: OpenApiResponse(ERROR_REF, LOCKED_OUT)},
    )
    def post(self, request: Request) -> Response:
        # Django's own request, so django-axes counts the failure and locks out a guesser.
        credentials = AuthTokenSerializer(data=request.data, context={"request": request._request})
        credentials.is_valid(raise_exception=True)
        token, _created = Token.objects.get_or_create(user=credentials.validated_data["user"])
        return Response({"token": token.key})


class CoachSerializer(serializers.ModelSerializer):
    # Not an EmailField: its schema says `format: email`, and a coach who gave no address
    # has "" (the schema's conformance test found it).
    email = serializers.CharField(read_only=True, help_text="Empty when the coach gave none.")

    class Meta:
        model = get_user_model()
        fields = ["id", "username", "email", "date_joined"]
        read_only_fields = fields


class MeView(APIView):
    """The coach the request is authenticated as."""

    permission_classes = [IsAuthenticated]

    @extend_schema(summary="The signed-in coach", responses={200: CoachSerializer})
    def get(self, request: Request) -> Response:
        return Response(CoachSerializer(request.user).data)
