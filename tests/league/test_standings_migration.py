"""The migration that gives seasons their own scoring and keeps tables (league 0005): a
season begun before it takes its league's scoring as the league has it, and its rows are
worked out from its matches: a result that stands counts (a forfeit with its score and no
bonus points), a report still waiting for a commissioner, a fixture to play and a bye count
nothing. A Blitz Bowl season counts its points (a forfeit's at 4 a touchdown). It runs
backwards too.

The Old World Classic (LRB6) scores 2 a win, 1 a draw, 0 a loss, 1 bonus point for three
casualties caused and 1 for a clean sheet."""

from __future__ import annotations

import pytest

from league.tables import standings_problems
from tests.migrating import checks_at_once, latest, migrate, module_at

BEFORE = [("league", "0004_tie_breakers_by_ruleset")]
SCORING = {
    "points_win": 2,
    "points_draw": 1,
    "points_loss": 0,
    "bonus_three_touchdowns": 0,
    "bonus_three_casualties": 1,
    "bonus_clean_sheet": 1,
    "tie_breakers": ["points", "casualty_difference", "touchdown_difference"],
}
FIGURES = (
    "played", "won", "drawn", "lost", "touchdowns_for", "touchdowns_against", "casualties_for",
    "casualties_against", "score_for", "score_against", "bonus", "points", "form",
)  # fmt: skip


def before_tables() -> list[tuple[str, str]]:
    """Every app at its last migration but league, just before 0005: the state to make the
    old rows in (matches' casualties as they are today)."""
    return [node for node in latest() if node[0] != "league"] + BEFORE


class Old:
    """Rows as they were stored before seasons kept scoring and tables."""

    def __init__(self, apps, *slugs: str) -> None:
        self.apps = apps
        self.model = apps.get_model
        version_model = self.model("rules", "RulesetVersion")
        self.versions = {
            slug: version_model.objects.filter(ruleset__slug=slug).order_by("-number").first()
            for slug in slugs
        }
        self.commissioner = self.model("accounts", "User").objects.create(username="nuffle")

    def team(self, name: str, slug: str):
        version = self.versions[slug]
        race = self.model("rules", "Race").objects.get(version=version, slug="human" if
                                                       slug == "blitz-bowl" else "orc")  # fmt: skip
        coach = self.model("accounts", "User").objects.create(username=f"coach of {name}")
        return self.model("teams", "Team").objects.create(
            name=name, coach=coach, ruleset_version=version, race=race
        )

    def season(self, name: str, slug: str, teams, **league):
        league = self.model("league", "League").objects.create(
            name=name, ruleset_version=self.versions[slug], created_by=self.commissioner,
            **league,
        )  # fmt: skip
        season = self.model("league", "Season").objects.create(
            league=league, number=1, name="Season 1", format="round_robin", seed="s",
            started_by=self.commissioner,
        )  # fmt: skip
        season.teams.set(teams)
        return season

    def fixture(self, season, number: int, home, away=None, status=None, report=None,
                reports_apply="at_once", forfeited_by=None):  # fmt: skip
        """Round `number`'s fixture; a match with `status` and its report's fields."""
        round_ = self.model("league", "Round").objects.get_or_create(season=season, number=number)
        match = None
        if away is not None:
            match = self.model("matches", "Match").objects.create(
                kind="league", ruleset_version=season.league.ruleset_version, home=home,
                away=away, status=status or "scheduled", reports_apply=reports_apply,
                seed="0000000000000000", forfeited_by=forfeited_by,
            )  # fmt: skip
            if report is not None:
                self.model("matches", "Report").objects.create(match=match, **report)
        return self.model("league", "Fixture").objects.create(
            season=season, round=round_[0], home=home, away=away, match=match
        )

    def casualty(self, match, victim_team, causer_team=None, means="ordinary", action="block"):
        """A casualty between journeymen (no roster rows needed): only the teams count."""
        participant = self.model("matches", "Participant")
        order = match.casualties.count() + 1

        def taking_part(team):
            return participant.objects.create(
                match=match, team=team, kind="journeyman", number=20 + order, name="Lino"
            )

        self.model("matches", "Casualty").objects.create(
            match=match, order=order, victim=taking_part(victim_team), action=action,
            causer=taking_part(causer_team) if causer_team else None, means=means,
        )  # fmt: skip


@pytest.fixture(scope="module")
def before(django_db_setup, django_db_blocker):
    """The database just before 0005, for the whole module."""
    with module_at(django_db_blocker, before_tables()) as apps:
        yield apps


@pytest.fixture
def old(before, db):
    """A factory of the old rows, on the rulesets `slugs`; gone again, with whatever the test
    migrated, after it."""
    checks_at_once()
    return lambda *slugs: Old(before, *slugs)


def after_migration():
    """The registry at every app's last migration."""
    return migrate(latest())


def rows(apps, season_pk: int) -> dict[str, dict]:
    standing = apps.get_model("league", "Standing")
    found = standing.objects.filter(season_id=season_pk).values("team__name", *FIGURES)
    return {values.pop("team__name"): values for values in found}


def line(**figures) -> dict:
    return {**dict.fromkeys(FIGURES, 0), "form": "", **figures}


