"""``served_agent``: the agent an app runs its turns with, apart from the one it was given.

The server registers hooks of its own (client tools, a request's ``tool_choice``); they
go on the app's copy, so ``create_app`` leaves the agent it is given as it was: a script
or a second app running that agent sees none of them.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hookline.agent.agent import Agent

__all__ = ["served_agent"]


def served_agent(agent: Agent) -> Agent:
    """``agent`` with a hook registry of its own (a snapshot of ``agent.hooks``); the
    model, tools, stores, settings and turn locks are shared.

    Hooks registered on ``agent`` after the copy do not reach it.  (When ``Agent.copy``
    exists this becomes ``agent.copy()``.)
    """
    served = copy.copy(agent)
    served.hooks = agent.hooks.copy()
    return served
