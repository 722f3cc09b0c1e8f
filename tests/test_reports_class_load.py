"""What a class run says of submissions whose functions were not all defined at load: the class overview's reason
(index.html) and the terminal's notes after the summary."""

from __future__ import annotations

import re
from html import unescape

import pytest

from grader.class_notes import ClassNotes
from grader.reports import classview, html
from grader.terminal import Progress
from test_reports import all_passing, document, load_error, passing, result


def stopped_class(lang: str) -> dict:
    """anna: exit() on line 3 before the functions; bram: the functions under ``if __name__``; cees: a plain
    missing-functions problem; dirk: exit() on line 40 after checkpoint 1's function (a load note)."""
    anna, bram, cees = ({**load_error("missing-functions", lang, "x", line), "id": name}
                        for name, line in (("anna", 3), ("bram", 7), ("cees", None)))
    anna["load"]["problem"]["cause"], bram["load"]["problem"]["cause"] = "exit", "main-block"
    dirk = result(passing("v", 1, 2), lang=lang, student="dirk", notes=[{"kind": "exit-called", "line": 40}])
    return classview.summarize(document([anna, bram, cees, dirk, result(all_passing(), lang=lang, student="eva")], lang))


def rows(lang: str) -> dict[str, str]:
    text = html.render_index(stopped_class(lang))
    return {re.search(r'href="feedback/(\w+)\.html"', row).group(1): " ".join(unescape(re.sub(r"<[^>]+>", " ", row)).split())
            for row in re.findall(r"<tr data-status.*?</tr>", text, flags=re.S)}


WORDS = {"nl": ("exit() vóór de functies", "functies in een __main__-blok", "geen van de drie functies"),
         "en": ("exit() before the functions", "functions in a __main__ block", "none of the three functions")}


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_class_overview_says_what_stopped_the_functions_from_being_defined(lang):
    # The terminal's table said "exit() before the functions"; index.html said "none of the three functions".
    exit_words, main_words, none_words = WORDS[lang]
    said = rows(lang)
    assert exit_words in said["anna"] and none_words not in said["anna"], said["anna"]
    assert main_words in said["bram"] and none_words not in said["bram"], said["bram"]
    assert none_words in said["cees"], said["cees"]


@pytest.mark.parametrize("lang, words", [("nl", "exit() op regel 40 stopte het laden"),
                                         ("en", "exit() on line 40 stopped loading")])
def test_a_class_run_says_an_exit_after_some_functions_after_its_summary(capsys, lang, words):
    # Only dirk's report said that an exit() stopped loading after checkpoint 1's function.
    notes = ClassNotes()
    document = stopped_class(lang)
    for summary in document["submissions"]:
        notes.add(summary["id"], summary)
    notes.say(Progress(5, lang, quiet=True), document, [], [])
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith("grade: ") and "dirk: " in said[0] and words in said[0], said
