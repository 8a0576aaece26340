"""CORS: closed unless origins are listed; explicit origins only, never ``*``."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

__all__ = ["check_cors_origins"]


def check_cors_origins(origins: Iterable[str], *, allow_credentials: bool) -> list[str]:
    """The origins, validated: ``scheme://host[:port]`` each, no wildcard, no path.

    Raises ``ValueError`` for ``*`` (with or without credentials: list the
    origins that may call the API) and for anything that is not an origin.

    Example::

        check_cors_origins(["https://app.example.com"], allow_credentials=True)
    """
    checked = []
    for origin in origins:
        if origin.strip() == "*" or "*" in origin:
            hint = " with credentials" if allow_credentials else ""
            raise ValueError(
                f"CORS origin {origin!r} refused: a wildcard{hint} would let any web site "
                "call this API; list the allowed origins explicitly."
            )
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"CORS origin {origin!r} is not an origin like https://example.com")
        if parts.path not in ("", "/") or parts.query or parts.fragment:
            raise ValueError(f"CORS origin {origin!r} has a path: give scheme://host[:port] only")
        checked.append(f"{parts.scheme}://{parts.netloc}".lower())
    return checked
