"""Every fixture that is not a bye gets its match, made under its league's policies; a
fixture already forfeited becomes a forfeited match with its score as the match's report.
Then the fixture's own status and score go: it reads them from its match."""

import secrets

import django.db.models.deletion
from django.db import migrations, models


def fixtures_get_matches(apps, schema_editor):
    Fixture = apps.get_model("league", "Fixture")
    Match = apps.get_model("matches", "Match")
    Report = apps.get_model("matches", "Report")
    fixtures = Fixture.objects.filter(away__isnull=False, match__isnull=True).select_related(
        "season__league", "home"
    )
    for fixture in fixtures.iterator():
        league = fixture.season.league
        played = fixture.status in ("played", "forfeit")
        match = Match.objects.create(
            kind="league",
            ruleset_version_id=fixture.home.ruleset_version_id,
            home_id=fixture.home_id,
            away_id=fixture.away_id,
            status={"forfeit": "forfeit", "played": "approved"}.get(fixture.status, "scheduled"),
            dice_sources=league.dice_sources,
            reports_apply=league.reports_apply,
            seed=secrets.token_hex(8),
            forfeited_by_id=fixture.forfeited_by_id,
        )
        if played:
            Report.objects.create(
                match=match,
                forfeit=fixture.status == "forfeit",
                home_touchdowns=fixture.home_touchdowns or 0,
                away_touchdowns=fixture.away_touchdowns or 0,
            )
        fixture.match = match
        fixture.save(update_fields=["match"])
    _checks_now(schema_editor)


def matches_give_back_fixtures(apps, schema_editor):
    Fixture = apps.get_model("league", "Fixture")
    for fixture in Fixture.objects.filter(match__isnull=False).select_related("match__report"):
        match = fixture.match
        report = getattr(match, "report", None)
        fixture.status = {"forfeit": "forfeit", "approved": "played", "confirmed": "played"}.get(
            match.status, "scheduled"
        )
        fixture.forfeited_by_id = match.forfeited_by_id
        if report is not None and fixture.status != "scheduled":
            fixture.home_touchdowns = report.home_touchdowns
            fixture.away_touchdowns = report.away_touchdowns
        fixture.match = None
        fixture.save()
        match.delete()
    _checks_now(schema_editor)


def _checks_now(schema_editor):
    """PostgreSQL checks foreign keys at commit; altering a table they touch after writing
    rows needs those checks run first."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0002_text_lengths"),
        ("matches", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="fixture",
            name="match",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="fixture",
                to="matches.match",
            ),
        ),
        migrations.RunPython(fixtures_get_matches, matches_give_back_fixtures),
        migrations.RemoveField(model_name="fixture", name="away_touchdowns"),
        migrations.RemoveField(model_name="fixture", name="forfeited_by"),
        migrations.RemoveField(model_name="fixture", name="home_touchdowns"),
        migrations.RemoveField(model_name="fixture", name="status"),
    ]
