"""DRF's plain-text tokens (rest_framework.authtoken, used before named tokens) become named,
hashed tokens that keep working: each keeps its secret, now kept only as knox's digest, and
is listed on its coach's profile as "Token made before named tokens" until he revokes it or
changes his password. Then DRF's table, which held the secrets in plain text, is dropped.

A database made after this change never had that table, so there is nothing to do."""

import hashlib
import uuid

from django.db import migrations

OLD_TABLE = "authtoken_token"
OLD_NAME = "Token made before named tokens"
KEY_LENGTH = 15  # knox's CONSTANTS.TOKEN_KEY_LENGTH: the secret's first characters, for lookup


def hashed(apps, schema_editor) -> None:
    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("accounts", "ApiToken")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {OLD_TABLE}")
        rows = cursor.fetchall()
    for key, user_id, created in rows:
        token = ApiToken.objects.create(
            # knox hashes the secret's UTF-8 bytes with SHA-512 (knox.crypto.hash_token)
            digest=hashlib.sha512(key.encode("utf-8")).hexdigest(),
            token_key=key[:KEY_LENGTH],
            user_id=user_id,
            number=uuid.uuid4(),
            name=OLD_NAME,
        )
        # `created` is auto_now_add: keep the old token's date with an update
        ApiToken.objects.filter(pk=token.pk).update(created=created)
    schema_editor.execute(f"DROP TABLE {OLD_TABLE}")


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_coach_profile_and_tokens")]

    # Once the plain secrets are gone they cannot come back: going back leaves the hashed
    # tokens where they are.
    operations = [migrations.RunPython(hashed, migrations.RunPython.noop)]
