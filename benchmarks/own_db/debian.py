"""Files out of a Debian package (.deb), read without dpkg or installing it.

A .deb is an ``ar`` archive whose ``data.tar.*`` member holds the package's files; the
eval's databases that come from Debian (world, gramps, homebank, gnucash, timetable,
firebird, isocodes, emboss, wesnoth, endlesssky...) each read files out of theirs: one
file by its path, or every file a test picks in one pass over the tar (a package of
hundreds of megabytes is read once).

Example::

    text = deb_member_text(Path("fet-data.deb"), "./usr/share/doc/fet-data/README")
    texts = deb_member_texts(Path("fet-data.deb"), lambda path: path.endswith(".fet"))
"""

from __future__ import annotations

import gzip
import io
import tarfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

_AR_MAGIC = b"!<arch>\n"
_HEADER = 60


def deb_member_text(archive: Path, path: str) -> str:
    """The UTF-8 text of the file ``path`` in the package ``archive`` (gunzipped when it
    is gzip-compressed); ``ValueError`` when the archive is no .deb or lacks its data."""
    raw = deb_member_bytes(archive, path)
    return (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode("utf-8")


def deb_member_bytes(archive: Path, path: str) -> bytes:
    """The bytes of the file ``path`` in the package ``archive``, as stored; ``ValueError``
    when the archive is no .deb or lacks its data."""
    with _data_tar(archive) as tar:
        member = tar.extractfile(path)
        if member is None:
            raise ValueError(f"{archive}: {path} is not a file")
        return member.read()


def deb_member_texts(archive: Path, wanted: Callable[[str], bool]) -> dict[str, str]:
    """The text of every file of the package ``archive`` whose path is ``wanted``, by path
    in sorted order, read in one pass (UTF-8, a byte that is not replaced by U+FFFD)."""
    found: dict[str, str] = {}
    with _data_tar(archive) as tar:
        for member in tar:
            body = tar.extractfile(member) if wanted(member.name) else None
            if body is not None:
                found[member.name] = body.read().decode("utf-8", "replace")
    return dict(sorted(found.items()))


@contextmanager
def _data_tar(archive: Path) -> Iterator[tarfile.TarFile]:
    """The package's ``data.tar.*`` member, opened; ``ValueError`` when there is none."""
    data = archive.read_bytes()
    if not data.startswith(_AR_MAGIC):
        raise ValueError(f"{archive}: not a Debian package")
    offset = len(_AR_MAGIC)
    while offset < len(data):
        header = data[offset : offset + _HEADER]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        offset += _HEADER
        if name.startswith("data.tar"):
            with tarfile.open(fileobj=io.BytesIO(data[offset : offset + size])) as tar:
                yield tar
            return
        offset += size + size % 2  # ar pads each member to an even length
    raise ValueError(f"{archive}: no data.tar member")
