"""WebSocket login by API token: a phone app sends ``Authorization: Token <key>`` in the handshake.

Browsers cannot set that header; they come with their session cookie instead (``AuthMiddlewareStack``
runs first). A bad or missing token leaves whatever user the session gave.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async


@database_sync_to_async
def _user_for(key: str) -> Any:
    from knox.auth import TokenAuthentication
    from rest_framework.exceptions import AuthenticationFailed

    try:
        user, _token = TokenAuthentication().authenticate_credentials(key.encode())
    except AuthenticationFailed:
        return None
    return user


class TokenAuthMiddleware:
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        headers = dict(scope.get("headers") or [])
        raw = headers.get(b"authorization", b"").decode("latin-1")
        if raw.startswith("Token "):
            user = await _user_for(raw.removeprefix("Token ").strip())
            if user is not None:
                scope = {**scope, "user": user}
        return await self.inner(scope, receive, send)
