# Style: contextlib.suppress around binascii.unhexlify, doctest in the __main__ block, no regex:
# str.translate, isascii/isalnum, ord ranges, while loops, a global counter.
import binascii
from contextlib import suppress
import copy
import hashlib
import json

__all__ = ["validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket"]

VELDEN = ("call_id", "actor", "name", "version", "arguments")
_DEL_ID = str.maketrans("", "", "_-")
_DEL_TICKET = str.maketrans("", "", "-")
teller = 0


def geldige_id(s):
    if type(s) != str or not (0 < len(s) < 41) or not s.isascii():
        return False
    if not s[0].isalpha():
        return False
    rest = s[1:].translate(_DEL_ID)
    return rest == "" or rest.isalnum()


def geldig_ticket(s):
    if not isinstance(s, str) or len(s) == 0 or len(s) > 32 or not s.isascii():
        return False
    i = 0
    while i < len(s):
        c = ord(s[i])
        ok = ord("a") <= c <= ord("z") or (i > 0 and (ord("0") <= c <= ord("9") or s[i] == "-"))
        if not ok:
            return False
        i += 1
    return True


def geldige_hex(s):
    if not isinstance(s, str) or len(s) != 64:
        return False
    with suppress(binascii.Error, ValueError):
        binascii.unhexlify(s)
        return s == s.lower() and s.isascii() and s.isalnum()


def validate_ticket_proposal(proposal):
    global teller
    teller += 1
    if not isinstance(proposal, dict):
        raise ValueError("Voorstel moet een dict zijn, kreeg %s" % type(proposal).__name__)
    if len(proposal) != len(VELDEN) or any(v not in proposal for v in VELDEN):
        raise ValueError("Voorstel moet precies {} bevatten".format(", ".join(VELDEN)))
    for veld in VELDEN[:3]:
        if not geldige_id(proposal[veld]):
            raise ValueError("Ongeldig veld {0}: {1!r}".format(veld, proposal[veld]))
    versie = proposal["version"]
    if isinstance(versie, bool) or not isinstance(versie, int) or versie < 0 or versie > 10 ** 6:
        raise ValueError("Ongeldige versie")
    args = proposal["arguments"]
    if not isinstance(args, dict) or len(args) != 2 or "ticket" not in args or "status" not in args:
        raise ValueError("Ongeldige arguments")
    if not geldig_ticket(args["ticket"]):
        raise ValueError("Ongeldig ticket")
    st = args["status"]
    if not (st == "open" or st == "done") or type(st) is not str:
        raise ValueError("Ongeldige status")
    nieuw = copy.copy(proposal)
    nieuw["arguments"] = copy.copy(args)
    return nieuw


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    tekst = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    ruw = hashlib.new("sha256", tekst.encode("ascii")).digest()
    return binascii.hexlify(ruw).decode("ascii")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not geldige_id(actor):
        raise ValueError("hostactor")
    if type(approved) is not set or len(approved) > 64:
        raise ValueError("approved")
    for a in approved:
        if not geldige_hex(a):
            raise ValueError("approved-element")
    if type(state) is not dict or len(state) != 2 or "version" not in state or "tickets" not in state:
        raise ValueError("state")
    sv = state["version"]
    if type(sv) is not int or not (0 <= sv <= 1000001):
        raise ValueError("state-versie")
    tickets = state["tickets"]
    if type(tickets) is not dict or not (1 <= len(tickets) <= 16):
        raise ValueError("tickets")
    for k in tickets:
        if not geldig_ticket(k) or type(tickets[k]) is not str or tickets[k] not in ("open", "done"):
            raise ValueError("ticketpaar")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    vingerafdruk = proposal_fingerprint(p)
    cid = p["call_id"]
    if cid in completed:
        rij = completed[cid]
        if rij["fingerprint"] == vingerafdruk:
            kopie = copy.deepcopy(rij["result"])
            kopie["replayed"] = True
            return kopie
        return {"status": "call-id-conflict"}
    if p["version"] != sv:
        return {"status": "stale-version"}
    if vingerafdruk not in approved:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    waarde = p["arguments"]["status"]
    tickets[ticket] = waarde
    state["version"] = sv + 1
    resultaat = {"status": "ok", "version": sv + 1, "ticket": ticket, "value": waarde, "replayed": False}
    completed[cid] = {"fingerprint": vingerafdruk, "result": copy.deepcopy(resultaat)}
    return resultaat


if __name__ == "__main__":
    voorbeeld = {"call_id": "c1", "actor": "alice", "name": "set_ticket", "version": 0,
                 "arguments": {"ticket": "lamp", "status": "done"}}
    schoon = validate_ticket_proposal(voorbeeld)
    print(proposal_fingerprint(schoon))
    st = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
    log = {}
    print(dispatch_ticket(schoon, "alice", {proposal_fingerprint(schoon)}, st, log))
    assert st["version"] == 1, st
    print("teller", teller)
    import doctest
    doctest.testmod()
