"""The sheet API with no broker: the render runs as the request commits, so the POST answers
200 with the stored sheet, not a 202 for a sheet that is already there."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from teams import sheet_worker
from teams.models import RosterSheet
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs as it would on a site


@pytest.fixture
def api_and_team(coach, monkeypatch):
    edition_load(edition_read("lrb6"))  # a transactional test may have emptied the database
    monkeypatch.setattr(sheet_worker, "sheet_pdf", lambda html: b"%PDF-1.7 drawn at once")
    api = APIClient()
    api.force_authenticate(coach)
    return api, orc_team(coach, version_get("lrb6"))


def test_a_post_answers_200_when_the_sheet_was_drawn_inside_it(api_and_team) -> None:
    api, team = api_and_team
    answer = api.post(f"/api/teams/{team.pk}/roster-sheet/", {"paper": "a4"})
    assert answer.status_code == 200
    assert answer.json()["status"] == "done"
    assert answer.json()["download"].endswith("/pdf/")
    assert RosterSheet.objects.get().pdf == b"%PDF-1.7 drawn at once"


def test_a_second_post_answers_200_with_the_same_sheet(api_and_team) -> None:
    api, team = api_and_team
    first = api.post(f"/api/teams/{team.pk}/roster-sheet/", {"paper": "a4"}).json()
    second = api.post(f"/api/teams/{team.pk}/roster-sheet/", {"paper": "a4"})
    assert (second.status_code, second.json()["id"]) == (200, first["id"])
