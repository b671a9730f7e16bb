"""ASGI entry point (``daphne campaign.asgi:application``): the site over HTTP, and the live-table
nudges over WebSockets at ``/ws/tables/<id>/`` (session login, or ``Authorization: Token ...``)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
django_asgi = get_asgi_application()  # set Django up before importing anything that touches models

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from campaign.lib.ws_auth import TokenAuthMiddleware  # noqa: E402
from referee.tables.consumers import TableNudgeConsumer  # noqa: E402

websocket_urls = [path("ws/tables/<int:pk>/", TableNudgeConsumer.as_asgi())]

application = ProtocolTypeRouter({
    "http": django_asgi,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urls)))),
})
