"""The grader's own English load-problem details in Dutch: the policy's refusals, the loader's, the sandbox's.

A load problem's ``detail`` in results.json is the text the loader recorded (grader.sandbox):
a message of the policy or of RestrictedPython, a message of the loader, or, for code that
failed while main.py was loaded, ``ExceptionName: message``. Python's own messages stay as
Python writes them (a student searches for them as they are); the grader's own have a Dutch
form here, matched as a whole (a message that matches no pattern is shown as it is).
"""

from __future__ import annotations

import re

from grader.sandbox.names import HINTS_IN_DUTCH

# A file's place in a reason of the intake; never an exception's name (a message of main.py's own code).
_PLACE = r"(?![A-Za-z]*(?:Error|Exception): )(.+)"
_ERROR = r"(?P<error>[A-Za-z]*(?:Error|Exception)): "  # the exception's name before a runtime message

# (English message as a regular expression, Dutch with \g<name> or \N for what it found), first match wins.
_DUTCH = [(re.compile(pattern, re.S), dutch) for pattern, dutch in (
    # grader/sandbox/loader.py: syntax of a newer Python than the one grading
    (r"(.+): a type statement is Python 3\.12 syntax, and grading runs Python ([\d.]+)",
     r"\1: een type-statement is syntaxis van Python 3.12, en de beoordeling draait op Python \2"),
    (r"(.+): a type parameter list in \[\.\.\.\] is Python 3\.12 syntax, and grading runs Python ([\d.]+)",
     r"\1: typeparameters tussen [...] zijn syntaxis van Python 3.12, en de beoordeling draait op Python \2"),
    (r"(.+): this f-string \(quotes, a backslash or # inside \{\.\.\.\}\) is Python 3\.12 syntax, and "
     r"grading runs Python ([\d.]+)",
     r"\1: deze f-string (aanhalingstekens, een backslash of # binnen {...}) is syntaxis van Python 3.12, en de "
     r"beoordeling draait op Python \2"),
    # grader/sandbox/policy.py and patterns.py
    (r"a name of (\d+) characters is too long \(at most (\d+)\)\.",
     r"een naam van \1 tekens is te lang (hoogstens \2)."),
    (r'the special method "(.+?)" is not available in the grader; a class may define (.+)\.',
     r'de speciale methode "\1" is niet beschikbaar in de beoordelaar; een klasse mag \2 definiëren.'),
    (r'"(.+?)" is reserved: names starting with "__", or starting and ending with "_", and "_print" and "_tmp" '
     r"followed by digits belong to the grader\.",
     r'"\1" is gereserveerd: namen die met "__" beginnen, of met "_" beginnen en eindigen, en "_print" en "_tmp" '
     r"gevolgd door cijfers zijn van de beoordelaar."),
    (r'"(.+?)" is a reserved name\.', r'"\1" is een gereserveerde naam.'),
    (r'"(.+?)" is not an attribute a submission may use\.', r'"\1" is geen attribuut dat een inzending mag gebruiken.'),
    (r"(\w+)\(\) is not available in the grader\.", r"\1() is niet beschikbaar in de beoordelaar."),
    (r"this pattern is not allowed\.", r"dit patroon is niet toegestaan."),
    (r"try \.\.\. except\* is not available in the grader; catch an exception group with a plain except "
     r"\(ExceptionGroup is an Exception\)\.",
     r"try ... except* is niet beschikbaar in de beoordelaar; vang een exception group met een gewone except "
     r"(ExceptionGroup is een Exception)."),
    (r"a dotted name inside a '\|' pattern is not allowed here; compare with == in an if-guard instead\.",
     r"een naam met een punt in een '|'-patroon is hier niet toegestaan; vergelijk liever met == in een if-guard."),
    (r"a dotted name as a key in a mapping pattern is not allowed; use a literal key\.",
     r"een naam met een punt als sleutel in een mapping-patroon is niet toegestaan; gebruik een letterlijke sleutel."),
    (r"class patterns with keywords \(case C\(x=\.\.\.\)\) are not allowed; use positional patterns or an "
     r"if-statement\.",
     r"klassepatronen met trefwoorden (case C(x=...)) zijn niet toegestaan; gebruik positionele patronen of een "
     r"if-statement."),
    # RestrictedPython's own transformer
    (r"(\w+) statements are not allowed\.", r"\1-statements zijn niet toegestaan."),
    (r'"\*" imports are not allowed\.', r'"*"-imports zijn niet toegestaan.'),
    (r'The keyword argument "metaclass" is not allowed\.', r'Het trefwoordargument "metaclass" is niet toegestaan.'),
    (r"(Exec|Eval) calls are not allowed\.", r"\1-aanroepen zijn niet toegestaan."),
    (r'"(.+?)" is an invalid (variable|attribute) name because it starts with "_"\.?',
     r'"\1" is als naam niet toegestaan omdat hij met "_" begint.'),
    (r"Augmented assignment of attributes is not allowed\.",
     r"Een samengestelde toekenning (zoals +=) aan een attribuut is niet toegestaan."),
    (r"Augmented assignment of object items and slices is not allowed\.",
     r"Een samengestelde toekenning (zoals +=) aan een element of slice is niet toegestaan."),
    (r"Unpacking in comprehensions is not allowed\.", r"Uitpakken in comprehensions is niet toegestaan."),
    # grader/sandbox/loader.py
    (r"(\d+) bytes \(limit (\d+)\)", r"\1 bytes (grens \2)"),
    (r"the file contains NUL bytes: it is not a text file", r"het bestand bevat NUL-bytes: het is geen tekstbestand"),
    (r"neither UTF-8 nor Windows-1252: byte (0x[0-9a-f]{2}) on line (\d+)",
     r"geen UTF-8 en geen Windows-1252: byte \1 op regel \2"),
    (r"the file has no code", r"het bestand bevat geen code"),
    (r"the online text holds no Python code", r"de online tekst bevat geen Python-code"),
    (r"the line is indented with tabs where the lines around it use spaces \(or the other way round\); Python "
     r"cannot tell how deep that is: indent with spaces only \(4 per level\)",
     r"de regel springt in met tabs waar de regels eromheen spaties gebruiken (of andersom); Python kan niet zien "
     r"hoe diep dat is: spring alleen in met spaties (4 per niveau)"),
    (r"the code is too deeply nested or too large \((\w+)\)", r"de code is te diep genest of te groot (\1)"),
    # why a submission's file could not be read (grader/discover/archives.py, notebooks.py, choose.py)
    (_PLACE + r" is not a readable zip archive \((.*)\)", r"\1 is geen leesbaar zip-archief (\2)"),
    (_PLACE + r" is password-protected: make or download it again without a password",
     r"\1 is beveiligd met een wachtwoord: maak of download het opnieuw zonder wachtwoord"),
    (_PLACE + r": password-protected \(encrypted\), so it cannot be read",
     r"\1: beveiligd met een wachtwoord (versleuteld), dus het kan niet worden gelezen"),
    (_PLACE + r" has more than (\d+) members \(limit (\d+)\)", r"\1 heeft meer dan \2 bestanden (grens \3)"),
    (_PLACE + r" has (\d+) members \(limit (\d+)\)", r"\1 heeft \2 bestanden (grens \3)"),
    (_PLACE + r" claims more than (\d+) MiB uncompressed", r"\1 zegt uitgepakt meer dan \2 MiB te zijn"),
    (_PLACE + r": an archive inside an archive inside an archive is not opened",
     r"\1: een archief in een archief in een archief wordt niet geopend"),
    (_PLACE + r" is larger than (\d+) MiB", r"\1 is groter dan \2 MiB"),
    (r"a member over the size limits is never read", r"een bestand boven de groottegrenzen wordt nooit gelezen"),
    (r"not a notebook \(a cell's source is not text\)", r"geen notebook (de inhoud van een cel is geen tekst)"),
    (r"not a notebook \(no cells\)", r"geen notebook (geen cellen)"),
    (r"not a notebook: (\w+)", r"geen notebook: \1"),  # (in a results.json of an older version)
    (r"not valid notebook JSON \(the file is damaged, or is no notebook saved by Jupyter\): open it in Jupyter "
     r"and save it again, or hand in main\.py", r"geen geldige notebook-JSON (het bestand is beschadigd, of is geen "
     r"notebook dat Jupyter heeft opgeslagen): open het in Jupyter en sla het opnieuw op, of lever main.py in"),
    (r"not a notebook \((\w+)\)", r"geen notebook (\1)"),
    (r"larger than (\d+) MiB, mostly cell outputs such as plots: clear all outputs, save and hand it in again",
     r"groter dan \1 MiB, vooral door de uitvoer van cellen zoals grafieken: wis alle uitvoer, sla het notebook op "
     r"en lever het opnieuw in"),
    # what the sandbox says instead of input() and exit() (grader/sandbox/guards.py, grader/values.py error_text)
    (r"EOFError: input\(\) was called, but there is no keyboard while grading: leave input\(\) out",
     r"EOFError: input() werd aangeroepen, maar tijdens het beoordelen is er geen toetsenbord: laat input() weg"),
    (r"SystemExit: exit\(\) was called", r"SystemExit: exit() werd aangeroepen"),
    # the sandbox's refusals while main.py was loaded (grader/sandbox/guards.py, modules.py, classes.py...)
    # (a list of modules ends "and 25 more" where it would not fit whole: grader/sandbox/imports.py listing)
    (_ERROR + r"import of (?P<name>.+?) is not allowed in the grader \(allowed: (?P<allowed>.+) and (?P<more>\d+) "
     r"more\)", r"\g<error>: import van \g<name> is niet toegestaan in de beoordelaar (wel: \g<allowed> en nog "
     r"\g<more>)"),
    (_ERROR + r"import of (?P<name>.+?) is not allowed in the grader \(allowed: (?P<allowed>.+)\)",
     r"\g<error>: import van \g<name> is niet toegestaan in de beoordelaar (wel: \g<allowed>)"),
    (_ERROR + r"(?P<path>[\w.]+) is not available in the grader: module (?P<module>[\w.]+) is not offered \(modules: "
     r"(?P<allowed>.+) and (?P<more>\d+) more\)",
     r"\g<error>: \g<path> is niet beschikbaar in de beoordelaar: module \g<module> wordt niet aangeboden (modules: "
     r"\g<allowed> en nog \g<more>)"),
    (_ERROR + r"(?P<path>[\w.]+) is not available in the grader: module (?P<module>[\w.]+) is not offered \(modules: "
     r"(?P<allowed>.+)\)",
     r"\g<error>: \g<path> is niet beschikbaar in de beoordelaar: module \g<module> wordt niet aangeboden (modules: "
     r"\g<allowed>)"),
    (_ERROR + r"(?P<path>[\w.]+) is not available in the grader: only a part of module (?P<module>[\w.]+) is offered",
     r"\g<error>: \g<path> is niet beschikbaar in de beoordelaar: van module \g<module> wordt maar een deel "
     r"aangeboden"),
    (r"FileNotFoundError: \[Errno 2\] No such file or directory while grading \(main\.py is the only file\)",
     r"FileNotFoundError: [Errno 2] Bestand of map bestaat niet tijdens het beoordelen (main.py is het enige bestand)"),
    (r"OSError: \[Errno 28\] No space left on device \(main\.py's files are kept in memory while grading\)",
     r"OSError: [Errno 28] Geen ruimte meer op het apparaat (de bestanden van main.py worden tijdens het beoordelen "
     r"in het geheugen bewaard)"),
    (_ERROR + r"_ignore_ must be a str of names or a list of strs in the grader",
     r"\g<error>: _ignore_ moet in de beoordelaar een str van namen of een lijst van strs zijn"),
    (r"PermissionError: \[Errno 13\] Permission denied: main\.py is not changed while it is graded",
     r"PermissionError: [Errno 13] Geen toegang: main.py wordt tijdens het beoordelen niet gewijzigd"),
    (r"PermissionError: \[Errno 13\] Permission denied: main\.py is not removed while it is graded",
     r"PermissionError: [Errno 13] Geen toegang: main.py wordt tijdens het beoordelen niet verwijderd"),
    (_ERROR + r"from (?P<name>\S+) import \* is not available in the grader: import the names you use",
     r"\g<error>: from \g<name> import * is niet beschikbaar in de beoordelaar: importeer de namen die je gebruikt"),
    (_ERROR + r"module (?P<module>\S+) has no attribute (?P<name>.+?) in the grader \(only a vetted part of it is "
     r"available\)",
     r"\g<error>: module \g<module> heeft in de beoordelaar geen attribuut \g<name> (alleen een gecontroleerd deel "
     r"ervan is beschikbaar)"),
    (_ERROR + r"module (?P<module>\S+) is read-only in the grader",
     r"\g<error>: module \g<module> kan in de beoordelaar niet veranderd worden"),
    (_ERROR + r'"(?P<name>[^"]+)" is not available in the grader',
     r'\g<error>: "\g<name>" is niet beschikbaar in de beoordelaar'),
    (_ERROR + r"(?P<name>(async def )?\w+)\(\) is not available in the grader",
     r"\g<error>: \g<name>() is niet beschikbaar in de beoordelaar"),
    (_ERROR + r'"(?P<name>[^"]+)" is not an attribute a submission may use',
     r'\g<error>: "\g<name>" is geen attribuut dat een inzending mag gebruiken'),
    (_ERROR + r"in the grader a class may only name metaclass=ABCMeta \(abc's\)",
     r"\g<error>: in de beoordelaar mag een klasse alleen metaclass=ABCMeta (van abc) noemen"),
    (_ERROR + r"ABCMeta can only be named as metaclass=ABCMeta in the grader",
     r"\g<error>: ABCMeta kan in de beoordelaar alleen als metaclass=ABCMeta genoemd worden"),
    (_ERROR + r"register\(f\): annotate f's first parameter with a class \(or the name of one\), or use "
     r"register\(cls\) in the grader",
     r"\g<error>: register(f): geef de eerste parameter van f een klasse (of de naam ervan) als annotatie, of "
     r"gebruik in de beoordelaar register(cls)"),
    # Written before the list of modules was cut at a whole name: it may end mid-word (a detail keeps 300 characters).
    (_ERROR + r"(?P<path>[\w.]+) is not available in the grader \(modules: (?P<allowed>.+?)(?P<end>\)?)",
     r"\g<error>: \g<path> is niet beschikbaar in de beoordelaar (modules: \g<allowed>\g<end>"),
    (_ERROR + r"a (?P<kind>\w+) object that main\.py did not create cannot be changed in the grader",
     r"\g<error>: een \g<kind>-object dat main.py niet zelf maakte, kan in de beoordelaar niet veranderd worden"),
    (_ERROR + r"only type\(x\) with one argument is available in the grader; use a class statement",
     r"\g<error>: alleen type(x) met één argument is beschikbaar in de beoordelaar; gebruik een class-statement"),
    (_ERROR + r"(?P<kind>\w+) objects cannot be made in the grader",
     r"\g<error>: \g<kind>-objecten kunnen in de beoordelaar niet gemaakt worden"),
    (_ERROR + r"a copy of a (?P<kind>\w+) object is not available in the grader",
     r"\g<error>: een kopie van een \g<kind>-object is niet beschikbaar in de beoordelaar"),
    (_ERROR + r"the memo of copy\.deepcopy is a dict, not (?P<kind>\w+)",
     r"\g<error>: het memo van copy.deepcopy is een dict, geen \g<kind>"),
    # the pickle stand-in (grader/sandbox/pickling.py)
    (_ERROR + r"in the grader pickle\.dumps takes plain data \(dict, list, tuple, set, str, int, float, bool, "
     r"None, bytes\) and objects of classes that define __reduce__: copy other objects with copy\.deepcopy",
     r"\g<error>: in de beoordelaar neemt pickle.dumps alleen gewone gegevens (dict, list, tuple, set, str, int, "
     r"float, bool, None, bytes) en objecten van klassen met __reduce__ aan: kopieer andere objecten met "
     r"copy.deepcopy"),
    (_ERROR + r"global '(?P<name>[^']*)' is not available in the grader: pickle\.loads makes plain data only",
     r"\g<error>: global '\g<name>' is niet beschikbaar in de beoordelaar: pickle.loads maakt alleen gewone gegevens"),
    (_ERROR + r"class (?P<name>.+?): base (?P<base>.+) is not supported in the grader",
     r"\g<error>: class \g<name>: basis \g<base> wordt in de beoordelaar niet ondersteund"),
    (_ERROR + r"class (?P<name>.+?): (?P<method>__\w+__) must be a plain def \(no decorator\) in the grader",
     r"\g<error>: class \g<name>: \g<method> moet in de beoordelaar een gewone def zijn (zonder decorator)"),
    (_ERROR + r'"(?P<name>[^"]+)" of a (?P<kind>\w+) object is not available in the grader',
     r'\g<error>: "\g<name>" van een \g<kind>-object is niet beschikbaar in de beoordelaar'),
    (_ERROR + r'"(?P<name>[^"]+)" of class (?P<cls>\w+) is not available in the grader',
     r'\g<error>: "\g<name>" van klasse \g<cls> is niet beschikbaar in de beoordelaar'),
    (_ERROR + r"(?P<method>\w+\.__\w+__) can only change a (?P<kind>\w+) object main\.py made in the grader",
     r"\g<error>: \g<method> kan in de beoordelaar alleen een \g<kind>-object veranderen dat main.py maakte"),
    (_ERROR + r"(?P<helper>@\w+) can only be used on a function main\.py defines",
     r"\g<error>: \g<helper> kan alleen gebruikt worden op een functie die main.py definieert"),
    (_ERROR + r"(?P<helper>@\w+) can only be used on an enum class main\.py defines",
     r"\g<error>: \g<helper> kan alleen gebruikt worden op een enum-klasse die main.py definieert"),
    (_ERROR + r"globals\(\) cannot bind or delete (?P<name>.+) in the grader: only a name main\.py could assign "
     r"itself",
     r"\g<error>: globals() kan \g<name> in de beoordelaar niet binden of verwijderen: alleen een naam die main.py "
     r"zelf zou kunnen toekennen"),
    (_ERROR + r"globals\(\)\.(?P<method>\w+)\(\) is not available in the grader",
     r"\g<error>: globals().\g<method>() is niet beschikbaar in de beoordelaar"),
    (_ERROR + r"vars\(\) needs an object in the grader \(no locals\)",
     r"\g<error>: vars() heeft in de beoordelaar een object nodig (geen locals)"),
    (_ERROR + r"class (?P<name>.+?): cannot extend enum (?P<base>.+): it has members",
     r"\g<error>: class \g<name>: enum \g<base> kan niet uitgebreid worden: het heeft al leden"),
    (_ERROR + r"class (?P<name>.+?): base (?P<base>.+) of an enum is not supported in the grader \(str, int and "
     r"main\.py's own classes are\)",
     r"\g<error>: class \g<name>: basis \g<base> van een enum wordt in de beoordelaar niet ondersteund (str, int en "
     r"de eigen klassen van main.py wel)"),
    (_ERROR + r"case (?P<cls>\w+)\(name=\.\.\.\): keyword sub-patterns are only available for main\.py's own "
     r"classes in the grader \(use an if-guard\)",
     r"\g<error>: case \g<cls>(naam=...): trefwoord-subpatronen zijn in de beoordelaar alleen beschikbaar voor de "
     r"eigen klassen van main.py (gebruik een if-guard)"),
    (_ERROR + r'exceptions only offer "args" in the grader, not "(?P<name>[^"]+)"',
     r'\g<error>: uitzonderingen bieden in de beoordelaar alleen "args", niet "\g<name>"'),
    # the stand-ins of a dispatcher's bookkeeping names (grader/sandbox/stdlib_views.py)
    (_ERROR + r"ZoneInfo\((?P<key>.+)\) is not available in the grader: only 'UTC' \(as datetime\.timezone\.utc\)",
     r"\g<error>: ZoneInfo(\g<key>) is niet beschikbaar in de beoordelaar: alleen 'UTC' (als datetime.timezone.utc)"),
    (_ERROR + r"a csv dialect is named by a str in the grader \('excel', 'excel-tab', 'unix'\), with options as "
     r"keywords \(delimiter=';'\)",
     r"\g<error>: een csv-dialect wordt in de beoordelaar met een str genoemd ('excel', 'excel-tab', 'unix'), met "
     r"opties als trefwoorden (delimiter=';')"),
    (_ERROR + r"a class built on a csv class is not available in the grader",
     r"\g<error>: een klasse die op een csv-klasse gebouwd is, is niet beschikbaar in de beoordelaar"),
    (_ERROR + r"ast\.literal_eval takes a str in the grader",
     r"\g<error>: ast.literal_eval neemt in de beoordelaar een str"),
    (_ERROR + r"uuid1\(\) (?P<name>\w+) must be an int, not (?P<kind>\w+)",
     r"\g<error>: uuid1(): \g<name> moet een int zijn, geen \g<kind>"),
    # Why the intake could not read a file or folder (the system's reason, grader/discover), its own words kept
    (r"Permission denied", r"geen toegang (Permission denied)"),
    (r"No such file or directory", r"bestaat niet (No such file or directory)"),
    (r"Is a directory", r"is een map (Is a directory)"),
    (r"no regular file \(a named pipe, socket or device\)", r"geen gewoon bestand (een named pipe, socket of apparaat)"),
)]


def in_dutch(detail: str) -> str:
    """``detail`` (a load problem's text, see the module docstring) in Dutch, or as it is when it is not one of
    the grader's own messages. In and out: str."""
    for english, dutch_hint in HINTS_IN_DUTCH.items():  # ": how to write it instead", said after the refusal
        for end in ("", "."):
            if detail.endswith(f": {english}{end}"):
                refusal = in_dutch(detail[:-len(english) - len(end) - 2] + end)  # its own end, translated with it
                return refusal[:len(refusal) - len(end)] + f": {dutch_hint}{end}"
    for pattern, dutch in _DUTCH:
        found = pattern.fullmatch(detail)
        if found:
            return found.expand(dutch)
    return detail
