"""Models: the LlmService interface, request/response types and providers."""

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

__all__ = [
    "LlmMessage",
    "LlmRequest",
    "LlmResponse",
    "LlmService",
    "LlmStreamChunk",
    "ScriptedLlmService",
    "ToolCall",
    "ToolSchema",
    "Usage",
    "text_reply",
    "tool_call_reply",
]
