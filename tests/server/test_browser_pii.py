"""PiiRedactionMiddleware(redact_output=True) on the web page, in headless Chromium: a
MutationObserver records every text the assistant's turns ever showed while the answer
streamed; the email is in none of them, the text after it arrives, and after a reload the
stored answer shows exactly the same text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hookline import Agent, AgentConfig, MemoryConversationStore
from hookline.middleware import PiiRedactionMiddleware
from hookline.server import BackgroundServer, create_app
from tests.agent.test_stream_guardrails import ANSWER, MASKED, SECRET, Pieces, split
from tests.server.chromium import CHROMIUM, launch

START = ANSWER.index(SECRET)
SPLITS = [(2, START + 5), (7, START + 11), (30, START + len(SECRET) - 1)]
"""(pieces, a cut inside the email): few pieces, many pieces, a cut at the email's end."""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed"),
]
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

RECORD_EVERY_TEXT = """
window.__shown = [];
new MutationObserver(() => {
  for (const turn of document.querySelectorAll('.turn.assistant')) {
    window.__shown.push(turn.innerText);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


@pytest.fixture
def server() -> Iterator[BackgroundServer]:
    answers = [split(ANSWER, at, pieces) for pieces, at in SPLITS]
    agent = Agent(
        Pieces(answers, delay_s=0.03),
        conversation_store=MemoryConversationStore(),
        config=AgentConfig(stream=True),
        middleware=[PiiRedactionMiddleware(redact_output=True)],
    )
    with BackgroundServer(create_app(agent)) as running:
        yield running


@pytest.fixture
def page(server: BackgroundServer) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.add_init_script(RECORD_EVERY_TEXT)
        page.goto(server.url)
        yield page
        browser.close()


def test_the_page_never_shows_the_email_while_it_streams(page: Any) -> None:
    expect = sync_api.expect
    expect(page.locator(".turn.assistant .text")).to_have_count(1)  # the starter's welcome
    expect(page.locator("#status")).to_have_text("Ready")
    for number, _ in enumerate(SPLITS, start=1):
        page.fill("#input", f"How do I get access ({number})?")
        page.press("#input", "Enter")
        expect(page.locator(".turn.assistant .text")).to_have_count(1 + number)
        expect(page.locator(".turn.assistant .text").last).to_have_text(MASKED)
        expect(page.locator("#status")).to_have_text("Ready")  # the turn ended: stored

    shown: list[str] = page.evaluate("window.__shown")
    assert len(shown) > 3 * len(SPLITS)  # the observer saw the answers grow
    assert not [text for text in shown if "alice.smith" in text or "secret-mail" in text]
    assert SECRET not in page.content()

    page.reload()  # the stored conversation comes back from the server
    page.locator("#conversations .conversation").first.click()
    expect(page.locator(".turn.assistant .text")).to_have_count(len(SPLITS))
    expect(page.locator(".turn.assistant .text")).to_have_text([MASKED] * len(SPLITS))
    assert SECRET not in page.content()
