"""WSGI entry point, used by gunicorn (`gunicorn league.config.wsgi`)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.config.settings")

application = get_wsgi_application()
