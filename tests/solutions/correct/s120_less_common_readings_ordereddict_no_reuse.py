"""Liberal readings, each the less common one: any Mapping proposal/arguments (A1) copied into an
OrderedDict (A10), a MutableMapping state/tickets/log written in place, any abc.Set of approvals (A3),
hex in any case accepted but matched case-sensitively (A4), IntEnum proposal versions and bool state
versions (A5), refusals with extra keys (A6), rows under other keys (A7), tickets replaced (A9), no
function calls another (A11), own ValueError subclasses with Dutch messages (A12)."""
import collections
import collections.abc as cabc
import hashlib
import json
import string

HEX = set(string.hexdigits)
IDCHARS = set(string.ascii_letters + string.digits + "_-")
TICKETCHARS = set(string.ascii_lowercase + string.digits + "-")


class OngeldigeInvoer(ValueError):
    """Basis voor alle invoerfouten."""


class OngeldigVoorstel(OngeldigeInvoer):
    pass


class OngeldigeHost(OngeldigeInvoer):
    pass


def _id(value):
    return (isinstance(value, str) and 1 <= len(value) <= 40 and value[0] in string.ascii_letters
            and set(value) <= IDCHARS)


def _ticket(value):
    return (isinstance(value, str) and 1 <= len(value) <= 32 and value[0] in string.ascii_lowercase
            and set(value) <= TICKETCHARS)


def _status(value):
    return isinstance(value, str) and value in ("open", "done")


def _int(value, top):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, cabc.Mapping):
        raise OngeldigVoorstel("Het voorstel is geen mapping.")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise OngeldigVoorstel("Het voorstel heeft niet precies vijf velden.")
    for veld in ("call_id", "actor", "name"):
        if not _id(proposal[veld]):
            raise OngeldigVoorstel(f"Veld {veld} is geen geldige ID.")
    if not _int(proposal["version"], 1000000):
        raise OngeldigVoorstel("De versie is geen gewone int tussen 0 en 1000000.")
    args = proposal["arguments"]
    if not isinstance(args, cabc.Mapping) or set(args) != {"ticket", "status"}:
        raise OngeldigVoorstel("arguments moet precies ticket en status hebben.")
    if not _ticket(args["ticket"]):
        raise OngeldigVoorstel("Ongeldige ticketnaam.")
    if not _status(args["status"]):
        raise OngeldigVoorstel("Status moet open of done zijn.")
    result = collections.OrderedDict()
    for veld in ("call_id", "actor", "name", "version"):
        result[veld] = proposal[veld]
    result["arguments"] = collections.OrderedDict(ticket=args["ticket"], status=args["status"])
    return result


def proposal_fingerprint(proposal):
    # own validation, copied rather than calling validate_ticket_proposal (A11)
    if not isinstance(proposal, cabc.Mapping) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise OngeldigVoorstel("Geen geldig voorstel.")
    if not (_id(proposal["call_id"]) and _id(proposal["actor"]) and _id(proposal["name"])):
        raise OngeldigVoorstel("Ongeldige ID.")
    if not _int(proposal["version"], 1000000):
        raise OngeldigVoorstel("Ongeldige versie.")
    args = proposal["arguments"]
    if not isinstance(args, cabc.Mapping) or set(args) != {"ticket", "status"}:
        raise OngeldigVoorstel("Ongeldige arguments.")
    if not _ticket(args["ticket"]) or not _status(args["status"]):
        raise OngeldigVoorstel("Ongeldig ticket of status.")
    plain = {"call_id": str(proposal["call_id"]), "actor": str(proposal["actor"]), "name": str(proposal["name"]),
             "version": int(proposal["version"]),
             "arguments": {"ticket": str(args["ticket"]), "status": str(args["status"])}}
    data = json.dumps(plain, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(data).hexdigest()


def _refusal(status, reden, call_id):
    return {"status": status, "reden": reden, "call_id": call_id, "replayed": False}


def dispatch_ticket(proposal, actor, approved, state, completed):
    if not _id(actor):
        raise OngeldigeHost("De hostactor is ongeldig.")
    if not isinstance(approved, cabc.Set) or len(approved) > 64:
        raise OngeldigeHost("approved moet een verzameling van hoogstens 64 zijn.")
    for item in approved:
        if not isinstance(item, str) or len(item) != 64 or not set(item) <= HEX:
            raise OngeldigeHost("Een goedkeuring is geen SHA-256-hexstring.")
    if not isinstance(state, cabc.MutableMapping) or set(state) != {"version", "tickets"}:
        raise OngeldigeHost("state moet precies version en tickets hebben.")
    sv = state["version"]
    if not isinstance(sv, int) or not 0 <= sv <= 1000001:  # bool accepted here (A5)
        raise OngeldigeHost("De stateversie is ongeldig.")
    tickets = state["tickets"]
    if not isinstance(tickets, cabc.Mapping) or not 1 <= len(tickets) <= 16:
        raise OngeldigeHost("tickets moet 1 tot 16 paren hebben.")
    for naam, waarde in tickets.items():
        if not _ticket(naam) or not _status(waarde):
            raise OngeldigeHost("Ongeldig ticketpaar.")
    if not isinstance(completed, cabc.MutableMapping) or len(completed) > 64:
        raise OngeldigeHost("completed moet een log van hoogstens 64 rijen zijn.")
    fp = proposal_fingerprint(proposal)  # raises for an invalid proposal
    args = proposal["arguments"]
    call_id, ticket, value = str(proposal["call_id"]), str(args["ticket"]), str(args["status"])
    if proposal["actor"] != actor:
        return _refusal("forbidden", "andere actor", call_id)
    if proposal["name"] != "set_ticket":
        return _refusal("unknown-tool", "onbekende tool", call_id)
    if call_id in completed:
        row = completed[call_id]
        if row["vingerafdruk"] != fp:
            return _refusal("call-id-conflict", "andere inhoud", call_id)
        return dict(row["result"], replayed=True, herhaald_van=row["volgnummer"])
    if proposal["version"] != state["version"]:
        return _refusal("stale-version", "verouderde versie", call_id)
    if fp not in approved:  # exact string: an uppercase approval never matches (A4)
        return _refusal("approval-required", "geen goedkeuring", call_id)
    if ticket not in tickets:
        return _refusal("missing-ticket", "ticket bestaat niet", call_id)
    if len(completed) >= 64:
        return _refusal("log-full", "log vol", call_id)
    new_tickets = dict(tickets)
    new_tickets[ticket] = value
    state["tickets"] = new_tickets
    state["version"] = int(state["version"]) + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"vingerafdruk": fp, "result": dict(result), "volgnummer": len(completed) + 1}
    return result
