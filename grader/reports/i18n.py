"""Every text the reports show, in Dutch (default) and English: message id to {"nl", "en"}."""

from __future__ import annotations

LANGUAGES = ("nl", "en")

# Placeholders in {braces} are filled by the renderer: numbers are shown as they are, text
# (ids, function names, student text) is always shown as code and escaped.
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
              "ook goedgekeurde voorstellen (approval-required). Kijk hier opnieuw naar zodra checkpoint 2 slaagt.",
        "en": "Checkpoint 2 does not pass yet. The checks of this checkpoint put the correct SHA-256 fingerprint "
              "of the proposal in approved. If your code computes a different fingerprint, dispatch_ticket also "
              "refuses approved proposals (approval-required). Look at this again once checkpoint 2 passes.",
    },
    "missing_function": {
        "nl": "De functie {function} ontbreekt in main.py, dus geen van de {count} controles van dit checkpoint "
              "kan slagen. Schrijf deze functie met precies deze naam.",
        "en": "The function {function} is missing from main.py, so none of the {count} checks of this checkpoint "
              "can pass. Write this function with exactly this name.",
    },
    # One failed check.
    "tried": {"nl": "Geprobeerd", "en": "Tried"},
    "got": {"nl": "Jouw code", "en": "Your code"},
    "expected": {"nl": "Verwacht", "en": "Expected"},
    "hint": {"nl": "Tip", "en": "Hint"},
    "case": {"nl": "Geval {label}", "en": "Case {label}"},
    "cases_failed": {"nl": "{failed} van {total} gevallen mislukt", "en": "{failed} of {total} cases failed"},
    "cases_more": {"nl": "… en nog {count} gevallen van deze controle mislukken.",
                   "en": "… and {count} more cases of this check fail."},
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
    "outcome_error": {"nl": "Deze controle kon niet worden afgerond: {error}",
                      "en": "This check could not be completed: {error}"},
    "outcome_not_run": {
        "nl": "Niet uitgevoerd: de beoordeling is gestopt na herhaalde time-outs.",
        "en": "Not run: grading stopped after repeated time-outs.",
    },
    "passed_checks": {"nl": "Geslaagde controles bekijken ({count})", "en": "Show the passed checks ({count})"},
    "passed_cases": {"nl": "({count} gevallen)", "en": "({count} cases)"},
    # Load problems: why main.py could not be loaded, in plain words per kind.
    "load_heading": {"nl": "main.py kon niet worden geladen", "en": "main.py could not be loaded"},
    "load_consequence": {
        "nl": "Daardoor kon geen enkele controle draaien: alle checkpoints tellen als niet geslaagd.",
        "en": "So no check could run: every checkpoint counts as not passed.",
    },
    "where_column": {"nl": "Regel {line}, kolom {column}:", "en": "Line {line}, column {column}:"},
    "where_line": {"nl": "Regel {line}:", "en": "Line {line}:"},
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
        "nl": "Bij het laden van main.py ging het mis: de code buiten je functies gaf een fout. Verwijder testcode "
              "op het hoogste niveau of zorg dat die zonder fouten draait.",
        "en": "Loading main.py failed: the code outside your functions raised an error. Remove test code at the top "
              "level or make sure it runs without errors.",
    },
    "problem_missing_functions": {
        "nl": "main.py definieert geen van de drie functies validate_ticket_proposal, proposal_fingerprint en "
              "dispatch_ticket. Controleer de namen: hoofdletters en underscores tellen mee.",
        "en": "main.py defines none of the three functions validate_ticket_proposal, proposal_fingerprint and "
              "dispatch_ticket. Check the names: capitals and underscores count.",
    },
    "problem_timeout": {
        "nl": "Het laden van main.py duurde te lang: de code buiten je functies stopt niet (een oneindige lus?).",
        "en": "Loading main.py took too long: the code outside your functions does not stop (an endless loop?).",
    },
    "problem_crashed": {
        "nl": "Het proces dat main.py laadde stopte onverwacht, bijvoorbeeld omdat het te veel geheugen gebruikte.",
        "en": "The process loading main.py stopped unexpectedly, for example because it used too much memory.",
    },
    "problem_unknown": {"nl": "main.py kon niet worden geladen ({kind}).",
                        "en": "main.py could not be loaded ({kind})."},
    # Notes: short remarks about the submission.
    "notes": {"nl": "Opmerkingen", "en": "Notes"},
    "note_missing_function": {"nl": "De functie {name} ontbreekt in main.py.",
                              "en": "The function {name} is missing from main.py."},
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
    "note_renamed_id": {
        "nl": "Er waren meerdere inzendingen met de naam {old}; deze heet hier {id}.",
        "en": "There were several submissions named {old}; this one is called {id} here.",
    },
    "note_unknown": {"nl": "Opmerking: {kind}", "en": "Note: {kind}"},
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
    # The class page.
    "class_title": {"nl": "Resultaten van de klas", "en": "Class results"},
    "class_count": {"nl": "{count} inzendingen.", "en": "{count} submissions."},
    "class_rate": {"nl": "Checkpoint {n}: {passed} van {total} geslaagd ({percent}%)",
                   "en": "Checkpoint {n}: {passed} of {total} passed ({percent}%)"},
    "class_table": {"nl": "Checkpoints per student", "en": "Checkpoints per student"},
    "col_student": {"nl": "Student", "en": "Student"},
    "col_checkpoint": {"nl": "CP {n}", "en": "CP {n}"},
    "col_score": {"nl": "Score", "en": "Score"},
    "col_status": {"nl": "Status", "en": "Status"},
    "mark_yes": {"nl": "ja", "en": "yes"},
    "mark_no": {"nl": "nee", "en": "no"},
    "class_made": {"nl": "Gemaakt op {created} met grader {grader} (controles {battery}).",
                   "en": "Made on {created} with grader {grader} (checks {battery})."},
}

