"""Which failed checks a student's feedback shows in full, in which order, and which it only lists.

A failure in checkpoint 2 or 3 may come from an earlier checkpoint (CONTRACT.md, "Grading policy":
checkpoints 2 and 3 inherit checkpoint 1's validation; checkpoint 3's approvals use checkpoint 2's
digest); the reports (grader.reports.feedback) and the terminal (grader.terminal) name that root
cause first and show the same failures, in the same order.
"""

from __future__ import annotations

from grader.battery import raised, unnumbered
from grader.reports import stopped
from grader.results import base_id

# Clauses whose checks each try one status in isolation (CONTRACT.md D8, D9, D11-D14): when one of those
# fails, it names the rule that is wrong, and the checks that combine rules (the order, D7; the host's
# limits, D3) fail with it; so it is shown first. (Replay and conflict, D10, depend on the order itself.)
SINGLE_RULE_CLAUSES = frozenset({"D8", "D9", "D11", "D12", "D13", "D14"})
# A result that is the input itself (V9) shares everything with it: the checks of copies (V10, V11) fail with it, and
# their hints speak of other mistakes (a result kept between calls), so it is shown first.
ROOT_CLAUSES = frozenset({"V9"})


def report_order(record: dict) -> tuple[bool, bool, bool, bool, bool, bool]:
    """The reports' order of failed checks (a sort key; the battery's order within each rank): a finding
    that confirms the fingerprint as root cause first, a finding made while setting up a situation last, and before
    it a check of the copy (:data:`COPY_CLAUSES`) whose call raised (a valid proposal refused: a check of the rule
    that refused it names the cause); among the others a check of one clause before one of several (``D17-D18``:
    edge cases that combine rules, which a plain mistake fails too, so the plain rule's check names it best), and
    the checks of :data:`ROOT_CLAUSES`, then of :data:`SINGLE_RULE_CLAUSES` first."""
    detail = record.get("detail") or {}
    clause, named = record.get("clause"), clauses(record.get("clause"))
    return (detail.get("cause") != "fingerprint", bool(detail.get("setup")),
            bool(named) and named <= COPY_CLAUSES and raised(detail.get("got")), clause not in ROOT_CLAUSES,
            "-" in str(clause or ""), clause not in SINGLE_RULE_CLAUSES)


def case_label(check_id: str) -> str | None:
    """The parametrized case of a check id (``call-id-41``), or None."""
    if "[" in check_id and check_id.endswith("]"):
        return check_id.split("[", 1)[1][:-1]
    return None


def hint(record: dict) -> str:
    """The hint shown for a failed ``record``: its case's own (``detail.hint``, a case of another kind than the
    check's hint speaks of) or the check's, after the case's ``detail.tip`` if any (where the code stopped)."""
    detail = record.get("detail") or {}
    return " ".join(text for text in (detail.get("tip"), detail.get("hint") or record.get("hint")) if text)


def groups(records: list[dict]) -> list[dict]:
    """Records grouped by check (the id before ``[``), in battery order; a group's hint is its first record's."""
    found: dict[str, dict] = {}
    for record in records:
        group = found.setdefault(base_id(record["id"]), {
            "id": base_id(record["id"]), "message": record.get("message") or "", "hint": hint(record),
            "clause": record.get("clause"), "records": [],
        })
        group["records"].append(record)
    return list(found.values())


# Checkpoint 1's clauses about the copy it returns (a new dict, copied arguments, an untouched
# input): checkpoints 2 and 3 do not inherit them (CONTRACT.md F4, D5 name V1-V7).
COPY_CLAUSES = frozenset({"V9", "V10", "V11"})
# Checkpoint 2's clauses about the digest itself: a wrong one makes checkpoint 3's approvals fail.
DIGEST_CLAUSES = frozenset({"F1", "F2", "F3"})
# Outcomes that are no failure of the student's code: passed, and not run (grader.reports.stopped).
NO_FAILURE = frozenset({"passed", "not-run"})
# Outcomes of a call that never answered (grader.reports.stopped.STRIKES): they say nothing of a check's own rule.
STRIKE_OUTCOMES = frozenset(stopped.STRIKES.values())


