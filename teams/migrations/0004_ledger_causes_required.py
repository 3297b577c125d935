"""Every entry has its cause and every player and roll its key (filled by 0003)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("teams", "0003_fill_ledger_causes_and_keys")]

    operations = [
        migrations.AlterField(
            model_name="ledgerentry",
            name="cause",
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="entries", to="teams.ledgercause"),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(fields=("team", "key"), name="one_player_per_key"),
        ),
        migrations.AddConstraint(
            model_name="improvementroll",
            constraint=models.UniqueConstraint(fields=("player", "key"), name="one_roll_per_key"),
        ),
    ]
