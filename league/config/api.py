"""The API's front door: its root, token exchange and the signed-in coach."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.routers import SimpleRouter
from rest_framework.views import APIView

from league.config.accounts.api import NewTokenSerializer, token_made
from league.config.schema import ERROR_REF, LOCKED_OUT

# Later features register their viewsets here (rulesets, teams, leagues, matches).
router = SimpleRouter(trailing_slash=True)

FIXED_LINKS = {
    "schema": "api-schema",
    "docs": "api-docs",
    "auth-token": "api-auth-token",
    "me": "api-me",
    "my-tokens": "api-me-tokens",
    "coaches": "api-coach-list",
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
    name = serializers.CharField(
        required=False, max_length=60, help_text='What will use the token; "API" if not given.'
    )


class ObtainTokenView(APIView):
    """Exchanges a username and password for a new API token of the coach's, named as asked:
    a script can log in without a browser. Each call makes another token (the secrets are
    kept only hashed, so an old one cannot be given again); his profile lists and revokes
    them."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(
        summary="Exchange a username and password for a new API token",
        request=CredentialsSerializer,
        responses={201: NewTokenSerializer, 429: OpenApiResponse(ERROR_REF, LOCKED_OUT)},
    )
    def post(self, request: Request) -> Response:
        # Django's own request, so django-axes counts the failure and locks out a guesser.
        credentials = AuthTokenSerializer(data=request.data, context={"request": request._request})
        credentials.is_valid(raise_exception=True)
        named = CredentialsSerializer(data=request.data)
        named.is_valid(raise_exception=True)
        name = named.validated_data.get("name") or "API"
        return token_made(credentials.validated_data["user"], name)
