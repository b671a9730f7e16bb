"""Muster's one settings module, driven by the environment (see README, Configuration).

Embedded default (nothing set): SQLite under ``var/``, tasks run in-process,
DEBUG on, a secret key generated once under ``var/``. Production and CI set
DATABASE_URL, CELERY_BROKER_URL and friends; a bad value stops start-up.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from campaign.envconf import (
    env_bool,
    env_broker,
    env_cache,
    env_channel_layer,
    env_database,
    env_int,
    env_list,
    env_proxy_count,
    env_proxy_ssl_header,
    env_str,
    env_time_zone,
    resilient_caches,
    secret_key,
    throttle_cache,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MUSTER_VAR_DIR") or BASE_DIR / "var")
FIXTURES_DIR = BASE_DIR / "fixtures"

_EMBEDDED = not env_str("DATABASE_URL")
DEBUG = env_bool("DEBUG", default=_EMBEDDED)
SECRET_KEY = secret_key(configured=env_str("SECRET_KEY"), debug=DEBUG, keep_in=VAR_DIR)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

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
    "rules.apps.AutodiscoverRulesConfig",
    "simple_history",
    "django_celery_beat",
    "django_htmx",
    "allauth",
    "allauth.account",
    "campaign.lib",
    "referee",
    "campaign",
    "campaign.weekly",
    "campaign.tables",
    "roster",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "campaign.lib.http_guards.ApiInputGuardMiddleware",  # after Locale: its refusals speak the client's language
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "campaign.web.middleware.PrivatePagesMiddleware",  # CSP on every page; logged-in pages never stored
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "campaign.web.middleware.ProfileLocaleMiddleware",  # web pages speak the language the user's profile keeps
    "simple_history.middleware.HistoryRequestMiddleware",
    "campaign.lib.http_guards.DatabaseUnavailableMiddleware",  # a database restarting: 503 + Retry-After
]

ROOT_URLCONF = "campaign.urls"
WSGI_APPLICATION = "campaign.wsgi.application"
ASGI_APPLICATION = "campaign.asgi.application"  # live-table nudges over WebSockets (daphne)
# Redis in production (every daphne process shares it); in-memory on the embedded default.
CHANNEL_LAYERS = {"default": env_channel_layer("CHANNEL_LAYER_URL")}

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "campaign" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "campaign.web.context.web",
            ],
        },
    },
]

DATABASES = {"default": env_database("DATABASE_URL", VAR_DIR / "muster.sqlite3")}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A new PostgreSQL connection per request caps a trivial endpoint near 160 req/s here;
    # persistent connections lift it to about 1,350 (DESIGN §7).
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("DB_CONN_MAX_AGE", 600, minimum=0)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # A psycopg connection pool per process instead (docs/deploy.md): for the ASGI server's threads and
    # for many processes in front of one PostgreSQL. Django wants persistent connections off with a pool.
    _POOL_MAX = env_int("DB_POOL_MAX_SIZE", 0, minimum=0)
    if _POOL_MAX:
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(env_int("DB_POOL_MIN_SIZE", 1, minimum=0), _POOL_MAX),
            "max_size": _POOL_MAX,
            "timeout": env_int("DB_POOL_TIMEOUT", 10, minimum=1),
        }
else:
    DATABASES["default"].setdefault("OPTIONS", {})
    # WAL and a busy timeout let the in-process demo serve reads while a task writes.
    DATABASES["default"]["OPTIONS"].setdefault("timeout", 20)
    DATABASES["default"]["OPTIONS"].setdefault("init_command", "PRAGMA journal_mode=WAL;")
    # A deferred transaction that reads and then writes fails at once with "database is locked" when
    # another connection wrote meanwhile (the busy timeout cannot help it); IMMEDIATE takes the write lock
    # at BEGIN, so concurrent requests (two phones switching language) wait their turn instead of a 500.
    DATABASES["default"]["OPTIONS"].setdefault("transaction_mode", "IMMEDIATE")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": env_cache("CACHE_URL")}
CACHES["throttle"] = throttle_cache(CACHES["default"])

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "rules.permissions.ObjectPermissionBackend",  # object permissions as predicates (roster/rules.py)
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",  # log in by username or e-mail on the web
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Web accounts (django-allauth): sign-up confirms the e-mail address before the first log-in.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGOUT_REDIRECT_URL = "login"
ACCOUNT_ADAPTER = "campaign.web.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "campaign.web.adapter.LoginForm", "signup": "campaign.web.adapter.SignupForm"}
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Muster] "

# E-mail: printed to the console unless EMAIL_HOST names an SMTP server.
EMAIL_HOST = env_str("EMAIL_HOST", "") or ""
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "") or ""
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "") or ""
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Muster <muster@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Links in e-mailed notices start with this (e.g. https://muster.example.org); empty: relative paths.
SITE_URL = env_str("SITE_URL", "") or ""

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian")), ("cs", _("Czech"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_time_zone("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "campaign.lib.api.schema.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "campaign.lib.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # JSON only: one body type in the contract, so generated clients send JSON, required where required
    # (the web app posts its forms to Django views, not here).
    "DEFAULT_PARSER_CLASSES": ["campaign.lib.parsers.JSONParser"],
    "DEFAULT_THROTTLE_CLASSES": [
        "campaign.lib.throttles.AnonRateThrottle",
        "campaign.lib.throttles.UserRateThrottle",
    ],
    # X-Forwarded-For entries to trust when telling clients apart; 0 (the default) trusts none.
    "NUM_PROXIES": env_proxy_count("NUM_PROXIES", 0),
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("THROTTLE_ANON", "120/minute"),
        "user": env_str("THROTTLE_USER", "6000/minute"),
        "login": env_str("THROTTLE_LOGIN", "20/minute"),
    },
    "EXCEPTION_HANDLER": "campaign.lib.api.errors.exception_handler",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

KNOX_TOKEN_MODEL = "knox.AuthToken"  # noqa: S105 (a model name, no secret) named so campaign.lib's ApiDevice can point at it (a swappable model)
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env_int("API_TOKEN_DAYS", 90, minimum=1)),
    "AUTO_REFRESH": True,
    "TOKEN_LIMIT_PER_USER": env_int("API_TOKENS_PER_USER", 20, minimum=1),  # enforced in campaign/api/auth.py
    "AUTH_HEADER_PREFIX": "Token",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Muster API",
    "DESCRIPTION": "Campaign manager and referee assistant for tabletop skirmish leagues.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": "/api/v1/",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
    ],
    # Several models have a "status": name each choice set after its model so the schema stays stable.
    "ENUM_NAME_OVERRIDES": {
        "CampaignStatusEnum": "campaign.models.Campaign.Status",
        "WeekStatusEnum": "campaign.models.Week.Status",
        "BattleStatusEnum": "roster.models.Battle.Status",
        "BattleReportStatusEnum": "roster.models.BattleReport.Status",
        "WarbandStatusEnum": "roster.models.Warband.Status",
        "WarriorStatusEnum": "roster.models.Warrior.Status",
        "TableStatusEnum": "referee.table_models.TableSession.Status",
        "TableSeatRoleEnum": "referee.table_models.TableSeat.Role",
    },
}

# Celery: with no broker configured, tasks run in-process, eagerly, and their
# exceptions propagate, so the embedded default needs nothing running beside it.
_BROKER = env_broker("CELERY_BROKER_URL")
BROKER_CONFIGURED = _BROKER is not None
CELERY_BROKER_URL = _BROKER or "memory://"
CELERY_TASK_ALWAYS_EAGER = not BROKER_CONFIGURED
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or (
    _BROKER if _BROKER and _BROKER.startswith("redis") else None
)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-task leaves the message to be redelivered
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BEAT_SCHEDULE = {
    # Closes the weeks past their deadline and opens the next (campaign.tasks); cheap when nothing is due.
    "campaign-sweep-weeks": {"task": "campaign.sweep_weeks", "schedule": 60.0},
    # Re-queues battle aftermaths a dead worker left unapplied (roster.aftermath.tasks); their rolls are never redone.
    "roster-aftermath-sweep": {"task": "roster.aftermath_sweep", "schedule": 300.0},
    # Tells players whose week ends within 24 hours (campaign.services.notifications); each week once.
    "campaign-deadline-notices": {"task": "campaign.deadline_notices", "schedule": 900.0},
    # Gives up the weekly moves' replacement moves nobody sent in time (campaign.weekly.tasks, WM-ABL-02).
    "weekly-decisions-lapse": {"task": "campaign.weekly_decisions_lapse", "schedule": 300.0},
}
CELERY_TIMEZONE = TIME_ZONE

# Faults a league night survives (issue 29; docs/deploy.md, "Faults"). Redis is an optimisation: every Redis
# cache answers as an empty one when Redis is away (throttles count in the database meanwhile), after a
# connect timeout of a fraction of a second, and is left alone a few seconds after a failure.
CACHES = resilient_caches(CACHES)
if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # a restarting PostgreSQL: fail fast, answer 503
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 3)
# The broker away: a task queued after commit is recorded in the database (its claimable row) and the sweeps
# below queue it again; publishing gives up quickly and logs (campaign.lib.queueing) instead of failing.
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 2.0}
CELERY_BROKER_CONNECTION_TIMEOUT = 1.0
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 0.5
# Seconds after which work recorded but not done (an aftermath, a week's resolution) counts as lost and the
# sweep queues it again (its claim keeps it to one run), and how often the sweeps look.
MUSTER_STUCK_SECONDS = env_int("MUSTER_STUCK_SECONDS", 120, minimum=1)
MUSTER_SWEEP_SECONDS = env_int("MUSTER_SWEEP_SECONDS", 60, minimum=1)
CELERY_BEAT_SCHEDULE["roster-aftermath-sweep"]["schedule"] = float(MUSTER_SWEEP_SECONDS)
CELERY_BEAT_SCHEDULE["campaign-weekly-resolution-sweep"] = {
    "task": "campaign.weekly_resolution_sweep",
    "schedule": float(MUSTER_SWEEP_SECONDS),
}

# How many plan entries of a week one transaction resolves at most (campaign.weekly.resolution.run): a killed
# worker loses at most one group, which the next run resolves again with the same dice.
WEEKLY_RESOLUTION_BATCH = env_int("WEEKLY_RESOLUTION_BATCH", 100, minimum=1)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    # Hardened by default (docs/deploy.md): HTTPS only, remembered by the browser for a year; behind a TLS proxy
    # SECURE_PROXY_SSL_HEADER names the header it sets (HTTP_X_FORWARDED_PROTO=https).
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the load balancer's probe may ask over plain HTTP
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    SECURE_PROXY_SSL_HEADER = env_proxy_ssl_header("SECURE_PROXY_SSL_HEADER")
    if not SECURE_HSTS_PRELOAD:
        # Submitting the host to the browsers' preload list is hard to undo: the owner's choice, not a default.
        SILENCED_SYSTEM_CHECKS = ["security.W021"]

# One account rule for every door (campaign.services.account_guard): wrong passwords counted in the
# "throttle" store, per address and per account from one address; past a limit that address waits,
# the wait doubling (the owner elsewhere is never locked out).
LOGIN_FAILURES_PER_ACCOUNT = env_int("LOGIN_FAILURES_PER_ACCOUNT", 5, minimum=1)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 20, minimum=1)
# allauth's own per-account lock (five wrong passwords from anyone) is replaced by the guard's.
ACCOUNT_RATE_LIMITS = {"login_failed": None}
