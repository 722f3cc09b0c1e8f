"""A note about a submission (from the intake or the sandbox) as one or two sentences of the report."""

from __future__ import annotations

import re
from typing import Callable

from grader.battery import FUNCTIONS
from grader.near import closest
from grader.sandbox.identity import DETAILS

# The details of the loader's notes about an ``is`` between text or numbers that Python does not warn of.
IDENTITY_DETAILS = frozenset(DETAILS.values())

# The notes' texts, in Dutch and English (part of grader.reports.i18n.MESSAGES; same placeholders).
MESSAGES: dict[str, dict[str, str]] = {
    "notes": {"nl": "Opmerkingen", "en": "Notes"},
    "note_missing_function": {"nl": "De functie {name} ontbreekt in main.py.",
                              "en": "The function {name} is missing from main.py."},
    "note_missing_function_near": {
        "nl": "De functie {name} ontbreekt in main.py. Bedoelde je {near}? De naam moet precies {name} zijn.",
        "en": "The function {name} is missing from main.py. Did you mean {near}? The name must be exactly {name}."},
    "note_missing_function_unrun": {
        "nl": "De functie {name} staat in cel {cell} van het notebook, maar die cel is niet uitgevoerd: cel {after} "
              "stopte het laden. Daarom ontbrak {name} bij het beoordelen.",
        "en": "The function {name} is in cell {cell} of the notebook, but that cell did not run: cell {after} "
              "stopped loading. So {name} was missing when grading."},
    "note_missing_function_markdown": {
        "nl": "De functie {name} staat in cel {cell} van het notebook, maar dat is een Markdown-cel: tekst, die niet "
              "wordt uitgevoerd. Maak er een codecel van (celtype Code), met alleen de Python-code erin.",
        "en": "The function {name} is in cell {cell} of the notebook, but that is a Markdown cell: text, which does "
              "not run. Make it a code cell (cell type Code) holding only the Python code."},
    "note_missing_function_raw": {
        "nl": "De functie {name} staat in cel {cell} van het notebook, maar dat is een Raw-cel: platte tekst, die niet "
              "wordt uitgevoerd. Maak er een codecel van (celtype Code).",
        "en": "The function {name} is in cell {cell} of the notebook, but that is a raw cell: plain text, which does "
              "not run. Make it a code cell (cell type Code)."},
    "note_syntax_warning_is": {
        "nl": "Op regel {line} vergelijk je met is: dat kijkt of het hetzelfde object is, niet of de waarde gelijk is; "
              "gebruik == (of !=) voor tekst en getallen. Dat het bij jou werkt, is toeval: Python hergebruikt "
              "letterlijke tekst, de controles geven nieuwe strings mee. Python waarschuwt er ook voor: {detail}",
        "en": "On line {line} you compare with is: that checks whether it is the same object, not whether the value "
              "is equal; use == (or !=) for text and numbers. That it works when you run it is luck: Python reuses "
              "literal text, the checks pass new strings. Python warns about it too: {detail}"},
    "note_syntax_warning_is_cell": {
        "nl": "Op regel {line} van cel {cell} vergelijk je met is: dat kijkt of het hetzelfde object is, niet of de "
              "waarde gelijk is; gebruik == (of !=) voor tekst en getallen. Python waarschuwt er ook voor: {detail}",
        "en": "On line {line} of cell {cell} you compare with is: that checks whether it is the same object, not "
              "whether the value is equal; use == (or !=) for text and numbers. Python warns about it too: {detail}"},
    "note_identity_is": {
        "nl": "Op regel {line} vergelijk je met is: dat kijkt of beide kanten hetzelfde object zijn, niet of hun waarde "
              "gelijk is. De controles geven tekst en getallen mee als nieuwe objecten, dus daar mislukt deze "
              "vergelijking, ook als ze bij jouw eigen voorbeelden wel lijkt te werken. Gebruik == (of !=).",
        "en": "On line {line} you compare with is: that checks whether both sides are the same object, not whether "
              "their values are equal. The checks pass text and numbers as new objects, so there this comparison "
              "fails, even if it seems to work on your own examples. Use == (or !=)."},
    "note_identity_is_cell": {
        "nl": "Op regel {line} van cel {cell} vergelijk je met is: dat kijkt of beide kanten hetzelfde object zijn, "
              "niet of hun waarde gelijk is. De controles geven tekst en getallen mee als nieuwe objecten, dus daar "
              "mislukt deze vergelijking. Gebruik == (of !=).",
        "en": "On line {line} of cell {cell} you compare with is: that checks whether both sides are the same object, "
              "not whether their values are equal. The checks pass text and numbers as new objects, so there this "
              "comparison fails. Use == (or !=)."},
    "note_syntax_warning": {"nl": "Python waarschuwt bij het compileren, op regel {line}: {detail}",
                            "en": "Python warns while compiling, on line {line}: {detail}"},
    "note_syntax_warning_cell": {"nl": "Python waarschuwt bij het compileren, op regel {line} van cel {cell}: {detail}",
                                 "en": "Python warns while compiling, on line {line} of cell {cell}: {detail}"},
    "note_decoded_cp1252": {
        "nl": "main.py was niet als UTF-8 opgeslagen; de beoordelaar heeft het als Windows-1252 gelezen. Sla je "
              "bestanden voortaan op als UTF-8.",
        "en": "main.py was not saved as UTF-8; the grader read it as Windows-1252. Save your files as UTF-8 from "
              "now on.",
    },
    "note_exit_called": {
        "nl": "Je code roept exit() aan op regel {line}; het laden stopte daar. Laat exit() en quit() weg.",
        "en": "Your code calls exit() on line {line}; loading stopped there. Leave out exit() and quit().",
    },
    "note_exit_called_nowhere": {
        "nl": "Je code roept exit() aan; het laden stopte daar. Laat exit() en quit() weg.",
        "en": "Your code calls exit(); loading stopped there. Leave out exit() and quit().",
    },
    "note_cpu_budget": {
        "nl": "Je code gebruikte voor alle controles samen meer dan {seconds} seconden rekentijd; de controles die "
              "daarna nog kwamen, zijn niet uitgevoerd. Een goede uitwerking heeft voor alle controles samen minder "
              "dan een seconde nodig: zoek een lus die veel vaker draait dan nodig is.",
        "en": "Your code used more than {seconds} seconds of CPU time for all checks together; the checks still "
              "to come were not run. A correct solution needs less than a second for all of them: look for a "
              "loop that runs far more often than it needs to.",
    },
    "note_renamed_id": {
        "nl": "Er waren meerdere inzendingen met de naam {old}; deze heet hier {id}.",
        "en": "There were several submissions named {old}; this one is called {id} here.",
    },
    "note_notebook_stopped": {
        "nl": "Cel {cell} van het notebook gaf bij het laden een fout op regel {line} van die cel: {detail}. Het "
              "laden stopte daar: beoordeeld is de code van de cellen ervoor; wat die cel en de cellen erna "
              "definiëren, ontbreekt. Zet voorbeelden die een fout tonen in een try-blok of haal ze weg.",
        "en": "Cell {cell} of the notebook raised an error while loading, on line {line} of that cell: {detail}. "
              "Loading stopped there: the code of the cells before it was graded; what that cell and the cells "
              "after it define is missing. Put examples that show an error in a try block, or take them out.",
    },
    "note_decoded_utf16": {
        "nl": "main.py was als UTF-16 opgeslagen; de beoordelaar heeft het zo gelezen. Sla je bestanden voortaan op "
              "als UTF-8.",
        "en": "main.py was saved as UTF-16; the grader read it that way. Save your files as UTF-8 from now on.",
    },
    # Notes from the intake (an LMS export, a folder, an archive, a notebook).
    # Said before grading: the chosen file may turn out unreadable.
    "note_chosen_alone": {"nl": "Gekozen om te beoordelen: {file} ({rule}).", "en": "Chosen for grading: {file} ({rule})."},
    "note_chosen_ignored": {"nl": "Niet beoordeeld: {files}.", "en": "Not graded: {files}."},
    # Why a file was chosen (grader.discover.choose.RULE, in that order).
    "rule_0": {"nl": "de naam die de opdracht vraagt", "en": "the name the assignment asks for"},
    "rule_1": {"nl": "het heet main.py, met andere hoofdletters", "en": "it is named main.py in other letter case"},
    "rule_2": {"nl": "een kopie van main.py", "en": "a copy of main.py"},
    "rule_3": {"nl": "main.py, opgeslagen als tekst", "en": "main.py saved as text"},
    "rule_4": {"nl": "het notebook main.ipynb", "en": "the notebook main.ipynb"},
    "rule_5": {"nl": "het .py-bestand met de meeste functies van de opdracht",
               "en": "the .py file with most of the assignment's functions"},
    "rule_6": {"nl": "het notebook met de meeste functies van de opdracht",
               "en": "the notebook with most of the assignment's functions"},
    "rule_7": {"nl": "het als tekst opgeslagen .py-bestand met de meeste functies van de opdracht",
               "en": "the .py file saved as text with most of the assignment's functions"},
    "rule_8": {"nl": "online tekst uit het LMS", "en": "online text from the LMS"},
    "note_attempts": {"nl": "Je hebt {count} keer ingeleverd; alleen de laatste poging ({graded}) is beoordeeld.",
                      "en": "You handed in {count} times; only the latest attempt ({graded}) was graded."},
    "note_late": {"nl": "De beoordeelde poging is na de deadline ingeleverd: te laat volgens het LMS.",
                  "en": "The graded attempt was handed in after the deadline: late according to the LMS."},
    "note_online_text": {
        "nl": "Je uitwerking stond als online tekst in het LMS ({file}); de beoordelaar heeft die tekst omgezet naar "
              "Python-code.",
        "en": "Your work was online text in the LMS ({file}); the grader converted that text to Python code.",
    },
    "note_online_text_prose": {
        "nl": "Alleen de code in de codeblokken ({tag}) is beoordeeld; de tekst eromheen is weggelaten.",
        "en": "Only the code in the code blocks ({tag}) was graded; the text around them was left out.",
    },
    "note_notebook": {"nl": "{file} is een notebook: de codecellen zijn op volgorde samengevoegd en zo beoordeeld.",
                      "en": "{file} is a notebook: its code cells were joined in order and graded that way."},
    "note_notebook_replaced": {"nl": "{count} regels met IPython-opdrachten (% of !) telden als pass.",
                               "en": "{count} lines with IPython commands (% or !) counted as pass."},
    "note_notebook_replaced_one": {"nl": "{count} regel met een IPython-opdracht (% of !) telde als pass.",
                                   "en": "{count} line with an IPython command (% or !) counted as pass."},
    "note_notebook_unreadable": {
        "nl": "Het notebook kon niet worden gelezen, dus er was geen code om te beoordelen: {detail}.",
        "en": "The notebook could not be read, so there was no code to grade: {detail}.",
    },
    "note_archive_unreadable": {"nl": "Het archief {file} kon niet worden gelezen: {detail}.",
                                "en": "The archive {file} could not be read: {detail}."},
    "note_file_unreadable": {"nl": "Het bestand {file} kon niet worden geopend: {detail}.",
                             "en": "The file {file} could not be opened: {detail}."},
    "note_folder_unreadable": {"nl": "De map {folder} kon niet worden gelezen (geen toegang?): {detail}.",
                               "en": "The folder {folder} could not be read (no permission?): {detail}."},
    "note_archive_member_refused": {
        "nl": "Niet gelezen, want te groot of te sterk ingepakt: {files}.",
        "en": "Not read, as too large or compressed too much: {files}.",
    },
    "note_too_many_files": {
        "nl": "De map {folder} bevat meer dan {limit} bestanden; alleen de eerste {limit} zijn bekeken.",
        "en": "The folder {folder} holds more than {limit} files; only the first {limit} were looked at.",
    },
    "note_duplicate_member": {
        "nl": "Het archief bevatte {count} bestanden met de naam {file}; beoordeeld is het laatste, zoals uitpakken "
              "het zou bewaren. Pak je werk opnieuw in als je een ander bedoelde.",
        "en": "The archive held {count} files named {file}; the last one was graded, as unzipping would keep it. "
              "Zip your work again if you meant another one.",
    },
    "note_online_text_no_code": {
        "nl": "Je online tekst in het LMS ({file}) bevat geen Python-code en is dus niet beoordeeld. Er staat: {text}",
        "en": "Your online text in the LMS ({file}) holds no Python code, so it was not graded. It reads: {text}",
    },
    "note_online_text_no_code_blank": {
        "nl": "Je online tekst in het LMS ({file}) is leeg: er staat geen Python-code in.",
        "en": "Your online text in the LMS ({file}) is blank: it holds no Python code.",
    },
    "note_no_code_file": {"nl": "Er was geen bestand met Python-code om te beoordelen. Gevonden: {files}.",
                          "en": "There was no file with Python code to grade. Found: {files}."},
    "note_no_code_file_nothing": {"nl": "Deze inzending bevatte geen bestanden.",
                                  "en": "This submission held no files."},
    "note_unknown": {"nl": "Opmerking over de inzending ({kind}).", "en": "A remark about the submission ({kind})."},
}

