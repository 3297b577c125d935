"""Ledger causes, players' keys, injuries apart from advancements, rolls in the ledger:
the new columns, nullable or defaulted until 0003 fills them and 0004 tightens them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="LedgerCause",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(choices=[("creation", "team created"), ("purchase", "purchase"), ("departure", "player left"), ("roll", "improvement roll"), ("choice", "advancement chosen"), ("adjustment", "adjustment"), ("undo", "undo"), ("report", "match report")], max_length=20)),
                ("ref", models.PositiveBigIntegerField(blank=True, help_text="The cause's own row elsewhere (a match report's id).", null=True)),
                ("request", models.JSONField(blank=True, default=dict, help_text="What was asked, in full.")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("actor", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+", to=settings.AUTH_USER_MODEL)),
            ],
            options={
                "constraints": [models.UniqueConstraint(condition=models.Q(("ref__isnull", False)), fields=("kind", "ref"), name="one_cause_per_ref")],
            },
        ),
        migrations.RenameField(model_name="ledgerentry", old_name="cause", new_name="summary"),
        migrations.AddField(
            model_name="ledgerentry",
            name="cause",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name="entries", to="teams.ledgercause"),
        ),
        migrations.AlterField(
            model_name="ledgerentry",
            name="kind",
            field=models.CharField(choices=[("creation", "team created"), ("purchase", "purchase"), ("departure", "player left"), ("roll", "improvement roll"), ("advancement", "advancement"), ("report", "match report"), ("adjustment", "adjustment"), ("reversal", "reversal")], max_length=20),
        ),
        migrations.AddField(
            model_name="player",
            name="key",
            field=models.CharField(default="", help_text="How the team's ledger names him (p1, p2, ...), for good.", max_length=12),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="player",
            name="injury_changes",
            field=models.JSONField(blank=True, default=dict, help_text="Characteristic -> - from injuries."),
        ),
        migrations.AlterField(
            model_name="player",
            name="changes",
            field=models.JSONField(blank=True, default=dict, help_text="Characteristic -> + from advancements."),
        ),
        migrations.AlterField(
            model_name="player",
            name="status",
            field=models.CharField(choices=[("active", "active"), ("missing_next_game", "misses the next game"), ("dead", "dead"), ("retired", "retired"), ("fired", "fired"), ("undone", "hiring undone")], default="active", max_length=20),
        ),
        migrations.AddField(
            model_name="improvementroll",
            name="key",
            field=models.CharField(default="", help_text="How the ledger names the roll (r14).", max_length=12),
            preserve_default=False,
        ),
        migrations.RemoveConstraint(model_name="improvementroll", name="one_roll_per_number"),
    ]
