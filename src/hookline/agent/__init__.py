"""The agent and its turn pipeline."""

from hookline.agent.agent import Agent
from hookline.agent.config import AgentConfig
from hookline.agent.crash_recovery import RecoveryResult
from hookline.agent.history import repair_tool_pairs
from hookline.agent.result import RunResult
from hookline.agent.system_prompt import DefaultSystemPromptBuilder, SystemPromptBuilder
from hookline.tools.approval import (
    DECISIONS_KEY,
    PENDING_KEY,
    ApprovalDecision,
    DecisionRecord,
    PendingToolCall,
    approve,
    call_digest,
    decision_records,
    reject,
)

__all__ = [
    "DECISIONS_KEY",
    "PENDING_KEY",
    "Agent",
    "AgentConfig",
    "ApprovalDecision",
    "DecisionRecord",
    "DefaultSystemPromptBuilder",
    "PendingToolCall",
    "RecoveryResult",
    "RunResult",
    "SystemPromptBuilder",
    "approve",
    "call_digest",
    "decision_records",
    "reject",
    "repair_tool_pairs",
]
