"""Settings for the test suite: the real settings, made fast and deterministic.

The database and broker still come from DATABASE_URL and CELERY_BROKER_URL, so CI runs
the suite against PostgreSQL and Redis; tasks run eagerly unless a test asks for a real
worker (the `celery_worker` fixture in tests/conftest.py).
"""

from league.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files straight from static/ (no collectstatic), as the development server does.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Close each request's database connection when the request ends: live-server threads kept
# alive by the browser would otherwise hold PostgreSQL's test database open at teardown.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
