"""Django settings for Dugout.

Everything that differs between a laptop and production comes from the environment
(see league/config/env.py and the README); everything else is fixed here.
"""

from __future__ import annotations

import os
from pathlib import Path

from csp.constants import NONE, SELF

from league.config.env import Config

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"

CONFIG = Config.from_env(os.environ, VAR_DIR)

DEBUG = CONFIG.debug
SECRET_KEY = CONFIG.secret_key
ALLOWED_HOSTS = CONFIG.allowed_hosts
CSRF_TRUSTED_ORIGINS = CONFIG.csrf_trusted_origins

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "csp",  # only for its system checks of the CONTENT_SECURITY_POLICY setting
    "league.config.accounts",
    "league",
    "league.notices",
    "rules",
    "teams",
    "matches",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Near the top, so its header goes on every answer, the static files' and a lock-out's too.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After the coach is known: his pages show dates and times in his time zone.
    "league.config.accounts.middleware.TimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A NUL character in a form field, or a refusal escaping a view, is a 400 naming the field.
    "rules.plumbing.responses.RefusalMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lock-out answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "league.config.urls"
WSGI_APPLICATION = "league.config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": CONFIG.database}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Password guessing is throttled by django-axes, on the log-in form and the token endpoint:
# after AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is
# locked out for AXES_COOLOFF_TIME hours (429, with a message saying so). A site admin lifts
# a lock at once with `manage.py axes_reset_username <username>` (README, "Log-in lock-out").
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "league.config.accounts.lockout.locked_out"
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files in production; plain files while developing, so a change
    # to a stylesheet shows without running collectstatic.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
MEDIA_ROOT = VAR_DIR / "media"
MEDIA_URL = "media/"

# Security: on in production, off while developing over plain HTTP.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = CONFIG.secure_ssl_redirect
SECURE_HSTS_SECONDS = CONFIG.hsts_seconds
SECURE_HSTS_INCLUDE_SUBDOMAINS = CONFIG.hsts_seconds > 0
SECURE_HSTS_PRELOAD = CONFIG.hsts_seconds > 0
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
# /healthz is probed over plain HTTP by load balancers and process managers.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Content-Security-Policy (django-csp): a browser runs, styles and loads only the site's own
# files, so that HTML which ever got past escaping (in a team or player name, say) could run
# nothing and load nothing from elsewhere. Hence no inline <script>, <style>, style="" or
# on*="" on any page (tests/league/config/test_content_security_policy.py walks the pages for
# them), htmx told neither to inject its indicator styles nor to eval (the htmx-config meta in
# templates/base.html), and the API docs' start-up script served as a file of its own
# (SpectacularSwaggerSplitView). No 'unsafe-inline' or 'unsafe-eval' anywhere: nothing needs it.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "font-src": [SELF],
        # data: for pictures only: Swagger UI's stylesheet (/api/docs/) draws its icons as
        # data: SVGs. A picture runs no code; scripts and styles never come from data:.
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],  # htmx's requests and the API docs' calls to the API
        "form-action": [SELF],
        "frame-ancestors": [NONE],  # as X-Frame-Options: DENY, for browsers that read only CSP
        "base-uri": [SELF],
        "object-src": [NONE],
    },
}

# API tokens (django-rest-knox): named, shown once, kept as a SHA-512 digest, no expiry of
# their own; a coach revokes each on his profile, and a new password revokes them all.
KNOX_TOKEN_MODEL = "accounts.ApiToken"
# knox's own migrations would make its token table, which the swap leaves unused, with a
# foreign key to the coaches that keeps PostgreSQL from emptying them (a test's flush).
MIGRATION_MODULES = {"knox": None}
REST_KNOX = {
    "TOKEN_TTL": None,
    "TOKEN_PREFIX": "dugout_",  # so secret scanners and people know one when they see one
    "AUTH_HEADER_PREFIX": "Token",  # as before: scripts keep sending "Token <secret>"
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first, so an unauthenticated request gets 401 with WWW-Authenticate.
        "league.config.accounts.tokens.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "rules.plumbing.parsers.JSONParserWithDepth",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "rules.plumbing.responses.api_exception_handler",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Dugout API",
    "DESCRIPTION": "Blood Bowl leagues, teams, match reports and rulesets.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The interactive docs load their scripts from the project, never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Each operation's 400/401/403/404 with its body, which drf-spectacular leaves out.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "league.config.schema.document_errors",
    ],
}

# Celery: Redis as broker and result store when configured; otherwise every task runs
# eagerly in the calling process, so a laptop needs no services at all.
ROSTER_SHEET_STALE_SECONDS = CONFIG.sheet_stale_seconds
ROSTER_SHEET_RENDER_DELAY = CONFIG.sheet_render_delay
# The queue roster-sheet renders go to: Celery's default, which every worker consumes.
ROSTER_SHEET_QUEUE = "celery"
CELERY_BROKER_URL = CONFIG.broker_url
CELERY_RESULT_BACKEND = CONFIG.broker_url
CELERY_TASK_ALWAYS_EAGER = CONFIG.broker_url is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_EXPIRES = 24 * 3600
# A Redis that is down is noticed within a second by every request that sends a task, not
# after Celery's retries (about 20 s per request): the request is kept (a roster sheet stays
# queued and says so) and sent again when someone next looks. Both users of the URL count:
# the broker, with no publish retries and short connects...
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 0.3}
# ...and the result store. Before a task that keeps its result is sent, Celery subscribes to
# the result's channel; when that fails it reconnects under the result store's own retry
# policy (20 tries a second apart, about 19 s), which the publish settings above do not reach.
# One reconnect and no pause instead, so a host that does not answer at all costs two 0.3 s
# connects. A worker loses nothing by it: redis-py replaces a dropped pooled connection by
# itself, and a sheet's outcome is kept in the database, not in the result store.
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 0.3
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": {"max_retries": 0}}
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": "INFO"},
    # WeasyPrint and fontTools narrate every step of every PDF at INFO; keep their warnings
    # (a refused URL, a missing glyph) and drop the narration.
    "loggers": {
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
        "axes": {"level": "WARNING"},  # one line per failed log-in otherwise
    },
}

# Mail (a report waiting for the opposing coach): see league/config/env.py and the README.
EMAIL_BACKEND = CONFIG.mail.backend
EMAIL_HOST = CONFIG.mail.host
EMAIL_PORT = CONFIG.mail.port
EMAIL_HOST_USER = CONFIG.mail.user
EMAIL_HOST_PASSWORD = CONFIG.mail.password
EMAIL_USE_TLS = CONFIG.mail.use_tls
DEFAULT_FROM_EMAIL = CONFIG.mail.sender
SITE_URL = CONFIG.mail.site_url
# A verification link works once, for the address it was mailed to, for this many hours; a
# coach may ask for another after EMAIL_RESEND_SECONDS, and for at most EMAIL_RESEND_PER_DAY
# links in any 24 hours (league.config.accounts.verification).
EMAIL_VERIFICATION_HOURS = 48
EMAIL_RESEND_SECONDS = 120
EMAIL_RESEND_PER_DAY = 5
