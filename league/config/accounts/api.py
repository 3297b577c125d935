"""The signed-in coach over the API: his details, his address, his tokens. Each does what
his profile page does (league.config.accounts.profile_views)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.config.accounts.forms import display_name_tidy, time_zones
from league.config.accounts.models import ApiToken
from league.config.accounts.tokens import TokenRefused, token_create, token_revoke, tokens_of
from league.config.accounts.verification import VerificationRefused, verification_send
from league.config.schema import ERROR_REF


class CoachSerializer(serializers.ModelSerializer):
    # Not an EmailField: its schema says `format: email`, and a coach who gave no address
    # has "" (the schema's conformance test found it).
    email = serializers.CharField(read_only=True, help_text="Empty when the coach gave none.")
    email_verified = serializers.BooleanField(
        read_only=True, help_text="Dugout mails only a confirmed address."
    )
    time_zone = serializers.ChoiceField(
        choices=[], help_text="Dates and times on his pages are shown in it."
    )

    class Meta:
        model = get_user_model()
        fields = ["id", "username", "display_name", "time_zone", "email", "email_verified",
                  "date_joined"]  # fmt: skip
        read_only_fields = ["id", "username", "email", "email_verified", "date_joined"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zones()

    def validate_display_name(self, value: str) -> str:
        return display_name_tidy(value)


class MeView(APIView):
    """The coach the request is authenticated as."""

    permission_classes = [IsAuthenticated]

    @extend_schema(summary="The signed-in coach", responses={200: CoachSerializer})
    def get(self, request: Request) -> Response:
        return Response(CoachSerializer(request.user).data)

    @extend_schema(
        summary="Change the signed-in coach's display name or time zone",
        request=CoachSerializer,
        responses={200: CoachSerializer},
    )
    def patch(self, request: Request) -> Response:
        serializer = CoachSerializer(request.user, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        serializer.save()
        return Response(serializer.data)


class EmailSerializer(serializers.Serializer):
    email = serializers.CharField(
        max_length=254, help_text="The address to confirm: the same one again re-sends its link."
    )


class EmailSentSerializer(serializers.Serializer):
    email = serializers.CharField(read_only=True)
    detail = serializers.CharField(read_only=True)


class EmailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Mail a link to confirm an address (a new one, or the same again)",
        request=EmailSerializer,
        responses={
            202: EmailSentSerializer,
            429: OpenApiResponse(ERROR_REF, "A link went out a moment ago, or too many today."),
        },
    )
    def post(self, request: Request) -> Response:
        asked = EmailSerializer(data=request.data)
        asked.is_valid(raise_exception=True)
        try:
            verification = verification_send(request.user, asked.validated_data["email"])
        except VerificationRefused as refused:
            if refused.status == 429:
                return Response({"detail": refused.message}, status=429)
            return Response({refused.field: [refused.message]}, status=400)
        detail = f"A link went to {verification.email}: open it to confirm the address."
        return Response({"email": verification.email, "detail": detail}, status=202)


class TokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["number", "name", "created", "last_used_at"]
        read_only_fields = fields


class NewTokenSerializer(TokenSerializer):
    token = serializers.SerializerMethodField(help_text="The secret: shown this once only.")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "token"]
        read_only_fields = fields

    def get_token(self, _token: ApiToken) -> str:
        return self.context["secret"]


class TokenNameSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60, help_text="What will use it.")


def token_made(user, name: str) -> Response:
    try:
        token, secret = token_create(user, name)
    except TokenRefused as refused:
        return Response({refused.field: [refused.message]}, status=400)
    return Response(NewTokenSerializer(token, context={"secret": secret}).data, status=201)


class TokenListView(APIView):
    permission_classes = [IsAuthenticated]
    pagination_class = None

    @extend_schema(
        summary="The signed-in coach's API tokens", responses={200: TokenSerializer(many=True)}
    )
    def get(self, request: Request) -> Response:
        return Response(TokenSerializer(tokens_of(request.user), many=True).data)

    @extend_schema(
        summary="Make a named API token (its secret is in this answer only)",
        request=TokenNameSerializer,
        responses={201: NewTokenSerializer},
    )
    def post(self, request: Request) -> Response:
        asked = TokenNameSerializer(data=request.data)
        asked.is_valid(raise_exception=True)
        return token_made(request.user, asked.validated_data["name"])


class TokenView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Revoke one of the signed-in coach's tokens", responses={204: None})
    def delete(self, request: Request, number) -> Response:
        if not token_revoke(request.user, number):
            raise NotFound("You have no such token (revoked already?).")
        return Response(status=status.HTTP_204_NO_CONTENT)
