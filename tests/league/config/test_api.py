"""The API's front door: root, OpenAPI schema, interactive docs and token authentication."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from league.config.accounts.models import ApiToken

pytestmark = pytest.mark.django_db

PASSWORD = "touchdown-in-turn-8"


@pytest.fixture
def coach():
    return get_user_model().objects.create_user("griff", "griff@dugout.example", PASSWORD)


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_the_root_links_to_the_schema_the_docs_and_the_token_exchange(api: APIClient) -> None:
    response = api.get("/api/")
    assert response.status_code == 200
    assert response.json() == {
        "schema": "http://testserver/api/schema/",
        "docs": "http://testserver/api/docs/",
        "auth-token": "http://testserver/api/auth/token/",
        "me": "http://testserver/api/me/",
        "my-tokens": "http://testserver/api/me/tokens/",
        "coaches": "http://testserver/api/coaches/",
        "rulesets": "http://testserver/api/rulesets/",
        "teams": "http://testserver/api/teams/",
        "leagues": "http://testserver/api/leagues/",
        "matches": "http://testserver/api/matches/",
    }


def test_the_schema_validates_with_no_warnings() -> None:
    out = StringIO()
    # --fail-on-warn turns every warning drf-spectacular has about our views into an error.
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    assert out.getvalue().startswith("openapi: 3.0.3")


def test_the_schema_is_served_at_api_schema(api: APIClient) -> None:
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert {"/api/", "/api/auth/token/", "/api/me/"} <= set(paths)


def test_the_interactive_docs_load_their_assets_from_the_project(client: Client) -> None:
    response = client.get("/api/docs/")
    html = response.content.decode()
    assert response.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any("swagger-ui-bundle.js" in asset for asset in assets)
    assert all(asset.startswith("/") for asset in assets), assets
    assert "cdn" not in html.lower()


def test_the_docs_stylesheet_and_script_are_served(client: Client) -> None:
    html = client.get("/api/docs/").content.decode()
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
        response = client.get(asset)
        assert response.status_code == 200, asset
        assert b"".join(response.streaming_content)
        response.close()


def test_it_exchanges_a_username_and_password_for_a_token(api: APIClient, coach) -> None:
    response = api.post(
        "/api/auth/token/", {"username": "griff", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "API"
    assert body["token"].startswith("dugout_")
    assert ApiToken.objects.get(user=coach).name == "API"


def test_it_names_the_token_as_asked(api: APIClient, coach) -> None:
    credentials = {"username": "griff", "password": PASSWORD, "name": "table bot"}
    assert api.post("/api/auth/token/", credentials, format="json").json()["name"] == "table bot"


def test_it_makes_a_new_token_each_time_it_is_asked(api: APIClient, coach) -> None:
    credentials = {"username": "griff", "password": PASSWORD}
    first = api.post("/api/auth/token/", credentials, format="json").json()
    second = api.post("/api/auth/token/", credentials, format="json").json()
    assert first["token"] != second["token"]
    assert ApiToken.objects.filter(user=coach).count() == 2


def test_it_refuses_a_wrong_password_with_400(api: APIClient, coach) -> None:
    response = api.post(
        "/api/auth/token/", {"username": "griff", "password": "wrong"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {"non_field_errors": ["Unable to log in with provided credentials."]}
    assert not ApiToken.objects.exists()


def test_it_names_the_missing_fields(api: APIClient) -> None:
    response = api.post("/api/auth/token/", {}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "username": ["This field is required."],
        "password": ["This field is required."],
    }


def test_a_token_authenticates_a_coach(api: APIClient, coach) -> None:
    _token, secret = ApiToken.objects.create(user=coach, name="script")
    api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    response = api.get("/api/me/")
    assert response.status_code == 200
    assert response.json()["username"] == "griff"


def test_a_wrong_token_is_refused(api: APIClient, coach) -> None:
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    assert api.get("/api/me/").status_code == 401


def test_a_session_authenticates_a_coach(client: Client, coach) -> None:
    client.force_login(coach)
    assert client.get("/api/me/").json()["username"] == "griff"


def test_an_anonymous_visitor_is_asked_to_authenticate(api: APIClient) -> None:
    response = api.get("/api/me/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
