"""A coach's notices on the site: the list, opening one, the header's count, his choices."""

from __future__ import annotations

import pytest
from django.test import Client

from league.notices.kinds import KINDS
from league.notices.models import MailChoice, Notice
from rules.plumbing.notices import notice

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client: Client, varag) -> Client:
    client.force_login(varag)
    return client


def told(to, key="event:1") -> Notice:
    notice("report_amended", to, "The report of A v B is corrected",
           "nuffle corrected it.\n\nWhy: the photo shows 2-1.", "/matches/7/", key=key)  # fmt: skip
    return Notice.objects.order_by("pk").last()


def test_the_list_shows_his_notices_and_not_others(signed_in: Client, varag, griff) -> None:
    told([varag])
    notice("season_started", [griff], "Griff's own news", "", "/leagues/1/", key="s:1")
    html = signed_in.get("/notices/").content.decode()
    assert "The report of A v B is corrected" in html
    assert "Why: the photo shows 2-1." in html
    assert "Griff&#x27;s own news" not in html


def test_opening_a_notice_marks_it_read_and_goes_to_what_it_is_about(
    signed_in: Client, varag
) -> None:
    row = told([varag])
    answer = signed_in.get(f"/notices/{row.pk}/")
    assert answer.status_code == 302
    assert answer.url == "/matches/7/"
    row.refresh_from_db()
    assert row.read_at is not None


def test_another_coach_s_notice_is_404(signed_in: Client, griff) -> None:
    row = told([griff])
    assert signed_in.get(f"/notices/{row.pk}/").status_code == 404


def test_the_header_fetches_the_unread_count(signed_in: Client, varag) -> None:
    html = signed_in.get("/").content.decode()
    assert 'hx-get="/notices/unread/"' in html
    assert signed_in.get("/notices/unread/").content.decode().strip() == "Notices"
    told([varag])
    counted = signed_in.get("/notices/unread/").content.decode()
    assert 'aria-label="1 unread"' in counted


def test_the_desk_lists_the_latest_notices(signed_in: Client, varag) -> None:
    told([varag])
    html = signed_in.get("/").content.decode()
    assert "The report of A v B is corrected" in html
    assert "Why: the photo shows 2-1." in html


def test_mark_all_read(signed_in: Client, varag) -> None:
    told([varag], "e:1")
    told([varag], "e:2")
    answer = signed_in.post("/notices/read/", follow=True)
    assert "2 notices marked read." in answer.content.decode()
    assert not Notice.objects.filter(read_at__isnull=True).exists()


def test_he_chooses_which_kinds_are_mailed(signed_in: Client, varag) -> None:
    kept = sorted(set(KINDS) - {"report_submitted", "friendly_offered"})
    answer = signed_in.post("/notices/mail/", {"mail": kept}, follow=True)
    assert "Your mail choices are saved." in answer.content.decode()
    assert set(MailChoice.objects.filter(mail=False).values_list("kind", flat=True)) >= {
        "report_submitted", "friendly_offered"
    }  # fmt: skip


def test_notices_are_for_signed_in_coaches(client: Client) -> None:
    assert client.get("/notices/").status_code == 302
    assert client.get("/notices/unread/").content.decode().strip() == "Notices"