def test_an_old_season_takes_its_leagues_scoring_and_rows_equal_to_its_matches(old) -> None:
    data = old("lrb6")
    a, b, c = (data.team(name, "lrb6") for name in ("Gouged Eye", "Da Krumpers", "Skull Hill"))
    season = data.season("Old World Classic", "lrb6", [a, b, c], **SCORING)
    # Round 1: Gouged Eye 3-1 Da Krumpers, confirmed; Skull Hill's bye.
    played = data.fixture(season, 1, a, b, "confirmed", {"home_touchdowns": 3,
                                                         "away_touchdowns": 1}).match  # fmt: skip
    data.casualty(played, b, a)  # a block: Gouged Eye's
    data.casualty(played, b, a, means="crowd")  # a crowd push: Gouged Eye's
    data.casualty(played, b, a, action="blitz")  # Gouged Eye's third
    data.casualty(played, b, action="other", means="failed_dodge")  # nobody's
    data.casualty(played, b, b, action="pass", means="bomb")  # a team-mate's: nobody's
    data.casualty(played, a, b)  # Da Krumpers'
    data.fixture(season, 1, c)
    # Round 2: Skull Hill forfeit to Gouged Eye 0-2; Da Krumpers' bye.
    data.fixture(season, 2, c, a, "forfeit", {"home_touchdowns": 0, "away_touchdowns": 2,
                                              "forfeit": True}, forfeited_by=c)  # fmt: skip
    data.fixture(season, 2, b)
    # Round 3: Da Krumpers 2-0 Skull Hill, confirmed but waiting for a commissioner.
    data.fixture(season, 3, b, c, "confirmed", {"home_touchdowns": 2, "away_touchdowns": 0},
                 reports_apply="commissioner")  # fmt: skip
    data.fixture(season, 3, a)
    untouched = data.season("Quiet League", "lrb6", [data.team("Orcs", "lrb6")])

    apps = after_migration()
    kept = apps.get_model("league", "Season").objects.get(pk=season.pk)
    assert {name: getattr(kept, name) for name in SCORING} == SCORING
    # 3-1 with 3 casualties caused to 1: 2 for the win + 1 bonus for the casualties (no clean
    # sheet); the forfeit 2-0: 2, no bonus. 2 + 1 + 2 = 5 points, 3 + 2 = 5 touchdowns for.
    gouged = line(played=2, won=2, touchdowns_for=5, touchdowns_against=1, casualties_for=3,
                  casualties_against=1, bonus=1, points=5, form="WW")  # fmt: skip
    krumpers = line(played=1, lost=1, touchdowns_for=1, touchdowns_against=3, casualties_for=1,
                    casualties_against=3, form="L")  # fmt: skip
    skull_hill = line(played=1, lost=1, touchdowns_against=2, form="L")
    assert rows(apps, season.pk) == {
        "Gouged Eye": gouged,
        "Da Krumpers": krumpers,
        "Skull Hill": skull_hill,
    }
    assert rows(apps, untouched.pk) == {"Orcs": line()}
    assert standings_problems() == []  # today's models read the migrated rows


def test_an_old_blitz_bowl_season_counts_its_points_and_a_forfeit_at_four_a_touchdown(
    old,
) -> None:
    data = old("blitz-bowl")
    reavers, wolves = data.team("The Reavers", "blitz-bowl"), data.team("Wolves", "blitz-bowl")
    tie_breakers = ["points", "score_difference"]
    season = data.season("Crush League", "blitz-bowl", [reavers, wolves],
                         tie_breakers=tie_breakers)  # fmt: skip
    # Round 1: the Reavers 1 touchdown (4) + 5 Challenge points = 9 beat the Wolves' 2
    # touchdowns = 8. Round 2: the Reavers forfeit 0-2 (0 points to 2 x 4 = 8).
    data.fixture(season, 1, reavers, wolves, "confirmed", {
        "home_touchdowns": 1, "away_touchdowns": 2, "home_points": 9, "away_points": 8,
    })  # fmt: skip
    data.fixture(season, 2, wolves, reavers, "forfeit", {
        "home_touchdowns": 2, "away_touchdowns": 0, "forfeit": True,
    }, forfeited_by=reavers)  # fmt: skip

    apps = after_migration()
    kept = apps.get_model("league", "Season").objects.get(pk=season.pk)
    assert (kept.points_win, kept.tie_breakers) == (3, tie_breakers)
    # The Reavers 9 + 0 = 9 points for, 8 + 8 = 16 against, touchdowns 1 + 0 = 1 for and
    # 2 + 2 = 4 against; 3 for the win, 0 for the forfeit.
    reavers_row = line(played=2, won=1, lost=1, touchdowns_for=1, touchdowns_against=4,
                       score_for=9, score_against=16, points=3, form="WL")  # fmt: skip
    wolves_row = line(played=2, won=1, lost=1, touchdowns_for=4, touchdowns_against=1,
                      score_for=16, score_against=9, points=3, form="LW")  # fmt: skip
    assert rows(apps, season.pk) == {"The Reavers": reavers_row, "Wolves": wolves_row}


def test_going_back_drops_the_tables_and_keeps_the_seasons(old) -> None:
    data = old("lrb6")
    a, b = data.team("Gouged Eye", "lrb6"), data.team("Da Krumpers", "lrb6")
    season = data.season("Old World Classic", "lrb6", [a, b], **SCORING)
    data.fixture(season, 1, a, b, "confirmed", {"home_touchdowns": 1, "away_touchdowns": 0})
    assert len(rows(after_migration(), season.pk)) == 2
    apps = migrate(before_tables())
    back = apps.get_model("league", "Season").objects.get(pk=season.pk)
    assert back.name == "Season 1"
    assert not hasattr(back, "points_win")
    with pytest.raises(LookupError):
        apps.get_model("league", "Standing")
