"""The README quickstart: a tool, a lifecycle hook, an event handler and a middleware.

Runs offline on ScriptedLlmService: python examples/quickstart.py
"""

import asyncio

from hookline import (
    Agent,
    AgentMiddleware,
    LifecycleHook,
    LlmRequest,
    LlmResponse,
    ScriptedLlmService,
    ToolRegistry,
    User,
    text_reply,
    tool,
    tool_call_reply,
)
from hookline.events import BeforeToolCallEvent, ModelCallNext


@tool
async def get_weather(city: str) -> str:
    """Current weather for a city."""
    return f"18 C and sunny in {city}"


class Audit(LifecycleHook):
    async def before_message(self, user: User, message: str) -> str | None:
        print(f"[audit] {user.id}: {message}")
        return None


class ModelLog(AgentMiddleware):
    async def wrap_model_call(self, request: LlmRequest, call_next: ModelCallNext) -> LlmResponse:
        response = await call_next(request)  # retry, cache, fallback, timing...
        print(f"[model] {len(request.messages)} messages in, finish={response.finish_reason}")
        return response


async def main() -> None:
    llm = ScriptedLlmService(
        [tool_call_reply("get_weather", {"city": "Lisbon"}), text_reply("Lisbon: 18 C, sunny.")]
    )
    agent = Agent(llm, tool_registry=ToolRegistry([get_weather]), lifecycle_hooks=[Audit()])
    agent.use(ModelLog())
    agent.hooks.on(BeforeToolCallEvent, lambda e: print(f"[tool] {e.data.call.name}"))
    result = await agent.run("What's the weather in Lisbon?")
    print(result.text)


if __name__ == "__main__":
    asyncio.run(main())