def clauses(clause: object) -> set[str]:
    """The clauses a check's ``clause`` names: ``V8-V10`` is V8, V9 and V10; ``V3`` is V3."""
    first, _, last = str(clause or "").partition("-")
    if last[:1] != first[:1] or not first[1:].isdigit() or not last[1:].isdigit():
        return {first + ("-" + last if last else "")} if first else set()
    return {f"{first[0]}{n}" for n in range(int(first[1:]), int(last[1:]) + 1)}


def judged_wrong(record: dict) -> bool:
    """Whether a failed ``record`` may be about what a function accepts or refuses: it expected a ``ValueError``, or
    the code raised (or stopped without a finding) where a value was expected."""
    detail = record.get("detail") or {}
    return not detail or detail.get("cause") == "validation" or detail.get("expected") == "ValueError" or \
        raised(detail.get("got"))


def inherited_failure(record: dict) -> bool:
    """Whether a failed check of checkpoint 1 is about the validation checkpoints 2 and 3 inherit: not one about the
    copy it returns (:data:`COPY_CLAUSES`); a check of both (the first calls', ``V8-V10``) when its finding is a
    refusal (:func:`judged_wrong`)."""
    named = clauses(record.get("clause"))
    if named <= COPY_CLAUSES:
        return False
    return judged_wrong(record) if named & COPY_CLAUSES else True


def cause(record: dict) -> str | None:
    """The root cause a failed check's finding names (``detail.cause``), or None."""
    return (record.get("detail") or {}).get("cause")


def approval_missed(root: str | None, also_fingerprint: bool, records: list[dict]) -> bool:
    """Whether the failed ``records`` of one check all got approval-required where the check, which approved the
    proposal with its correct fingerprint, expected another answer, while checkpoint 2's digest is wrong (``root``
    ``fingerprint``, or ``also_fingerprint``): most likely that digest, so the check's own hint (about its rule)
    would send the student elsewhere: the reports and the terminal say a tip about the digest instead. Not for a check
    that confirms the digest as the cause (``cause`` ``fingerprint``): its own finding and hint say it already."""
    failed = [record for record in records if record["outcome"] == "failed"]
    return (root == "fingerprint" or also_fingerprint) and bool(failed) and all(
        cause(record) != "fingerprint" and "'approval-required'" in str((record.get("detail") or {}).get("got") or "")
        and "approval-required" not in str((record.get("detail") or {}).get("expected") or "") for record in failed)


def _same_result(records: list[dict]) -> list[dict]:
    """The failed checks, after the first, whose every case got a result an earlier check already shows.

    Such checks most likely fail for the same reason (a misplaced status check makes a dozen
    checks return the same status), so the reports only list them.
    """
    seen: set[str] = set()
    later: list[dict] = []
    for group in groups(records):
        # The same result, whichever call of its script gave it.
        results = [unnumbered((record.get("detail") or {}).get("got")) for record in group["records"]]
        if seen and all(record["outcome"] == "failed" and got in seen for record, got in zip(group["records"], results)):
            later += group["records"]
        else:
            seen.update(got for got in results if isinstance(got, str))
    return later


def _same_text(records: list[dict]) -> list[dict]:
    """The failed checks, after the first, whose every failed case hashed the same content in another JSON text.

    Their findings name that (cause ``json``, checks/canonical.py): one wrong json.dumps option fails
    every digest check of checkpoint 2, and each check's own hint would point elsewhere.
    """
    later: list[dict] = []
    first = True
    for group in groups(records):
        if all(cause(record) == "json" for record in group["records"]):
            if not first:
                later += group["records"]
            first = False
    return later


def _label(record: dict) -> str | None:
    """The case a failed record names: its finding's ``detail.case``, else its id's label."""
    return (record.get("detail") or {}).get("case") or case_label(record["id"])


def repeats(label: object, repeated: object) -> bool:
    """Whether case ``label`` is the one a finding's ``detail.repeats`` names: that label, or a field's cases when it
    ends in ``-`` (``actor-`` for ``actor-backtick``)."""
    if not isinstance(label, str) or not isinstance(repeated, str) or not repeated:
        return False
    return label == repeated or (repeated.endswith("-") and label.startswith(repeated))


