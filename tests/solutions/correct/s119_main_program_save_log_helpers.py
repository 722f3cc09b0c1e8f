"""A main() program around the solution: helper functions save_log()/load_log() that write and read the
completed log as JSON with open(), a show() that prints dir() for debugging, and main() calling them under
the main guard; the graded functions themselves never touch files."""
import copy
import hashlib
import json

DEBUG = False
VELDEN = {"call_id", "actor", "name", "version", "arguments"}
MAX_VERSIE = 1000000
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def debug(*dingen):
    if DEBUG:
        print("[debug]", *dingen)


def is_id(tekst):
    # eerst kijken of het wel een string is
    if not isinstance(tekst, str):
        return False
    if len(tekst) < 1 or len(tekst) > 40:
        return False
    if not tekst.isascii():
        return False
    if not tekst[0].isalpha():
        return False
    for teken in tekst[1:]:
        if teken.isalnum():
            continue
        elif teken == "_":
            continue
        elif teken == "-":
            continue
        else:
            return False
    return True


def is_ticket(tekst):
    if type(tekst) != str:
        return False
    if len(tekst) == 0 or len(tekst) > 32:
        return False
    if tekst[0] not in LETTERS:
        return False
    for teken in tekst:
        if teken in LETTERS:
            pass
        elif teken in "0123456789":
            pass
        elif teken == "-":
            pass
        else:
            return False
    return True


def is_status(waarde):
    if type(waarde) is not str:
        return False
    if waarde == "open":
        return True
    elif waarde == "done":
        return True
    else:
        return False


def validate_ticket_proposal(proposal):
    debug("valideer", proposal)
    if type(proposal) is not dict:
        raise ValueError("voorstel moet een dictionary zijn")
    if set(proposal.keys()) != VELDEN:
        raise ValueError("voorstel moet precies vijf velden hebben")
    if not is_id(proposal["call_id"]):
        raise ValueError("ongeldige call_id")
    elif not is_id(proposal["actor"]):
        raise ValueError("ongeldige actor")
    elif not is_id(proposal["name"]):
        raise ValueError("ongeldige naam")
    versie = proposal["version"]
    if type(versie) is not int:
        raise ValueError("versie moet een gewone int zijn")
    elif versie < 0:
        raise ValueError("versie te klein")
    elif versie > MAX_VERSIE:
        raise ValueError("versie te groot")
    argumenten = proposal["arguments"]
    if type(argumenten) is not dict:
        raise ValueError("arguments moet een dictionary zijn")
    if set(argumenten.keys()) != {"status", "ticket"}:
        raise ValueError("arguments moet ticket en status hebben")
    if not is_ticket(argumenten["ticket"]):
        raise ValueError("ongeldig ticket")
    if not is_status(argumenten["status"]):
        raise ValueError("ongeldige status")
    nieuw = copy.deepcopy(proposal)
    debug("geldig!", nieuw)
    return nieuw


def proposal_fingerprint(proposal):
    schoon = validate_ticket_proposal(proposal)
    try:
        tekst = json.dumps(schoon, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        h = hashlib.new("sha256")
        h.update(tekst.encode("utf-8"))
    except Exception as e:
        raise ValueError("kan geen vingerafdruk maken") from e
    afdruk = h.hexdigest()
    debug("vingerafdruk", afdruk)
    return afdruk


def is_hex64(tekst):
    if type(tekst) is not str or len(tekst) != 64:
        return False
    for teken in tekst:
        if teken not in "0123456789abcdef":
            return False
    return True


def controleer_host(actor, approved, state, completed):
    if not is_id(actor):
        raise ValueError("ongeldige hostactor")
    if type(approved) is not set:
        raise ValueError("approved moet een set zijn")
    if len(approved) > 64:
        raise ValueError("te veel goedkeuringen")
    for a in approved:
        if not is_hex64(a):
            raise ValueError("ongeldige goedkeuring")
    if type(state) is not dict:
        raise ValueError("state moet een dictionary zijn")
    if set(state) != {"version", "tickets"}:
        raise ValueError("state heeft verkeerde sleutels")
    v = state["version"]
    if type(v) is not int or v < 0 or v > 1000001:
        raise ValueError("ongeldige stateversie")
    tickets = state["tickets"]
    if type(tickets) is not dict:
        raise ValueError("tickets moet een dictionary zijn")
    if len(tickets) < 1 or len(tickets) > 16:
        raise ValueError("verkeerd aantal tickets")
    for naam, status in tickets.items():
        if not is_ticket(naam) or not is_status(status):
            raise ValueError("ongeldig ticketpaar")
    if type(completed) is not dict:
        raise ValueError("completed moet een dictionary zijn")
    if len(completed) > 64:
        raise ValueError("log te groot")


def dispatch_ticket(proposal, actor, approved, state, completed):
    controleer_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    debug("dispatch", p["call_id"], "door", actor)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    elif p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    afdruk = proposal_fingerprint(p)
    if p["call_id"] in completed:
        rij = completed[p["call_id"]]
        if rij["fingerprint"] == afdruk:
            antwoord = copy.deepcopy(rij["result"])
            antwoord["replayed"] = True
            debug("herhaling")
            return antwoord
        else:
            return {"status": "call-id-conflict"}
    elif p["version"] != state["version"]:
        return {"status": "stale-version"}
    elif afdruk not in approved:
        return {"status": "approval-required"}
    elif p["arguments"]["ticket"] not in state["tickets"]:
        return {"status": "missing-ticket"}
    elif len(completed) >= 64:
        return {"status": "log-full"}
    ticket = p["arguments"]["ticket"]
    waarde = p["arguments"]["status"]
    state["tickets"][ticket] = waarde
    state["version"] = state["version"] + 1
    resultaat = {"status": "ok", "version": state["version"], "ticket": ticket, "value": waarde, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": afdruk, "result": copy.deepcopy(resultaat)}
    debug("klaar", resultaat)
    return resultaat


LOGBESTAND = "completed.json"


def save_log(completed, pad=LOGBESTAND):
    with open(pad, "w", encoding="utf-8") as bestand:
        json.dump(completed, bestand, indent=2, sort_keys=True)


def load_log(pad=LOGBESTAND):
    try:
        with open(pad, encoding="utf-8") as bestand:
            return json.load(bestand)
    except FileNotFoundError:
        return {}


def show():
    print("namen in deze module:", [naam for naam in dir() if not naam.startswith("_")])


def main():
    completed = load_log()
    state = {"version": len(completed), "tickets": {"lamp": "open", "sensor": "open"}}
    voorstel = {"call_id": f"c{len(completed) + 1}", "actor": "learner", "name": "set_ticket",
                "version": state["version"], "arguments": {"ticket": "lamp", "status": "done"}}
    print(dispatch_ticket(voorstel, "learner", {proposal_fingerprint(voorstel)}, state, completed))
    save_log(completed)
    show()


if __name__ == "__main__":
    main()
