"""Checks that were not run: grading a submission stopped after repeated time-outs (memory exhaustions,
crashes) or past its CPU budget (grader.jobs). They neither fail nor pass; the reports, the terminal and the
class outputs say how many there were and which function's strikes stopped grading."""

from __future__ import annotations

from collections import Counter

from grader.results import base_id

# A not-run record's ``error`` (grader.jobs) and the outcome of the strikes that led to it.
STRIKES = {"after-timeout": "timeout", "after-memory": "memory", "after-crashed": "crashed"}

# Texts (part of grader.reports.i18n.MESSAGES). {function} is the function whose strikes stopped grading,
# {n} its checkpoint; {count} of {total}: the checks of this checkpoint left not run.
MESSAGES: dict[str, dict[str, str]] = {
    "not_run_count": {
        "nl": "Dat geldt voor {count} controles van dit checkpoint: die zijn niet mislukt, maar ook niet geslaagd.",
        "en": "That applies to {count} checks of this checkpoint: they did not fail, but did not pass either.",
    },
    "not_run_count_one": {
        "nl": "Dat geldt voor 1 controle van dit checkpoint: die is niet mislukt, maar ook niet geslaagd.",
        "en": "That applies to 1 check of this checkpoint: it did not fail, but did not pass either.",
    },
    "cases_not_run": {"nl": "{failed} van {total} gevallen mislukt, {not_run} niet uitgevoerd",
                      "en": "{failed} of {total} cases failed, {not_run} not run"},
    "stopped_first": {"nl": "Los eerst het probleem in {function} op", "en": "Fix the problem in {function} first"},
    "stopped_timeout": {
        "nl": "Niet uitgevoerd: {count} van de {total} controles van dit checkpoint. De beoordeling stopte na "
              "herhaalde time-outs in {function} (checkpoint {n}), dus deze functie is nog niet volledig getest. "
              "Haal eerst die oneindige lus weg en laat je code dan opnieuw beoordelen.",
        "en": "Not run: {count} of the {total} checks of this checkpoint. Grading stopped after repeated time-outs "
              "in {function} (checkpoint {n}), so this function has not been fully tested. Remove that endless "
              "loop first, then have your code graded again.",
    },
    "stopped_memory": {
        "nl": "Niet uitgevoerd: {count} van de {total} controles van dit checkpoint. De beoordeling stopte omdat "
              "{function} (checkpoint {n}) herhaaldelijk te veel geheugen gebruikte, dus deze functie is nog niet "
              "volledig getest. Los dat eerst op en laat je code dan opnieuw beoordelen.",
        "en": "Not run: {count} of the {total} checks of this checkpoint. Grading stopped because {function} "
              "(checkpoint {n}) repeatedly used too much memory, so this function has not been fully tested. Fix "
              "that first, then have your code graded again.",
    },
    "stopped_crashed": {
        "nl": "Niet uitgevoerd: {count} van de {total} controles van dit checkpoint. De beoordeling stopte omdat "
              "het proces herhaaldelijk onverwacht stopte in {function} (checkpoint {n}), dus deze functie is nog "
              "niet volledig getest. Los dat eerst op en laat je code dan opnieuw beoordelen.",
        "en": "Not run: {count} of the {total} checks of this checkpoint. Grading stopped because the process "
              "repeatedly stopped unexpectedly in {function} (checkpoint {n}), so this function has not been fully "
              "tested. Fix that first, then have your code graded again.",
    },
    # The heading of a failed check whose every failed case never answered, before the check's rule.
    "struck_timeout": {"nl": "Niet op tijd klaar (een oneindige lus?) bij:", "en": "Did not finish in time (an endless loop?) on:"},
    "struck_memory": {"nl": "Te veel geheugen gebruikt bij:", "en": "Used too much memory on:"},
    "struck_crashed": {"nl": "Het proces stopte onverwacht bij:", "en": "The process stopped unexpectedly on:"},
    # The class outputs' marker beside a graded submission's status.
    "status_stopped_timeout": {"nl": "gestopt na time-outs: {count} van {total} controles niet uitgevoerd",
                               "en": "stopped after time-outs: {count} of {total} checks not run"},
    "status_stopped_memory": {"nl": "gestopt na te veel geheugen: {count} van {total} controles niet uitgevoerd",
                              "en": "stopped after memory exhaustion: {count} of {total} checks not run"},
    "status_stopped_crashed": {"nl": "gestopt na crashes: {count} van {total} controles niet uitgevoerd",
                               "en": "stopped after crashes: {count} of {total} checks not run"},
    "status_stopped_budget": {"nl": "rekentijd op: {count} van {total} controles niet uitgevoerd",
                              "en": "CPU time used up: {count} of {total} checks not run"},
}


