"""The Celery application: configured from Django's CELERY_* settings, tasks autodiscovered."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.config.settings")

app = Celery("league")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The wiring is not an installed app; its own task (ping) is found here.
app.autodiscover_tasks(["league.config"])
