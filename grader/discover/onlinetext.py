"""Online text hand-ins (an LMS's HTML page of what the student typed) turned back into plain text."""

from __future__ import annotations

import html.parser

# Tags after which a new line starts.
_BLOCKS = {"p", "div", "pre", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section", "article"}
# Tags whose content is not what the student typed.
_SKIPPED = {"head", "title", "script", "style"}


class _Text(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in _SKIPPED:
            self.skipping += 1
        elif tag == "br":
            self.parts.append("\n")
        elif tag in _BLOCKS and self.parts and not self.parts[-1].endswith("\n"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def to_text(data: bytes) -> bytes:
    """The visible text of an HTML page as UTF-8: ``<br>``/``<p>`` as new lines, entities and
    non-breaking spaces (which rich-text editors put in pasted code) as plain characters."""
    try:
        page = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        page = data.decode("cp1252", errors="replace")
    parser = _Text()
    parser.feed(page)
    parser.close()
    text = "".join(parser.parts).replace("\xa0", " ").replace("\u200b", "")
    return "\n".join(line.rstrip() for line in text.strip("\n").split("\n")).encode("utf-8") + b"\n"
