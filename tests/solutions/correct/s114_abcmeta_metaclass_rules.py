"""Older abc spelling: rule classes declared with metaclass=ABCMeta and @abstractmethod, one rule object
per host input, a registry list walked in order; Dutch messages; string-module character sets instead of
regexes; the fingerprint through hashlib.new('sha256')."""
import hashlib
import json
import string
from abc import ABCMeta, abstractmethod

# Tekensets voor de controles (geen regex nodig)
ID_START = frozenset(string.ascii_letters)
ID_REST = frozenset(string.ascii_letters + string.digits + "_-")
TICKET_START = frozenset(string.ascii_lowercase)
TICKET_REST = frozenset(string.ascii_lowercase + string.digits + "-")
HEX_LOWER = frozenset("0123456789abcdef")


class Regel(metaclass=ABCMeta):
    """Een controle op één waarde; gooit ValueError als de waarde niet deugt."""

    melding = "ongeldige waarde"

    @abstractmethod
    def geldig(self, waarde):
        """True als de waarde goed is."""

    def eis(self, waarde):
        if not self.geldig(waarde):
            raise ValueError(self.melding)
        return waarde


class TekenRegel(Regel):
    def __init__(self, start, rest, lengte, melding):
        self.start, self.rest, self.lengte, self.melding = start, rest, lengte, melding

    def geldig(self, waarde):
        # eerst het type, dan de lengte, dan ieder teken
        if type(waarde) is not str or not 1 <= len(waarde) <= self.lengte:
            return False
        return waarde[0] in self.start and all(teken in self.rest for teken in waarde[1:])


class GetalRegel(Regel):
    def __init__(self, hoogste, melding):
        self.hoogste, self.melding = hoogste, melding

    def geldig(self, waarde):
        return type(waarde) is int and 0 <= waarde <= self.hoogste


class StatusRegel(Regel):
    melding = "status moet open of done zijn"

    def geldig(self, waarde):
        return type(waarde) is str and (waarde == "open" or waarde == "done")


class SleutelRegel(Regel):
    def __init__(self, sleutels, melding):
        self.sleutels, self.melding = frozenset(sleutels), melding

    def geldig(self, waarde):
        return type(waarde) is dict and set(waarde.keys()) == self.sleutels


ID_REGEL = TekenRegel(ID_START, ID_REST, 40, "ID moet ASCII [A-Za-z][A-Za-z0-9_-]{0,39} zijn")
TICKET_REGEL = TekenRegel(TICKET_START, TICKET_REST, 32, "ticket moet [a-z][a-z0-9-]{0,31} zijn")
VERSIE_REGEL = GetalRegel(1000000, "versie moet een gewone int 0..1000000 zijn")
STATEVERSIE_REGEL = GetalRegel(1000001, "stateversie moet een int 0..1000001 zijn")
STATUS_REGEL = StatusRegel()
VOORSTEL_REGEL = SleutelRegel(["call_id", "actor", "name", "version", "arguments"], "precies vijf velden")
ARGUMENTEN_REGEL = SleutelRegel(["ticket", "status"], "arguments moet precies ticket en status hebben")
STATE_REGEL = SleutelRegel(["version", "tickets"], "state moet precies version en tickets hebben")


def validate_ticket_proposal(proposal):
    VOORSTEL_REGEL.eis(proposal)
    for veld in ("call_id", "actor", "name"):
        ID_REGEL.eis(proposal[veld])
    VERSIE_REGEL.eis(proposal["version"])
    argumenten = ARGUMENTEN_REGEL.eis(proposal["arguments"])
    TICKET_REGEL.eis(argumenten["ticket"])
    STATUS_REGEL.eis(argumenten["status"])
    kopie = dict(proposal)
    kopie["arguments"] = dict(argumenten)
    return kopie


def proposal_fingerprint(proposal):
    schoon = validate_ticket_proposal(proposal)
    tekst = json.dumps(schoon, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    h = hashlib.new("sha256")
    h.update(tekst.encode("ascii"))
    return h.hexdigest()


def is_goedkeuring(waarde):
    return type(waarde) is str and len(waarde) == 64 and set(waarde) <= HEX_LOWER


def controleer_host(actor, approved, state, completed):
    ID_REGEL.eis(actor)
    if type(approved) is not set or len(approved) > 64 or not all(map(is_goedkeuring, approved)):
        raise ValueError("approved moet een set van hoogstens 64 SHA-256-hexstrings zijn")
    STATE_REGEL.eis(state)
    STATEVERSIE_REGEL.eis(state["version"])
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets moet 1 tot 16 paren hebben")
    for naam, status in tickets.items():
        TICKET_REGEL.eis(naam)
        STATUS_REGEL.eis(status)
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed moet een dictionary van hoogstens 64 rijen zijn")


def dispatch_ticket(proposal, actor, approved, state, completed):
    controleer_host(actor, approved, state, completed)
    voorstel = validate_ticket_proposal(proposal)
    if voorstel["actor"] != actor:
        return {"status": "forbidden"}
    if voorstel["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    afdruk = proposal_fingerprint(voorstel)
    rij = completed.get(voorstel["call_id"])
    if rij is not None:
        if rij["fingerprint"] != afdruk:
            return {"status": "call-id-conflict"}
        herhaling = dict(rij["result"])
        herhaling["replayed"] = True
        return herhaling
    if voorstel["version"] != state["version"]:
        return {"status": "stale-version"}
    if afdruk not in approved:
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
    completed[voorstel["call_id"]] = {"fingerprint": afdruk, "result": dict(resultaat)}
    return resultaat
