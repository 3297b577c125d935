"""ASGI entry point, for servers that speak ASGI (`uvicorn league.config.asgi:application`)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.config.settings")

application = get_asgi_application()
