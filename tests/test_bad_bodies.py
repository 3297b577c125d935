"""A body the site cannot read (larger than Django takes, or multipart that is not) is the
client's mistake: a 400 saying what was wrong, in JSON from the API and as a page elsewhere,
and never a traceback in the log, which is for the site's own faults. The API's addresses
answer Django's own errors (an address nothing answers, a crash) in JSON too."""

from __future__ import annotations

import json
import logging

import pytest
from django.test import Client, RequestFactory
from rest_framework.test import APIClient

from league.config import views
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db

FIVE_MEGABYTES = 5 * 1024 * 1024
LIMIT = "The request body is larger than 2.5 MB."


@pytest.fixture
def coach(users):
    return users.create_user("griff", password="kick-off-3")


@pytest.fixture
def api(coach) -> APIClient:
    client = APIClient()
    client.force_authenticate(coach)
    return client


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.exc_info]


def test_it_answers_an_over_large_json_body_in_json_naming_the_limit(api, caplog) -> None:
    body = json.dumps({"name": "x" * FIVE_MEGABYTES})
    response = api.post("/api/teams/", body, content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": LIMIT}
    assert tracebacks(caplog) == []


def test_it_answers_an_over_large_json_body_to_a_change_in_json_too(
    api, coach, lrb6, caplog
) -> None:
    team = orc_team(coach, lrb6)
    body = json.dumps({"name": "x" * FIVE_MEGABYTES})
    response = api.patch(f"/api/teams/{team.pk}/", body, content_type="application/json")
    assert (response.status_code, response.json()) == (400, {"detail": LIMIT})
    assert tracebacks(caplog) == []


def test_it_answers_an_over_large_form_body_to_the_api_in_json(api, caplog) -> None:
    body = "name=" + "x" * FIVE_MEGABYTES
    response = api.post("/api/teams/", body, content_type="application/x-www-form-urlencoded")
    assert (response.status_code, response.json()) == (400, {"detail": LIMIT})
    assert tracebacks(caplog) == []


def test_a_page_answers_an_over_large_form_body_with_a_page_naming_the_limit(caplog) -> None:
    body = "username=" + "x" * FIVE_MEGABYTES
    response = Client().post(
        "/accounts/login/", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert LIMIT in response.content.decode()
    assert tracebacks(caplog) == []


def test_it_answers_a_multipart_body_without_a_boundary_in_json_and_logs_no_traceback(
    api, caplog
) -> None:
    response = api.post("/api/teams/", b"garbage", content_type="multipart/form-data")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "The multipart body could not be read: Invalid boundary in multipart: None."
    }
    assert tracebacks(caplog) == []


def test_a_page_answers_a_bad_multipart_body_with_a_page_and_logs_no_traceback(caplog) -> None:
    response = Client().post("/accounts/login/", b"garbage", content_type="multipart/form-data")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert "The multipart body could not be read" in response.content.decode()
    assert tracebacks(caplog) == []


def test_the_client_s_bad_body_is_still_logged_as_a_one_line_warning(api, caplog) -> None:
    api.post("/api/teams/", b"garbage", content_type="multipart/form-data")
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert (record.levelname, record.getMessage()) == ("WARNING", "Bad Request: /api/teams/")


def test_a_nul_in_an_api_query_is_refused_in_json_naming_the_field(api) -> None:
    response = api.get("/api/teams/", {"mine": "1\x00"})
    assert response.status_code == 400
    assert response.json() == {"mine": ["The field 'mine' may not contain a NUL character."]}


def test_an_api_address_nothing_answers_is_a_json_404_and_a_page_address_a_page() -> None:
    client = Client()
    api_answer = client.get("/api/nowhere/")
    assert (api_answer.status_code, api_answer.json()) == (
        404,
        {"detail": "There is nothing at this address."},
    )
    # <int:pk> refuses a word before any DRF view is reached.
    assert client.get("/api/teams/ten/retire/").json()["detail"].startswith("There is nothing")
    page = client.get("/nowhere/")
    assert page.status_code == 404
    assert page["Content-Type"].startswith("text/html")


def test_a_crash_at_an_api_address_is_a_json_500_and_at_a_page_a_page() -> None:
    api_answer = views.server_error(RequestFactory().get("/api/teams/"))
    assert (api_answer.status_code, json.loads(api_answer.content)) == (
        500,
        {"detail": "Something went wrong on the server."},
    )
    page = views.server_error(RequestFactory().get("/teams/"))
    assert page.status_code == 500
    assert page["Content-Type"].startswith("text/html")


def test_django_s_400_and_403_at_an_api_address_are_json() -> None:
    request = RequestFactory().get("/api/teams/")
    bad = views.bad_request(request, exception=ValueError("unreadable"))
    assert (bad.status_code, bad["Content-Type"]) == (400, "application/json")
    denied = views.permission_denied(request, exception=PermissionError("Not yours."))
    assert (denied.status_code, json.loads(denied.content)) == (403, {"detail": "Not yours."})
