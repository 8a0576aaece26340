"""The agent and its turn pipeline."""

from hookline.agent.agent import Agent
from hookline.agent.config import AgentConfig
from hookline.agent.crash_recovery import RecoveryResult
from hookline.agent.history import repair_tool_pairs
from hookline.agent.result import RunResult
from hookline.agent.system_prompt import DefaultSystemPromptBuilder, SystemPromptBuilder
from hookline.tools.approval import (
    PENDING_KEY,
    ApprovalDecision,
    PendingToolCall,
    approve,
    reject,
)

__all__ = [
    "PENDING_KEY",
    "Agent",
    "AgentConfig",
    "ApprovalDecision",
    "DefaultSystemPromptBuilder",
    "PendingToolCall",
    "RecoveryResult",
    "RunResult",
    "SystemPromptBuilder",
    "approve",
    "reject",
    "repair_tool_pairs",
]
