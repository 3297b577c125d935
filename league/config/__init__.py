"""The project's wiring: settings, URLs, WSGI/ASGI, the Celery app, the environment reader,
health, the API's front door and coach accounts. It sits above every layer and is imported
by none of them."""

# Importing the Celery app here makes @shared_task bind to it whenever Django starts.
from league.config.celery import app as celery_app

__all__ = ["celery_app"]