def not_run_checks(records: list[dict]) -> list[str]:
    """The checks (base ids, in order) that were not run: at least one case not run and none that ran failed.

    In: check records of results.json. A check of which some cases ran and failed is a failed check (its cases
    not run are counted beside them, never as failed).
    """
    failed = {base_id(r["id"]) for r in records if r["outcome"] not in ("passed", "not-run")}
    found: dict[str, bool] = {}
    for record in records:
        if record["outcome"] == "not-run" and base_id(record["id"]) not in failed:
            found[base_id(record["id"])] = True
    return list(found)


def reason(records: list[dict]) -> str:
    """Why grading stopped: the ``error`` of the first not-run record (``after-timeout``, ``after-memory``,
    ``after-crashed``, ``cpu-budget``), ``after-timeout`` when none is recorded."""
    return next((r.get("error") for r in records if r["outcome"] == "not-run" and r.get("error")), "after-timeout")


def summary(result: dict) -> dict | None:
    """Whether, and why, grading a results.json entry stopped early.

    Out: None when every check ran; else ``reason`` (see :func:`reason`), ``count`` (checks not run, all
    checkpoints), ``total`` (checks; a parametrized check counts once) and ``checkpoint``: the number of the
    checkpoint with the most strikes of that reason (the function that looped), or None (past the CPU budget).
    """
    if result.get("status") != "graded":
        return None
    entries = result.get("checkpoints", {})
    records = [record for entry in entries.values() for record in entry.get("checks", [])]
    count = len(not_run_checks(records))
    if not count:
        return None
    why = reason(records)
    strikes = Counter(key for key, entry in entries.items() for record in entry.get("checks", [])
                      if record["outcome"] == STRIKES.get(why))
    checkpoint = max(strikes, key=lambda key: (strikes[key], -int(key))) if strikes else None
    return {"reason": why, "count": count, "total": len({base_id(r["id"]) for r in records}),
            "checkpoint": int(checkpoint) if checkpoint is not None else None}


def stopped_elsewhere(stop: dict | None, number: int, not_run: int) -> int | None:
    """The checkpoint whose function's strikes stopped grading before checkpoint ``number`` was fully tested
    (``not_run``: how many of its checks were not run; ``stop``: :func:`summary`), when that is an earlier one; else
    None (all ran, its own function looped, or the CPU budget ran out).

    A later checkpoint's strikes are no reason: an earlier checkpoint's checks run before them, and only its checks
    marked last or fresh are then left out, when it has failed already (grader.battery ``place``): its own failure
    is what to fix first."""
    if not not_run or not stop or stop["checkpoint"] is None or stop["checkpoint"] >= number:
        return None
    return stop["checkpoint"]


def struck(records: list[dict]) -> str | None:
    """The outcome (``timeout``, ``memory``, ``crashed``) every one of a check's failed ``records`` had, none of
    which answered; else None (the code answered at least once: the check's rule is the finding)."""
    outcomes = {record["outcome"] for record in records}
    return outcomes.pop() if len(outcomes) == 1 and outcomes <= set(STRIKES.values()) else None


def status_key(stop: dict) -> str:
    """The message id of the class outputs' marker for ``stop`` (:func:`summary`)."""
    return "status_stopped_" + STRIKES.get(stop["reason"], "budget")
