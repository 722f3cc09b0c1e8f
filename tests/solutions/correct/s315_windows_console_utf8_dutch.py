# Style: a Dutch student on Windows: sys.stdout.reconfigure(encoding="utf-8") at the top so the console shows the
# check marks and accents of the Dutch messages, a top-level welcome print, Dutch helper names, isinstance-based
# checks with one combined set-equality per dict, and a copy made with dict comprehension.
import hashlib
import json
import re
import sys

sys.stdout.reconfigure(encoding="utf-8")  # anders toont de Windows-console ✓ en é als vraagtekens

print("✓ ticketmodule geladen (één dispatcher, geen externe acties)")

ID_PATROON = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATROON = re.compile(r"[a-z][a-z0-9-]{0,31}")
HASH_PATROON = re.compile(r"[0-9a-f]{64}")
GELDIGE_STATUSSEN = ("open", "done")
VOORSTEL_VELDEN = {"call_id", "actor", "name", "version", "arguments"}


class OngeldigeInvoer(ValueError):
    """Een invoervorm die niet aan het contract voldoet (een ValueError)."""


def eis(voorwaarde, melding):
    if not voorwaarde:
        raise OngeldigeInvoer("✗ " + melding)


def is_id(waarde, patroon=ID_PATROON):
    return isinstance(waarde, str) and waarde.isascii() and patroon.fullmatch(waarde) is not None


def is_status(waarde):
    return isinstance(waarde, str) and waarde in GELDIGE_STATUSSEN


def validate_ticket_proposal(proposal):
    eis(isinstance(proposal, dict), "het voorstel moet een dictionary zijn")
    eis(set(proposal) == VOORSTEL_VELDEN, "het voorstel heeft precies vijf velden nodig, geen ‘approved’")
    for veld in ("call_id", "actor", "name"):
        eis(is_id(proposal[veld]), f"ongeldige {veld}: {proposal[veld]!r}")
    versie = proposal["version"]
    eis(type(versie) is int and 0 <= versie <= 1_000_000, "versie moet een gewone int tussen 0 en 1.000.000 zijn")
    argumenten = proposal["arguments"]
    eis(isinstance(argumenten, dict) and set(argumenten) == {"ticket", "status"}, "arguments: precies ticket en status")
    eis(is_id(argumenten["ticket"], TICKET_PATROON), "ticketnaam ongeldig (kleine letters, cijfers, ‘-’)")
    eis(is_status(argumenten["status"]), "status moet ‘open’ of ‘done’ zijn")
    kopie = {sleutel: waarde for sleutel, waarde in proposal.items()}
    kopie["arguments"] = {sleutel: waarde for sleutel, waarde in argumenten.items()}
    return kopie


def proposal_fingerprint(proposal):
    schoon = validate_ticket_proposal(proposal)
    tekst = json.dumps(schoon, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(tekst.encode("ascii")).hexdigest()


def controleer_host(actor, approved, state, completed):
    eis(is_id(actor), "hostactor ongeldig")
    eis(isinstance(approved, set) and len(approved) <= 64, "approved: een set van hoogstens 64 hashes")
    eis(all(is_id(h, HASH_PATROON) for h in approved), "approved bevat iets anders dan een SHA-256-hexstring")
    eis(isinstance(state, dict) and set(state) == {"version", "tickets"}, "state: precies version en tickets")
    eis(type(state["version"]) is int and 0 <= state["version"] <= 1_000_001, "state-versie buiten bereik")
    tickets = state["tickets"]
    eis(isinstance(tickets, dict) and 1 <= len(tickets) <= 16, "state: 1 tot 16 tickets")
    eis(all(is_id(t, TICKET_PATROON) and is_status(s) for t, s in tickets.items()), "ongeldig ticket in state")
    eis(isinstance(completed, dict) and len(completed) <= 64, "completed: een dictionary van hoogstens 64 rijen")


def dispatch_ticket(proposal, actor, approved, state, completed):
    controleer_host(actor, approved, state, completed)
    voorstel = validate_ticket_proposal(proposal)
    if voorstel["actor"] != actor:
        return {"status": "forbidden"}
    if voorstel["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    vingerafdruk = proposal_fingerprint(voorstel)
    eerder = completed.get(voorstel["call_id"])
    if eerder is not None:
        if eerder["fingerprint"] != vingerafdruk:
            return {"status": "call-id-conflict"}
        herhaling = dict(eerder["result"])
        herhaling["replayed"] = True
        return herhaling
    if voorstel["version"] != state["version"]:
        return {"status": "stale-version"}
    if vingerafdruk not in approved:
        return {"status": "approval-required"}
    ticket = voorstel["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = voorstel["arguments"]["status"]
    state["version"] += 1
    resultaat = {"status": "ok", "version": state["version"], "ticket": ticket,
                 "value": voorstel["arguments"]["status"], "replayed": False}
    completed[voorstel["call_id"]] = {"fingerprint": vingerafdruk, "result": dict(resultaat)}
    return resultaat


if __name__ == "__main__":
    p = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
         "arguments": {"ticket": "lamp", "status": "done"}}
    toestand = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
    log = {}
    print("✓", dispatch_ticket(p, "learner", {proposal_fingerprint(p)}, toestand, log))
    print("↺", dispatch_ticket(p, "learner", set(), toestand, log))
