"""Tables for a terminal or a pipe that never cut or wrap a number, an id or a path.

A table is laid out at the console's width (a terminal's, or COLUMNS in a pipe): when every
column fits at its full width, it prints as aligned columns; otherwise it falls back to one
record per line (`header value · header value ...`), which may run long but is never cut. The
last column may be free text (`Col(tail=True)`): it only needs its header to fit, and runs on
past the width instead of being folded (nothing in it is an id the eye must find whole).
Cells are printed as text, never read as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

GAP = "  "
INDENT = "  "


@dataclass(frozen=True)
class Col:
    name: str
    right: bool = False  # numbers align right
    tail: bool = False  # free text, last column only: may run past the width


Cell = str | Text


def _text(cell: Cell) -> Text:
    return cell if isinstance(cell, Text) else Text(cell)


def needed_width(columns: Sequence[Col], rows: Sequence[Sequence[Cell]]) -> int:
    """Columns a table needs to print as columns (a tail column counts by its header)."""
    widths = _widths(columns, rows)
    return len(INDENT) + sum(widths) + len(GAP) * (len(columns) - 1)


def _widths(columns: Sequence[Col], rows: Sequence[Sequence[Cell]]) -> list[int]:
    widths = []
    for i, col in enumerate(columns):
        cells = [len(_text(row[i]).plain) for row in rows]
        widths.append(len(col.name) if col.tail else max([len(col.name), *cells]))
    return widths


def print_table(console: Console, title: str, columns: Sequence[Col],
                rows: Sequence[Sequence[Cell]]) -> None:
    if title:
        console.print(Text(title, style="bold"))
    if not rows:
        console.print(Text(f"{INDENT}(none)", style="dim"))
        return
    if needed_width(columns, rows) <= console.width:
        _columns(console, columns, rows)
    else:
        _records(console, columns, rows)


def _columns(console: Console, columns: Sequence[Col], rows: Sequence[Sequence[Cell]]) -> None:
    widths = _widths(columns, rows)

    def line(cells: Sequence[Cell], style: str = "") -> Text:
        out = Text(INDENT, style=style)
        for i, (col, cell) in enumerate(zip(columns, cells, strict=True)):
            text = _text(cell)
            pad = " " * max(0, widths[i] - len(text.plain))
            last = i == len(columns) - 1
            if col.right:
                out.append(pad).append_text(text)
            else:
                out.append_text(text)
                if not last:
                    out.append(pad)
            if not last:
                out.append(GAP)
        out.rstrip()
        return out

    console.print(line([c.name for c in columns], style="dim"))
    for row in rows:
        console.print(line(row))


def _records(console: Console, columns: Sequence[Col], rows: Sequence[Sequence[Cell]]) -> None:
    """Below the width a table needs: one record per line, every value whole."""
    for row in rows:
        out = Text(INDENT)
        for i, (col, cell) in enumerate(zip(columns, row, strict=True)):
            if i:
                out.append(" · ", style="dim")
            out.append(f"{col.name} ", style="dim").append_text(_text(cell))
        console.print(out)
