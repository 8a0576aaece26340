"""UI components: the typed stream a turn yields to CLIs, web pages and APIs."""

from hookline.components.base import RichComponent, SimpleComponent, UiComponent, to_jsonable
from hookline.components.rich import (
    ButtonComponent,
    CardComponent,
    ChatInputUpdateComponent,
    DataFrameComponent,
    ErrorComponent,
    RichTextComponent,
    StatusBarUpdateComponent,
    StatusCardComponent,
    ToolExecutionComponent,
)
from hookline.components.simple import SimpleTextComponent

__all__ = [
    "ButtonComponent",
    "CardComponent",
    "ChatInputUpdateComponent",
    "DataFrameComponent",
    "ErrorComponent",
    "RichComponent",
    "RichTextComponent",
    "SimpleComponent",
    "SimpleTextComponent",
    "StatusBarUpdateComponent",
    "StatusCardComponent",
    "ToolExecutionComponent",
    "UiComponent",
    "to_jsonable",
]
