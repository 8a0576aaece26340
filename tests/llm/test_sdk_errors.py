"""``to_llm_error``: a provider's failure reaches a client as its class and an error id;
the provider's own text (part of a key, an internal host) only in the log, scrubbed,
under the same id (issue 31)."""

from __future__ import annotations

import logging
import re
from types import ModuleType
from typing import Any

import anthropic
import httpx
import openai
import pytest

from hookline.llm._sdk_errors import to_llm_error

SDKS = [openai, anthropic]
REQUEST = httpx.Request("POST", "https://llm-gw.corp.internal/v1/chat/completions")
PROVIDER_TEXT = "Incorrect API key provided: sk-proj-Zx81mXcVb2nT7yLw. Host llm-gw.corp.internal"


def status_error(sdk: ModuleType, status: int, **error: Any) -> Exception:
    body = {"error": {"message": PROVIDER_TEXT, **error}}
    response = httpx.Response(status, request=REQUEST, json=body)
    exception: Exception = sdk.APIStatusError(
        f"Error code: {status} - {body}", response=response, body=body
    )
    return exception


def mapped(error: Exception, sdk: ModuleType, caplog: pytest.LogCaptureFixture) -> tuple[Any, str]:
    """The ``LlmError`` and the one log line that has its error id."""
    with caplog.at_level(logging.WARNING, logger="hookline.llm"):
        llm_error = to_llm_error(error, sdk, "acme")
    error_id = re.search(r"err-[0-9a-f]{12}", str(llm_error))
    assert error_id is not None, str(llm_error)
    logged = [r.getMessage() for r in caplog.records if error_id.group(0) in r.getMessage()]
    assert len(logged) == 1, logged
    return llm_error, logged[0]


@pytest.mark.parametrize("sdk", SDKS, ids=lambda sdk: sdk.__name__)
@pytest.mark.parametrize(
    ("status", "error", "says", "transient"),
    [
        (
            400,
            {"code": "context_length_exceeded"},
            "the conversation is too long for the model",
            False,
        ),
        (400, {}, "the model provider rejected the request", False),
        (401, {"code": "invalid_api_key"}, "the model provider refused the API key", False),
        (403, {}, "the model provider refused access to this model", False),
        (404, {}, "the model provider does not know this model or endpoint", False),
        (413, {}, "the request is too large for the model provider", False),
        (429, {}, "the model provider's rate limit or quota was reached", True),
        (500, {}, "the model provider had a server error", True),
        (503, {}, "the model provider is overloaded", True),
        (529, {}, "the model provider is overloaded", True),
        (418, {}, "the model provider refused the request", False),
    ],
)
def test_a_status_becomes_its_class_and_an_error_id(
    sdk: ModuleType,
    status: int,
    error: dict[str, str],
    says: str,
    transient: bool,
    caplog: pytest.LogCaptureFixture,
) -> None:
    llm_error, logged = mapped(status_error(sdk, status, **error), sdk, caplog)

    assert re.fullmatch(
        rf"acme: {says} \(HTTP {status}, error id err-[0-9a-f]{{12}}\)", str(llm_error)
    )
    assert (llm_error.status_code, llm_error.transient) == (status, transient)
    assert "Incorrect API key provided: sk-proj-***. Host llm-gw.corp.internal" in logged
    assert "Zx81mXcVb2nT7yLw" not in logged  # the log keeps the text, not the key


@pytest.mark.parametrize("sdk", SDKS, ids=lambda sdk: sdk.__name__)
def test_timeouts_and_unreachable_servers_say_so(
    sdk: ModuleType, caplog: pytest.LogCaptureFixture
) -> None:
    timeout, _ = mapped(sdk.APITimeoutError(request=REQUEST), sdk, caplog)
    unreachable, logged = mapped(
        sdk.APIConnectionError(message=f"cannot reach {REQUEST.url.host}", request=REQUEST),
        sdk,
        caplog,
    )

    assert str(timeout).startswith("acme: the model provider did not answer in time (error id")
    assert str(unreachable).startswith("acme: the model provider is unreachable (error id")
    assert "llm-gw.corp.internal" not in str(unreachable) and "llm-gw.corp.internal" in logged
    assert timeout.transient and unreachable.transient


@pytest.mark.parametrize(
    ("kind", "says", "transient"),
    [
        ("overloaded_error", "the model provider is overloaded", True),
        ("rate_limit_error", "the model provider's rate limit or quota was reached", True),
        ("server_error", "the model provider had a server error", True),
        ("authentication_error", "the model provider refused the API key", False),
        (None, "the model provider reported an error", False),
    ],
)
@pytest.mark.parametrize("sdk", SDKS, ids=lambda sdk: sdk.__name__)
def test_an_error_event_inside_a_stream_becomes_its_class(
    sdk: ModuleType,
    kind: str | None,
    says: str,
    transient: bool,
    caplog: pytest.LogCaptureFixture,
) -> None:
    body = {"error": {"message": PROVIDER_TEXT, **({"type": kind} if kind else {})}}
    llm_error, logged = mapped(sdk.APIError(PROVIDER_TEXT, REQUEST, body=body), sdk, caplog)

    assert re.fullmatch(rf"acme: {says} \(error id err-[0-9a-f]{{12}}\)", str(llm_error))
    assert llm_error.transient is transient
    assert "llm-gw.corp.internal" in logged and "Zx81mXcVb2nT7yLw" not in logged
