"""An offline accessibility check of every page the grader writes: language, headings, tables, forms, charts, contrast."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from grader import similarity
from grader.reports import classview, copies, feedback, html
from grader.reports.templating import TEMPLATES
from test_instructor_class import sample_document

# WCAG 2.1: 4.5:1 for text (1.4.3), 3:1 for graphical objects such as chart bars (1.4.11).
TEXT_CONTRAST = 4.5
GRAPHIC_CONTRAST = 3.0
# Colour pairs of style.css (foreground, background) that carry text, and those that are graphics.
TEXT_PAIRS = [(fg, bg) for fg in ("ink", "muted", "ok", "bad", "link") for bg in ("page", "card", "code-bg")] + \
             [("ink", "warn-bg")]
GRAPHIC_PAIRS = [("ok", "page"), ("bad", "page"), ("muted", "page"), ("ok", "code-bg"), ("bad", "code-bg")]


class Audit(HTMLParser):
    """Collects what the checks below need: lang, headings, tables, labels, controls, SVGs, ids, status marks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = None
        self.headings: list[int] = []
        self.th: list[dict] = []
        self.tables = 0
        self.labels: set[str] = set()
        self.controls: list[dict] = []
        self.svgs: list[dict] = []
        self.ids: list[str] = []
        self.links: list[list[str]] = []
        self.stack: list[tuple[str, dict]] = []
        self.status: list[list[str]] = []  # text of each element with class ok/bad (not aria-hidden)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        if tag == "table":
            self.tables += 1
        if tag == "th":
            self.th.append(attrs)
        if tag == "label" and attrs.get("for"):
            self.labels.add(attrs["for"])
        if tag in ("input", "select", "textarea"):
            self.controls.append(attrs)
        if tag == "svg":
            self.svgs.append(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a":
            self.links.append([])
        classes = (attrs.get("class") or "").split()
        if ({"ok", "bad"} & set(classes)) and attrs.get("aria-hidden") != "true" and tag != "rect":
            self.status.append([])
            attrs = {**attrs, "_status": len(self.status) - 1}
        if tag not in ("input", "meta", "br", "link", "img", "rect", "line"):
            self.stack.append((tag, attrs))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, _ = self.stack.pop()
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        hidden = any(attrs.get("aria-hidden") == "true" for _, attrs in self.stack)
        if hidden:
            return
        if self.links and any(name == "a" for name, _ in self.stack):
            self.links[-1].append(data)
        for _, attrs in self.stack:
            if "_status" in attrs:
                self.status[attrs["_status"]].append(data)


def audit(text: str) -> list[str]:
    """The accessibility problems of an HTML page (empty when none)."""
    found = Audit()
    found.feed(text)
    problems = []
    if not found.lang:
        problems.append("no lang attribute on <html>")
    if found.headings.count(1) != 1 or (found.headings and found.headings[0] != 1):
        problems.append(f"not exactly one h1 first: {found.headings}")
    for before, after in zip(found.headings, found.headings[1:]):
        if after > before + 1:
            problems.append(f"heading level skipped: h{before} then h{after}")
    if found.tables and not found.th:
        problems.append("a table without header cells")
    problems += [f"<th> without scope: {attrs}" for attrs in found.th if attrs.get("scope") not in ("col", "row")]
    for control in found.controls:
        if control.get("type") != "hidden" and control.get("id") not in found.labels and not control.get("aria-label"):
            problems.append(f"form control without a label: {control}")
    for svg in found.svgs:
        if svg.get("role") != "img" or not (svg.get("aria-labelledby") or svg.get("aria-label")):
            problems.append(f"svg without role=img and a name: {svg}")
        elif svg.get("aria-labelledby") and svg["aria-labelledby"] not in found.ids:
            problems.append(f"svg names a missing title: {svg['aria-labelledby']}")
    duplicates = {i for i in found.ids if found.ids.count(i) > 1}
    if duplicates:
        problems.append(f"duplicate ids: {sorted(duplicates)}")
    problems += ["a link without text" for text in found.links if not "".join(text).strip()]
    problems += [f"a status shown by colour only: {''.join(text)!r}" for text in found.status
                 if not re.search(r"\w{2,}", "".join(text))]
    return problems


def colours(css: str) -> dict[str, dict[str, str]]:
    """The custom properties of style.css: {"light": {name: #hex}, "dark": {...}}."""
    blocks = re.findall(r":root\s*{([^}]*)}", css)
    return {scheme: dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", block))
            for scheme, block in zip(("light", "dark"), blocks)}


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance of an sRGB colour ``#rrggbb``."""
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours (1..21)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_matches_known_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_colour_pair_of_the_pages_has_enough_contrast(scheme):
    palette = colours((TEMPLATES / "style.css").read_text(encoding="utf-8"))[scheme]
    for pairs, least in ((TEXT_PAIRS, TEXT_CONTRAST), (GRAPHIC_PAIRS, GRAPHIC_CONTRAST)):
        for fg, bg in pairs:
            ratio = contrast(palette[fg], palette[bg])
            assert ratio >= least, f"{scheme}: --{fg} on --{bg} is {ratio:.2f}:1, needs {least}:1"


def pages() -> dict[str, str]:
    document = sample_document()
    texts = {r["id"]: "def f(x):\n    return [x * 2 for x in range(10) if x % 3]\n" * 8 for r in document["submissions"]}
    detector = similarity.Detector(texts)
    found = {"index.html": html.render_index(classview.summarize(document), similarity=2),
             "similarity.html": copies.render(detector.pairs(), detector, "en", 0.5, ["lost"])}
    for result in document["submissions"]:
        found[f"feedback/{result['id']}.html"] = html.render_feedback(feedback.build(result), "nl")
    return found


@pytest.mark.parametrize("name", sorted(pages()))
def test_every_page_passes_the_accessibility_audit(name):
    assert audit(pages()[name]) == []


def test_the_audit_finds_what_it_looks_for():
    bad = ('<html><body><h2>x</h2><h1>a</h1><h1>b</h1><h4>c</h4><table><tr><th>x</th></tr></table>'
           '<input id="q"><svg></svg><a href="#"></a><span class="bad">✘</span><p id="d"></p><p id="d"></p></body></html>')
    problems = " | ".join(audit(bad))
    for expected in ("lang", "one h1", "skipped", "without scope", "without a label", "svg", "duplicate ids",
                     "link without text", "colour only"):
        assert expected in problems, expected


def test_the_written_pages_are_audited_too(tmp_path: Path):
    from grader import reports
    document = sample_document()
    reports.render_all(document, tmp_path, reports.Options(similarity=False))
    for path in [tmp_path / "index.html", *sorted((tmp_path / "feedback").glob("*.html"))]:
        assert audit(path.read_text(encoding="utf-8")) == [], path.name
