"""The base of hookline's pydantic models: schemas are built on first use, not at import."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["Model"]


class Model(BaseModel):
    """``BaseModel`` with ``defer_build``: importing hookline stays fast."""

    model_config = ConfigDict(defer_build=True)
