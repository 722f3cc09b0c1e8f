"""The tip for a dispatch that carried out a call the host should have seen refused (CONTRACT.md D10, D11, D14).

A check's own hint is about its rule in general (the order of the checks, how to count the log); when a refusal's
status was expected and the call went through, the tip names the exact condition the code missed: in place of the
check's hint for a version or a full log, before it for a conflict answered with a replay.
"""

from grader.battery import said

# Per refusal status expected: the tip for a call carried out (status 'ok') in its place; ``replayed``: only when the
# result was a replay (a conflict is a known call id with other content, not a new call).
_CARRIED_OUT = {
    "stale-version": said(
        "Alleen een voorstel met precies de versie van de host mag door. Een oudere versie is verouderd, en een "
        "nieuwere ook: elke versie die niet gelijk is aan state['version'] geeft stale-version.",
        "Only a proposal with exactly the host's version may pass. An older version is stale, and so is a newer one: "
        "every version that is not equal to state['version'] gets stale-version."),
    "log-full": said(
        "completed telt hier al 64 rijen: dat is vol, dus de status is log-full. De grens van 64 hoort erbij: het "
        "log is vol bij precies 64 bestaande rijen, niet pas bij 65.",
        "completed already holds 64 rows here: that is full, so the status is log-full. The limit of 64 is "
        "inclusive: the log is full at exactly 64 existing rows, not only at 65."),
}
_CONFLICT = said(
    "Je code gaf een herhaling terug, maar deze call-ID staat in completed voor een voorstel met andere inhoud. "
    "Vergelijk het opgeslagen voorstel met het nieuwe als geheel, via de vingerafdruk: verschilt er iets (version, "
    "actor of een argument), dan is de status call-id-conflict.",
    "Your code returned a replay, but this call id is in completed for a proposal with other content. Compare the "
    "stored proposal with the new one as a whole, through the fingerprint: when anything differs (version, actor or "
    "an argument), the status is call-id-conflict.")


def status_tips(expected: str, got: object) -> dict:
    """For a dispatch that should have returned the refusal ``expected`` (a status) but returned ``got`` (a plain
    value) with status 'ok': ``{"hint": ..., "tip": ...}`` (a :func:`said` pair or None each), the hint in place of
    the check's (stale-version, log-full) or, for a replay in place of a conflict, a tip before it (the checks about
    conflicts have hints about how a row was kept, which still apply)."""
    if type(got) is not dict or got.get("status") != "ok":
        return {"hint": None, "tip": None}
    if expected == "call-id-conflict":
        return {"hint": None, "tip": _CONFLICT if got.get("replayed") is True else None}
    return {"hint": _CARRIED_OUT.get(expected), "tip": None}
