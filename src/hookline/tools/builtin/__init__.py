"""Built-in tools: ready-made ``Tool``s for common jobs (memory, ...)."""

from hookline.tools.builtin.memory import (
    SaveQuestionToolArgsTool,
    SaveTextMemoryTool,
    SearchSavedCorrectToolUsesTool,
    memory_tools,
)

__all__ = [
    "SaveQuestionToolArgsTool",
    "SaveTextMemoryTool",
    "SearchSavedCorrectToolUsesTool",
    "memory_tools",
]
