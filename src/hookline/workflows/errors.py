"""The errors of multi-agent workflows."""

from __future__ import annotations

from hookline.errors import HooklineError

__all__ = ["WorkflowConfigError", "WorkflowError", "WorkflowStateNotFoundError"]


class WorkflowError(HooklineError):
    """A workflow cannot run as asked (a bad speaker, a bad state, a bad argument)."""


class WorkflowConfigError(WorkflowError):
    """A declarative workflow's files are invalid.

    The message names the file, the array index and the field, e.g.
    ``tools.json: lifecycle_tools[2].trigger: must be one of ...``; the same
    parts are available as ``file``, ``index`` and ``field``.

    Example::

        try:
            Workflow.from_directory("workflows/support")
        except WorkflowConfigError as error:
            print(error.file, error.index, error.field)
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        index: int | None = None,
        field: str | None = None,
        array: str | None = None,
    ) -> None:
        self.file = file
        self.index = index
        self.field = field
        self.array = array
        self.reason = message
        super().__init__(_format(message, file, index, field, array))


def _format(
    message: str, file: str | None, index: int | None, field: str | None, array: str | None
) -> str:
    where = ""
    if array is not None:
        where = array if index is None else f"{array}[{index}]"
    if field:
        where = f"{where}.{field}" if where else field
    parts = [part for part in (file, where) if part]
    return ": ".join([*parts, message])


class WorkflowStateNotFoundError(WorkflowError):
    """No paused workflow state with this id (or it belongs to another user)."""
