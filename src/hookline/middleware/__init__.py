"""Agent middleware: the six lifecycle hooks, HookAction, and the built-ins.

Example::

    from hookline.middleware import RetryMiddleware, ToolGuardMiddleware

    agent = Agent(llm, middleware=[RetryMiddleware(), ToolGuardMiddleware({"rm": "raise"})])
"""

from hookline.llm.tokens import approximate_tokens
from hookline.middleware.actions import Approve, Continue, HookAction, Modify, Reject, Retry
from hookline.middleware.approval import HumanApprovalMiddleware
from hookline.middleware.base import ERROR_HOOK_NAMES, HOOK_NAMES, AgentMiddleware
from hookline.middleware.cache import ResponseCacheMiddleware, request_key
from hookline.middleware.call_limit import LIMIT_KEY, CallLimitMiddleware
from hookline.middleware.context_window import ContextWindowMiddleware
from hookline.middleware.critic import (
    DEFAULT_CRITIC_PROMPT,
    CriticMiddleware,
    CriticVerdict,
    CriticVerdictEvent,
)
from hookline.middleware.dry_run import DryRunMiddleware, describe_call
from hookline.middleware.fallback import ModelFallbackMiddleware
from hookline.middleware.grounding import (
    DEFAULT_GROUNDING_NOTE,
    GroundedAnswerGuardrail,
    GroundedTextStream,
)
from hookline.middleware.grounding_terms import Grounding
from hookline.middleware.pii import (
    CARD_PATTERN,
    DEFAULT_PII_PATTERNS,
    EMAIL_PATTERN,
    PHONE_PATTERN,
    PiiPattern,
    PiiRedactionMiddleware,
    PiiStreamRedactor,
    luhn_valid,
)
from hookline.middleware.retry import RetryMiddleware
from hookline.middleware.sqlite_cache import SqliteCacheStore
from hookline.middleware.tool_guard import (
    ToolGuardError,
    ToolGuardMiddleware,
    ToolGuardRule,
    allow,
    raise_error,
    reject_content,
)
from hookline.middleware.transient import is_transient

__all__ = [
    "CARD_PATTERN",
    "DEFAULT_CRITIC_PROMPT",
    "DEFAULT_GROUNDING_NOTE",
    "DEFAULT_PII_PATTERNS",
    "EMAIL_PATTERN",
    "ERROR_HOOK_NAMES",
    "HOOK_NAMES",
    "LIMIT_KEY",
    "PHONE_PATTERN",
    "AgentMiddleware",
    "Approve",
    "CallLimitMiddleware",
    "ContextWindowMiddleware",
    "Continue",
    "CriticMiddleware",
    "CriticVerdict",
    "CriticVerdictEvent",
    "DryRunMiddleware",
    "GroundedAnswerGuardrail",
    "GroundedTextStream",
    "Grounding",
    "HookAction",
    "HumanApprovalMiddleware",
    "ModelFallbackMiddleware",
    "Modify",
    "PiiPattern",
    "PiiRedactionMiddleware",
    "PiiStreamRedactor",
    "Reject",
    "ResponseCacheMiddleware",
    "Retry",
    "RetryMiddleware",
    "SqliteCacheStore",
    "ToolGuardError",
    "ToolGuardMiddleware",
    "ToolGuardRule",
    "allow",
    "approximate_tokens",
    "describe_call",
    "is_transient",
    "luhn_valid",
    "raise_error",
    "reject_content",
    "request_key",
]
