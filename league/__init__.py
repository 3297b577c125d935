# Importing the Celery app here makes @shared_task bind to it whenever Django starts.
from league.celery import app as celery_app

__all__ = ["celery_app"]
