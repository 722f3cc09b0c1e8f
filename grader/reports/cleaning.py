"""Untrusted text (a student's values, messages, names) made safe to show: visible and cut."""

from __future__ import annotations

import re

from grader.invisible import HIDDEN, emoji_selector

# Student text longer than this (a value, a message) is cut.
TEXT_CHARS = 1000

# Control characters (but tabs and line ends) would hide what is shown; the bidi controls, separators and
# default-ignorable characters of grader.invisible reorder it, break it or carry text no reader sees.
_INVISIBLE = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{HIDDEN}]")


def _escaped(found: re.Match) -> str:
    if emoji_selector(found):
        return found.group()
    code = ord(found.group())
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def visible(text: object) -> str:
    """Untrusted text with its control, bidi and invisible characters as ``\\uXXXX`` (tabs and line ends kept)."""
    return _INVISIBLE.sub(_escaped, str(text))


def clean(text: object, limit: int = TEXT_CHARS) -> str:
    """Untrusted text made visible: control and bidi characters as ``\\uXXXX``, cut at ``limit``."""
    text = visible(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"
