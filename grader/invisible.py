"""The characters no reader sees, as a regular-expression class body, for every output that shows a student's text
(the reports: grader/reports/feedback.py; the terminal: grader/terminal.py, with :func:`printable`), which shows
them as escapes.

Bidirectional controls (all of Unicode's Bidi_Control, U+061C too) would reorder what is shown; line and paragraph
separators break lines where none is seen; the rest are Unicode's default-ignorable characters, drawn as nothing:
soft hyphen, format controls, tag characters and interlinear annotations can carry text no reader sees, and the
variation selectors, the grapheme joiner, the Hangul fillers, Khmer's inherent vowels and Mongolian's variation
selectors are letters a Python name and a file name may hold (``def validate_ticket_proposal\\ufe0f`` defines
another function than the one its report would seem to name, ``anna\\u3164`` is another student than ``anna``).
Control characters are not in it: each output says which it keeps (tabs, line ends). An emoji's presentation
selector stays as it is (:func:`emoji_selector`).
"""

import re
import unicodedata

HIDDEN = ("\xad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164"
          "\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff")


def emoji_selector(found: re.Match) -> bool:
    """Whether the hidden character ``found`` is an emoji's presentation selector (U+FE0E or U+FE0F right after a
    symbol such as ⚠ or ❤): kept, so a student's printed ``⚠️`` shows as printed. After a letter, digit or
    punctuation it could make two names look alike, and it is escaped."""
    text, at = found.string, found.start()
    return found.group() in "\ufe0e\ufe0f" and at > 0 and unicodedata.category(text[at - 1]) == "So"


def escape(found: re.Match) -> str:
    """The character ``found`` as Python writes it escaped (``\\x1b``, ``\\u200b``): a terminal line or an id shows it
    without running it."""
    return found.group().encode("unicode_escape").decode("ascii")


# Control characters, the bidirectional controls that make a name read in another order, and the
# invisible characters that make two names look alike (HIDDEN: the same as the reports escape).
_CONTROL = re.compile(f"[\\x00-\\x09\\x0b-\\x1f\\x7f-\\x9f{HIDDEN}]")
_CONTROL_OR_LINE_END = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f{HIDDEN}]")


def printable(text: str, lines: bool = True) -> str:
    """``text`` with its control characters shown as escapes (``\\x1b``): a submission's name or
    error message must not move the cursor, clear the screen or fake a line. ``lines``: keep
    line ends (a multi-line value); otherwise they are escaped too."""
    found = _CONTROL if lines else _CONTROL_OR_LINE_END
    return found.sub(lambda match: match.group() if emoji_selector(match) else escape(match), text)
