"""The web page for a custom agent, in headless Chromium at desktop and phone widths: the
welcome (not "Setup Required") for an agent with its own tools, the status pill during a
turn, no horizontal overflow at 390 px, and a reload that keeps a failed turn's error and
its tool's status.  Screenshots go to ``artifacts/screenshots-interop/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hookline import (
    Agent,
    AgentConfig,
    LlmError,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.server import BackgroundServer, create_app
from tests.server.chromium import CHROMIUM, launch

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots-interop"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@tool
async def forecast(city: str) -> str:
    """The weather forecast for a city.

    Args:
        city: The city's name.
    """
    return f"{city}: sunny, 21 C"


@pytest.fixture
def server() -> Iterator[BackgroundServer]:
    llm = ScriptedLlmService(
        [
            text_reply("It will be a fine day, " + "with plenty of sunshine " * 12),
            tool_call_reply("forecast", {"city": "Paris"}, call_id="f1"),
            LlmError("model unavailable"),
        ],
        chunks=12,
        delay_s=0.15,
    )
    agent = Agent(llm, tool_registry=ToolRegistry([forecast]), config=AgentConfig(stream=True))
    with BackgroundServer(create_app(agent)) as running:
        yield running


@pytest.mark.parametrize("viewport", list(VIEWPORTS), ids=list(VIEWPORTS))
def test_the_page_for_a_custom_agent(server: BackgroundServer, viewport: str) -> None:
    expect = sync_api.expect
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport=VIEWPORTS[viewport])
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url)

        # the agent has a tool of its own: a welcome, not "Setup Required"
        welcome = page.locator(".turn.assistant .text").first
        expect(welcome).to_contain_text("Welcome")
        expect(page.locator("body")).not_to_contain_text("Setup Required")
        expect(page.locator("#status")).to_have_text("Ready")
        assert _fits(page), "the page is wider than the viewport"
        page.screenshot(path=str(SCREENSHOTS / f"{viewport}-01-welcome.png"))

        # during a turn the pill says so; "Ready" only when it is over
        _ask(page, "Weather tomorrow?")
        expect(page.locator("#status")).to_have_attribute("data-status", "working")
        expect(page.locator("#status")).to_contain_text("Working")
        expect(page.locator(".turn.assistant .text").last).to_contain_text("sunshine")
        page.screenshot(path=str(SCREENSHOTS / f"{viewport}-02-working.png"))
        expect(page.locator("#status")).to_have_text("Ready", timeout=15000)
        _within_viewport(page, "#send")
        _within_viewport(page, "#input")

        # a turn whose tool ran, then the model failed
        _ask(page, "And in Paris?")
        turn = page.locator(".turn.assistant").last
        expect(turn.locator(".tool-line")).to_have_attribute("data-status", "success")
        expect(turn.locator(".error-box")).to_be_visible(timeout=15000)
        expect(page.locator("#status")).to_have_text("Error")
        assert _fits(page)
        page.screenshot(path=str(SCREENSHOTS / f"{viewport}-03-failed.png"))

        # a reload reopens the conversation with the tool's status and the error
        page.reload()
        expect(page.locator(".turn.user").last).to_have_text("And in Paris?")
        line = page.locator(".tool-line").last
        expect(line).to_have_attribute("data-status", "success")
        expect(line.locator(".tool-name")).to_have_text("forecast")
        expect(page.locator(".error-box").last).to_be_visible()
        assert _fits(page)
        page.screenshot(path=str(SCREENSHOTS / f"{viewport}-04-reloaded.png"))
        browser.close()
        assert errors == []


def _ask(page: Any, text: str) -> None:
    page.fill("#input", text)
    page.press("#input", "Enter")


def _fits(page: Any) -> bool:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    viewport: int = page.evaluate("window.innerWidth")
    return width <= viewport


def _within_viewport(page: Any, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (selector, box)
    assert box["y"] + box["height"] <= size["height"], (selector, box)
