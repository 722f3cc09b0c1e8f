"""The one Jinja2 environment of the reports, its filters, and translators that escape what they insert."""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path
from typing import Callable

import jinja2
from markupsafe import Markup, escape

from grader.reports import i18n

TEMPLATES = Path(__file__).parent / "templates"

_BACKTICKS = re.compile(r"`+")


class Plain(str):
    """Markdown that a Markdown translator inserts as it is (already made safe)."""


def inline_code(text: object) -> Plain:
    """``text`` as one Markdown code span: the fence is longer than any run of backticks inside.

    Line breaks become ``↵`` so the span stays on one line.
    """
    text = str(text).replace("\r\n", "\n").replace("\n", " ↵ ")
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return Plain(f"{fence}{pad}{text}{pad}{fence}")


def fenced_block(text: object, indent: str = "") -> Plain:
    """``text`` as a fenced Markdown code block, the fence longer than any backtick run inside.

    ``indent`` is put before every line (to nest the block in a list item).
    """
    text = str(text).rstrip("\n")
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    fence = "`" * max(3, longest + 1)
    lines = [fence + "text", *text.split("\n"), fence]
    return Plain("\n".join(indent + line if line else line for line in lines))


def markdown_value(text: object, indent: str = "", inline_limit: int = 100) -> Plain:
    """A value after a label: `` `code` `` on the same line when short, else a block on the next lines."""
    text = str(text)
    if "\n" in text.rstrip("\n") or len(text) > inline_limit:
        return Plain("\n" + fenced_block(text, indent))
    return Plain(" " + inline_code(text))


def html_code(text: object) -> Markup:
    """``text`` escaped inside ``<code>``."""
    return Markup("<code>{}</code>").format(text)


class Names(list):
    """File names (or other student text) to show as a list; ``more``: how many were left off."""

    def __init__(self, items: object = (), more: int = 0) -> None:
        super().__init__(items)
        self.more = more


def _html_value(value: object, more: Callable[[int], str]) -> object:
    if isinstance(value, (Markup, int, float)):
        return value
    if isinstance(value, list):
        shown = Markup(", ").join(html_code(item) for item in value)
        return shown + Markup(" ") + more(value.more) if getattr(value, "more", 0) else shown
    return html_code(value)


def _markdown_value(value: object, more: Callable[[int], str]) -> object:
    if isinstance(value, (Plain, int, float)):
        return value
    if isinstance(value, list):
        shown = ", ".join(inline_code(item) for item in value)
        return Plain(f"{shown} {more(value.more)}" if getattr(value, "more", 0) else shown)
    return inline_code(value)


def translator(lang: str, form: str, file: str = "main.py") -> Callable[..., str]:
    """A ``t(key, **values)`` for templates, for ``lang`` and ``form`` (``html`` or ``markdown``).

    Numbers are inserted as they are; any other text is inserted as code (``<code>``,
    escaped, in HTML; a safe code span in Markdown), so student text can never become
    markup; a list as its items in code, comma-separated, followed by "and N more" for a
    :class:`Names` with ``more``. A message with a singular form (i18n.PLURAL_BY) uses it
    when its number is 1. ``file``: the graded file's name (already checked safe by
    feedback.graded_file_name), which replaces "main.py" in the texts (except those in
    i18n.LITERAL_NAMES). Out, for HTML: Markup; for Markdown: :class:`Plain` (a str).
    """
    if lang not in i18n.LANGUAGES:
        raise ValueError(f"unknown report language {lang!r}")

    def text(key: str, values: dict) -> str:
        key = i18n.key_for(key, values)
        message = i18n.MESSAGES[key][lang]
        return message if key in i18n.LITERAL_NAMES else message.replace("main.py", file)

    if form == "html":
        def t(key: str, **values: object) -> Markup:
            more = lambda count: t("list_more", count=count)  # noqa: E731
            return escape(text(key, values)).format(**{k: _html_value(v, more) for k, v in values.items()})
    elif form == "markdown":
        def t(key: str, **values: object) -> str:
            more = lambda count: t("list_more", count=count)  # noqa: E731
            return Plain(text(key, values).format(**{k: _markdown_value(v, more) for k, v in values.items()}))
    else:
        raise ValueError(f"unknown report form {form!r}")
    t.lang = lang  # type: ignore[attr-defined]  # for texts that exist in both languages (a note's reason)
    return t


def caret(source: str, column: int | None) -> str:
    """A line with ``^`` under ``column`` (1-based) of ``source``; tabs are kept so it lines up."""
    if not column or column < 1:
        return ""
    prefix = source[: column - 1]
    return "".join("\t" if char == "\t" else " " for char in prefix) + "^"


def bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept beside the templates, in their ``__pycache__`` (as Python keeps ``.pyc`` files).

    A self-check then skips compiling the templates (about 0.1 s). None, and no cache, when
    that folder cannot be written or Python is told not to write bytecode
    (``PYTHONDONTWRITEBYTECODE``). Jinja2 keys each entry by the template's source checksum,
    so an edited template is never served from an old entry.
    """
    if sys.dont_write_bytecode:
        return None
    folder = TEMPLATES / "__pycache__"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(str(folder)) if os.access(folder, os.W_OK) else None


@functools.lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    """The reports' Jinja2 environment, created once per process.

    Autoescaping is on for ``.html`` templates and off for ``.md``/``.css``; ``note_text``
    (grader.reports.notes.sentence) and ``missing_box`` (grader.reports.notes.missing_box) are available to every
    template; undefined
    names are errors; templates are compiled once and kept (no reload checks), with a
    bytecode cache across processes (:func:`bytecode_cache`).
    """
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html",), disabled_extensions=("md", "css"),
                                           default_for_string=True, default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        cache_size=-1,
        bytecode_cache=bytecode_cache(),
    )
    env.filters.update(code=html_code, mdcode=inline_code, mdblock=fenced_block, mdvalue=markdown_value, caret=caret)
    from grader.reports import notes  # the notes' sentences use this module's translators
    env.globals["note_text"] = notes.sentence
    env.globals["missing_box"] = notes.missing_box
    return env


@functools.lru_cache(maxsize=None)
def template(name: str) -> jinja2.Template:
    """The compiled template ``name`` from grader/reports/templates (compiled once)."""
    return environment().get_template(name)
