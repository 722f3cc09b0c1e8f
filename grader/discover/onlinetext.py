"""Online text hand-ins (an LMS's HTML page of what the student typed) turned back into plain text.

The page is read by a small scanner of its own, in one pass: its time is linear in the page's size
whatever the page holds (html.parser takes hours on a page of unfinished tags such as ``<a <a <a``).
"""

from __future__ import annotations

import ast
import html
import re
import warnings

# Tags after which a new line starts.
_BLOCKS = {"p", "div", "pre", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section", "article"}
# Tags whose content is not what the student typed.
_SKIPPED = {"head", "title", "script", "style"}
# Tags whose content is raw text up to their end tag (a "<" in it opens no tag).
_RAW_END = {name: re.compile(f"</{name}", re.IGNORECASE) for name in ("script", "style")}
# The start of a tag: "<" or "</", then a name that starts with a letter.
_TAG_NAME = re.compile(r"<(/?)([a-zA-Z][^\s/>]*)")
# Where a tag's attributes may end or a quoted value start.
_TAG_STOP = re.compile(r"[>\"']")
# A line only code has: a def or class header, an import, a decorator, an assignment (``x += 1``, ``a.b[0] = 2``).
# Each alternative fails at a line's first character that does not fit, so a search takes linear time.
_CODE_LINE = re.compile(
    r"^[ \t]*(?:(?:async[ \t]+)?def[ \t]+\w+[ \t]*\(|class[ \t]+\w+[ \t]*[(:]|import[ \t]+\w"
    r"|from[ \t]+[\w.]+[ \t]+import\b|@\w|\w+(?:\.\w+|\[[^\]\n]*\])*[ \t]*(?:[-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=))",
    re.MULTILINE)
# A text longer than this (characters) is not parsed to see whether it is code: Python's parser takes about
# 1.5 KiB of memory per character. Such a text is graded as it is, and the loader says what it is.
MAX_PARSED = 64 * 1024
# What a remark that happens to parse is made of: names, dotted names (``main.py``), constants, tuples of them.
_BARE = (ast.Name, ast.Attribute, ast.Constant, ast.Tuple, ast.Load)


def _tag_end(page: str, position: int) -> int:
    """The index just past the ``>`` that ends the tag whose attributes start at ``position`` (a ``>``
    inside a quoted value does not end it), or -1 when the page ends first."""
    while True:
        stop = _TAG_STOP.search(page, position)
        if stop is None:
            return -1
        if stop.group() == ">":
            return stop.end()
        close = page.find(stop.group(), stop.end())
        if close < 0:
            return -1
        position = close + 1


class _Text:
    """The visible text of a page, collected tag by tag (new lines at ``<br>`` and block tags)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.skipping = 0
        self.in_pre = 0
        self.pre_parts: list[str] = []  # the text inside <pre> blocks, each block ending in a new line
        self.prose = False  # whether any visible text stands outside the <pre> blocks

    def add(self, text: str) -> None:
        self.parts.append(text)
        if self.in_pre:
            self.pre_parts.append(text)
        elif text.strip("\n\t \xa0\u200b"):
            self.prose = True

    def data(self, text: str) -> None:
        if text and not self.skipping:
            self.add(html.unescape(text))

    def start(self, tag: str) -> None:
        if tag in _SKIPPED:
            self.skipping += 1
        elif tag == "br":
            self.add("\n")
        elif tag in _BLOCKS and self.parts and not self.parts[-1].endswith("\n"):
            self.add("\n")
        if tag == "pre":
            if not self.in_pre and self.pre_parts:
                self.pre_parts.append("\n")  # a blank line between two blocks
            self.in_pre += 1

    def end(self, tag: str) -> None:
        if tag in _SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCKS:
            self.add("\n")
        if tag == "pre":
            self.in_pre = max(0, self.in_pre - 1)

    def feed(self, page: str) -> None:
        """Read ``page``: every character is looked at a bounded number of times."""
        position = 0
        while position < len(page):
            start = page.find("<", position)
            if start < 0:
                break
            self.data(page[position:start])
            if page.startswith("<!--", start):  # a comment, up to "-->" (or the end of the page)
                end = page.find("-->", start + 4)
                position = len(page) if end < 0 else end + 3
                continue
            if page.startswith(("<!", "<?"), start):  # a doctype or processing instruction, up to ">"
                end = page.find(">", start)
                position = len(page) if end < 0 else end + 1
                continue
            name = _TAG_NAME.match(page, start)
            end = _tag_end(page, name.end()) if name else -1
            if end < 0:  # "<" not opening a tag, or a tag never finished: plain text
                self.data("<")
                position = start + 1
                if name:  # nothing after it finishes a tag either: the rest is text
                    break
                continue
            tag = name.group(2).lower()
            if name.group(1):
                self.end(tag)
            else:
                self.start(tag)
                if page[end - 2] == "/":  # <p/>: started and ended
                    self.end(tag)
            position = end
            if not name.group(1) and tag in _RAW_END:
                close = _RAW_END[tag].search(page, position)
                position = len(page) if close is None else close.start()
        self.data(page[position:])


def to_text(data: bytes) -> bytes:
    """The visible text of an HTML page as UTF-8: ``<br>``/``<p>`` as new lines, entities and
    non-breaking spaces (which rich-text editors put in pasted code) as plain characters.

    In: the page's bytes (UTF-8, with or without BOM, else Windows-1252). Out: the text, one new
    line at its end; never raises. A ``<`` that opens no finished tag is kept as text.
    """
    return _plain(_read(data).parts)


def to_code(data: bytes) -> tuple[bytes, bool]:
    """The code of an online text: when the page has ``<pre>`` blocks, the text in them only (blocks apart by
    a blank line), as :func:`to_text` writes it; else the page's whole visible text (:func:`to_text`).

    In: the page's bytes (as :func:`to_text`). Out: (that text, whether visible text outside the ``<pre>``
    blocks, such as ``Hier is mijn code:`` or a greeting, was left out); never raises.
    """
    parser = _read(data)
    if not "".join(parser.pre_parts).strip():
        return _plain(parser.parts), False
    return _plain(parser.pre_parts), parser.prose


def _read(data: bytes) -> _Text:
    """The page ``data`` read by :class:`_Text` (UTF-8, with or without BOM, else Windows-1252)."""
    try:
        page = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        page = data.decode("cp1252", errors="replace")
    parser = _Text()
    parser.feed(page)
    return parser


def _plain(parts: list[str]) -> bytes:
    """``parts`` joined as UTF-8 text: non-breaking and zero-width spaces plain, no spaces at line ends, no
    blank lines at either end, one new line at the end."""
    text = "".join(parts).replace("\xa0", " ").replace("\u200b", "")
    return "\n".join(line.rstrip() for line in text.strip("\n").split("\n")).encode("utf-8") + b"\n"


def holds_code(text: bytes) -> bool:
    """Whether ``text`` (an online text's visible text, :func:`to_text`) is Python code, or an attempt at it,
    rather than a remark to the teacher (``zie bijlage``, a link, a greeting, nothing but an image).

    True when a line only code has is there (a ``def`` or ``class`` header, an import, a decorator, an
    assignment: code with a syntax error is code too), or when the text parses as Python into more than bare
    names and constants (``print('hallo')``; not ``bijlage``, ``main.py``, ``Groetjes, Anna``, ``Bijlage:
    main.py``); also for a text of more than MAX_PARSED characters (not parsed). False for a blank text.
    """
    page = text.decode("utf-8", "replace")
    if _CODE_LINE.search(page) or len(page) > MAX_PARSED:
        return True
    try:
        with warnings.catch_warnings(action="ignore"):  # the grader's process: its stderr is the terminal
            module = ast.parse(page)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return not all(_remark(statement) for statement in module.body)


def _remark(statement: ast.stmt) -> bool:
    """Whether a statement that parses is still no code: an expression of bare names, dotted names, constants
    and tuples, or such a name with an annotation and no value (``Bijlage: main.py``)."""
    if isinstance(statement, ast.Expr):
        parts = [statement.value]
    elif isinstance(statement, ast.AnnAssign) and statement.value is None:
        parts = [statement.target, statement.annotation]
    else:
        return False
    return all(isinstance(node, _BARE) for part in parts for node in ast.walk(part))
