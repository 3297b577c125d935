"""Fills what 0002 added, for teams made before it:

- each player gets his key (p1, p2, ... in the order the rows were made) and every delta
  names him by it instead of his database id; a player whose row was deleted by an undo (as
  undoing used to) gets his row back, marked "undone";
- every entry gets a cause of its kind, marked legacy (its request was not kept, so a rebuild
  keeps its deltas as they are);
- characteristic changes below zero become injury changes;
- each improvement roll already made is recorded in the ledger, with its choice, by one new
  entry per roll at the end of the team's ledger.
"""

from django.db import migrations

CAUSE_KINDS = {"advancement": "choice", "reversal": "undo"}


def _player_ref(delta, keys):
    if "player" in delta and str(delta["player"]) in keys:
        return {**delta, "player": keys[str(delta["player"])]}
    return delta


def _with_origin(delta):
    if delta.get("field") == "characteristic" and "origin" not in delta:
        return {**delta, "origin": "injury" if int(delta["amount"]) < 0 else "advancement"}
    return delta


def fill(apps, schema_editor):
    Team = apps.get_model("teams", "Team")
    Player = apps.get_model("teams", "Player")
    Entry = apps.get_model("teams", "LedgerEntry")
    Cause = apps.get_model("teams", "LedgerCause")
    Roll = apps.get_model("teams", "ImprovementRoll")
    Position = apps.get_model("rules", "Position")
    Star = apps.get_model("rules", "StarPlayer")
    for team in Team.objects.order_by("pk"):
        rows = list(Player.objects.filter(team=team).order_by("pk"))
        keys = {}
        for index, row in enumerate(rows, 1):
            row.key = f"p{index}"
            keys[str(row.pk)] = row.key
            lost = {k: v for k, v in (row.changes or {}).items() if v < 0}
            row.injury_changes = lost
            row.changes = {k: v for k, v in (row.changes or {}).items() if v > 0}
        entries = list(Entry.objects.filter(team=team).order_by("sequence"))
        for entry in entries:
            for delta in entry.deltas:
                # A player deleted by an old undo: his row comes back, marked undone.
                if delta.get("op") == "join" and str(delta["player"]) not in keys:
                    row = _undone_row(team, delta, len(keys) + 1, Player, Position, Star)
                    if row is not None:
                        rows.append(row)
                        keys[str(delta["player"])] = row.key
        Player.objects.bulk_update(
            [row for row in rows if row.pk], ["key", "changes", "injury_changes"]
        )
        for entry in entries:
            entry.deltas = [_with_origin(_player_ref(d, keys)) for d in entry.deltas]
            request = {"legacy": True}
            if entry.kind == "reversal" and entry.reverses_id:
                request["reverses"] = entry.reverses_id
            entry.cause = Cause.objects.create(
                kind=CAUSE_KINDS.get(entry.kind, entry.kind),
                request=request,
                actor_id=entry.actor_id,
            )
        Entry.objects.bulk_update(entries, ["deltas", "cause"])
        _record_rolls(team, rows, entries, Entry, Cause, Roll)


def _undone_row(team, delta, index, Player, Position, Star):
    if delta.get("star"):
        star = Star.objects.filter(version=team.ruleset_version_id, name=delta["position"]).first()
        position = None
    else:
        star = None
        position = Position.objects.filter(race=team.race_id, name=delta["position"]).first()
    if star is None and position is None:
        return None
    return Player.objects.create(
        team=team, key=f"p{index}", position=position, star=star,
        number=delta["number"], name=delta["name"], status="undone",
    )  # fmt: skip


def _record_rolls(team, rows, entries, Entry, Cause, Roll):
    head = entries[-1].sequence if entries else 0
    by_pk = {row.pk: row for row in rows}
    for roll in Roll.objects.filter(player__team=team).order_by("player_id", "number"):
        head += 1
        player = by_pk[roll.player_id]
        roll.key = f"r{head}"
        roll.save(update_fields=["key"])
        made = {"key": roll.key, "die1": roll.die1, "die2": roll.die2,
                "source": roll.source, "seed": roll.seed, "choice": ""}  # fmt: skip
        deltas = [{"op": "player", "player": player.key, "field": "roll", "roll": made,
                   "add": True}]  # fmt: skip
        if roll.choice:
            deltas.append({"op": "player", "player": player.key, "field": "choice",
                           "roll": roll.key, "from": "", "to": roll.choice})  # fmt: skip
        Entry.objects.create(
            team=team, sequence=head, kind="roll",
            cause=Cause.objects.create(kind="roll", request={"legacy": True}),
            summary=f"#{player.number} {player.name}: improvement roll {roll.number} "
                    f"({roll.die1}+{roll.die2}) kept in the ledger from now on",
            ruleset_version_id=team.ruleset_version_id, deltas=deltas,
        )  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("teams", "0002_ledger_causes_and_keys"), ("rules", "0001_initial")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
