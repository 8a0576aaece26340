"""The agent as a web service: SSE chat, conversations, an OpenAI-compatible endpoint,
AG-UI, health, Prometheus metrics and a web chat page (``pip install 'hookline[server]'``).
"""

from hookline.server.agui import AguiTranslator
from hookline.server.app import create_app
from hookline.server.auth import AuthenticationError, JwtUserResolver
from hookline.server.background import BackgroundServer
from hookline.server.cors import check_cors_origins
from hookline.server.errors import ApiError
from hookline.server.sse import EventStreamResponse, sse_event

__all__ = [
    "AguiTranslator",
    "ApiError",
    "AuthenticationError",
    "BackgroundServer",
    "EventStreamResponse",
    "JwtUserResolver",
    "check_cors_origins",
    "create_app",
    "sse_event",
]