# Notes that are one message without values: note kind -> message id.
_FIXED = {"decoded-cp1252": "note_decoded_cp1252", "decoded-utf16": "note_decoded_utf16", "late": "note_late"}


def sentence(note: dict, t: Callable[..., str], submission: str) -> str:
    """What the report says about ``note``.

    In: a note of a feedback view (grader.reports.feedback.build: its kind and cleaned
    details), a translator ``t`` (grader.reports.templating.translator, which escapes or
    code-spans every value it inserts) and the submission's id. Out: the sentence(s), of the
    translator's type (Markup for HTML, a Markdown str), so it is never escaped twice.
    """
    kind = note["kind"]
    if kind in _FIXED:
        return t(_FIXED[kind])
    if kind == "missing-function":
        if note.get("cell"):
            return t("note_missing_function_unrun", name=note["name"], cell=note["cell"], after=note["after"])
        if note.get("text_cell"):
            return t(f"note_missing_function_{note['cell_type']}", name=note["name"], cell=note["text_cell"])
        if note.get("near"):
            return t("note_missing_function_near", name=note["name"], near=note["near"])
        return t("note_missing_function", name=note["name"])
    if kind == "exit-called":
        return t("note_exit_called", line=note["line"]) if note["line"] else t("note_exit_called_nowhere")
    if kind == "renamed-id":
        return t("note_renamed_id", old=note["old"], id=submission)
    if kind == "notebook-stopped":
        detail = note["detail_nl"] if getattr(t, "lang", "en") == "nl" else note["detail"]
        return t("note_notebook_stopped", cell=note["cell"], line=note["line"] or "?", detail=detail)
    if kind == "syntax-warning":
        return t(warning_key(note), line=note["line"], cell=note["cell"], detail=note["detail"])
    if kind == "cpu-budget":
        return t("note_cpu_budget", seconds=note["seconds"])
    if kind == "chosen-file":
        rule = t(f"rule_{note['rule']}") if note["rule"] is not None else "?"
        said = t("note_chosen_alone", file=note["file"], rule=rule)
        return said + " " + t("note_chosen_ignored", files=note["ignored"]) if note["ignored"] else said
    if kind == "attempts":
        return t("note_attempts", count=note["count"], graded=note["graded"])
    if kind == "online-text":
        said = t("note_online_text", file=note["file"])
        return said + " " + t("note_online_text_prose", tag="<pre>") if note.get("prose_left_out") else said
    if kind == "online-text-no-code":
        if note["text"]:
            return t("note_online_text_no_code", file=note["file"], text=note["text"])
        return t("note_online_text_no_code_blank", file=note["file"])
    if kind == "notebook":
        said = t("note_notebook", file=note["file"])
        return said + " " + t("note_notebook_replaced", count=note["replaced"]) if note["replaced"] else said
    # The reason in the report's language where it is the grader's own text (Python's messages stay as they are).
    reason = note.get("detail_nl", note.get("detail")) if getattr(t, "lang", "en") == "nl" else note.get("detail")
    if kind == "notebook-unreadable":
        return t("note_notebook_unreadable", detail=reason)
    if kind == "archive-unreadable":
        return t("note_archive_unreadable", file=note["file"], detail=reason)
    if kind == "file-unreadable":
        return t("note_file_unreadable", file=note["file"], detail=reason)
    if kind == "archive-member-refused":
        return t("note_archive_member_refused", files=note["files"])
    if kind == "folder-unreadable":
        return t("note_folder_unreadable", folder=note["folder"], detail=note["detail"])
    if kind == "too-many-files":
        return t("note_too_many_files", folder=note["folder"], limit=note["limit"])
    if kind == "duplicate-member":
        return t("note_duplicate_member", count=note["count"], file=note["file"])
    if kind == "no-code-file":
        return t("note_no_code_file", files=note["found"]) if note["found"] else t("note_no_code_file_nothing")
    return t("note_unknown", kind=note.get("raw_kind", "?"))


