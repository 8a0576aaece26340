"""Resolving the files a workflow's configuration names, inside the workflow folder only.

A file named in ``tools.json`` or ``workflow.json`` is looked up in the
workflow folder, then in its ``tools/`` folder.  Absolute paths, ``..``
anywhere in the path, and files (or folders) that are symlinks resolving
outside the workflow folder are refused with a ``WorkflowConfigError``.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

from hookline.workflows.errors import WorkflowConfigError

__all__ = ["Where", "inside", "resolve_config_file", "resolve_tool_file"]


class Where:
    """Where a value came from, for error messages: file, array, index, field."""

    __slots__ = ("array", "field", "file", "index")

    def __init__(
        self, file: str, array: str | None = None, index: int | None = None, field: str = ""
    ) -> None:
        self.file = file
        self.array = array
        self.index = index
        self.field = field

    def at(self, field: str) -> Where:
        """The same place, another field."""
        return Where(self.file, self.array, self.index, field)

    def error(self, message: str) -> WorkflowConfigError:
        return WorkflowConfigError(
            message, file=self.file, index=self.index, field=self.field or None, array=self.array
        )


def inside(root: Path, path: Path) -> bool:
    """True when ``path`` (symlinks resolved) is ``root`` or below it."""
    return path.resolve().is_relative_to(root.resolve())


def resolve_tool_file(root: Path, name: str, where: Where) -> Path:
    """The real path of ``name``: ``root/name`` or else ``root/tools/name``."""
    relative = _safe_relative(name, where)
    looked = []
    for base in (root, root / "tools"):
        candidate = base / relative
        looked.append(candidate)
        if not (candidate.exists() or candidate.is_symlink()):
            continue
        if not inside(root, candidate):
            raise where.error(
                f"{name!r} resolves to {candidate.resolve()}, outside the workflow directory "
                f"{root.resolve()} (a symlink that escapes is not allowed)"
            )
        if candidate.is_file():
            return candidate.resolve()
        raise where.error(f"{name!r} is not a file")
    raise where.error(f"{name!r} not found (looked for {looked[0]} and {looked[1]})")


def resolve_config_file(root: Path, name: str) -> Path | None:
    """``root/name`` if it exists (None if not); refused when it resolves outside ``root``."""
    candidate = root / name
    if not (candidate.exists() or candidate.is_symlink()):
        return None
    if not inside(root, candidate):
        raise WorkflowConfigError(
            f"resolves to {candidate.resolve()}, outside the workflow directory "
            f"{root.resolve()} (a symlink that escapes is not allowed)",
            file=name,
        )
    return candidate


def _safe_relative(name: str, where: Where) -> Path:
    if not name.strip() or "\x00" in name:
        raise where.error("must be a non-empty file name")
    posix, windows = PurePosixPath(name), PureWindowsPath(name)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or name.startswith("\\"):
        raise where.error(
            f"absolute paths are not allowed ({name!r}); name a file in the workflow "
            "directory or its tools/ folder"
        )
    parts = name.replace("\\", "/").split("/")
    if ".." in parts:
        raise where.error(
            f"'..' is not allowed in {name!r}: files must stay inside the workflow directory"
        )
    if posix.suffix != ".py":
        raise where.error(f"{name!r} must be a Python file (.py)")
    return Path(*[part for part in parts if part not in ("", ".")])
