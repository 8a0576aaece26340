"""The README quickstart: one tool, one event handler, one model-call wrapper.

Runs offline on ScriptedLlmService: python examples/quickstart.py
"""

import asyncio

from hookline import (
    MODEL_CALL,
    Agent,
    BeforeToolCallEvent,
    LlmRequest,
    LlmResponse,
    ModelCallNext,
    ScriptedLlmService,
    ToolRegistry,
    text_reply,
    tool,
    tool_call_reply,
)


@tool
async def get_weather(city: str) -> str:
    """Current weather for a city."""
    return f"18 C and sunny in {city}"


async def log_model_call(request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
    response = await call_next(request)  # wrap_model_call: retry, cache, fallback, timing
    print(f"[model] {len(request.messages)} messages in, finish={response.finish_reason}")
    return response


async def main() -> None:
    llm = ScriptedLlmService(
        [tool_call_reply("get_weather", {"city": "Lisbon"}), text_reply("Lisbon: 18 C, sunny.")]
    )
    agent = Agent(llm, tool_registry=ToolRegistry([get_weather]))
    agent.hooks.on(BeforeToolCallEvent, lambda e: print(f"[tool] {e.data.call.name}"))
    agent.hooks.wrap(MODEL_CALL, log_model_call)
    result = await agent.run("What's the weather in Lisbon?")
    print(result.text)


if __name__ == "__main__":
    asyncio.run(main())
