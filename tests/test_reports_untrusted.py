"""Untrusted text in every output: bidi controls and invisible characters shown as escapes, code spans the
student's backticks cannot close, gradebook cells that stay one-to-one after neutralising."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from grader.reports import cleaning, feedback, templating
from test_reports import LANGS, check, md, page, passing, result

# Every character Unicode lists as a bidirectional control (Bidi_Control: U+061C too, the Arabic letter mark),
# the line and paragraph separators, and invisible format characters that can carry hidden text (tag
# characters "ASCII smuggling", the word joiner and invisible operators, the Mongolian vowel separator,
# the soft hyphen, interlinear annotations): a printed line, an exception message or a returned value
# must show them as escapes, never as they are.
HIDDEN = ("\u061c", "\u2028", "\u2029", "\u00ad", "\u180e", "\u2060", "\u2061", "\u2064", "\u206a", "\u206f",
          "\ufff9", "\U000e0001", "\U000e0041", "\U000e007f", "\U000e0100",
          # Default-ignorable characters a Python name may hold (variation selectors, the grapheme joiner, the
          # Hangul fillers, Khmer's inherent vowels, Mongolian's variation selectors): def f\ufe0f is not def f.
          "\u034f", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u180b", "\u180f", "\u3164", "\ufe00", "\ufe0f",
          "\uffa0", "\ufff0", "\U0001bca0", "\U0001d173", "\U000e01f0")


@pytest.mark.parametrize("char", HIDDEN)
def test_bidi_marks_separators_and_invisible_format_characters_are_shown(char):
    text = f"ok{char}ok"
    checks = [check("v1_x[c]", 1, "failed", tried=f"validate_ticket_proposal({text!s})", expected="ValueError",
                    got=f"gaf de fout ValueError: {text}"),
              check("v1_y", 1, "error", error=f"Boom: {text}")] + passing("f", 2, 1) + passing("d", 3, 1)
    hostile_result = result(checks, output=f"printed {text}")
    for rendered in (page(hostile_result), md(hostile_result)):
        assert char not in rendered
    assert char not in feedback.clean(text) and feedback.clean(text).startswith("ok\\")


@pytest.mark.parametrize("platform", [None, "canvas", "brightspace", "moodle"])
def test_neutralised_cells_stay_apart_from_ids_that_begin_with_a_quote(platform):
    # The quote that neutralises a formula made "=x" and "'=x" one cell: two students with the same id,
    # login or username in a gradebook, so an LMS import gave one student's score to the other.
    from grader.reports import gradebook, lms
    ids = ["=x", "'=x", "''=x", "-1", "'-1", "'", "''"]
    document_ = {"submissions": [result(student=student) for student in ids]}
    text = gradebook.render(document_) if platform is None else lms.render(platform, document_, "Les")
    rows = [row for row in csv.reader(io.StringIO(text.lstrip("\ufeff")))][1:]
    column = {None: 0, "canvas": 3, "brightspace": 1, "moodle": 4}[platform]
    cells = [row[column] for row in rows if not row[0].startswith("    Points")]
    assert len(set(cells)) == len(ids), cells
    # Only an LMS identifier that merely starts like a formula (-1: a number) is kept as the LMS has it.
    assert [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))] == ([] if platform is None else ["-1"])


@pytest.mark.parametrize("lang", LANGS)
def test_gradescope_timeout_line_cannot_break_out_of_its_code_span(lang):
    # A time-out names the line of main.py that was running; that line is the student's own code, with
    # backticks of its own: in a bare `...` span they closed it and the rest was live Markdown in Gradescope
    # (an image fetched from anywhere, a link, a bold "3/3").
    from grader.reports import gradescope
    line = 'bezig op regel 3: s = "` ![x](https://example.invalid/x.png) **3/3** [y](https://example.invalid) `"'
    checks = [check("d1_x", 3, "timeout", tried="dispatch_ticket(p)", got=line)] + passing("v", 1, 1) + passing("f", 2, 1)
    document_ = gradescope.render(result(checks, lang=lang), lang)
    for test in document_["tests"]:
        for text in test["output"].split("\n"):
            if "example.invalid" in text:  # a line of a fenced block, or a code span whose fence is longer
                assert text.strip() == line or templating.inline_code(line) in text, text


def test_similarity_page_shows_bidi_and_invisible_characters_of_the_sources_as_escapes(tmp_path):
    # The side-by-side view prints each source as it is: a right-to-left override in a comment or a
    # string ("Trojan Source") reorders how the instructor sees the code, a zero-width or tag character hides
    # text; they must show as escapes there as in every report.
    from grader.reports import copies
    code = (Path(__file__).parent / "solutions" / "reference" / "main.py").read_text(encoding="utf-8")
    tricked = code.replace("\n", "  # \u202eevil\u202c \u2066x\u2069 \u200b\U000e0041\n", 3)
    document_ = {"lang": "en", "submissions": [{"id": "anna"}, {"id": "bert"}]}
    assert copies.write(document_, tmp_path, sources={"anna": code.encode(), "bert": tricked.encode()}) >= 1
    page_ = (tmp_path / "similarity.html").read_text(encoding="utf-8")
    assert "\\u202e" in page_
    for char in ("\u202e", "\u202c", "\u2066", "\u2069", "\u200b", "\U000e0041"):
        assert char not in page_


@pytest.mark.parametrize("text, shown", [("⚠️ let op", "⚠️ let op"), ("❤️", "❤️"), ("anna\ufe0f", "anna\\ufe0f"),
                                         ("x-\ufe0f", "x-\\ufe0f"), ("\ufe0fstart", "\\ufe0fstart")])
def test_an_emoji_keeps_its_presentation_selector_but_a_name_shows_it_escaped(text, shown):
    """A student's printed ⚠️ shows as printed; after a letter or punctuation the selector would make two names
    look alike, so it is escaped (grader.invisible.emoji_selector), in the reports and on the terminal alike."""
    from grader.invisible import printable
    assert cleaning.visible(text) == shown
    assert printable(text) == shown
