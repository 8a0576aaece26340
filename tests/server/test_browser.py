"""The web chat page end to end in headless Chromium (Debian's ``chromium``, driven by
Playwright): starter UI, a streamed answer, a starter button, a table, a chart and an
approval.  Screenshots of each step go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    Event,
    LlmRequest,
    LlmResponse,
    ScriptedLlmService,
    ToolRegistry,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.components import ButtonComponent, CardComponent, UiComponent
from hookline.events import BeforeToolCallEvent
from hookline.extensions import AgentView, DefaultWorkflowHandler
from hookline.llm.models import LlmStreamChunk
from hookline.middleware import RetryMiddleware
from hookline.server import BackgroundServer, create_app
from hookline.sql import SqliteRunner, ensure_sample_database
from hookline.storage.models import Conversation
from hookline.storage.sqlite import SqliteConversationStore
from hookline.tools.builtin import RunSqlTool, VisualizeDataTool
from tests.server.chromium import CHROMIUM, launch

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
TOP_CUSTOMERS_SQL = (
    "SELECT c.first_name || ' ' || c.last_name AS customer, "
    "ROUND(SUM(oi.quantity * oi.unit_price), 2) AS revenue "
    "FROM customers c JOIN orders o ON o.customer_id = c.customer_id "
    "JOIN order_items oi ON oi.order_id = o.order_id "
    "GROUP BY c.customer_id ORDER BY revenue DESC LIMIT 5"
)
CATEGORY_SQL = (
    "SELECT p.category, ROUND(SUM(oi.quantity * oi.unit_price), 2) AS revenue "
    "FROM order_items oi JOIN products p ON p.product_id = oi.product_id "
    "GROUP BY p.category ORDER BY revenue DESC"
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

REFUNDS: list[int] = []
HOSTILE = (
    '<img src=x onerror="window.hacked=1"> **bold** [bad](javascript:window.hacked=2) '
    "[good](https://example.com/docs)"
)


@tool
async def refund(order: int) -> str:
    """Refund an order.

    Args:
        order: The order id.
    """
    REFUNDS.append(order)
    return f"Order {order} refunded."


def reply(request: LlmRequest) -> LlmResponse:
    """The scripted model: picks a tool from the question, then answers from the result."""
    last = request.messages[-1]
    if last.role == "tool":
        answers = {
            "run_sql": "The top customer is listed first; the **five** best are in the table.",
            "visualize_data": "Here is revenue by category.",
            "refund": "Done: **order 7** has been refunded.",
        }
        return text_reply(answers.get(last.name or "", "Done."))
    question = (last.content or "").lower()
    if "top 5 customers" in question:
        return tool_call_reply("run_sql", {"sql": TOP_CUSTOMERS_SQL})
    if "chart" in question:
        return tool_call_reply(
            "visualize_data", {"sql": CATEGORY_SQL, "title": "Revenue by category"}
        )
    if "html" in question:
        return text_reply(HOSTILE)
    if "refund" in question:
        return tool_call_reply("refund", {"order": 7})
    return text_reply(
        "Paris has about **2.1 million** inhabitants; the metro area has *12 million*."
    )


class Starter(DefaultWorkflowHandler):
    async def get_starter_ui(
        self, agent: AgentView, user: User, conversation: Conversation
    ) -> list[UiComponent] | None:
        return [
            UiComponent(
                rich_component=CardComponent(
                    title="Welcome to hookline",
                    content="Ask about the **sample shop**, or start with an example:",
                    icon="👋",
                    buttons=[
                        ButtonComponent(
                            label="Top customers",
                            action="Who are the top 5 customers by revenue?",
                            variant="primary",
                        ),
                        ButtonComponent(label="Help", action="/help"),
                    ],
                )
            )
        ]


def needs_approval(event: Event[BeforeToolCallEvent]) -> None:
    if event.data.call.name == "refund" and not event.data.approved:
        event.data.defer_reason = "Refunds need a human."


class BreaksOffOnce(ScriptedLlmService):
    """The first stream for a "flaky" question shows a few words and fails (a timeout)."""

    broken: set[str] = set()

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        question = request.messages[-1].content or ""
        if "flaky" in question and question not in self.broken:
            self.broken.add(question)
            yield LlmStreamChunk(content="The first try")
            raise TimeoutError("the stream broke off")
        async for chunk in super().stream_request(request):
            yield chunk


@pytest.fixture
def server(tmp_path: Path) -> Iterator[BackgroundServer]:
    runner = SqliteRunner(ensure_sample_database(tmp_path / "sample.sqlite3"))
    agent = Agent(
        BreaksOffOnce(reply, chunks=6, delay_s=0.05),
        tool_registry=ToolRegistry([RunSqlTool(runner), VisualizeDataTool(runner), refund]),
        conversation_store=SqliteConversationStore(tmp_path / "hookline.db"),
        workflow_handler=Starter(),
        config=AgentConfig(stream=True),
        middleware=[RetryMiddleware(base_delay=0.01, jitter=0, tools=False)],
    )
    agent.hooks.on(BeforeToolCallEvent, needs_approval)
    REFUNDS.clear()
    with BackgroundServer(create_app(agent, close_store_on_shutdown=True)) as running:
        yield running


@pytest.fixture
def page(server: BackgroundServer) -> Iterator[Any]:
    shutil.rmtree(SCREENSHOTS, ignore_errors=True)
    SCREENSHOTS.mkdir(parents=True)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        outside: list[str] = []

        def on_console(message: Any) -> None:
            if message.type == "error":
                errors.append(message.text)

        def on_request(request: Any) -> None:
            if not request.url.startswith(server.url):
                outside.append(request.url)

        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", on_console)
        page.on("request", on_request)
        page.goto(server.url)
        yield page
        assert outside == [], f"the page fetched from outside the app: {outside}"
        assert errors == [], errors
        browser.close()


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=False)


def ask(page: Any, text: str) -> None:
    page.fill("#input", text)
    page.press("#input", "Enter")


def test_the_web_chat_end_to_end(page: Any) -> None:
    expect = sync_api.expect
    turns = page.locator(".turn.assistant")

    # 1. starter UI on load
    expect(page.locator(".card h3")).to_contain_text("Welcome to hookline")
    expect(page.locator("#status")).to_have_text("Ready")
    shot(page, "01-starter-ui")

    # 2. a typed question: the answer streams in as markdown
    ask(page, "How many people live in Paris?")
    expect(page.locator(".turn.user").last).to_have_text("How many people live in Paris?")
    answer = turns.last.locator(".text")
    expect(answer).to_contain_text("Paris has about 2.1 million inhabitants")
    expect(answer.locator("strong")).to_have_text("2.1 million")
    expect(answer.locator("em")).to_have_text("12 million")
    shot(page, "02-streamed-answer")

    # 3. a starter button sends its action: a SQL tool line and a table
    page.locator("button.action", has_text="Top customers").click()
    expect(page.locator(".turn.user").last).to_have_text("Who are the top 5 customers by revenue?")
    tool_line = turns.last.locator(".tool-line")
    expect(tool_line).to_have_attribute("data-status", "success")
    expect(tool_line.locator(".tool-name")).to_have_text("run_sql")
    expect(tool_line.locator(".tool-duration")).to_contain_text("ms")
    table = turns.last.locator("table.data-table")
    expect(table.locator("thead th")).to_have_text(["customer", "revenue"])
    expect(table.locator("tbody tr")).to_have_count(5)
    expect(turns.last.locator(".text")).to_contain_text("five best are in the table")
    shot(page, "03-starter-button-table")

    # 4. a chart drawn as SVG, no CDN
    ask(page, "Show revenue by category as a chart")
    chart = turns.last.locator("figure.chart")
    expect(chart.locator("figcaption")).to_have_text("Revenue by category")
    expect(chart.locator("svg rect.bar")).not_to_have_count(0)
    shot(page, "04-chart")

    # 4b. markdown is escaped first: no HTML from the model reaches the page
    ask(page, "Answer with some html")
    hostile = turns.last.locator(".text")
    expect(hostile.locator("strong")).to_have_text("bold")
    expect(hostile).to_contain_text('<img src=x onerror="window.hacked=1">')
    assert hostile.locator("img").count() == 0
    expect(hostile.locator("a")).to_have_count(1)
    expect(hostile.locator("a")).to_have_attribute("href", "https://example.com/docs")
    assert page.evaluate("window.hacked") is None

    # 4c. a stream that breaks off and is retried: the new answer starts its own block
    ask(page, "A flaky question")
    blocks = turns.last.locator(".text")
    expect(blocks).to_have_count(2)
    expect(blocks.first).to_have_text("The first try")
    expect(turns.last.locator(".status-card strong")).to_have_text("The answer broke off")
    expect(blocks.last).to_contain_text("Paris has about 2.1 million inhabitants")
    shot(page, "04c-broken-off-retried")

    # 5. a tool call waits for approval; Approve runs it
    ask(page, "Please refund order 7")
    card = turns.last.locator(".card.approval")
    expect(card.locator("h3")).to_contain_text("Approval needed")
    expect(card.locator("button.action")).to_have_text(["Approve", "Reject", "Edit"])
    assert REFUNDS == []
    shot(page, "05-approval-card")
    card.locator("button.action", has_text="Edit").click()
    expect(page.locator("#input")).to_have_value(
        "/approve call_" + page.locator("#input").input_value().split("call_")[1]
    )
    page.fill("#input", "")
    card.locator("button.action", has_text="Approve").click()
    expect(turns.last.locator(".text")).to_contain_text("order 7 has been refunded")
    expect(turns.last.locator(".tool-line")).to_have_attribute("data-status", "success")
    assert REFUNDS == [7]
    shot(page, "06-approved")

    # 6. the conversation list shows the conversation; reopening it renders the history
    conversations = page.locator("#conversations .conversation")
    expect(conversations).to_have_count(1)
    expect(conversations.first).to_have_text("How many people live in Paris?")
    page.locator("#new-chat").click()
    expect(page.locator(".card h3").last).to_contain_text("Welcome to hookline")
    conversations.first.click()
    expect(page.locator(".turn.user")).to_have_count(6)  # /approve is a decision, not a message
    shot(page, "07-conversation-reopened")