def missing_box(checkpoint: dict, t: Callable[..., str]) -> str:
    """What a report says in the box of a checkpoint whose function is missing (a checkpoint of
    grader.reports.feedback.build: its ``function``, ``total``, and ``unrun`` or ``text``, the note of a function in
    a notebook cell that never ran or in a text cell), with the translator ``t``."""
    function = checkpoint["function"]
    if checkpoint.get("unrun"):
        return t("missing_function_unrun", function=function, cell=checkpoint["unrun"]["cell"],
                 after=checkpoint["unrun"]["after"])
    if checkpoint.get("text"):
        return t(f"missing_function_{checkpoint['text']['cell_type']}", function=function,
                 cell=checkpoint["text"]["text_cell"])
    return t("missing_function", function=function, count=checkpoint["total"])


def warning_key(note: dict) -> str:
    """The message id of a ``syntax-warning`` note: an ``is`` with a literal explained, an ``is`` between text or
    numbers without one (grader.sandbox.identity, no warning of Python's) explained, any other warning as Python
    says it; in a notebook with its cell."""
    detail = str(note.get("detail") or "")
    key = ("note_syntax_warning_is" if detail.startswith(('"is" with', '"is not" with'))
           else "note_identity_is" if detail in IDENTITY_DETAILS else "note_syntax_warning")
    return key + "_cell" if note.get("cell") else key


def warning_text(note: dict, lang: str) -> str:
    """A ``syntax-warning`` note (as the loader made it: line, cell, detail) as plain text in ``lang``, for the
    terminal."""
    return MESSAGES[warning_key(note)][lang].format(line=note.get("line") or "?", cell=note.get("cell"),
                                                    detail=str(note.get("detail") or "?"))


_DEF = re.compile(r"\s*(?:async\s+)?def\s+(\w+)")


def intended(source: object) -> str | None:
    """The required function that the ``def`` line ``source`` (a ``missing-functions`` problem's: a def whose name
    is close to one of them, grader.sandbox.loader) seems to mean under another name: the closest of FUNCTIONS
    (grader.near.closest); else None."""
    found = _DEF.match(source) if isinstance(source, str) else None
    return closest(found[1], list(FUNCTIONS)) if found else None