def _same_case(records: list[dict]) -> list[dict]:
    """The failed records that only try again an invalid input another check fails on: their ``detail.repeats``
    names a case (or a field's cases) of a failed check that repeats nothing itself.

    Such a check (the same case in another tool-status form, a field first after loading) says something of its
    own only when it fails where the plain check passes; else its own tip would point at code the student
    did not write, so the reports only list it.
    """
    plain = [_label(r) for r in records if not (r.get("detail") or {}).get("repeats")]
    return [r for r in records if (r.get("detail") or {}).get("repeats")
            and any(repeats(label, r["detail"]["repeats"]) for label in plain)]


def select(number: int, records: list[dict], verdicts: dict[str, bool], graded: bool,
               inherited: frozenset) -> dict:
    """Which failed records of checkpoint ``number`` are shown in full, and in which order, and which are only
    listed (see :func:`build`): ``root``, ``confirmed``, ``shown``, ``grouped``, ``same_input``, ``same_case``,
    ``same_text``, ``same_result``, ``not_run``. A case that was not run is no failure: ``not_run`` holds the records of the
    checks of which no case that ran failed (grader.reports.stopped), the reports only count them."""
    failed = [r for r in records if r["outcome"] not in NO_FAILURE]
    # Root cause first: name the earliest failed checkpoint this one depends on (CONTRACT.md,
    # "Grading policy"): the validation of checkpoint 1, else the fingerprint of checkpoint 2.
    # A check whose finding confirms the fingerprint as the cause is shown first, and the other
    # failures are then only listed; so are checks that fail on an invalid input (cause
    # "validation") on which checkpoint 1 fails too (``inherited``: its failed case labels).
    confirmed = [r for r in failed if cause(r) == "fingerprint"]
    if confirmed:  # the first check that confirms it shows the cause; the others are listed with the rest
        first = base_id(confirmed[0]["id"])
        confirmed = [r for r in confirmed if base_id(r["id"]) == first]
    root = None
    # Only a failure that may be about what the function accepts or refuses can come from checkpoint 1's validation;
    # a time-out (memory, crash) only when checkpoint 1's own checks had one too: else the function's own code did it.
    refusals = [r for r in failed if judged_wrong(r) and (r["outcome"] not in STRIKE_OUTCOMES
                                                           or verdicts.get("validation-struck", False))]
    if graded and number >= 2 and not verdicts.get("validation", True) and refusals:
        root = "validation"
    elif graded and failed and number == 3 and (confirmed or not verdicts.get("fingerprint", True)):
        root = "fingerprint"
    same_input = [r for r in failed if cause(r) == "validation" and _label(r) in inherited]
    same_case = [r for r in _same_case(failed) if r not in same_input]
    same_text = [r for r in _same_text(failed) if r not in same_input] if graded else []
    listed = same_input + same_case + same_text
    grouped = listed + ([r for r in failed if r not in confirmed and r not in listed] if graded and confirmed else [])
    rest = [r for r in failed if r not in confirmed and r not in grouped]
    # A check that failed while setting up its scene (a preparatory call) says less than one that
    # failed on what it tests, so those come last.
    shown = confirmed + sorted(rest, key=report_order)
    same_result = _same_result(shown)
    shown = [r for r in shown if r not in same_result]
    not_run_ids = set(stopped.not_run_checks(records))
    not_run = [r for r in records if r["outcome"] == "not-run" and base_id(r["id"]) in not_run_ids]
    return {"root": root, "confirmed": confirmed, "shown": shown, "grouped": grouped, "same_input": same_input,
            "same_case": same_case, "same_text": same_text, "same_result": same_result, "not_run": not_run,
            "also_fingerprint": also_fingerprint(number, root, verdicts)}


def also_fingerprint(number: int, root: str | None, verdicts: dict[str, bool]) -> bool:
    """Whether checkpoint ``number``, whose root cause is ``root``, also depends on a wrong digest that the banner
    of checkpoint 1 does not name: checkpoint 3 when both the validation and the digest fail."""
    return number == 3 and root == "validation" and not verdicts.get("fingerprint", True)


