"""A league's tie-breakers and bonuses count only what its match reports record. Leagues on
the two results-only rulesets lose what those never record: the casualty difference
tie-breaker and the bonus for 3 or more casualties (Blitz Bowl has no casualties, 1st edition
no casualty count). A Blitz Bowl league gains the score difference (its points) just after
touchdown difference, where the commissioner put that, or last; a league still on the one
default order of before takes its ruleset's new default. The tie-breakers' field
default becomes empty: a league saved without them takes its ruleset's (League.save).

The lists are written out here, not read from league.setting_checks, so the migration does
the same whatever the code later offers."""

from django.db import migrations, models

NO_CASUALTY_COUNT = ("blitz-bowl", "first-edition")
# What a league on each ruleset ranks by when it is left with no tie-breaker at all.
DEFAULTS = {
    "blitz-bowl": [
        "points",
        "head_to_head",
        "score_difference",
        "touchdown_difference",
        "touchdowns_scored",
        "fewest_games_played",
    ],
    "first-edition": [
        "points",
        "head_to_head",
        "touchdown_difference",
        "touchdowns_scored",
        "fewest_games_played",
    ],
}


# The one order every league started with before the defaults depended on the ruleset: a
# league still on it never chose, so it takes its ruleset's default as a new league would.
OLD_DEFAULT = [
    "points",
    "head_to_head",
    "touchdown_difference",
    "casualty_difference",
    "touchdowns_scored",
    "fewest_games_played",
]


def results_only_leagues(apps):
    League = apps.get_model("league", "League")
    leagues = League.objects.filter(ruleset_version__system__in=NO_CASUALTY_COUNT)
    return leagues.select_related("ruleset_version").order_by("pk")


def tie_breakers_by_ruleset(apps, schema_editor):
    for league in results_only_leagues(apps):
        system = league.ruleset_version.system
        tie_breakers = [key for key in league.tie_breakers if key != "casualty_difference"]
        if not tie_breakers or list(league.tie_breakers) == OLD_DEFAULT:
            # Never chosen, or casualties alone: rank as a new league of its ruleset would.
            tie_breakers = list(DEFAULTS[system])
        if system == "blitz-bowl" and "score_difference" not in tie_breakers:
            after = (
                tie_breakers.index("touchdown_difference") + 1
                if "touchdown_difference" in tie_breakers
                else len(tie_breakers)
            )
            tie_breakers.insert(after, "score_difference")
        league.tie_breakers = tie_breakers
        league.bonus_three_casualties = 0
        league.save(update_fields=["tie_breakers", "bonus_three_casualties"])


def score_difference_goes(apps, schema_editor):
    """Back: the code before this migration knows no score difference. What went forwards
    (a casualty tie-breaker or bonus the ruleset never records) stays gone: it counted
    nothing, and the older code accepts a league without it."""
    for league in results_only_leagues(apps):
        tie_breakers = [key for key in league.tie_breakers if key != "score_difference"]
        league.tie_breakers = tie_breakers or ["points"]
        league.save(update_fields=["tie_breakers"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0003_fixtures_read_their_match"),
        ("rules", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="league",
            name="tie_breakers",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(tie_breakers_by_ruleset, score_difference_goes),
    ]
