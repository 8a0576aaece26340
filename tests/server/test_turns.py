"""The server's record of a streamed turn is the agent's own RunResult, filled as it runs."""

from __future__ import annotations

from hookline import LlmError, RequestContext, RunResult, User, text_reply, tool_call_reply
from hookline.llm.scripted import ScriptStep
from hookline.server.turns import error_code, new_result, observe_turns, recorded, summary
from tests.server.conftest import make_agent

ALICE = User(id="alice")


async def streamed(script: list[ScriptStep], *, approval: bool = False) -> RunResult:
    agent, _ = make_agent(script, approval=approval)
    observe_turns(agent)
    result = new_result("c1")
    stream = agent.send_message(RequestContext(), "Go", "c1", user=ALICE)
    components = [component async for component in recorded(stream, result)]
    assert result.components == components
    return result


async def run(script: list[ScriptStep], *, approval: bool = False) -> RunResult:
    agent, _ = make_agent(script, approval=approval)
    return await agent.run("Go", conversation_id="c1", user=ALICE)


def same_outcome(result: RunResult) -> tuple[object, ...]:
    return (
        result.text,
        result.conversation_id,
        result.usage,
        result.paused,
        result.halted,
        result.error,
        result.pending_tool_calls,
        result.completed,
    )


async def test_a_tool_turn_gives_the_result_agent_run_gives() -> None:
    script: list[ScriptStep] = [
        tool_call_reply("lookup", {"city": "Paris"}, call_id="c1"),
        text_reply("About 2.1 million."),
    ]
    result = await streamed(script)
    assert same_outcome(result) == same_outcome(await run(script))
    assert result.text == "About 2.1 million."
    assert result.tool_results == {"c1": "Paris: 2.1 million"}
    assert (result.completed, result.failed) == (True, False)
    assert (await run(script)).tool_results == {"c1": "Paris: 2.1 million"}


async def test_a_paused_turn_keeps_the_calls_and_why_they_wait() -> None:
    script: list[ScriptStep] = [tool_call_reply("refund", {"order": 7}, call_id="r1")]
    result = await streamed(script, approval=True)
    assert same_outcome(result) == same_outcome(await run(script, approval=True))
    assert [call.id for call in result.pending_tool_calls] == ["r1"]
    assert result.pending_reasons == {"r1": "Refunds need a human."}
    assert (await run(script, approval=True)).pending_reasons == result.pending_reasons
    assert summary(result)["pending_tool_calls"][0]["reason"] == "Refunds need a human."


async def test_a_failed_turn_is_failed_not_completed() -> None:
    result = await streamed([LlmError("model down")])
    assert (result.failed, result.completed, error_code(result)) == (True, False, "turn_failed")
    assert result.error is not None and summary(result)["error"] == result.error