def context(entries: dict) -> tuple[dict[str, bool], frozenset]:
    """What checkpoints 2 and 3 depend on: the verdicts of checkpoint 1's validation and of the digest, whether a
    check of checkpoint 1 timed out (ran out of memory, crashed: ``validation-struck``), and the case labels of
    checkpoint 1's failed cases (``inherited``)."""
    verdicts = {key: bool(entry.get("passed")) for key, entry in entries.items()}
    # Checkpoints 2 and 3 inherit what validate_ticket_proposal accepts and refuses, not how it copies.
    # A check not run says nothing either way.
    verdicts["validation-struck"] = any(r["outcome"] in STRIKE_OUTCOMES for r in entries.get("1", {}).get("checks", []))
    verdicts["validation"] = not any(r["outcome"] not in NO_FAILURE and inherited_failure(r)
                                     for r in entries.get("1", {}).get("checks", []))
    # Checkpoint 3 blames checkpoint 2 only for a wrong digest (F1-F3): the checks approve with H(p),
    # and dispatch_ticket validates and hashes its own copy (CONTRACT.md, "Grading policy"). A digest check
    # whose input the code refused with another exception than ValueError (cause "validation") found no digest.
    verdicts["fingerprint"] = not any(r["outcome"] not in NO_FAILURE and r.get("clause") in DIGEST_CLAUSES
                                      and cause(r) != "validation" for r in entries.get("2", {}).get("checks", []))
    # A check that loops over cases names the one that failed (``detail.case``); a parametrized one its id's label.
    labels = (_label(r) for r in entries.get("1", {}).get("checks", []) if r["outcome"] not in NO_FAILURE)
    inherited = frozenset(label for label in labels if label is not None)
    return verdicts, inherited


def _selections(result: dict) -> dict[str, dict]:
    """Per checkpoint key of a results.json entry: :func:`select` of its checks."""
    entries = result.get("checkpoints", {})
    verdicts, inherited = context(entries)
    graded = result["status"] == "graded"
    return {key: select(int(key), entry.get("checks", []), verdicts, graded, inherited)
            for key, entry in entries.items()}


def shown_failures(result: dict) -> dict[str, tuple[str | None, list[dict], bool]]:
    """Per checkpoint key of a results.json entry: (its root cause: None, ``validation`` or ``fingerprint``;
    the failed check records a report shows in full, in the report's order; whether checkpoint 2's digest is
    wrong too, :func:`also_fingerprint`). The terminal shows the same."""
    return {key: (chosen["root"], chosen["shown"], chosen["also_fingerprint"])
            for key, chosen in _selections(result).items()}


def findings(result: dict, functions: tuple[str, ...]) -> list[str]:
    """The checks (base ids) a results.json entry's report names as findings about their own rule.

    In: a results.json entry and the checkpoints' functions in order. Out: the base ids of the failed checks the
    report shows in full (:func:`select`), also below "fix checkpoint 1 first": the failures that follow from
    checkpoint 1 are only listed there; and those it lists as failing with a result shown above (``same_result``:
    the code does fail them). Left out, as they say nothing about that check's own rule: a checkpoint whose root
    cause is the fingerprint (the checks approve with the right digest, which the student's dispatch_ticket does
    not find), a finding that confirms the fingerprint as the cause, one that fails on checkpoint 1's invalid
    input, only tries again an input another check fails on, or hashes another JSON text (``same_input``,
    ``same_case``, ``same_text``), a check of a function the submission lacks
    (a ``missing-function`` note), a check that was not run and a case that never answered (a time-out, memory
    exhausted, a crash: the loop is to blame, not the rule). The class page counts these.
    """
    missing = {note.get("name") for note in (result.get("load") or {}).get("notes", [])
               if isinstance(note, dict) and note.get("kind") == "missing-function"}
    found: dict[str, bool] = {}
    for key, chosen in _selections(result).items():
        number = int(key)
        if chosen["root"] == "fingerprint" or (1 <= number <= len(functions) and functions[number - 1] in missing):
            continue
        for record in chosen["shown"] + chosen["same_result"]:
            if cause(record) != "fingerprint" and record["outcome"] not in STRIKE_OUTCOMES:
                found[base_id(record["id"])] = True
    return list(found)
