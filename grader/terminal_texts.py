"""The terminal's own texts, in Dutch and English (grader.terminal prints them), and the warnings that name entries."""

from grader.invisible import printable


def language(argv: list[str]) -> str:
    """The language ``--lang`` asks for in ``argv`` (the last one counts), read before parsing: ``"nl"`` or ``"en"``."""
    lang = "nl"
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(argv):
            lang = argv[index + 1]
        elif arg.startswith("--lang="):
            lang = arg.partition("=")[2]
    return "en" if lang == "en" else "nl"


TEXT = {
    "nl": {
        "unisolated": "grade: dit platform heeft geen fork/resource-limieten: inzendingen draaien in dit proces, "
                      "zonder geheugen- of CPU-limiet en zonder tijdslimiet per check",
        "summary": "{n} inzendingen beoordeeld{which}; rapporten in {out}", "unit": "inz",  # the progress bar's: inz/s
        "overview": "Klasoverzicht (open in een browser): {index}",
        # similarity.html's pairs: between submissions ({n}), and of a submission and a --reference file ({ref}).
        "similar": "{n} paren inzendingen lijken op elkaar{ref}: zie {page}",
        "similar-one": "1 paar inzendingen lijkt op elkaar{ref}: zie {page}",
        "similar-reference": " (en {n} met een referentiebestand)",
        "late": "te laat volgens het LMS",  # a status in the table
        # Below the similarity line, not the summary's: it names what it counts ("ervan" read as of the pairs).
        "reused": "{n} van de {total} inzendingen met een inhoud die al eerder beoordeeld is: dat resultaat is "
                  "hergebruikt (--force beoordeelt opnieuw)",
        "summary-one": "{n} inzending beoordeeld{which}; rapporten in {out}",
        # Of the submissions graded, those without a score of their own: "..., waarvan 1 leeg en 2 met een laadfout".
        "which": ", waarvan {parts}", "n-empty": "{n} leeg", "n-load-error": "{n} met een laadfout",
        "table": "{id:<{w}}  score  cp1 cp2 cp3  status",
        "checkpoint": "Checkpoint {k} ({function}): {verdict}",
        "passed": "geslaagd", "failed": "niet geslaagd: {n} van de {total} controles mislukt",
        "failed-one": "niet geslaagd: {n} van de {total} controle mislukt",
        "not-graded": "niet beoordeeld",
        "tried": "geprobeerd", "expected": "verwacht", "got": "jouw code", "outcome": "uitkomst", "hint": "tip",
        "legend": "  (bij 'geprobeerd' is p het voorstel uit de les en H(x) de juiste vingerafdruk van x; "
                  "het rapport toont p helemaal)",
        "legend-p": "  (bij 'geprobeerd' is p het voorstel uit de les; het rapport toont p helemaal)",
        "legend-h": "  (bij 'geprobeerd' is H(x) de juiste vingerafdruk van x)",
        "more": "... en nog {n} mislukte controles; zie het rapport",
        "not-run-count": "; {n} {reason}",
        "failed-none-run": "niet geslaagd: {n} van de {total} controles {reason}",
        "stopped": "  (los eerst {function} op: daar stopte de beoordeling (checkpoint {n}), dus deze functie is nog "
                   "niet volledig getest)",
        "more-one": "... en nog {n} mislukte controle; zie het rapport",
        "listed": "de {n} mislukte controles staan in het rapport", "listed-one": "de mislukte controle staat in het rapport",
        "root-validation": "  (los eerst checkpoint 1 op: dit checkpoint erft de validatie van checkpoint 1, dus deze "
                           "fouten komen mogelijk daaruit)",
        "root-also-fingerprint": "  (ook checkpoint 2 slaagt nog niet: met een andere vingerafdruk mislukken hier ook "
                                 "goedgekeurde voorstellen)",
        "root-fingerprint": "  (los eerst checkpoint 2 op: de controles keuren p goed met H(p), dus een andere "
                            "vingerafdruk laat ook goedgekeurde voorstellen mislukken, en een proposal_fingerprint "
                            "die vastloopt of een fout geeft ook dispatch_ticket als dat hem gebruikt)",
        "root-fingerprint-confirmed": "  (los eerst checkpoint 2 op: je proposal_fingerprint geeft een andere "
                                      "vingerafdruk dan H(p), en dispatch_ticket zoekt die op in approved)",
        "line": "regel", "cell": "cel {cell} van boven (alle cellen geteld, ook Markdown), regel {line}",
        "interrupted": "grade: onderbroken; {done} van de {total} inzendingen beoordeeld en geschreven naar {out}; "
                       "voer dezelfde opdracht opnieuw uit om verder te gaan",
        "interrupted-force": "grade: onderbroken; {done} van de {total} inzendingen beoordeeld en geschreven naar {out}; "
                             "voer de opdracht opnieuw uit zonder --force om verder te gaan (met --force begint "
                             "alles opnieuw)",
        "interrupted-late-force": "grade: onderbroken; de rapporten die er staan zijn volledig, de klasoverzichten in "
                                  "{out} misschien nog van een eerdere run; voer de opdracht opnieuw uit zonder --force "
                                  "om af te maken",
        "interrupted-self": "grade: onderbroken voordat {file} beoordeeld was; er is niets geschreven",
        "interrupted-self-report": ": {report} is een rapport van een eerdere run, misschien van een oudere versie van "
                                   "{file}; voer grade opnieuw uit voor een nieuw rapport",
        "interrupted-start": "grade: onderbroken tijdens het opstarten; er is niets beoordeeld of geschreven",
        "interrupted-early": "grade: onderbroken tijdens het zoeken naar inzendingen; er is niets beoordeeld of geschreven",
        "interrupted-late": "grade: onderbroken; de rapporten die er staan zijn volledig, de klasoverzichten in {out} "
                            "misschien nog van een eerdere run; voer dezelfde opdracht opnieuw uit om af te maken",
        "load": "{file} kon niet worden geladen ({kind}): {detail}",
        "load-empty": "{file} bevat geen code, alleen lege regels of commentaar: schrijf de drie functies erin",
        "load-missing": "{file} definieert geen van de drie functies validate_ticket_proposal, proposal_fingerprint en "
                        "dispatch_ticket; controleer de namen (hoofdletters en underscores tellen mee)",
        "load-missing-exit": "{file}: exit() op regel {line} stopte het laden voordat de drie functies gedefinieerd "
                             "waren; haal die aanroep weg (ook quit(), sys.exit() en raise SystemExit)",
        "load-missing-main-block": "{file} definieert de functies in het blok if __name__ == \"__main__\": op regel "
                                   "{line}, dat bij het beoordelen niet wordt uitgevoerd; zet ze op het hoogste niveau",
        "exit-called": "{file}: exit(){at} stopte het laden; wat erna komt, is niet gedefinieerd: haal die aanroep weg",
        "exit-at": " op regel {line}",
        "full-list": " (de volledige lijst van modules staat in het rapport)",
        "advice-unavailable": "Deze opdracht heeft geen andere modules nodig dan re, json, hashlib en copy.",
        "load-missing-text": "{file} heeft geen van de drie functies in een codecel, dus geen ervan is uitgevoerd:",
        "load-empty-text": "{file} heeft geen codecel met code: wat je schreef staat in tekstcellen, die niet worden "
                           "uitgevoerd:",
        "report": "Volledig rapport: {path}",
        "self-reused": "{file} heeft dezelfde inhoud als een eerder beoordeelde versie: dat resultaat is hergebruikt "
                       "(--force beoordeelt opnieuw)",
        "busy": "{file} wordt beoordeeld...",
        "class-results-kept": "({path} is van een klas en blijft zoals het was: dit resultaat staat er niet in)",
        "score": "Score: {score}/{max}",
        "missing-unrun": "{function} staat in cel {cell}, maar die cel is niet uitgevoerd: cel {after} stopte het laden",
        "missing-text": "{function} staat in cel {cell}, maar dat is een {kind}: tekst, die niet wordt uitgevoerd; "
                        "maak er een codecel van (celtype Code)",
        "text-cells": {"markdown": "Markdown-cel", "raw": "Raw-cel"},
        "missing": "{file} definieert geen functie {function}", "near": " (bedoelde je {near}?)",
        "cases": "({n} van {total} gevallen mislukt, het eerste:)",
        "unclaimed": "grade: let op: {n} onderdelen van de map werden geen inzending en zijn niet beoordeeld: {names}",
        "unclaimed-one": "grade: let op: 1 onderdeel van de map werd geen inzending en is niet beoordeeld: {names}",
        "check-error": "grade: let op: controle {check} eindigde met een fout (niet met een bevinding) bij {n} van de "
                       "{total} inzendingen ({error}); is de controle zelf defect?",
        "check-error-where": " Details per inzending in {where}.", "and": "en",
        # A file not saved as UTF-8 (the loader's decoded-* notes): a student's own run, then a class's.
        "decoded-cp1252": "Let op: {file} is niet als UTF-8 opgeslagen; het is gelezen als Windows-1252. Sla je "
                          "bestanden voortaan op als UTF-8.",
        "decoded-utf16": "Let op: {file} is niet als UTF-8 opgeslagen maar als UTF-16; het is zo gelezen. Sla je "
                         "bestanden voortaan op als UTF-8.",
        "class-decoded-cp1252": "grade: let op: {n} inzendingen zijn niet als UTF-8 opgeslagen en zijn gelezen als "
                                "Windows-1252 (hun rapport zegt het): {names}",
        "class-decoded-cp1252-one": "grade: let op: 1 inzending is niet als UTF-8 opgeslagen en is gelezen als "
                                    "Windows-1252 (het rapport zegt het): {names}",
        "class-decoded-utf16": "grade: let op: {n} inzendingen zijn niet als UTF-8 opgeslagen maar als UTF-16 (hun "
                               "rapport zegt het): {names}",
        "class-decoded-utf16-one": "grade: let op: 1 inzending is niet als UTF-8 opgeslagen maar als UTF-16 (het "
                                   "rapport zegt het): {names}",
        "class-note": "grade: let op: {id}: {said}",
        "class-exit-called": "grade: let op: {id}: exit(){at} stopte het laden; wat erna komt, is niet gedefinieerd",
        "class-notebook-stopped": "grade: let op: {id}: cel {cell} van het notebook gaf bij het laden een fout "
                                  "(regel {line} van die cel: {detail}); wat die cel en de cellen erna definiëren, "
                                  "is niet beoordeeld (het rapport zegt het)",
        # Required functions written in a notebook's Markdown or raw cell ({functions}: "name (cel 6, Markdown-cel)").
        "class-text-cells": "grade: let op: {id}: {functions} staan in tekstcellen van het notebook, niet in codecellen, "
                            "en zijn dus niet uitgevoerd (het rapport zegt het)",
        "class-text-cells-one": "grade: let op: {id}: {functions} staat in een tekstcel van het notebook, niet in een "
                                "codecel, en is dus niet uitgevoerd (het rapport zegt het)",
        "text-cell-place": "{function} (cel {cell}, {kind})",
        # Students the intake renamed to keep them apart (a renamed-id note), and the gradebook rows that leaves
        # without an identifier an LMS knows.
        "class-renamed": "grade: let op: {n} inzendingen zijn hernoemd om ze uit elkaar te houden (hun rapport zegt "
                         "het): {names}",
        "class-renamed-one": "grade: let op: 1 inzending is hernoemd om haar van een andere te onderscheiden (het "
                             "rapport zegt het): {names}",
        "unmatched": "grade: let op: {n} rijen van {file} hebben geen id die het LMS kent (die id is bij het inlezen "
                     "gemaakt of een anonieme Canvas-id, of een andere rij draagt hun LMS-id al): vul ze in vóór het importeren, anders meldt de "
                     "import ze: {names}",
        "unmatched-one": "grade: let op: 1 rij van {file} heeft geen id die het LMS kent (die id is bij het inlezen "
                         "gemaakt of een anonieme Canvas-id, of een andere rij draagt die LMS-id al): vul die in vóór het importeren, anders meldt "
                         "de import die: {names}",
        # Usage errors (exit code 2) and failures of the run itself.
        "required": "geef minstens één PATH: een map met inzendingen, een LMS-export of een bestand",
        "required-reference": " (--reference neemt alle bestanden erna: zet het na de PATHs, of sluit de lijst af met --)",
        "positive": "{option} moet positief zijn",
        "out-file": "--out {out} is een bestand, geen map",
        "another-class": "{out} bevat de rapporten van een andere klas ({names}: geen van hen zit in deze run), die deze "
                         "run zou verwijderen: kies een andere --out, of verwijder {out} eerst",
        "default-out-file": "de standaarduitvoermap {out} is een bestand, geen map; kies een andere met --out MAP",
        "default-out-graded": "{out} is de standaarduitvoermap, waar de rapporten komen: geef de map met "
                              "inzendingen (of kies met --out MAP een andere uitvoermap)",
        "out-graded": "--out {out} is de map die beoordeeld wordt: de rapporten zouden inzendingen worden; "
                      "kies een andere map (een map erin mag)",
        "out-submission": "--out {out} ligt in de map van een inzending: de rapporten zouden die inzending "
                          "veranderen; kies een andere map (een nieuwe map naast de inzendingen mag)",
        "internal": "interne fout: {error}",
        "output": "kan de uitvoer in {out} niet schrijven: {error} (kies met --out een map waarin je mag schrijven)",
        "output-elsewhere": "kan in {out} niet schrijven ({error}); je rapport komt in {other}",
        "class-only": "{options} gelden alleen voor een map met inzendingen (de klasuitvoer); bij één bestand worden ze "
                      "niet gebruikt", "and": "en",
        "class-only-one": "{options} geldt alleen voor een map met inzendingen (de klasuitvoer); bij één bestand wordt "
                          "het niet gebruikt",
        # grade report's similarity.html: compared anew with fewer submissions, kept as grade made it, or of other
        # results; {why}: per reason the ids whose graded file could not be read again.
        "report-fewer": "similarity.html vergelijkt {compared} van de {total} inzendingen; weggelaten omdat hun "
                        "bestand niet opnieuw te lezen was: {why}",
        "report-kept": "similarity.html blijft zoals hij was ({compared} van de {total} inzendingen vergeleken): "
                       "grade report kan niet elk beoordeeld bestand opnieuw lezen; {why}",
        "report-stale": "de similarity.html in {out} hoort niet bij deze resultaten (andere inzendingen, of gemaakt "
                        "door een oudere versie van grade): index.html linkt hem niet en zegt dat; beoordeel de klas "
                        "opnieuw of verwijder hem",
        "report-compared": "similarity.html: {compared} van de {total} inzendingen vergeleken; {pairs}",
        "compared-pairs": "{n} paren inzendingen lijken op elkaar",
        "compared-pairs-one": "1 paar inzendingen lijkt op elkaar",
        "report-none": "similarity.html niet geschreven: beoordeelde bestanden konden niet opnieuw gelezen worden, er "
                       "blijven er minder dan twee over; {why}",
        "why": {"archive": "in een archief", "folder": "geen codebestand",
                "missing": "niet gevonden (paden gelden vanuit de map waarin grade draaide)",
                "changed": "gewijzigd sinds het beoordelen"},
        # What a check got instead of a result, and why a file could not be loaded, in words.
        "timeout": "niet op tijd klaar (een oneindige lus?)", "crashed": "het proces stopte onverwacht",
        "error": "de controle brak af voordat ze een oordeel had (komt het niet door je code, meld het je docent)", "not-run": "niet uitgevoerd na herhaalde time-outs",
        "not-run-budget": "niet uitgevoerd: de rekentijd voor alle controles samen was op", "memory": "te veel geheugen",
        "not-run-memory": "niet uitgevoerd: je code gebruikte herhaaldelijk te veel geheugen",
        "not-run-crashed": "niet uitgevoerd: het proces stopte herhaaldelijk onverwacht",
        "kinds": {"syntax": "syntaxfout", "indentation": "inspringing klopt niet", "policy": "niet toegestaan",
                  "runtime": "fout in de code buiten je functies", "timeout": "laden duurde te lang",
                  "crashed": "het proces stopte onverwacht", "encoding": "geen leesbare tekst",
                  "empty": "geen code", "unreadable": "onleesbaar", "too-large": "te groot", "missing-functions": "geen van de drie functies"},
    },
    "en": {
        "unisolated": "grade: this platform has no fork/resource limits: submissions run in this process, "
                      "without memory or CPU limits and without a time limit per check",
        "summary": "{n} submissions graded{which}; reports in {out}", "unit": "sub",
        "overview": "Class overview (open in a browser): {index}",
        "similar": "{n} pairs of submissions look alike{ref}: see {page}",
        "similar-one": "1 pair of submissions looks alike{ref}: see {page}",
        "similar-reference": " (and {n} with a reference file)",
        "late": "late, as the LMS says",
        "reused": "{n} of the {total} submissions with a content graded before: that result was reused (--force "
                  "grades again)",
        "summary-one": "{n} submission graded{which}; reports in {out}",
        "which": ", of which {parts}", "n-empty": "{n} empty", "n-load-error": "{n} with a load error",
        "table": "{id:<{w}}  score  cp1 cp2 cp3  status",
        "checkpoint": "Checkpoint {k} ({function}): {verdict}",
        "passed": "passed", "failed": "not passed: {n} of the {total} checks failed",
        "failed-one": "not passed: {n} of the {total} check failed",
        "not-graded": "not graded",
        "tried": "tried", "expected": "expected", "got": "your code", "outcome": "outcome", "hint": "hint",
        "legend": "  (under 'tried', p is the lesson's proposal and H(x) the correct fingerprint of x; "
                  "the report shows p in full)",
        "legend-p": "  (under 'tried', p is the lesson's proposal; the report shows p in full)",
        "legend-h": "  (under 'tried', H(x) is the correct fingerprint of x)",
        "more": "... and {n} more failed checks; see the report",
        "not-run-count": "; {n} {reason}",
        "failed-none-run": "not passed: {n} of the {total} checks {reason}",
        "stopped": "  (fix {function} first: grading stopped there (checkpoint {n}), so this function has not been "
                   "fully tested)",
        "more-one": "... and {n} more failed check; see the report",
        "listed": "the {n} failed checks are in the report", "listed-one": "the failed check is in the report",
        "root-validation": "  (fix checkpoint 1 first: this checkpoint inherits the validation of checkpoint 1, so these "
                           "failures may come from there)",
        "root-also-fingerprint": "  (checkpoint 2 does not pass yet either: with another fingerprint approved "
                                 "proposals fail here too)",
        "root-fingerprint": "  (fix checkpoint 2 first: the checks approve p with H(p), so another fingerprint makes "
                            "approved proposals fail too, and a proposal_fingerprint that gets stuck or raises an error "
                            "makes dispatch_ticket do so when it uses it)",
        "root-fingerprint-confirmed": "  (fix checkpoint 2 first: your proposal_fingerprint gives another fingerprint "
                                      "than H(p), and dispatch_ticket looks that one up in approved)",
        "line": "line", "cell": "cell {cell} from the top (counting every cell, Markdown too), line {line}",
        "interrupted": "grade: interrupted; {done} of {total} submissions graded and written to {out}; "
                       "run the same command again to continue",
        "interrupted-force": "grade: interrupted; {done} of {total} submissions graded and written to {out}; "
                             "run the command again without --force to continue (with --force everything is graded "
                             "again)",
        "interrupted-late-force": "grade: interrupted; the reports written are complete, the class outputs in {out} "
                                  "may still be those of an earlier run; run the command again without --force to "
                                  "finish",
        "interrupted-self": "grade: interrupted before {file} was graded; nothing was written",
        "interrupted-self-report": ": {report} is a report from an earlier run, perhaps of an older version of "
                                   "{file}; run grade again for a new report",
        "interrupted-start": "grade: interrupted while starting; nothing was graded or written",
        "interrupted-early": "grade: interrupted while looking for submissions; nothing was graded or written",
        "interrupted-late": "grade: interrupted; the reports written are complete, the class outputs in {out} may "
                            "still be those of an earlier run; run the same command again to finish",
        "load": "{file} could not be loaded ({kind}): {detail}",
        "load-empty": "{file} contains no code, only blank lines or comments: write the three functions in it",
        "load-missing": "{file} defines none of the three functions validate_ticket_proposal, proposal_fingerprint and "
                        "dispatch_ticket; check the names (capitals and underscores count)",
        "load-missing-exit": "{file}: exit() on line {line} stopped loading before the three functions were defined; "
                             "take that call out (quit(), sys.exit() and raise SystemExit too)",
        "load-missing-main-block": "{file} defines the functions in the block if __name__ == \"__main__\": on line "
                                   "{line}, which does not run when graded; put them at the top level",
        "exit-called": "{file}: exit(){at} stopped loading; what follows was not defined: take that call out",
        "exit-at": " on line {line}",
        "full-list": " (the full list of modules is in the report)",
        "advice-unavailable": "This assignment needs no modules other than re, json, hashlib and copy.",
        "load-missing-text": "{file} has none of the three functions in a code cell, so none of them ran:",
        "load-empty-text": "{file} has no code cell with code: what you wrote is in text cells, which do not run:",
        "report": "Full report: {path}",
        "self-reused": "{file} has the same content as a version graded before: that result was reused (--force "
                       "grades it again)",
        "busy": "grading {file}...",
        "class-results-kept": "({path} belongs to a class and is left as it was: this result is not in it)",
        "score": "Score: {score}/{max}",
        "missing-unrun": "{function} is in cell {cell}, but that cell did not run: cell {after} stopped loading",
        "missing-text": "{function} is in cell {cell}, but that is a {kind}: text, which does not run; make it a code "
                        "cell (cell type Code)",
        "text-cells": {"markdown": "Markdown cell", "raw": "raw cell"},
        "missing": "{file} defines no function {function}", "near": " (did you mean {near}?)",
        "cases": "({n} of {total} cases failed, the first:)",
        "unclaimed": "grade: note: {n} entries of the folder became no submission and were not graded: {names}",
        "unclaimed-one": "grade: note: 1 entry of the folder became no submission and was not graded: {names}",
        "check-error": "grade: note: check {check} ended in an error (not a finding) for {n} of {total} "
                       "submissions ({error}); is the check itself broken?",
        "check-error-where": " Details per submission in {where}.", "and": "and",
        "decoded-cp1252": "Note: {file} was not saved as UTF-8; it was read as Windows-1252. Save your files as UTF-8 "
                          "from now on.",
        "decoded-utf16": "Note: {file} was not saved as UTF-8 but as UTF-16; it was read that way. Save your files as "
                         "UTF-8 from now on.",
        "class-decoded-cp1252": "grade: note: {n} submissions were not saved as UTF-8 and were read as Windows-1252 "
                                "(their reports say so): {names}",
        "class-decoded-cp1252-one": "grade: note: 1 submission was not saved as UTF-8 and was read as Windows-1252 "
                                    "(its report says so): {names}",
        "class-decoded-utf16": "grade: note: {n} submissions were not saved as UTF-8 but as UTF-16 (their reports say "
                               "so): {names}",
        "class-decoded-utf16-one": "grade: note: 1 submission was not saved as UTF-8 but as UTF-16 (its report says "
                                   "so): {names}",
        "class-note": "grade: note: {id}: {said}",
        "class-exit-called": "grade: note: {id}: exit(){at} stopped loading; what follows was not defined",
        "class-notebook-stopped": "grade: note: {id}: cell {cell} of the notebook raised an error while loading "
                                  "(line {line} of that cell: {detail}); what that cell and the cells after it "
                                  "define was not graded (its report says so)",
        "class-text-cells": "grade: note: {id}: {functions} are in text cells of the notebook, not code cells, so they "
                            "did not run (its report says so)",
        "class-text-cells-one": "grade: note: {id}: {functions} is in a text cell of the notebook, not a code cell, so "
                                "it did not run (its report says so)",
        "text-cell-place": "{function} (cell {cell}, {kind})",
        "class-renamed": "grade: note: {n} submissions were renamed to keep them apart (their reports say so): "
                         "{names}",
        "class-renamed-one": "grade: note: 1 submission was renamed to keep it apart from another (its report says "
                             "so): {names}",
        "unmatched": "grade: note: {n} rows of {file} have no identifier the LMS knows (their id was made at "
                     "intake or is an anonymous Canvas id, or another row already carries their LMS id): fill them in before importing, or the import "
                     "flags them: {names}",
        "unmatched-one": "grade: note: 1 row of {file} has no identifier the LMS knows (its id was made at intake "
                         "or is an anonymous Canvas id, or another row already carries its LMS id): fill it in before importing, or the import flags it: "
                         "{names}",
        "required": "the following arguments are required: PATH",
        "required-reference": " (--reference takes every file after it: put it after the PATHs, or end its list with --)",
        "positive": "{option} must be positive",
        "out-file": "--out {out} is a file, not a folder",
        "another-class": "{out} holds the reports of another class ({names}: none of them is in this run), which this "
                         "run would remove: choose another --out, or remove {out} first",
        "default-out-file": "the default output folder {out} is a file, not a folder; choose another with --out DIR",
        "default-out-graded": "{out} is the default output folder, where the reports go: give the folder of "
                              "submissions (or choose another output folder with --out DIR)",
        "out-graded": "--out {out} is the folder being graded: its reports would become submissions; "
                      "choose another folder (one inside it is fine)",
        "out-submission": "--out {out} is inside a submission's folder: the reports would change that "
                          "submission; choose another folder (a new folder beside the submissions is fine)",
        "internal": "internal error: {error}",
        "output": "cannot write the outputs under {out}: {error} (choose a folder you may write to with --out)",
        "output-elsewhere": "cannot write in {out} ({error}); your report goes to {other}",
        "class-only": "{options} apply only to a folder of submissions (the class outputs); with one file they are not "
                      "used", "and": "and",
        "class-only-one": "{options} applies only to a folder of submissions (the class outputs); with one file it is "
                          "not used",
        "report-fewer": "similarity.html compares {compared} of the {total} submissions; left out as their file "
                        "could not be read again: {why}",
        "report-kept": "similarity.html is kept as it was ({compared} of the {total} submissions compared): "
                       "grade report cannot read every graded file again; {why}",
        "report-stale": "the similarity.html in {out} does not belong to these results (other submissions, or made by "
                        "an older version of grade): index.html does not link it and says so; grade the class again "
                        "or delete it",
        "report-compared": "similarity.html: {compared} of the {total} submissions compared; {pairs}",
        "compared-pairs": "{n} pairs of submissions look alike",
        "compared-pairs-one": "1 pair of submissions looks alike",
        "report-none": "similarity.html not written: graded files could not be read again, fewer than two are left; "
                       "{why}",
        "why": {"archive": "inside an archive", "folder": "no code file",
                "missing": "not found (paths are as seen from the folder grade ran in)",
                "changed": "changed since grading"},
        "timeout": "did not finish in time (an endless loop?)", "crashed": "the process stopped unexpectedly",
        "error": "the check broke off before it reached a verdict (if your code is not the cause, tell your teacher)", "not-run": "not run after repeated time-outs",
        "not-run-budget": "not run: the CPU time for all checks together was used up", "memory": "too much memory",
        "not-run-memory": "not run: your code repeatedly used too much memory",
        "not-run-crashed": "not run: the process repeatedly stopped unexpectedly",
        "kinds": {"syntax": "syntax error", "indentation": "wrong indentation", "policy": "not allowed",
                  "runtime": "error in the code outside your functions", "timeout": "loading took too long",
                  "crashed": "the process stopped unexpectedly", "encoding": "not readable text",
                  "empty": "no code", "unreadable": "unreadable", "too-large": "too large", "missing-functions": "none of the three functions"},
    },
}


def unclaimed_warning(entries: list[str], lang: str, shown: int = 10) -> str:
    """The warning about top-level entries that became no submission (grader.discover: ``unclaimed``),
    naming the first ``shown`` of them, each with its reason when it has one (``why``), control characters escaped."""
    said = [f"{entry} ({entry.why[lang == 'nl']})" if hasattr(entry, "why") else entry for entry in entries]
    return listed(TEXT[lang], "unclaimed", said, shown)


def unmatched_warning(file: str, ids: list[str], lang: str) -> str:
    """The warning that the rows of ``ids`` in the LMS gradebook ``file`` have no identifier its import can match
    (grader.reports.lms.unmatched), naming the first ten, control characters escaped."""
    return listed(TEXT[lang], "unmatched", ids, file=file)


def listed(text: dict[str, str], key: str, names: list[str], shown: int = 10, **values: str) -> str:
    """The text ``key`` (its ``-one`` form for one name) naming the first ``shown`` of ``names``, escaped
    (``values``: the text's other fields)."""
    said = ", ".join(printable(name, False) for name in names[:shown])
    if len(names) > shown:
        said += f" (+{len(names) - shown})"
    return text[f"{key}-one" if len(names) == 1 else key].format(n=len(names), names=said, **values)
