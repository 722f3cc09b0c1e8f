"""The tip for a dispatch that carried out a call the host should have seen refused (CONTRACT.md D10, D11, D14).

A check's own hint is about its rule in general (the order of the checks, how to count the log); when a refusal's
status was expected and the call went through, the tip names the exact condition the code missed: in place of the
check's hint for a version or a full log, before it for a conflict answered with a replay. A refusal returned in
place of another gets a tip from what the inputs held or from the fixed order (:func:`situation_hint`).
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


# The refusals in the fixed order of CONTRACT.md D7 (a replay or a conflict decides at the same place).
ORDER = ("forbidden", "unknown-tool", "call-id-conflict", "stale-version", "approval-required", "missing-ticket",
         "log-full")


def situation(proposal: object, actor: object, completed: object) -> dict:
    """What a dispatch's inputs hold before the call, as far as a tip needs it: whether ``proposal`` (a dict) names
    the tool set_ticket and the host's ``actor``, and whether its call id has a row in the host's ``completed``.
    Read through dict itself, never through the objects' own methods; a value that is no plain dict or str says
    nothing (the key is left out)."""
    facts: dict = {}
    if type(proposal) is not dict:
        return facts
    fields = {key: dict.get(proposal, key) for key in ("name", "actor", "call_id")}
    if type(fields["name"]) is str:
        facts["tool"] = fields["name"] == "set_ticket"
    if type(fields["actor"]) is str and type(actor) is str:
        facts["own"] = fields["actor"] == actor
    if type(fields["call_id"]) is str and type(completed) is dict:
        facts["known"] = dict.__contains__(completed, fields["call_id"])
    return facts


_EQUAL = {  # a refusal whose condition the inputs do not meet: (the fact that says so, the tip)
    "forbidden": ("own", said(
        "De actor van dit voorstel is die van de host, toch gaf je code forbidden. Ga na hoe je de actors vergelijkt: "
        "met == of != (niet met is).",
        "This proposal's actor is the host's, yet your code returned forbidden. Check how you compare the actors: "
        "with == or != (not with is).")),
    "unknown-tool": ("tool", said(
        "Dit voorstel heeft name 'set_ticket', toch gaf je code unknown-tool. Ga na hoe je name vergelijkt: met == of "
        "!= (niet met is), en met precies 'set_ticket'.",
        "This proposal has name 'set_ticket', yet your code returned unknown-tool. Check how you compare name: with == "
        "or != (not with is), and with exactly 'set_ticket'.")),
}
_UNKNOWN = said(
    "completed heeft geen rij voor deze call-ID, toch gaf je code call-id-conflict. Zoek een call-ID alleen op in "
    "completed, het log van de host, niet in een eigen log.",
    "completed has no row for this call id, yet your code returned call-id-conflict. Look a call id up only in "
    "completed, the host's log, not in a log of your own.")


def situation_hint(expected: str, got: object, facts: dict | None) -> dict | None:
    """The tip (a :func:`said` pair) in place of the check's hint for a dispatch that should have returned the status
    ``expected`` but returned the refusal in ``got`` (a plain value), where the inputs (``facts``, :func:`situation`)
    or the fixed order show why: a refusal whose condition the inputs do not meet (a conflict without a row in
    completed, forbidden for the host's own actor, unknown-tool for set_ticket), or one that comes later in the order
    than the one expected (its check came too early, or the earlier check missed this case). Else None."""
    status = got.get("status") if type(got) is dict else None
    if status not in ORDER:
        return None
    facts = facts or {}
    if status == "call-id-conflict" and facts.get("known") is False:
        return _UNKNOWN
    if status in _EQUAL and facts.get(_EQUAL[status][0]) is True:
        return _EQUAL[status][1]
    if expected in ORDER and ORDER.index(status) > ORDER.index(expected):
        return said(f"Hier hoort {expected}: die controle komt in de vaste volgorde vóór de controle die {status} gaf. "
                    "Staat ze ervoor, en herkent ze dit geval?",
                    f"This calls for {expected}: in the fixed order, that check comes before the one that gave "
                    f"{status}. Is it placed first, and does it catch this case?")
    return None
