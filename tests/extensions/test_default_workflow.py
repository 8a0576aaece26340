"""The default workflow handler describes the agent's own tools; the SQL and chart setup
help is the data agent's (``DataWorkflowHandler``, what ``hookline chat`` builds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookline import (
    Agent,
    RequestContext,
    ScriptedLlmService,
    StaticUserResolver,
    ToolRegistry,
    User,
    tool,
)
from hookline.cli.wiring import build_agent
from hookline.components import UiComponent
from hookline.memory import MemoryAgentMemory
from hookline.sql import SAMPLE_QUESTIONS
from tests.conftest import collect

ADMIN = User(id="boss", username="boss", group_memberships=["admin"])
ANALYST = User(id="ana", username="ana")


@tool
async def weather(city: str) -> str:
    """The weather forecast for a city.

    Reads the national weather service.
    """
    return f"{city}: sunny"


@tool(access_groups=["staff"])
async def payroll(month: str) -> str:
    """Salaries paid in a month."""
    return "none"


def shown(components: list[UiComponent]) -> list[str]:
    """Every text a user sees: text components and the contents of cards."""
    return [
        text
        for component in components
        for text in (getattr(component.rich_component, "content", None),)
        if isinstance(text, str)
    ]


def cards(components: list[UiComponent]) -> list[tuple[str, str, str]]:
    return [
        (c.rich_component.title, c.rich_component.status, c.rich_component.description)  # type: ignore[attr-defined]
        for c in components
        if c.type == "status_card"
    ]


async def turn(agent: Agent, message: str, user: User) -> list[UiComponent]:
    agent.user_resolver = StaticUserResolver(user)
    return await collect(agent.send_message(RequestContext(), message, f"c-{user.id}"))


def weather_agent(memory: MemoryAgentMemory | None = None) -> Agent:
    """A custom agent: a weather tool, and a payroll tool only staff may see."""
    registry = ToolRegistry([weather, payroll])
    return Agent(ScriptedLlmService([]), tool_registry=registry, agent_memory=memory)


async def test_help_lists_the_agents_own_tools_the_user_may_call_and_no_sql() -> None:
    agent = weather_agent()

    help_text = shown(await turn(agent, "/help", ANALYST))[0]

    assert help_text == (
        "## Commands\n"
        "- `/help` — this list\n"
        "- `/approve <id>` / `/reject <id> [reason]` — decide a tool call that waits\n\n"
        "## Tools\n"
        "- `weather` — The weather forecast for a city."
    )
    assert agent.llm_service.requests == []  # type: ignore[attr-defined]


async def test_nothing_a_weather_agent_shows_mentions_sql_or_charts() -> None:
    agent = weather_agent(MemoryAgentMemory())

    analyst_welcome = shown(await turn(agent, "", ANALYST))
    admin_welcome = shown(await turn(agent, "", ADMIN))
    admin_help = shown(await turn(agent, "/help", ADMIN))
    status = await turn(agent, "/status", ADMIN)

    seen = [*analyst_welcome, *admin_welcome, *admin_help, *shown(status)]
    words = "\n".join([*seen, *(card[2] for card in cards(status))]).lower()
    assert "sql" not in words and "chart" not in words and "visuali" not in words
    assert analyst_welcome == [
        "# Welcome, ana\n\nAsk a question (I have tools to help), "
        "or type `/help` to see the commands."
    ]
    assert admin_welcome == ["✅ 1 tools: weather\n✅ Memory"]
    assert "- `/status` — setup health check" in admin_help[0]
    assert admin_help[0].endswith("## Tools\n- `weather` — The weather forecast for a city.")
    assert shown(status) == ["## Status\n\n1 tools: weather\n\nMemory: configured."]
    assert cards(status) == [("Tools", "success", "Ready."), ("Memory", "success", "Ready.")]


async def test_an_agent_without_tools_says_so() -> None:
    agent = Agent(ScriptedLlmService([]))

    help_text = shown(await turn(agent, "/help", ADMIN))[0]
    status = await turn(agent, "/status", ADMIN)
    welcome = (await turn(agent, "", ADMIN))[0].rich_component

    assert help_text.endswith("## Tools\nNo tool is available.")
    assert cards(status) == [
        ("Tools", "warning", "Register tools in the agent's ToolRegistry."),
        ("Memory", "warning", "Give the agent an AgentMemory."),
    ]
    assert welcome.status == "warning"  # type: ignore[attr-defined]
    assert [b.action for b in welcome.buttons] == ["/help", "/status"]  # type: ignore[attr-defined]


@pytest.fixture
def data_agent(tmp_path: Path) -> Agent:
    return build_agent(data_dir=tmp_path / "data", llm=ScriptedLlmService([])).agent


async def test_the_cli_data_agent_gives_the_sql_and_chart_help(data_agent: Agent) -> None:
    help_text = shown(await turn(data_agent, "/help", ANALYST))[0]
    welcome = shown(await turn(data_agent, "", ANALYST))[0]
    status = await turn(data_agent, "/status", ADMIN)
    await data_agent.conversation_store.close()

    assert "- `run_sql` — " in help_text and "- `visualize_data` — " in help_text
    assert all(f"- {question}" in help_text for question in SAMPLE_QUESTIONS)
    assert "about your data" in welcome
    assert "Setup is **functional**" in shown(status)[0]
    assert shown(status)[1].startswith("## Setup guidance\n\nAdd memory:")
    assert [card[:2] for card in cards(status)] == [
        ("SQL", "success"),
        ("Memory", "warning"),
        ("Visualization", "success"),
    ]
