"""Models: the LlmService interface, request/response types and providers.

The SDK-backed providers (``OpenAILlmService``, ``AnthropicLlmService``,
``LocalLlmService``) and the helpers around them load on first access, so
``import hookline`` stays fast and works without the optional extras.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hookline._lazy import load
from hookline.llm.base import LlmService
from hookline.llm.models import (
    LlmMessage,
    LlmRequest,
    LlmResponse,
    LlmStreamChunk,
    ToolCall,
    ToolSchema,
    Usage,
)
from hookline.llm.scripted import ScriptedLlmService, text_reply, tool_call_reply
from hookline.llm.tokens import approximate_tokens

if TYPE_CHECKING:
    from hookline.llm.anthropic import AnthropicLlmService
    from hookline.llm.env import from_env
    from hookline.llm.errors import ProviderConfigError
    from hookline.llm.local import LocalLlmService
    from hookline.llm.openai import OpenAILlmService
    from hookline.llm.pricing import ModelPrice, estimate_cost, get_price, register_price

__all__ = [
    "AnthropicLlmService",
    "LlmMessage",
    "LlmRequest",
    "LlmResponse",
    "LlmService",
    "LlmStreamChunk",
    "LocalLlmService",
    "ModelPrice",
    "OpenAILlmService",
    "ProviderConfigError",
    "ScriptedLlmService",
    "ToolCall",
    "ToolSchema",
    "Usage",
    "approximate_tokens",
    "estimate_cost",
    "from_env",
    "get_price",
    "register_price",
    "text_reply",
    "tool_call_reply",
]

_LAZY = {
    "AnthropicLlmService": "hookline.llm.anthropic",
    "LocalLlmService": "hookline.llm.local",
    "ModelPrice": "hookline.llm.pricing",
    "OpenAILlmService": "hookline.llm.openai",
    "ProviderConfigError": "hookline.llm.errors",
    "estimate_cost": "hookline.llm.pricing",
    "from_env": "hookline.llm.env",
    "get_price": "hookline.llm.pricing",
    "register_price": "hookline.llm.pricing",
}


def __getattr__(name: str) -> Any:
    return load(__name__, _LAZY, name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
