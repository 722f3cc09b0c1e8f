"""The reports' and the terminal's texts read as sentences: notes, load problems, plurals, the files' own names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grader.reports import classview, feedback, html, i18n, markdown
from test_reports import LANGS, XSS, all_passing, check, document, load_error, md, page, passing, result, shown

def test_the_instructor_view_keeps_its_main_element(tmp_path):
    view = feedback.build(result(all_passing(), lang="en"), reveal=True)
    text = html.write_instructor_view(view, "anna", tmp_path, "en").read_text(encoding="utf-8")
    assert "&lt;main&gt;" not in text and text.count("<main>") == 1
    assert re.search(r'<main>\s*<div class="note" role="note">Instructor view', text)
