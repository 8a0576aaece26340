"""Fixtures for the provider tests: fakellm, the recording proxy, a weather tool."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field

import pytest

from hookline import ToolRegistry, ToolSchema, User, tool
from hookline.tools.function import FunctionTool
from tests.llm.fake_servers import FakeLlm, RecordingProxy


@pytest.fixture(scope="session")
def fakellm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FakeLlm]:
    server = FakeLlm(tmp_path_factory.mktemp("fakellm"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def proxy_server(fakellm: FakeLlm) -> Iterator[RecordingProxy]:
    proxy = RecordingProxy(upstream_port=fakellm.port)
    yield proxy
    proxy.stop()


@pytest.fixture
def proxy(proxy_server: RecordingProxy, fakellm: FakeLlm) -> RecordingProxy:
    """The proxy with no recorded request and no canned answer; fakellm reset."""
    proxy_server.clear()
    fakellm.reset()
    return proxy_server


@pytest.fixture
def user() -> User:
    return User(id="ana", username="ana")


@dataclass
class WeatherTool:
    """A ``get_weather`` tool that records the cities it was called with."""

    cities: list[str] = field(default_factory=list)
    registry: ToolRegistry = field(init=False)

    def __post_init__(self) -> None:
        calls = self.cities

        @tool
        async def get_weather(city: str, unit: str = "celsius") -> str:
            """Get the current weather for a city.

            Args:
                city: The city's name.
                unit: celsius or fahrenheit.
            """
            calls.append(city)
            return f"WEATHER-RESULT {city}: 18 degrees {unit}, sunny"

        self.tool: FunctionTool = get_weather
        self.registry = ToolRegistry([get_weather])

    def tool_schema(self) -> ToolSchema:
        return self.tool.get_schema()


@pytest.fixture
def weather() -> WeatherTool:
    return WeatherTool()


@dataclass
class Ticker:
    """A task that ticks every ``interval_s`` while the event loop is free."""

    interval_s: float = 0.01
    ticks: list[float] = field(default_factory=list)

    async def run(self) -> None:
        while True:
            self.ticks.append(time.perf_counter())
            await asyncio.sleep(self.interval_s)

    def longest_gap(self, since: int = 0) -> float:
        """The longest pause between ticks from tick ``since`` on."""
        ticks = self.ticks[since:]
        return max((b - a for a, b in itertools.pairwise(ticks)), default=0.0)


@pytest.fixture
async def ticker() -> AsyncIterator[Ticker]:
    state = Ticker()
    task = asyncio.create_task(state.run())
    await asyncio.sleep(0)
    yield state
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
