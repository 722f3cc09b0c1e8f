"""Every text the reports show, in Dutch (default) and English: message id to {"nl", "en"}."""

from __future__ import annotations

from grader.reports.classtexts import MESSAGES as CLASS_MESSAGES
from grader.reports.notes import MESSAGES as NOTE_MESSAGES
from grader.reports.stopped import MESSAGES as STOPPED_MESSAGES

LANGUAGES = ("nl", "en")

# Placeholders in {braces} are filled by the renderer: numbers are shown as they are, text (ids, function names,
# student text) is always shown as code and escaped; a list as its items in code, comma-separated ("and N more").
# What to do about a load error of the code outside the functions (a demo call at the top level): the report says it
# after the error, and the terminal too.
GUARD = 'if __name__ == "__main__":'  # the {guard} of RUNTIME_ADVICE, as the reports' templates fill it in
RUNTIME_ADVICE = {
    "nl": "Zet testcode op het hoogste niveau onder {guard} (dat deel voert de beoordelaar niet uit) of zorg dat die "
          "zonder fouten draait.",
    "en": "Put test code at the top level under {guard} (the grader does not run that part) or make sure it runs "
          "without errors.",
}

MESSAGES: dict[str, dict[str, str]] = {
    # The student's page: header and summary.
    "page_title": {"nl": "Feedback voor {id}", "en": "Feedback for {id}"},
    "heading": {"nl": "Feedback op je inzending", "en": "Feedback on your submission"},
    "lesson": {"nl": "Les 01.02 – Bind toestemming aan de exacte handeling",
               "en": "Lesson 01.02 – Bind permission to the exact action"},
    "submission": {"nl": "Inzending: {id}", "en": "Submission: {id}"},
    "score": {"nl": "Score: {score}/{max} checkpoints", "en": "Score: {score}/{max} checkpoints"},
    "all_passed": {"nl": "Alle checkpoints zijn geslaagd. Goed gedaan!",
                   "en": "All checkpoints passed. Well done!"},
    "start_here": {"nl": "Begin bij checkpoint {n}: dat is het eerste checkpoint dat nog niet slaagt.",
                   "en": "Start with checkpoint {n}: it is the first checkpoint that does not pass yet."},
    "overview": {"nl": "Overzicht", "en": "Overview"},
    "checkpoint": {"nl": "Checkpoint {n}: {function}", "en": "Checkpoint {n}: {function}"},
    "cp_passed": {"nl": "geslaagd", "en": "passed"},
    "cp_failed": {"nl": "niet geslaagd", "en": "not passed"},
    "cp_not_graded": {"nl": "niet beoordeeld", "en": "not graded"},
    "cp_counts": {"nl": "{passed} van {total} controles geslaagd.", "en": "{passed} of {total} checks passed."},
    "cp_counts_one": {"nl": "{passed} van {total} controle geslaagd.", "en": "{passed} of {total} check passed."},
    "cp_no_checks": {"nl": "Voor dit checkpoint zijn geen controles uitgevoerd.",
                     "en": "No checks were run for this checkpoint."},
    # Why checkpoints 2 and 3 may fail because of an earlier checkpoint (CONTRACT.md, grading policy).
    "root_first": {"nl": "Los eerst checkpoint {n} op", "en": "Fix checkpoint {n} first"},
    "root_validation": {
        "nl": "Checkpoint 1 slaagt nog niet. Deze functie moet precies dezelfde voorstellen weigeren als "
              "validate_ticket_proposal: checkpoints 2 en 3 erven de validatie van checkpoint 1. De fouten "
              "hieronder komen dus mogelijk uit je validatie: kijk er opnieuw naar zodra checkpoint 1 slaagt.",
        "en": "Checkpoint 1 does not pass yet. This function must refuse exactly the proposals that "
              "validate_ticket_proposal refuses: checkpoints 2 and 3 inherit the validation of checkpoint 1. "
              "The failures below may therefore come from your validation: look at them again once checkpoint 1 "
              "passes.",
    },
    "root_fingerprint": {
        "nl": "Checkpoint 2 slaagt nog niet. De controles van dit checkpoint zetten de juiste SHA-256-vingerafdruk "
              "van het voorstel in approved. Berekent je code een andere vingerafdruk, dan weigert dispatch_ticket "
              "ook goedgekeurde voorstellen (approval-required); loopt proposal_fingerprint vast of geeft het een "
              "fout, dan gebeurt dat hier ook zodra dispatch_ticket het gebruikt. Kijk hier opnieuw naar zodra "
              "checkpoint 2 slaagt.",
        "en": "Checkpoint 2 does not pass yet. The checks of this checkpoint put the correct SHA-256 fingerprint "
              "of the proposal in approved. If your code computes a different fingerprint, dispatch_ticket also "
              "refuses approved proposals (approval-required); if proposal_fingerprint gets stuck or raises an "
              "error, that happens here too once dispatch_ticket uses it. Look at this again once checkpoint 2 passes.",
    },
    "root_also_fingerprint": {
        "nl": "Ook checkpoint 2 slaagt nog niet: de controles keuren voorstellen goed met hun juiste vingerafdruk, "
              "dus met een andere vingerafdruk mislukken hier ook goedgekeurde voorstellen.",
        "en": "Checkpoint 2 does not pass yet either: the checks approve proposals with their correct fingerprint, "
              "so with another fingerprint approved proposals fail here too.",
    },
    "root_fingerprint_confirmed": {
        "nl": "Je proposal_fingerprint geeft een voorstel een andere vingerafdruk dan de juiste (H), en dispatch_ticket "
              "gebruikt die: zo vindt het de goedkeuring van de host niet. De eerste controle hieronder laat dat zien.",
        "en": "Your proposal_fingerprint gives a proposal another fingerprint than the correct one (H), and "
              "dispatch_ticket uses it: so it does not find the host's approval. The first check below shows this.",
    },
    # After root_fingerprint_confirmed: how many failures follow the one shown (each is listed, none left out).
    "root_follow_on": {"nl": "Daarna volgen, kort opgesomd, de {count} andere controles die hier mislukken.",
                       "en": "After it come, listed briefly, the {count} other checks that fail here."},
    "root_follow_on_one": {"nl": "Daarna volgt, kort vermeld, de ene andere controle die hier mislukt.",
                           "en": "After it comes, listed briefly, the one other check that fails here."},
    # The tip of a failure that got approval-required for a proposal the check approved, while checkpoint 2's digest
    # is wrong (grader.reports.selection.approval_missed): in place of the rule's, which would point elsewhere.
    "hint_approval_missed": {
        "nl": "Je code gaf approval-required, maar de host keurde dit voorstel goed met zijn juiste vingerafdruk H. "
              "Geeft je proposal_fingerprint voor dit voorstel precies H? Herstel dat eerst (checkpoint 2).",
        "en": "Your code returned approval-required, but the host approved this proposal with its correct "
              "fingerprint H. Does your proposal_fingerprint give exactly H for this proposal? Fix that first "
              "(checkpoint 2).",
    },
    "grouped_validation": {
        "nl": "Deze controles mislukken op dezelfde ongeldige invoer als checkpoint 1 en slagen waarschijnlijk zodra "
              "je validatie klopt:",
        "en": "These checks fail on the same invalid input as checkpoint 1 and will probably pass once your "
              "validation is right:",
    },
    "grouped_json": {
        "nl": "Deze controles hashen dezelfde andere JSON-tekst als hierboven en slagen waarschijnlijk zodra die "
              "klopt:",
        "en": "These checks hash the same JSON text as above and will probably pass once it is right:",
    },
    "grouped_fingerprint": {
        "nl": "Deze {count} controles mislukken ook. Een verkeerde vingerafdruk kan ze allemaal laten mislukken, maar "
              "sommige kunnen een eigen fout hebben: kijk ze opnieuw na zodra checkpoint 2 slaagt:",
        "en": "These {count} checks fail too. A wrong fingerprint can make them all fail, but some may have a bug of "
              "their own: look at them again once checkpoint 2 passes:",
    },
    "grouped_fingerprint_one": {
        "nl": "Deze controle mislukt ook. Een verkeerde vingerafdruk kan de oorzaak zijn, maar misschien heeft ze een "
              "eigen fout: kijk er opnieuw naar zodra checkpoint 2 slaagt:",
        "en": "This check fails too. A wrong fingerprint may be the cause, but it may have a bug of its own: look at "
              "it again once checkpoint 2 passes:",
    },
    "grouped_more": {
        "nl": "Ook deze controles mislukken. Los eerst de fouten hierboven op en laat je code dan opnieuw beoordelen.",
        "en": "These checks fail too. Fix the failures above first, then have your code graded again.",
    },
    "grouped_repeats": {
        "nl": "Deze controles proberen dezelfde ongeldige invoer opnieuw als een mislukte controle hierboven (in een "
              "andere vorm, of als eerste aanroep na het laden van je bestand) en mislukken daar dus waarschijnlijk om "
              "dezelfde reden. Kijk er opnieuw naar als je die hebt opgelost:",
        "en": "These checks try the same invalid input again as a failed check above (in another form, or as the "
              "first call after your file is loaded), so they most likely fail for the same reason. Look at them "
              "again once you have fixed that one:",
    },
    "grouped_same_result": {
        "nl": "Deze controles mislukken met een resultaat dat hierboven al staat, dus waarschijnlijk om dezelfde "
              "reden. Kijk er opnieuw naar als je dat hebt opgelost:",
        "en": "These checks fail with a result already shown above, so most likely for the same reason. Look at "
              "them again once you have fixed that:",
    },
    "legend": {
        "nl": "In de code bij \"Geprobeerd\" is {p} het voorstel uit de les en {h} de juiste vingerafdruk van {x} "
              "(zoals checkpoint 2 die berekent):",
        "en": "In the code under \"Tried\", {p} is the lesson's proposal and {h} is the correct fingerprint of {x} "
              "(as checkpoint 2 computes it):",
    },
    "legend_p": {
        "nl": "In de code bij \"Geprobeerd\" is {p} het voorstel uit de les:",
        "en": "In the code under \"Tried\", {p} is the lesson's proposal:",
    },
    "legend_h": {
        "nl": "In de code bij \"Geprobeerd\" is {h} de juiste vingerafdruk van {x} (zoals checkpoint 2 die berekent).",
        "en": "In the code under \"Tried\", {h} is the correct fingerprint of {x} (as checkpoint 2 computes it).",
    },
    "missing_function": {
        "nl": "De functie {function} ontbreekt in main.py, dus geen van de {count} controles van dit checkpoint "
              "kan slagen. Schrijf deze functie met precies deze naam.",
        "en": "The function {function} is missing from main.py, so none of the {count} checks of this checkpoint "
              "can pass. Write this function with exactly this name.",
    },
    "missing_function_one": {
        "nl": "De functie {function} ontbreekt in main.py, dus de enige controle ({count}) van dit checkpoint kan niet "
              "slagen. Schrijf deze functie met precies deze naam.",
        "en": "The function {function} is missing from main.py, so the only check ({count}) of this checkpoint cannot "
              "pass. Write this function with exactly this name.",
    },
    "missing_function_unrun": {
        "nl": "De functie {function} staat in cel {cell} van het notebook, maar die cel is nooit uitgevoerd: cel {after} "
              "stopte het laden met een fout. Daarom kon geen controle van dit checkpoint slagen. Zorg dat elke cel "
              "zonder fout loopt.",
        "en": "The function {function} is in cell {cell} of the notebook, but that cell never ran: cell {after} "
              "stopped loading with an error. So no check of this checkpoint could pass. Make every cell run without "
              "an error.",
    },
    "missing_function_markdown": {
        "nl": "De functie {function} staat in cel {cell} van het notebook, maar dat is een Markdown-cel: tekst, die "
              "niet wordt uitgevoerd. Daarom kon geen controle van dit checkpoint slagen. Maak er een codecel van "
              "(celtype Code), met alleen de Python-code erin.",
        "en": "The function {function} is in cell {cell} of the notebook, but that is a Markdown cell: text, which "
              "does not run. So no check of this checkpoint could pass. Make it a code cell (cell type Code) holding "
              "only the Python code.",
    },
    "missing_function_raw": {
        "nl": "De functie {function} staat in cel {cell} van het notebook, maar dat is een Raw-cel: platte tekst, die "
              "niet wordt uitgevoerd. Daarom kon geen controle van dit checkpoint slagen. Maak er een codecel van "
              "(celtype Code).",
        "en": "The function {function} is in cell {cell} of the notebook, but that is a raw cell: plain text, which "
              "does not run. So no check of this checkpoint could pass. Make it a code cell (cell type Code).",
    },
    # One failed check.
    "tried": {"nl": "Geprobeerd", "en": "Tried"},
    "got": {"nl": "Jouw code", "en": "Your code"},
    "expected": {"nl": "Verwacht", "en": "Expected"},
    "hint": {"nl": "Tip", "en": "Hint"},
    "case": {"nl": "Geval {number}", "en": "Case {number}"},
    "cases_failed": {"nl": "{failed} van {total} gevallen mislukt", "en": "{failed} of {total} cases failed"},
    "cases_more": {"nl": "… en nog {count} gevallen van deze controle mislukken.",
                   "en": "… and {count} more cases of this check fail."},
    "case_more": {"nl": "… en nog 1 geval van deze controle mislukt.", "en": "… and 1 more case of this check fails."},
    "outcome_timeout": {
        "nl": "Je functie was niet op tijd klaar. Zit er een oneindige lus in, of wacht je code ergens op?",
        "en": "Your function did not finish in time. Is there an endless loop, or does your code wait for something?",
    },
    "outcome_crashed": {
        "nl": "Het proces dat je code uitvoerde stopte onverwacht ({error}), bijvoorbeeld omdat het te veel "
              "geheugen gebruikte.",
        "en": "The process running your code stopped unexpectedly ({error}), for example because it used too "
              "much memory.",
    },
    "outcome": {"nl": "Uitkomst", "en": "Outcome"},  # instead of "got" where the check itself broke off
    "outcome_error": {"nl": "Deze controle brak af voordat ze een oordeel had: {error}. Komt dat niet door je eigen "
                            "code, meld het dan aan je docent.",
                      "en": "This check broke off before it reached a verdict: {error}. If your own code is not "
                            "the cause, tell your teacher."},
    "outcome_not_run": {
        "nl": "Niet uitgevoerd: de beoordeling is gestopt na herhaalde time-outs.",
        "en": "Not run: grading stopped after repeated time-outs.",
    },
    "outcome_memory": {
        "nl": "Je code gebruikte te veel geheugen, meer dan de grens die de beoordeling stelt. Maakt ze ergens een "
              "enorme lijst of string, of blijft ze iets toevoegen?",
        "en": "Your code used too much memory, more than the limit grading sets. Does it build a huge list or "
              "string somewhere, or keep adding to one?",
    },
    "outcome_not_run_memory": {
        "nl": "Niet uitgevoerd: de beoordeling is gestopt omdat je code herhaaldelijk te veel geheugen gebruikte.",
        "en": "Not run: grading stopped because your code repeatedly used too much memory.",
    },
    "outcome_not_run_crashed": {
        "nl": "Niet uitgevoerd: de beoordeling is gestopt omdat het proces met je code herhaaldelijk onverwacht "
              "stopte.",
        "en": "Not run: grading stopped because the process running your code repeatedly stopped unexpectedly.",
    },
    "outcome_not_run_budget": {
        "nl": "Niet uitgevoerd: je code had de rekentijd voor alle controles samen al opgebruikt (zie de "
              "opmerkingen bovenaan).",
        "en": "Not run: your code had already used up the CPU time for all checks together (see the notes at "
              "the top).",
    },
    "passed_checks": {"nl": "Geslaagde controles bekijken ({count})", "en": "Show the passed checks ({count})"},
    "passed_cases": {"nl": "({count} gevallen)", "en": "({count} cases)"},
    "passed_cases_one": {"nl": "(1 geval)", "en": "(1 case)"},
    # Load problems: why main.py could not be loaded, in plain words per kind.
    "load_heading": {"nl": "main.py kon niet worden geladen", "en": "main.py could not be loaded"},
    "missing_functions_heading": {"nl": "main.py definieert geen van de drie functies",
                                  "en": "main.py defines none of the three functions"},
    "missing_functions_heading_exit": {"nl": "Het laden van main.py stopte vóór de functies",
                                       "en": "Loading main.py stopped before the functions"},
    "missing_functions_heading_main_block": {"nl": "De functies staan in een blok dat niet wordt uitgevoerd",
                                             "en": "The functions are in a block that does not run"},
    "missing_functions_near": {"nl": "Deze functie lijkt {name} met een andere naam: bedoelde je {name}?",
                               "en": "This function looks like {name} under another name: did you mean {name}?"},
    "load_consequence": {
        "nl": "Daardoor kon geen enkele controle draaien: alle checkpoints tellen als niet geslaagd.",
        "en": "So no check could run: every checkpoint counts as not passed.",
    },
    "where_column": {"nl": "Regel {line}, kolom {column}:", "en": "Line {line}, column {column}:"},
    "where_line": {"nl": "Regel {line}:", "en": "Line {line}:"},
    # A notebook's cell counted from the top, Markdown cells too (not In [n]): as grader.discover.notebooks does.
    "where_cell_column": {"nl": "Cel {cell} van boven (alle cellen geteld, ook Markdown), regel {line}, "
                                "kolom {column}:",
                          "en": "Cell {cell} from the top (counting every cell, Markdown too), line {line}, "
                                "column {column}:"},
    "where_cell_line": {"nl": "Cel {cell} van boven (alle cellen geteld, ook Markdown), regel {line}:",
                        "en": "Cell {cell} from the top (counting every cell, Markdown too), line {line}:"},
    "technical": {"nl": "Melding:", "en": "Message:"},
    "problem_encoding": {
        "nl": "main.py is geen leesbaar tekstbestand (niet in UTF-8 of Windows-1252 opgeslagen). Sla het bestand "
              "op als UTF-8 en lever het opnieuw in.",
        "en": "main.py is not a readable text file (not saved as UTF-8 or Windows-1252). Save the file as UTF-8 "
              "and submit it again.",
    },
    "problem_empty": {
        "nl": "main.py bevat geen code, alleen lege regels of commentaar. Lever je uitwerking met de drie functies in.",
        "en": "main.py contains no code, only blank lines or comments. Submit your work with the three functions.",
    },
    "problem_too_large": {
        "nl": "main.py is te groot om te beoordelen. Een uitwerking voor deze les is een paar kilobyte; lever alleen "
              "je eigen code in.",
        "en": "main.py is too large to grade. A solution for this lesson is a few kilobytes; submit only your own "
              "code.",
    },
    "problem_syntax": {
        "nl": "Python kan main.py niet lezen: er zit een schrijffout in de code (een syntaxfout).",
        "en": "Python cannot read main.py: the code contains a syntax error.",
    },
    "problem_indentation": {
        "nl": "Python kan main.py niet lezen: de inspringing klopt niet. Gebruik overal 4 spaties per niveau en meng "
              "geen tabs en spaties.",
        "en": "Python cannot read main.py: the indentation is wrong. Use 4 spaces per level everywhere and do not "
              "mix tabs and spaces.",
    },
    "problem_policy": {
        "nl": "main.py gebruikt iets wat de beoordelaar om veiligheidsredenen niet toestaat. Schrijf dit stuk op een "
              "andere manier; voor deze les is het niet nodig.",
        "en": "main.py uses something the grader does not allow for safety reasons. Write this part another way; "
              "this lesson does not need it.",
    },
    "problem_runtime": {
        "nl": "Bij het laden van main.py ging het mis: de code buiten je functies gaf een fout. "
              + RUNTIME_ADVICE["nl"],
        "en": "Loading main.py failed: the code outside your functions raised an error. " + RUNTIME_ADVICE["en"],
    },
    "advice_runtime": RUNTIME_ADVICE,  # the terminal says it after the error too (grader.terminal)
    "problem_missing_functions": {
        "nl": "main.py definieert geen van de drie functies validate_ticket_proposal, proposal_fingerprint en "
              "dispatch_ticket. Controleer de namen: hoofdletters en underscores tellen mee.",
        "en": "main.py defines none of the three functions validate_ticket_proposal, proposal_fingerprint and "
              "dispatch_ticket. Check the names: capitals and underscores count.",
    },
    "problem_missing_functions_exit": {
        "nl": "Je code roept exit() aan: exit() op regel {line} stopte het laden voordat de drie functies gedefinieerd "
              "waren, dus bestaat geen ervan. Haal die aanroep weg (ook quit(), sys.exit() en raise SystemExit).",
        "en": "Your code calls exit(): exit() on line {line} stopped loading before the three functions were "
              "defined, so none of them exists. Take that call out (quit(), sys.exit() and raise SystemExit too).",
    },
    "problem_missing_functions_main_block": {
        "nl": "De functies staan in het blok {guard} op regel {line}. Dat blok wordt bij het beoordelen niet "
              "uitgevoerd, dus bestaat geen ervan. Zet de def's op het hoogste niveau, buiten dat blok.",
        "en": "The functions are in the block {guard} on line {line}. That block does not run when graded, so none "
              "of them exists. Put the defs at the top level, outside that block.",
    },
    # A notebook whose functions are all in Markdown or raw cells (the cells are named after it).
    "problem_missing_functions_text": {
        "nl": "Geen van de drie functies staat in een codecel van je notebook, dus geen ervan is uitgevoerd.",
        "en": "None of the three functions is in a code cell of your notebook, so none of them ran.",
    },
    "problem_empty_text": {
        "nl": "Je notebook heeft geen codecel met code: wat je schreef staat in tekstcellen, die niet worden uitgevoerd.",
        "en": "Your notebook has no code cell with code: what you wrote is in text cells, which do not run.",
    },
    "problem_timeout": {
        "nl": "Het laden van main.py duurde te lang: de code buiten je functies stopt niet (een oneindige lus?).",
        "en": "Loading main.py took too long: the code outside your functions does not stop (an endless loop?).",
    },
    "problem_crashed": {
        "nl": "Het proces dat main.py laadde stopte onverwacht, bijvoorbeeld omdat het te veel geheugen gebruikte.",
        "en": "The process loading main.py stopped unexpectedly, for example because it used too much memory.",
    },
    "no_code_heading": {"nl": "Geen code om te beoordelen", "en": "No code to grade"},
    "unreadable_heading": {"nl": "Je inzending kon niet worden gelezen", "en": "Your submission could not be read"},
    "problem_no_code": {
        "nl": "In je inzending zit geen bestand dat de beoordelaar kan nakijken: geen .py-bestand, geen notebook "
              "(.ipynb) en geen online tekst met code. Wel gevonden: {files}. Lever je uitwerking in als .py-bestand.",
        "en": "Your submission holds no file the grader can check: no .py file, no notebook (.ipynb) and no online "
              "text with code. Found: {files}. Submit your work as a .py file.",
    },
    "problem_no_code_nothing": {
        "nl": "Je inzending bevatte geen enkel bestand. Lever je uitwerking in als .py-bestand.",
        "en": "Your submission held no files at all. Submit your work as a .py file.",
    },
    "problem_unavailable": {
        "nl": "main.py gebruikt een onderdeel van Python dat de beoordelaar om veiligheidsredenen niet aanbiedt "
              "(de melding hieronder zegt welk). Deze opdracht heeft geen andere modules nodig dan re, json, "
              "hashlib en copy: schrijf dat stuk daarmee, of zonder module.",
        "en": "main.py uses a part of Python the grader does not offer, for safety (the message below says which). "
              "This assignment needs no modules other than re, json, hashlib and copy: write that part with those.",
    },
    "problem_unreadable": {
        "nl": "De beoordelaar kon je bestand niet openen, dus er was geen code om na te kijken; de melding hieronder "
              "zegt waarom. Lever je uitwerking opnieuw in als .py-bestand.",
        "en": "The grader could not open your file, so there was no code to check; the message below says why. "
              "Submit your work again as a .py file.",
    },
    "problem_unknown": {"nl": "main.py kon niet worden geladen ({kind}).",
                        "en": "main.py could not be loaded ({kind})."},
    # Notes: short remarks about the submission (their texts: grader.reports.notes.MESSAGES).
    **NOTE_MESSAGES,
    # Checks not run (grading stopped after repeated time-outs...): grader.reports.stopped.
    **STOPPED_MESSAGES,
    "list_more": {"nl": "en nog {count} bestanden", "en": "and {count} more files"},
    "list_more_one": {"nl": "en nog {count} bestand", "en": "and {count} more file"},
    "output": {"nl": "Wat je code afdrukte bij het laden", "en": "What your code printed while loading"},
    "output_explain": {
        "nl": "De beoordelaar doet niets met deze uitvoer; print-aanroepen buiten je functies zijn niet nodig.",
        "en": "The grader does nothing with this output; print calls outside your functions are not needed.",
    },
    "output_cut": {"nl": "(ingekort)", "en": "(shortened)"},
    # Statuses of a submission.
    "status_graded": {"nl": "beoordeeld", "en": "graded"},
    "status_load-error": {"nl": "laadfout", "en": "load error"},
    "status_empty": {"nl": "leeg", "en": "empty"},
    # The class page and the similarity page (instructors only): grader.reports.classtexts.
    **CLASS_MESSAGES,
    # A hidden check (--checks, hidden=True): the student sees its name and hint only.
    "hidden_check": {"nl": "Verborgen controle: de invoer en de verwachte uitkomst worden niet getoond.",
                     "en": "Hidden check: its input and expected result are not shown."},
    "instructor_banner": {"nl": "Docentweergave: ook de invoer van verborgen controles staat hier. Niet aan de "
                                "student geven.",
                          "en": "Instructor view: the input of hidden checks is shown too. Do not give this to the "
                                "student."},
}

# A message with a "<key>_one" form uses it when the number in this placeholder is 1.
PLURAL_BY = {"passed_cases": "count", "cp_counts": "total", "missing_function": "count", "class_count": "count",
             "not_run_count": "count", "sim_more": "count", "list_more": "count", "note_notebook_replaced": "count",
             "root_follow_on": "count", "grouped_fingerprint": "count", "class_text_cells": "count"}
# Messages whose "main.py" means that name itself, not the graded file (see templating.translator).
LITERAL_NAMES = frozenset(f"rule_{n}" for n in range(9))


def key_for(key: str, values: dict) -> str:
    """The message id to use for ``key`` with ``values``: its ``_one`` form when its number is 1."""
    number = values.get(PLURAL_BY.get(key, ""))
    return f"{key}_one" if number == 1 and f"{key}_one" in MESSAGES else key
