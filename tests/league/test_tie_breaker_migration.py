"""The migration that fits existing leagues' tie-breakers and bonuses to their ruleset: a
league on a results-only ruleset loses the casualty difference and the casualty bonus its
reports never count, a Blitz Bowl league gains score difference just after touchdown
difference (or last), and LRB6 and GDBBL leagues are untouched. It runs backwards too."""

from __future__ import annotations

import pytest

from tests.migrating import checks_at_once, migrate, module_at

BEFORE = [("league", "0003_fixtures_read_their_match")]
AFTER = [("league", "0004_tie_breakers_by_ruleset")]
TODAYS_ORDER = [
    "points",
    "head_to_head",
    "touchdown_difference",
    "casualty_difference",
    "touchdowns_scored",
    "fewest_games_played",
]


@pytest.fixture(scope="module")
def before(django_db_setup, django_db_blocker):
    """The database just before the migration, for the whole module."""
    with module_at(django_db_blocker, BEFORE) as apps:
        yield apps


@pytest.fixture
def old_leagues(before, db):
    """Leagues as they were stored before the offer depended on the ruleset: every one could
    rank by casualties and give a casualty bonus. Returns a factory: name -> pk. They go, with
    whatever the test migrated, after it."""
    checks_at_once()
    apps = before
    User = apps.get_model("accounts", "User")
    Ruleset = apps.get_model("rules", "Ruleset")
    RulesetVersion = apps.get_model("rules", "RulesetVersion")
    League = apps.get_model("league", "League")
    commissioner = User.objects.create(username="nuffle")
    versions = {}
    for system in ("lrb6", "gdbbl", "blitz-bowl", "first-edition"):
        # Rulesets of their own (copies, as a house rule makes): the system is what counts.
        ruleset = Ruleset.objects.create(slug=f"old-{system}", name=f"Old {system}")
        versions[system] = RulesetVersion.objects.create(
            ruleset=ruleset,
            number=1,
            content_hash=system,
            system=system,
            characteristics=[],
            team_creation={},
        )

    def league(name: str, system: str, tie_breakers: list[str], casualty_bonus: int = 0) -> int:
        return League.objects.create(
            name=name,
            ruleset_version=versions[system],
            created_by=commissioner,
            tie_breakers=tie_breakers,
            bonus_three_casualties=casualty_bonus,
            bonus_three_touchdowns=1,
        ).pk

    return league


def after_migration(*pks: int) -> list[tuple[list[str], int, int]]:
    """Each league's tie-breakers, casualty bonus and touchdown bonus after the migration."""
    League = migrate(AFTER).get_model("league", "League")
    rows = {
        row.pk: (row.tie_breakers, row.bonus_three_casualties, row.bonus_three_touchdowns)
        for row in League.objects.filter(pk__in=pks)
    }
    return [rows[pk] for pk in pks]


def test_a_blitz_bowl_league_on_the_old_default_takes_the_new_blitz_bowl_default(old_leagues):
    pk = old_leagues("Reavers Cup", "blitz-bowl", TODAYS_ORDER, casualty_bonus=2)
    assert after_migration(pk) == [
        (
            [
                "points",
                "head_to_head",
                "score_difference",  # as a new Blitz Bowl league ranks
                "touchdown_difference",
                "touchdowns_scored",
                "fewest_games_played",
            ],
            0,
            1,  # a touchdown bonus means something in Blitz Bowl: it stays
        )
    ]


def test_score_difference_follows_touchdown_difference_wherever_the_commissioner_put_it(
    old_leagues,
):
    pk = old_leagues(
        "Late TD", "blitz-bowl", ["points", "touchdowns_scored", "touchdown_difference"]
    )
    [(tie_breakers, _, _)] = after_migration(pk)
    assert tie_breakers == [
        "points",
        "touchdowns_scored",
        "touchdown_difference",
        "score_difference",
    ]


def test_a_chosen_order_keeps_its_order_with_score_difference_after_touchdowns(old_leagues):
    chosen = ["points", "touchdown_difference", "casualty_difference", "head_to_head"]
    pk = old_leagues("Chosen", "blitz-bowl", chosen)
    [(tie_breakers, _, _)] = after_migration(pk)
    assert tie_breakers == ["points", "touchdown_difference", "score_difference", "head_to_head"]


def test_without_touchdown_difference_score_difference_comes_last(old_leagues):
    pk = old_leagues("No TD", "blitz-bowl", ["head_to_head", "casualty_difference", "points"])
    [(tie_breakers, _, _)] = after_migration(pk)
    assert tie_breakers == ["head_to_head", "points", "score_difference"]


def test_a_blitz_bowl_league_ranked_by_casualties_alone_ranks_as_a_new_one(old_leagues):
    pk = old_leagues("Casualties only", "blitz-bowl", ["casualty_difference"])
    [(tie_breakers, _, _)] = after_migration(pk)
    assert tie_breakers == [
        "points",
        "head_to_head",
        "score_difference",
        "touchdown_difference",
        "touchdowns_scored",
        "fewest_games_played",
    ]


def test_a_first_edition_league_loses_casualties_and_gains_nothing(old_leagues):
    ranked = old_leagues("Old School", "first-edition", TODAYS_ORDER, casualty_bonus=1)
    alone = old_leagues("Deaths only", "first-edition", ["casualty_difference"])
    assert after_migration(ranked, alone) == [
        (
            [
                "points",
                "head_to_head",
                "touchdown_difference",
                "touchdowns_scored",
                "fewest_games_played",
            ],
            0,
            1,
        ),
        (
            [
                "points",
                "head_to_head",
                "touchdown_difference",
                "touchdowns_scored",
                "fewest_games_played",
            ],
            0,
            1,
        ),
    ]


def test_lrb6_and_gdbbl_leagues_are_untouched(old_leagues):
    lrb6 = old_leagues("Old World Classic", "lrb6", TODAYS_ORDER, casualty_bonus=1)
    gdbbl = old_leagues("Grey Mountains", "gdbbl", ["casualty_difference", "points"], 2)
    assert after_migration(lrb6, gdbbl) == [
        (TODAYS_ORDER, 1, 1),
        (["casualty_difference", "points"], 2, 1),
    ]


def test_going_back_takes_score_difference_out_again(old_leagues):
    blitz = old_leagues("Reavers Cup", "blitz-bowl", TODAYS_ORDER, casualty_bonus=2)
    alone = old_leagues("Score only", "blitz-bowl", ["points"])
    lrb6 = old_leagues("Old World Classic", "lrb6", TODAYS_ORDER, casualty_bonus=1)
    League = migrate(AFTER).get_model("league", "League")
    League.objects.filter(pk=alone).update(tie_breakers=["score_difference"])
    League = migrate(BEFORE).get_model("league", "League")
    rows = {row.pk: row for row in League.objects.all()}
    # What it counted nothing with stays gone; the older code accepts the league without it.
    assert (rows[blitz].tie_breakers, rows[blitz].bonus_three_casualties) == (
        ["points", "head_to_head", "touchdown_difference", "touchdowns_scored",
         "fewest_games_played"],
        0,
    )  # fmt: skip
    assert rows[alone].tie_breakers == ["points"]  # never left with nothing to rank by
    assert (rows[lrb6].tie_breakers, rows[lrb6].bonus_three_casualties) == (TODAYS_ORDER, 1)
