"""Where an applied report is linked from: the season's fixtures (a "post-game" badge beside
the result) and each team's history (its report entry links the summary)."""

from __future__ import annotations

import pytest

from matches.models import PostGame
from tests.matches.helpers import confirmed

pytestmark = pytest.mark.django_db

LINK = '<a class="badge" href="/matches/{pk}/post-game/">post-game</a>'


def test_the_fixture_list_links_the_summary_once_the_report_is_applied(
    client, fixture_match, home_coach, away_coach
) -> None:
    season = fixture_match.fixture.season
    url = f"/leagues/{season.league_id}/seasons/{season.number}/"
    assert LINK.format(pk=fixture_match.pk) not in client.get(url).content.decode()
    confirmed(fixture_match, home_coach, away_coach)
    assert PostGame.objects.filter(match=fixture_match).exists()
    assert LINK.format(pk=fixture_match.pk) in client.get(url).content.decode()


def test_each_teams_history_links_its_report_entry_to_the_summary(
    client, friendly, home_coach, away_coach
) -> None:
    confirmed(friendly, home_coach, away_coach)
    client.force_login(home_coach)
    for team in (friendly.home, friendly.away):
        page = client.get(f"/teams/{team.pk}/").content.decode()
        assert f'<a href="/matches/{friendly.pk}/post-game/">post-game summary</a>' in page
