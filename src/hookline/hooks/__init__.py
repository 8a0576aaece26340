"""The hook mechanism: registry, event envelope, context, providers, chains."""

from hookline.hooks.options import HookOptions, HookTimeoutError, OnError, StepSkipped, hook
from hookline.hooks.registry import (
    Chain,
    Event,
    Handler,
    HandlerObserver,
    HookContext,
    HookEvent,
    HookProvider,
    HookRegistry,
    Registration,
    TurnScope,
    Wrapper,
)
from hookline.hooks.stream import GuardrailTripped, StreamTransformer

__all__ = [
    "Chain",
    "Event",
    "GuardrailTripped",
    "Handler",
    "HandlerObserver",
    "HookContext",
    "HookEvent",
    "HookOptions",
    "HookProvider",
    "HookRegistry",
    "HookTimeoutError",
    "OnError",
    "Registration",
    "StepSkipped",
    "StreamTransformer",
    "TurnScope",
    "Wrapper",
    "hook",
]
