# Opdracht 01.02 - zonder regex, alles met str-methodes
# (overgezet uit mijn notebook; de help()-regels gebruikte ik om de functies op te zoeken)
import hashlib, json, string

help(str.translate)
help(hashlib.sha256)

ALLOWED_ID = string.ascii_letters + string.digits + "_-"
ALLOWED_TICKET = string.ascii_lowercase + string.digits + "-"
# translate-tabellen: alles wat toegestaan is wordt weggehaald, wat overblijft is fout
STRIP_ID = str.maketrans("", "", ALLOWED_ID)
STRIP_TICKET = str.maketrans("", "", ALLOWED_TICKET)
STRIP_HEX = str.maketrans("", "", "0123456789abcdef")
CHUNK = 16


def check_id(value, what):
    if type(value) is not str:
        raise ValueError(what + " moet een string zijn")
    try:
        raw = value.encode("ascii")
    except UnicodeEncodeError:
        raise ValueError(what + " is geen ASCII")
    if not 1 <= len(raw) <= 40 or raw[:1] not in string.ascii_letters.encode() or value.translate(STRIP_ID):
        raise ValueError(what + " ongeldig: " + repr(value))


def check_ticket(value):
    if type(value) is not str or not value.isascii():
        raise ValueError("ticket moet ASCII-string zijn")
    if not 1 <= len(value) <= 32 or not value[0].islower() or value.translate(STRIP_TICKET) != "":
        raise ValueError("ticket ongeldig")


def check_status(value):
    if type(value) is not str or value not in ("open", "done"):
        raise ValueError("status moet open of done zijn")


def deep_copy(value):
    """Eigen recursieve kopie van dicts/lists (strings en ints zijn immutable)."""
    if isinstance(value, dict):
        return {k: deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [deep_copy(v) for v in value]
    return value


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError("voorstel moet een dict zijn")
    if set(proposal.keys()) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("voorstel moet precies vijf velden hebben")
    check_id(proposal["call_id"], "call_id")
    check_id(proposal["actor"], "actor")
    check_id(proposal["name"], "name")
    v = proposal["version"]
    if type(v) is not int or v < 0 or v > 10 ** 6:
        raise ValueError("versie ongeldig")
    args = proposal["arguments"]
    if type(args) is not dict or set(args) != {"status", "ticket"}:
        raise ValueError("arguments moet precies ticket en status bevatten")
    check_ticket(args["ticket"])
    check_status(args["status"])
    return deep_copy(proposal)


def _not_serialisable(obj):
    raise ValueError("kan %r niet serialiseren" % type(obj).__name__)


help(json.dumps)


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    data = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"),
                      default=_not_serialisable).encode("ascii")
    h = hashlib.sha256()
    for start in range(0, len(data), CHUNK):
        h.update(data[start:start + CHUNK])
    return h.digest().hex()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_id(actor, "hostactor")
    if type(approved) is not set or len(approved) > 64:
        raise ValueError("approved moet een set zijn van max 64")
    for a in approved:
        if type(a) is not str or len(a) != 64 or not a.isascii() or a.translate(STRIP_HEX):
            raise ValueError("approved bevat iets anders dan een sha256-hex")
    if type(state) is not dict or set(state) != {"tickets", "version"}:
        raise ValueError("state ongeldig")
    sv = state["version"]
    if type(sv) is not int or not (0 <= sv <= 10 ** 6 + 1):
        raise ValueError("state-versie ongeldig")
    tickets = state["tickets"]
    if type(tickets) is not dict or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError("tickets ongeldig")
    for t in tickets:
        check_ticket(t)
        check_status(tickets[t])
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed ongeldig")

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(clean)
    cid = clean["call_id"]
    if cid in completed:
        if completed[cid]["fingerprint"] == fp:
            antwoord = deep_copy(completed[cid]["result"])
            antwoord["replayed"] = True
            return antwoord
        return {"status": "call-id-conflict"}
    if clean["version"] != sv:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = clean["arguments"]["status"]
    state["version"] = sv + 1
    result = {"status": "ok", "version": sv + 1, "ticket": ticket, "value": tickets[ticket], "replayed": False}
    completed[cid] = {"fingerprint": fp, "result": deep_copy(result)}
    return result
