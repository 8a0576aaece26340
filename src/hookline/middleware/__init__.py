"""Agent middleware: the six lifecycle hooks, HookAction, and the built-ins."""

from hookline.middleware.actions import Approve, Continue, HookAction, Modify, Reject, Retry
from hookline.middleware.base import AgentMiddleware

__all__ = ["AgentMiddleware", "Approve", "Continue", "HookAction", "Modify", "Reject", "Retry"]
