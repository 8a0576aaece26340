"""What an output guardrail costs while the answer streams (issue 20).

One turn: the model streams a 500-token answer (about 2,300 characters, with an
email and a phone number in it) in 500 chunks; memory store; no tools.  The
same turn runs with ``PiiRedactionMiddleware(redact_output=True)`` (every chunk
goes through ``PiiStreamRedactor``; model input and tool results are masked too,
its defaults) and without any middleware.  Batches of the two settings are
interleaved, each round's ratio is taken, and the median ratio is reported
(the machines here are noisy; CPU time, as ``turn_overhead.py``).

Target (issue 20): the guarded turn costs <= +10 % of the same turn without it.  (It
can cost less: the redactor lets text through in pieces of a few words, so fewer
text components are built and sent than one per chunk.)

    python benchmarks/stream_guardrail.py            # ~1 min
    python benchmarks/stream_guardrail.py --quick    # smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time

from hookline import (
    Agent,
    AgentConfig,
    MemoryConversationStore,
    RequestContext,
    ScriptedLlmService,
    text_reply,
)
from hookline.middleware import PiiRedactionMiddleware

TARGET = 0.10
PROSE = (
    "the report shows that revenue grew in every region while costs stayed flat "
    "and the team expects the same next quarter if demand holds"
)
WORDS = PROSE.split(" ")
TOKENS = 500


def answer_text() -> str:
    """About 500 tokens of prose with one email and one phone number in the middle."""
    words = [WORDS[i % len(WORDS)] for i in range(TOKENS - 10)]
    words[200:200] = ["write", "to", "jane.doe@example.com", "or", "call", "+44 20 7946 0958"]
    return " ".join(words) + "."


REPLY = text_reply(answer_text())


def build_agent(guarded: bool) -> Agent:
    llm = ScriptedLlmService(lambda request: REPLY, chunks=TOKENS, record_requests=False)
    return Agent(
        llm,
        config=AgentConfig(stream=True),
        workflow_handler=None,
        middleware=[PiiRedactionMiddleware(redact_output=True)] if guarded else [],
    )


async def batch(agent: Agent, turns: int) -> float:
    """CPU microseconds per turn over ``turns`` turns (fresh store per batch)."""
    agent.conversation_store = MemoryConversationStore()
    context = RequestContext()
    gc.collect()
    started = time.process_time()
    for _ in range(turns):
        async for _ in agent.send_message(context, "Summarise the report."):
            pass
    return (time.process_time() - started) / turns * 1e6


async def check(agent: Agent) -> None:
    """The guarded turn really masks: the shown text has no email and no phone."""
    result = await agent.run("Summarise the report.")
    assert "[EMAIL]" in result.text and "[PHONE]" in result.text, result.text[:200]
    assert "jane.doe@example.com" not in result.text


async def main(rounds: int, turns: int) -> None:
    bare, guarded = build_agent(False), build_agent(True)
    await check(guarded)
    for agent in (bare, guarded):  # warm up
        await batch(agent, max(1, turns // 4))
    ratios: list[float] = []
    times: dict[bool, list[float]] = {False: [], True: []}
    for index in range(rounds):
        order = (bare, guarded) if index % 2 == 0 else (guarded, bare)
        measured = {agent is guarded: await batch(agent, turns) for agent in order}
        times[False].append(measured[False])
        times[True].append(measured[True])
        ratios.append(measured[True] / measured[False])
    ratio = statistics.median(ratios)
    print(f"streamed turn, {TOKENS}-token answer in {TOKENS} chunks ({rounds} rounds)")
    print(f"  without a guardrail        {statistics.median(times[False]):9.0f} us/turn")
    print(f"  PII redaction on output    {statistics.median(times[True]):9.0f} us/turn")
    verdict = "ok" if ratio - 1 <= TARGET else "OVER"
    change = (ratio - 1) * 100
    print(
        f"  ratio (median of rounds)   {ratio:9.3f}   ({change:+.1f} %; target <= +10 %: {verdict})"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args()
    asyncio.run(main(4, 5) if args.quick else main(21, 20))
