"""What the schema says each answer looks like is what the API answers: the lists it answers
whole are documented as plain lists (not pages), the token exchange asks for a username and
a password only, and every operation documents the refusals it can give."""

from __future__ import annotations

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from matches.services import friendly_offer
from tests.test_bad_input import world_build

pytestmark = pytest.mark.django_db

# The lists answered whole, with the item each holds: (method, path in the schema, url).
WHOLE_LISTS = [
    ("get", "/api/leagues/{id}/memberships/", "/api/leagues/{league}/memberships/"),
    ("get", "/api/leagues/{id}/seasons/", "/api/leagues/{league}/seasons/"),
    ("get", "/api/matches/waiting/", "/api/matches/waiting/"),
    ("get", "/api/teams/{id}/ledger/", "/api/teams/{team}/ledger/"),
]


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        yield world_build()
        transaction.set_rollback(True)


@pytest.fixture(scope="module")
def schema(django_db_setup, django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    return response.json()


def answer_schema(schema: dict, method: str, path: str, status: str = "200") -> dict:
    return schema["paths"][path][method]["responses"][status]["content"]["application/json"][
        "schema"
    ]


def component(schema: dict, ref: dict) -> dict:
    return schema["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]


@pytest.mark.parametrize(
    ("method", "path", "url"), WHOLE_LISTS, ids=[p for _m, p, _u in WHOLE_LISTS]
)
def test_a_list_answered_whole_is_documented_as_a_plain_list_of_its_items(
    schema, world, method, path, url
) -> None:
    documented = answer_schema(schema, method, path)
    assert documented["type"] == "array", documented  # not a PaginatedXList object
    item = component(schema, documented["items"])
    parameters = schema["paths"][path][method].get("parameters", [])
    assert "page" not in [parameter["name"] for parameter in parameters]

    friendly_offer(world["rival"], world["fourth"], world["team"])  # one waiting for the coach
    client = APIClient()
    client.force_authenticate(world["coach"])
    filled = url.format(league=world["league"].pk, team=world["team"].pk)
    answer = client.get(filled).json()
    assert isinstance(answer, list), answer
    assert answer, f"{filled} answered no rows to compare with the schema"
    for row in answer:
        assert set(item["required"]) <= set(row) <= set(item["properties"]), (row, item)


def test_an_undo_is_documented_as_the_plain_list_of_entries_it_wrote(schema) -> None:
    documented = answer_schema(schema, "post", "/api/teams/{id}/ledger/{sequence}/undo/", "201")
    assert documented["type"] == "array"
    assert documented["items"] == {"$ref": "#/components/schemas/LedgerEntry"}


def test_the_paged_lists_are_still_documented_as_pages(schema) -> None:
    for path in ("/api/teams/", "/api/leagues/", "/api/matches/"):
        documented = component(schema, answer_schema(schema, "get", path))
        assert set(documented["required"]) == {"count", "results"}, path


def test_the_token_exchange_asks_for_a_username_and_a_password_and_answers_a_token(
    schema,
) -> None:
    operation = schema["paths"]["/api/auth/token/"]["post"]
    for media_type, body in operation["requestBody"]["content"].items():
        asked = component(schema, body["schema"])
        assert set(asked["properties"]) == {"username", "password", "name"}, media_type
        assert set(asked["required"]) == {"username", "password"}, media_type
    answered = component(schema, answer_schema(schema, "post", "/api/auth/token/", "201"))
    assert set(answered["properties"]) == {"number", "name", "created", "last_used_at", "token"}
    assert set(operation["responses"]) == {"201", "400", "429"}


def test_the_token_exchange_answers_as_documented(world) -> None:
    world["coach"].set_password("kick-off-2")
    world["coach"].save()
    body = {"username": "varag", "password": "kick-off-2"}
    answer = APIClient().post("/api/auth/token/", body, format="json")
    assert answer.status_code == 201
    assert set(answer.json()) == {"number", "name", "created", "last_used_at", "token"}


def test_every_operation_documents_the_refusals_it_can_give(schema) -> None:
    documented = schema["paths"]["/api/teams/{id}/purchases/"]["post"]["responses"]
    assert set(documented) == {"201", "400", "401", "403", "404"}
    assert (
        component(schema, documented["403"]["content"]["application/json"]["schema"])
        == (schema["components"]["schemas"]["Error"])
    )
    # A read anyone may make is refused only for a bad token, a bad query or a missing row.
    assert set(schema["paths"]["/api/teams/{id}/"]["get"]["responses"]) == {
        "200", "400", "401", "404"
    }  # fmt: skip
    # A page past the last one of a paged list is a 404.
    assert "404" in schema["paths"]["/api/teams/"]["get"]["responses"]
    # The API's root has nothing to refuse.
    assert set(schema["paths"]["/api/"]["get"]["responses"]) == {"200", "401"}


def test_a_failed_roster_sheet_is_documented_as_its_json_status_beside_the_pdf(schema) -> None:
    documented = schema["paths"]["/api/teams/{id}/roster-sheet/"]["get"]["responses"]["200"]
    assert set(documented["content"]) == {"application/pdf", "application/json"}
    assert documented["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/SheetStatus"
    }


def test_a_coach_without_an_address_and_a_pending_membership_fit_their_schemas(schema) -> None:
    coach = schema["components"]["schemas"]["Coach"]["properties"]["email"]
    assert "format" not in coach  # "" is no e-mail address
    assert schema["components"]["schemas"]["Membership"]["properties"]["decided_by"]["nullable"]
