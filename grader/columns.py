"""How many columns text takes on a terminal, text cut to fit, and how wide a terminal is."""

from __future__ import annotations

import os
import unicodedata


def _columns_of(char: str) -> int:
    return 0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for a wide character (李), none for a combining mark."""
    return sum(_columns_of(char) for char in text)


def cut_columns(text: str, width: int) -> str:
    """``text`` in at most ``width`` terminal columns (:func:`display_width`), cut with ``…``."""
    if display_width(text) <= width:
        return text
    kept, used = [], 0
    for char in text:
        if used + _columns_of(char) > width - 1:
            break
        kept.append(char)
        used += _columns_of(char)
    return "".join(kept) + "…"


def columns(stream: object) -> int:
    """The width of the terminal ``stream`` writes to, in characters (0 when it reports none, or reports no
    height: ``stty rows 0``, where a progress bar is never drawn; either is a terminal of unknown size)."""
    try:
        size = os.get_terminal_size(stream.fileno())
        return size.columns if size.lines > 0 else 0
    except (OSError, ValueError, AttributeError):
        return 0
