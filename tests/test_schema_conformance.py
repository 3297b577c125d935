"""The API answers as its schema says. Schemathesis reads /api/schema/, makes requests for
every operation from it (valid ones and wrong ones), sends them to the site in this process
and checks each answer against the schema: its status is documented, its content type and
headers are the documented ones, its body fits the documented shape, and it is never a 500.
As a coach, as a commissioner and as an anonymous visitor, on the world the bad-input tests
build (a league with a season, friendlies at each step, a house-rule copy)."""

from __future__ import annotations

from collections.abc import Iterator

import hypothesis
import pytest
import schemathesis
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections, transaction
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from league.config.accounts.models import ApiToken
from tests.test_bad_input import world_build

# A few examples of each operation, valid and wrong, the same ones every run: bounded (well
# under a minute for the three callers on SQLite) and reproducible. The thorough run, with
# schemathesis's coverage phase, is the command line's (README, "The API's answers and its
# schema"). Schemathesis's pytest integration (schema.parametrize) does not run under pytest
# 9.2, so each operation's examples are drawn with Hypothesis here.
EXAMPLES = hypothesis.settings(
    max_examples=6,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    suppress_health_check=list(hypothesis.HealthCheck),
)
CONFORMANCE = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
CALLERS = ["coach", "commissioner", "anonymous"]


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the three callers, in a transaction rolled back at the module's end."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield world_build()
        transaction.set_rollback(True)


def site_in_this_transaction(environ, start_response) -> Iterator[bytes]:
    """The site as a WSGI app whose requests run in the test's transaction: Django closes a
    connection in a transaction at the end of each request, so, as its own test client does,
    that is turned off for the request."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        answer = WSGIHandler()(environ, start_response)
        try:
            return [b"".join(answer)]
        finally:
            answer.close()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def api_schema(world, db):
    return schemathesis.openapi.from_wsgi("/api/schema/", site_in_this_transaction)


@pytest.fixture
def credentials(world) -> dict[str, dict[str, str]]:
    """Each caller's headers: a token for the coach and the commissioner, none for a visitor."""
    tokens = {
        who: ApiToken.objects.create(user=world[who], name="schema")[1] for who in CALLERS[:2]
    }
    return {
        **{who: {"Authorization": f"Token {secret}"} for who, secret in tokens.items()},
        "anonymous": {},
    }


def known_objects(world: dict) -> dict[str, list[dict[str, object]]]:
    """Path parameters naming rows that exist, by the path's first part: drawn at random, an
    id almost never names one, and the answers worth checking are the found ones."""
    league = {
        "id": world["league"].pk,
        "number": world["season"].number,
        "fixture": world["fixture"].pk,
        "membership": world["pending"].pk,
    }
    team = {"id": world["team"].pk, "player": world["player"].pk, "sequence": 1}
    matches = ("match", "kick_off", "gdbbl", "gdbbl_ready")
    return {
        "leagues": [league],
        "teams": [team],
        "matches": [{"id": world[name].pk} for name in matches],
        "rulesets": [
            {"slug": slug, "part": "races", "race": "orc"} for slug in ("lrb6", world["house"].slug)
        ],
    }


def cases_of(operation, known: dict[str, list[dict[str, object]]]):
    """Requests for the operation: valid ones about rows that exist, valid ones drawn freely
    and wrong ones."""
    names = {parameter.name for parameter in operation.path_parameters}
    first = operation.path.removeprefix("/api/").split("/", 1)[0]
    about_rows = [
        operation.as_strategy(
            GenerationMode.POSITIVE,
            path_parameters={name: value for name, value in row.items() if name in names},
        )
        for row in known.get(first, [])
        if names
    ]
    return st.one_of(
        *about_rows,
        operation.as_strategy(GenerationMode.POSITIVE),
        operation.as_strategy(GenerationMode.NEGATIVE),
    )


def test_every_answer_is_one_the_schema_documents(api_schema, credentials, world) -> None:
    known = known_objects(world)
    failures = []
    sent_as = {"caller": ""}  # the last caller, whose request failed when Hypothesis raises
    for operation in (result.ok() for result in api_schema.get_all_operations()):
        cases = cases_of(operation, known)

        @EXAMPLES
        @hypothesis.given(cases)
        def answers_as_documented(case) -> None:
            for caller in CALLERS:
                sent_as["caller"] = caller
                case.call_and_validate(headers=credentials[caller], checks=CONFORMANCE)

        try:
            answers_as_documented()
        # Every operation's failures, not only the first (schemathesis raises a group of them).
        except (Exception, BaseExceptionGroup) as failure:
            failures.append(f"{operation.label}, sent as the {sent_as['caller']}:\n{failure}")
    assert not failures, "\n\n".join(failures)
