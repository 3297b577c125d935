"""Settings for the test suite: the real settings, made fast and deterministic.

The database and broker still come from DATABASE_URL and CELERY_BROKER_URL, so CI runs
the suite against PostgreSQL and Redis; tasks run eagerly unless a test asks for a real
worker (the `celery_worker` fixture in tests/conftest.py).
"""

from league.config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files straight from static/ (no collectstatic), as the development server does.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
