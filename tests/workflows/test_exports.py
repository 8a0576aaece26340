"""hookline.workflows' public names: sorted, importable, events in the catalogue."""

from __future__ import annotations

import dataclasses

import hookline.workflows as workflows
from hookline.hooks.registry import HookEvent

from ..test_public_api import isort_order


def test_all_is_sorted_and_importable() -> None:
    names = list(workflows.__all__)
    assert names == isort_order(names)
    for name in names:
        assert hasattr(workflows, name), name


def test_workflow_events_are_keyword_only_hook_events_with_docstrings() -> None:
    for event_type in workflows.WORKFLOW_EVENT_TYPES:
        assert issubclass(event_type, HookEvent)
        assert dataclasses.is_dataclass(event_type)
        assert all(f.kw_only for f in dataclasses.fields(event_type)), event_type
        assert event_type.__doc__ and len(event_type.__doc__) > 40
