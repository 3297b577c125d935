"""API tokens: made with a name and shown once, listed, revoked (django-rest-knox keeps
only each secret's digest), and the authentication that notes when each was last used."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from knox import auth

from league.config.accounts.models import ApiToken

# A busy script makes many requests a minute: note its use at most once a minute, so the
# API does not write a row for every read.
LAST_USE_STEP = datetime.timedelta(minutes=1)
NAME_LENGTH = ApiToken._meta.get_field("name").max_length


class TokenRefused(ValueError):
    """A token that cannot be made as asked, with the field and the rule, for the form."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class TokenAuthentication(auth.TokenAuthentication):
    """knox's, noting the token's last use."""

    def authenticate_credentials(self, token: bytes):
        user, api_token = super().authenticate_credentials(token)
        now = timezone.now()
        if api_token.last_used_at is None or now - api_token.last_used_at >= LAST_USE_STEP:
            ApiToken.objects.filter(pk=api_token.pk).update(last_used_at=now)
            api_token.last_used_at = now
        return user, api_token


class TokenScheme(OpenApiAuthenticationExtension):
    """The tokens as the API's schema describes them: `Authorization: Token <secret>`."""

    target_class = TokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix="Token"
        )


def token_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise TokenRefused("name", 'Name the token (what will use it, say "league script").')
    if len(name) > NAME_LENGTH:
        raise TokenRefused("name", f"A token's name has at most {NAME_LENGTH} characters.")
    return name


@transaction.atomic
def token_create(user, name: str) -> tuple[ApiToken, str]:
    """A new token and its secret: the only time anyone sees the secret."""
    return ApiToken.objects.create(user=user, name=token_name(name))


def tokens_of(user) -> list[ApiToken]:
    return list(user.auth_token_set.order_by("-created"))


def token_revoke(user, number) -> bool:
    """Revokes one of the coach's own tokens; False if he has none by that number."""
    deleted, _ = user.auth_token_set.filter(number=number).delete()
    return bool(deleted)
