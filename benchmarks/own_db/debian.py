"""One file out of a Debian package (.deb), read without dpkg or installing it.

A .deb is an ``ar`` archive whose ``data.tar.*`` member holds the package's files; the
eval's databases that come from Debian (world, gramps, homebank, gnucash, timetable,
firebird, isocodes) each read files out of theirs.

Example::

    text = deb_member_text(Path("fet-data.deb"), "./usr/share/doc/fet-data/README")
"""

from __future__ import annotations

import gzip
import io
import tarfile
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
                member = tar.extractfile(path)
                if member is None:
                    raise ValueError(f"{archive}: {path} is not a file")
                return member.read()
        offset += size + size % 2  # ar pads each member to an even length
    raise ValueError(f"{archive}: no data.tar member")
