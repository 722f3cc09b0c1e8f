"""Per-check outcomes to checkpoint verdicts and a score."""

from __future__ import annotations

CHECKPOINTS = ("1", "2", "3")
MAX_SCORE = len(CHECKPOINTS)


def verdicts(checks: list[dict]) -> tuple[dict[str, dict], int]:
    """Group checks by checkpoint and decide each one.

    In: check records ``{"checkpoint": int, "outcome": str, ...}`` (every check of the
    battery, in order). Out: ``({"1": {"passed": bool, "checks": [...]}, ...}, score)``: a
    checkpoint passes only when it has checks and every one of them passed; the score is
    the number of passed checkpoints (0..3).
    """
    grouped: dict[str, list[dict]] = {key: [] for key in CHECKPOINTS}
    for record in checks:
        grouped[str(record["checkpoint"])].append(record)
    checkpoints = {
        key: {"passed": bool(records) and all(r["outcome"] == "passed" for r in records), "checks": records}
        for key, records in grouped.items()
    }
    return checkpoints, sum(entry["passed"] for entry in checkpoints.values())
