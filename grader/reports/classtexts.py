"""The texts of the instructor's pages, the class page (index.html) and similarity.html, in Dutch and English.

Part of grader.reports.i18n.MESSAGES (the same placeholders: numbers as they are, other text as code)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # The class page.
    "class_title": {"nl": "Resultaten van de klas", "en": "Class results"},
    "class_count": {"nl": "{count} inzendingen.", "en": "{count} submissions."},
    "class_count_one": {"nl": "{count} inzending.", "en": "{count} submission."},
    "class_interrupted": {
        "nl": "Onvolledig: het beoordelen werd onderbroken na {count} van de {found} inzendingen. Voer dezelfde "
              "opdracht opnieuw uit om de rest te beoordelen; dit overzicht en de cijferlijsten tellen tot dan alleen "
              "de beoordeelde inzendingen.",
        "en": "Incomplete: grading was interrupted after {count} of the {found} submissions. Run the same command "
              "again to grade the rest; until then this page and the gradebooks count only the graded submissions.",
    },
    "class_table": {"nl": "Checkpoints per student", "en": "Checkpoints per student"},
    "col_student": {"nl": "Student", "en": "Student"},
    "col_checkpoint": {"nl": "CP {n}", "en": "CP {n}"},
    "col_score": {"nl": "Score", "en": "Score"},
    "col_status": {"nl": "Status", "en": "Status"},
    "mark_yes": {"nl": "ja", "en": "yes"},
    "mark_no": {"nl": "nee", "en": "no"},
    "class_made": {"nl": "Gemaakt op {created} met grader {grader} (controles {battery}).",
                   "en": "Made on {created} with grader {grader} (checks {battery})."},
    # The class page: charts, the most failed checks, load errors, the sortable student table.
    "class_checkpoints": {"nl": "Geslaagd per checkpoint", "en": "Pass rate per checkpoint"},
    "class_checks": {"nl": "Meest gemiste controles", "en": "Most failed checks"},
    "class_checks_explain": {
        "nl": "Per controle het deel van de geladen inzendingen ({graded}) waarin ze mislukt, de meest gemiste eerst: "
              "dit zijn de regels om opnieuw uit te leggen. Niet meegeteld: mislukkingen op dezelfde ongeldige "
              "invoer als checkpoint 1 of door een verkeerde vingerafdruk (checkpoint 2), controles van een "
              "ontbrekende functie en controles die niet zijn uitgevoerd.",
        "en": "For each check the share of the loaded submissions ({graded}) in which it fails, the most failed "
              "first: these are the rules to explain again. Not counted: failures on the same invalid input as "
              "checkpoint 1 or from a wrong fingerprint (checkpoint 2), checks of a missing function and checks "
              "that were not run.",
    },
    "class_checks_none": {"nl": "Geen enkele controle mislukte.", "en": "No check failed."},
    # Some checkpoint failed, but none of its failures counts above (the table below shows which).
    "class_checks_uncounted": {
        "nl": "Geen controle telt hier als mislukt, al slaagt niet elke inzending voor elk checkpoint: niet meegeteld "
              "zijn de controles van een ontbrekende functie, mislukkingen op dezelfde ongeldige invoer als een "
              "andere controle of door een verkeerde vingerafdruk, en controles die niet zijn uitgevoerd.",
        "en": "No check counts as failed here, though not every submission passes every checkpoint: not counted are "
              "the checks of a missing function, failures on the same invalid input as another check or from a "
              "wrong fingerprint, and checks that were not run.",
    },
    "class_checks_all": {"nl": "Alle controles ({count})", "en": "All checks ({count})"},
    "class_fail_rate": {"nl": "{failed} van {total} mislukt ({percent}%)",
                        "en": "{failed} of {total} failed ({percent}%)"},
    "class_scores": {"nl": "Verdeling van de scores", "en": "Score distribution"},
    # Under each chart, its numbers as a table to open (the chart itself is an image).
    "chart_table": {"nl": "De cijfers als tabel", "en": "The numbers as a table"},
    "col_checkpoint_name": {"nl": "Checkpoint", "en": "Checkpoint"},
    "col_passed": {"nl": "Geslaagd", "en": "Passed"},
    "col_submissions": {"nl": "Inzendingen", "en": "Submissions"},
    "class_share": {"nl": "{count} van {total} ({percent}%)", "en": "{count} of {total} ({percent}%)"},
    "class_load_errors": {"nl": "Laadfouten per soort", "en": "Load errors by kind"},
    "class_no_load_errors": {"nl": "Alle inzendingen konden worden geladen.",
                             "en": "Every submission could be loaded."},
    # Beside a student's status: the required functions written in a notebook's Markdown or raw cell (never run).
    "class_text_cells_one": {"nl": "In een tekstcel van het notebook, dus niet uitgevoerd:",
                             "en": "In a text cell of the notebook, so not run:"},
    "class_text_cells": {"nl": "In tekstcellen van het notebook, dus niet uitgevoerd:",
                         "en": "In text cells of the notebook, so not run:"},
    "class_text_cell_markdown": {"nl": "{function} (cel {cell}, Markdown-cel)", "en": "{function} (cell {cell}, Markdown cell)"},
    "class_text_cell_raw": {"nl": "{function} (cel {cell}, Raw-cel)", "en": "{function} (cell {cell}, raw cell)"},
    "col_check": {"nl": "Controle", "en": "Check"},
    "col_clause": {"nl": "Regel", "en": "Clause"},
    "col_failed": {"nl": "Mislukt", "en": "Failed"},
    "col_kind": {"nl": "Soort", "en": "Kind"},
    "col_count": {"nl": "Aantal", "en": "Count"},
    "col_name": {"nl": "Naam", "en": "Name"},
    "hidden_tag": {"nl": "verborgen", "en": "hidden"},
    "filter_label": {"nl": "Zoek een student", "en": "Find a student"},
    "filter_status": {"nl": "Status", "en": "Status"},
    "filter_all": {"nl": "alle", "en": "all"},
    "filter_shown": {"nl": "{shown} van {total} getoond", "en": "{shown} of {total} shown"},
    "sort_hint": {"nl": "Kies een kolomkop om op die kolom te sorteren.",
                  "en": "Choose a column heading to sort by that column."},
    "instructor_view": {"nl": "docentweergave", "en": "instructor view"},
    "class_similarity": {"nl": "Mogelijke kopieën (aantal paren: {count}), alleen voor docenten",
                         "en": "Possible copies (pairs: {count}), for instructors only"},
    "class_similarity_few": {"nl": "Niet op mogelijke kopieën vergeleken: minder dan twee inzendingen met code (een "
                                   "lege of onleesbare inzending telt niet mee).",
                             "en": "Not compared for possible copies: fewer than two submissions with code (an empty "
                                   "or unreadable submission does not count)."},
    "class_similarity_stale": {
        "nl": "De {file} in deze map hoort niet bij deze resultaten (andere inzendingen, of gemaakt door een oudere "
              "versie van grade) en is daarom niet gelinkt. Beoordeel de klas opnieuw voor een vergelijking die erbij "
              "hoort.",
        "en": "The {file} in this folder does not belong to these results (other submissions, or made by an older "
              "version of grade), so it is not linked. Grade the class again for a comparison that belongs to them.",
    },
    # The similarity page (instructors only).
    "sim_title": {"nl": "Mogelijke kopieën", "en": "Possible copies"},
    "sim_explain": {
        "nl": "Paren inzendingen (of een inzending en een referentiebestand) waarvan minstens {threshold}% van de "
              "genormaliseerde code overeenkomt. Dit is een aanwijzing om te bekijken, geen oordeel: het verandert "
              "geen score en staat in geen enkel studentrapport.",
        "en": "Pairs of submissions (or a submission and a reference file) of which at least {threshold}% of the "
              "normalised code matches. This is a lead to look into, not a verdict: it changes no score and appears "
              "in no student's report.",
    },
    "sim_none": {"nl": "Geen paren boven de drempel.", "en": "No pairs above the threshold."},
    "sim_pairs": {"nl": "Paren", "en": "Pairs"},
    "col_pair": {"nl": "Paar", "en": "Pair"},
    "col_similarity": {"nl": "Overeenkomst", "en": "Similarity"},
    "col_shared": {"nl": "Gedeelde vingerafdrukken", "en": "Shared fingerprints"},
    "sim_identical": {"nl": "identiek na normalisatie", "en": "identical after normalisation"},
    "sim_reference": {"nl": "referentie", "en": "reference"},
    "sim_share": {"nl": "{percent}% van {id} komt voor in de andere", "en": "{percent}% of {id} is found in the other"},
    "sim_marked": {"nl": "Gemarkeerd: code die in beide bestanden voorkomt.",
                   "en": "Marked: code found in both files."},
    "sim_more": {"nl": "Nog {count} paren staan alleen in de tabel en in similarity.json.",
                 "en": "{count} more pairs are listed in the table and in similarity.json only."},
    "sim_more_one": {"nl": "Nog {count} paar staat alleen in de tabel en in similarity.json.",
                     "en": "{count} more pair is listed in the table and in similarity.json only."},
    "sim_missing": {"nl": "Niet vergeleken (bestand in een archief, niet gevonden of gewijzigd sinds het beoordelen): "
                          "{ids}",
                    "en": "Not compared (file inside an archive, not found or changed since grading): {ids}"},
    "sim_back": {"nl": "Terug naar de klas", "en": "Back to the class"},
}
