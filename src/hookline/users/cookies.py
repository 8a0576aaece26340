"""SignedCookie: a user id in a cookie that only the server can have written (HMAC-SHA256).

The value is ``<user id, base64url>.<issued at, unix seconds>.<signature, base64url>``;
a changed byte, another secret or an age over ``max_age_seconds`` makes it
invalid.  It carries the user id only, never groups.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import time

__all__ = ["SignedCookie"]

_MIN_SECRET_BYTES = 32


class SignedCookie:
    """Sign and verify the identity cookie of ``HeaderUserResolver``.

    Example::

        cookie = SignedCookie(os.environ["HOOKLINE_COOKIE_SECRET"])
        response.set_cookie("hookline_user", cookie.sign("ada"), httponly=True, secure=True)
        assert cookie.verify(cookie.sign("ada")) == "ada"
    """

    def __init__(self, secret: str | bytes, *, max_age_seconds: float = 7 * 24 * 3600) -> None:
        key = secret.encode() if isinstance(secret, str) else secret
        if len(key) < _MIN_SECRET_BYTES:
            raise ValueError(
                f"The cookie secret must be at least {_MIN_SECRET_BYTES} bytes (got {len(key)}): "
                "generate one with `python -c 'import secrets; print(secrets.token_urlsafe(48))'`."
            )
        self._key = key
        self.max_age_seconds = max_age_seconds

    def sign(self, user_id: str, *, issued_at: float | None = None) -> str:
        """The cookie value for ``user_id``."""
        if not user_id.strip():
            raise ValueError("A signed cookie needs a user id.")
        payload = f"{_b64(user_id.encode())}.{int(time.time() if issued_at is None else issued_at)}"
        return f"{payload}.{_b64(self._mac(payload))}"

    def verify(self, value: str) -> str | None:
        """The user id of a valid, unexpired cookie; None for anything else."""
        payload, _, signature = value.rpartition(".")
        encoded_id, _, issued = payload.partition(".")
        try:
            expected = self._mac(payload)
            valid = hmac.compare_digest(_unb64(signature), expected)
            user_id = _unb64(encoded_id).decode("utf-8")
            age = time.time() - int(issued)
        except (ValueError, binascii.Error, UnicodeDecodeError):
            return None
        if not valid or age > self.max_age_seconds or age < -60 or not user_id.strip():
            return None
        return user_id

    def _mac(self, payload: str) -> bytes:
        return hmac.new(self._key, payload.encode("ascii"), hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
