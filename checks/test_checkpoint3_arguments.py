"""Checkpoint 3: dispatch_ticket's host inputs, each checked before any status (CONTRACT.md D1-D4, D6, G2); the
proposal's own validation is in test_checkpoint3_validation.py."""

import collections
import hashlib
import json
from decimal import Decimal

import pytest

from checks import callers, invalid, lesson
from checks.dispatching import OTHERS, DISPATCH, H, Scene, code, expect_outcome, expect_status, other_digests
from grader.battery import Mismatch, check, note, said
from grader.values import plain

P = lesson.proposal
DIGEST = H(P())
# The note on a call that adds other approvals to the register.
TICKETS_16 = {"lamp": "open", **{f"t{i}": "done" for i in range(1, 16)}}


def ids(cases):
    return [case[0] for case in cases]


# D1: the host actor ---------------------------------------------------------------------------

@check(3, "D1", nl="Een hostactor die aan het ID-patroon voldoet, ook een van precies 40 tekens, wordt aanvaard.",
       en="A host actor that matches the ID pattern, also one of exactly 40 characters, is accepted.",
       hint_nl="De hostactor volgt hetzelfde patroon als call_id, actor en name in checkpoint 1.",
       hint_en="The host actor follows the same pattern as call_id, actor and name in checkpoint 1.")
# The last two hold every character an ID may: a pattern typed again for the host that misses one refuses it.
@pytest.mark.parametrize("actor", ["a" * 40, "A", "Ab_-9z", "lEARNER-2_x", *lesson.ID_CHARACTERS.values()],
                         ids=["40-chars", "one-letter", "mixed", "upper-inside", *lesson.ID_CHARACTERS])
def test_d1_host_actor_valid(student, actor):
    expect_outcome(Scene(student).attempt(actor, actor=actor), ("ok", 1))


HOST_ACTORS_INVALID = [
    ("41-chars", "a" * 41), ("newline", "learner\n"), ("empty", ""), ("digit-first", "1learner"),
    ("dash-first", "-learner"), ("space", "learner "), ("dot", "learn.er"), ("accent", "l\u00e9arner"),
    ("kelvin", "\u212a"), ("arabic-digit", "a\u0661"), ("fullwidth", "\uff4cearner"), ("none", None),
    ("int", 7), ("bytes", b"learner"), ("list", ["learner"]), ("bracket", "learn[er"), ("backtick", "learner`"),
    ("underscore-first", "_learner"),
]
# D1: "the same edge cases as V3": every bad ID of checkpoint 1 is a bad host actor too (the long s U+017F,
# whose upper() is an ASCII S, the superscript two, a Kelvin sign after the first letter, ...).
HOST_ACTORS_INVALID += [(f"v3-{name}", value) for name, value, _ in invalid.BAD_IDS
                        if not any(type(value) is type(seen) and value == seen for _, seen in HOST_ACTORS_INVALID)]


@check(3, "D1", nl="Een hostactor die niet aan het ID-patroon voldoet, geeft een ValueError.",
       en="A host actor that does not match the ID pattern raises a ValueError.",
       hint_nl="Controleer de hostactor zoals de ID-velden: een str, ASCII, het hele patroon, hoogstens 40 tekens.",
       hint_en="Check the host actor like the ID fields: a str, ASCII, the whole pattern, at most 40 characters.")
@pytest.mark.parametrize("case", HOST_ACTORS_INVALID, ids=ids(HOST_ACTORS_INVALID))
def test_d1_host_actor_invalid(student, case):
    Scene(student).attempt(case[1]).expect_value_error()


# D2: the approval register --------------------------------------------------------------------

@check(3, "D2", nl="Een lege set en een set van precies 64 hexstrings zijn geldige goedkeuringsregisters.",
       en="An empty set and a set of exactly 64 hex strings are valid approval registers.",
       hint_nl="approved mag leeg zijn en mag 64 vingerafdrukken bevatten, niet meer.",
       hint_en="approved may be empty and may hold 64 fingerprints, not more.")
@pytest.mark.parametrize("size", [0, 64], ids=["empty-set", "64-digests"])
def test_d2_approved_valid(student, size):
    scene = Scene(student)
    if size == 0:
        expect_status(scene.attempt(approval="empty"), "approval-required")
    else:
        approved = other_digests(63) | {DIGEST}
        scene.say(OTHERS)
        expect_outcome(scene.call(P(), "learner", approved, "p, 'learner', {H(p)} | others(63)"), ("ok", 1))


APPROVED_INVALID = [
    ("65-digests", lambda: other_digests(64) | {DIGEST}, "{H(p)} | others(64)"),
    ("list", lambda: [DIGEST], "[H(p)]"), ("tuple", lambda: (DIGEST,), "(H(p),)"),
    ("str", lambda: DIGEST, "H(p)"),
    ("dict", lambda: {DIGEST: True}, "{H(p): True}"), ("none", lambda: None, "None"),
    ("bytes-digest", lambda: {DIGEST, hashlib.sha256(b"p").digest()}, "{H(p), sha256(...).digest()}"),
    ("63-chars", lambda: {DIGEST, DIGEST[:63]}, "{H(p), H(p)[:63]}"),
    ("65-chars", lambda: {DIGEST, DIGEST + "0"}, "{H(p), H(p) + '0'}"),
    # Together 3 * 64 hex digits: a check of the joined register instead of each entry lets them in.
    ("63-and-65-chars", lambda: {DIGEST, DIGEST[:63], DIGEST + "0"}, "{H(p), H(p)[:63], H(p) + '0'}"),
    # The short entry is neither the smallest nor the largest: min() and max() give no lengths.
    ("63-chars-in-between", lambda: {DIGEST, "0" * 64, "f" * 64, DIGEST[:63]}, "{H(p), '0' * 64, 'f' * 64, H(p)[:63]}"),
    ("non-hex", lambda: {DIGEST, "g" * 64}, "{H(p), 'g' * 64}"),
    ("newline", lambda: {DIGEST + "\n"}, "{H(p) + '\\n'}"),
    ("non-str", lambda: {DIGEST, 12345}, "{H(p), 12345}"),
    ("underscore", lambda: {DIGEST, DIGEST[:32] + "_" + DIGEST[33:]}, "{H(p), H(p)[:32] + '_' + H(p)[33:]}"),
    ("0x-prefix", lambda: {DIGEST, "0x" + DIGEST[2:]}, "{H(p), '0x' + H(p)[2:]}"),
    ("0X-prefix", lambda: {DIGEST, "0X" + DIGEST[2:]}, "{H(p), '0X' + H(p)[2:]}"),
    ("arabic-indic-digit", lambda: {DIGEST, DIGEST[:63] + "\u0661"}, "{H(p), H(p)[:63] + '\\u0661'}"),
    # bytes.fromhex and int(..., 16) skip white space; a digest is 64 hex digits and nothing else.
    ("space-padded", lambda: {DIGEST, "  " + DIGEST[2:]}, "{H(p), '  ' + H(p)[2:]}"),
    ("trailing-white-space", lambda: {DIGEST, DIGEST[:62] + " \t"}, "{H(p), H(p)[:62] + ' \\t'}"),
    ("hex-bytes", lambda: {DIGEST, DIGEST.encode()}, "{H(p), H(p).encode()}"),
    # int(..., 16) also takes a sign: '+' or '-' and 63 hex digits are 64 characters too.
    ("plus-sign", lambda: {DIGEST, "+" + DIGEST[1:]}, "{H(p), '+' + H(p)[1:]}"),
    ("minus-sign", lambda: {DIGEST, "-" + DIGEST[1:]}, "{H(p), '-' + H(p)[1:]}"),
    # No set under any reading (A3 leaves only frozenset and other sets open): a check that only excludes
    # list, tuple, dict and None lets it in.
    ("deque", lambda: collections.deque([DIGEST]), "collections.deque([H(p)])"),
    ("userlist", lambda: collections.UserList([DIGEST]), "collections.UserList([H(p)])"),  # no list subclass
    # str(item) of a 64-digit int is 64 hex digits; and 65 entries stay 65 after lowercasing (A4 leaves case open).
    ("int-of-64-digits", lambda: {DIGEST, 10**63}, "{H(p), 10**63}"),
    # 64 hex characters in a tuple, not a str: a check done character by character lets them in.
    ("char-tuple", lambda: {DIGEST, tuple(DIGEST)}, "{H(p), tuple(H(p))}"),
    ("65-with-case-twin", lambda: other_digests(63) | {DIGEST, DIGEST.upper()}, "{H(p), H(p).upper()} | others(63)"),
    # A digest labelled with its algorithm is no hex string: stripping a known prefix lets it in.
    ("sha256-prefix", lambda: {DIGEST, "sha256:" + DIGEST}, "{H(p), 'sha256:' + H(p)}"),
]


@check(3, "D2", nl="approved moet een set zijn van hoogstens 64 strings van precies 64 hexcijfers; anders ValueError.",
       en="approved must be a set of at most 64 strings of exactly 64 hex digits; otherwise ValueError.",
       hint_nl="Controleer het type van het register, zijn grootte en elk element volledig.",
       hint_en="Check the register's type, its size and every element completely.")
@pytest.mark.parametrize("case", APPROVED_INVALID, ids=ids(APPROVED_INVALID))
def test_d2_approved_invalid(student, case):
    scene = Scene(student)
    if "others(" in case[2]:
        scene.say(OTHERS)
    scene.call(P(), "learner", case[1](), f"p, 'learner', {case[2]}").expect_value_error()


# Every printable ASCII character that is no hex digit in either case, in the middle of an entry: a character class
# with one character too many (a separator such as ':' or '.', a base64 '/' or '=') lets that one in.
NON_HEX = [chr(code) for code in range(0x20, 0x7F) if chr(code) not in "0123456789abcdefABCDEF"]


@check(3, "D2", nl="Een element van approved met een teken dat geen hexcijfer is (elk ander zichtbaar ASCII-teken), "
       "geeft een ValueError.",
       en="An entry of approved with a character that is no hex digit (any other printable ASCII character) raises a "
          "ValueError.",
       hint_nl="Laat in een vingerafdruk alleen 0-9 en a-f toe (hoofdletters A-F mag je ook toelaten), niets anders.",
       hint_en="Allow only 0-9 and a-f in a fingerprint (you may allow uppercase A-F too), nothing else.")
def test_d2_approval_with_a_non_hex_character_refused(student):
    for char in NON_HEX:
        scene = Scene(student)
        call = scene.call(P(), "learner", {DIGEST, DIGEST[:32] + char + DIGEST[33:]},
                          f"p, 'learner', {{H(p), H(p)[:32] + {char!r} + H(p)[33:]}}")
        call.expect_value_error()


# D3: the host state ---------------------------------------------------------------------------

def host(version=0, **tickets):
    return {"version": version, "tickets": tickets or {"lamp": "open"}}


STATES_VALID = [  # (id, state, changes to p, outcome)
    ("version-1000001", host(1000001), {}, "stale-version"),
    ("version-1000000", host(1000000), {"version": 1000000}, ("ok", 1000001)),
    ("one-ticket", host(), {}, ("ok", 1)),
    ("16-tickets", host(**TICKETS_16), {}, ("ok", 1)),
    ("32-char-ticket", host(lamp="open", **{"l" * 32: "done"}), {}, ("ok", 1)),
    ("short-and-hyphen-tickets", host(lamp="open", a="done", **{"x-1": "open"}), {}, ("ok", 1)),
    # Tickets that hold every character a ticket may, set by the proposal: a ticket rule typed again in dispatch_ticket
    # (after validate_ticket_proposal) that misses one refuses them.
    *[(f"ticket-{name}", host(lamp="open", **{ticket: "open"}), {"ticket": ticket}, ("ok", 1, ticket))
      for name, ticket in lesson.TICKET_CHARACTERS.items()],
    ("tickets-first", {"tickets": {"lamp": "open"}, "version": 0}, {}, ("ok", 1)),  # key order is free
    # Everything at its largest at once: 16 tickets of 32 characters, version 1000000, 40-character ids.
    ("all-at-maximum", {"version": 1000000, "tickets": {chr(97 + i) * 32: "open" for i in range(16)}},
     {"host": "a" * 40, "actor": "a" * 40, "call_id": "c" * 40, "version": 1000000, "ticket": "a" * 32},
     ("ok", 1000001, "a" * 32)),
    # And at its smallest: one ticket of one letter, one-character ids (a rule typed again with + refuses them).
    ("all-at-minimum", host(t="open"), {"host": "a", "actor": "a", "call_id": "c", "ticket": "t"}, ("ok", 1, "t")),
    # Every character an ID may hold, in the actors or in the call id.
    *[(f"{field.replace('_', '-')}-characters-{n}", host(), {"host": value if field == "actor" else "learner", field: value},
       ("ok", 1, "lamp")) for field in ("actor", "call_id") for n, value in enumerate(lesson.ID_CHARACTERS.values(), 1)],
]
# The same edges in a proposal that reopens its ticket (status 'open'): a rule of dispatch_ticket's own for 'open'
# proposals that refuses one of them shows here.
STATES_VALID += [(f"{name}-reopened", {**state, "tickets": dict.fromkeys(state["tickets"], "done")},
                  {**changes, "status": "open"}, (*outcome, "open"))
                 for name, state, changes, outcome in STATES_VALID if name.startswith(("ticket-", "all-", "actor-", "call-id-"))]


@check(3, "D3", nl="Een state met versie tot en met 1000001 en 1 tot 16 geldige tickets wordt aanvaard.",
       en="A state with a version up to and including 1000001 and 1 to 16 valid tickets is accepted.",
       hint_nl="Let op de grenzen: de hostversie loopt tot 1000001, er mogen 16 tickets zijn, en elk ticket dat "
               "checkpoint 1 aanvaardt, is ook hier geldig.",
       hint_en="Mind the limits: the host version goes up to 1000001, there may be 16 tickets, and every ticket that "
               "checkpoint 1 accepts is valid here too.")
@pytest.mark.parametrize("case", STATES_VALID, ids=ids(STATES_VALID))
def test_d3_state_valid(student, case):
    scene = Scene(student)
    scene.assign("state", case[1])
    expect_outcome(scene.attempt(**case[2]), case[3])


@check(3, "D3", nl="Een host die voorstel en state uit JSON inlas (nieuwe strings als sleutels), krijgt gewoon ok.",
       en="A host that read the proposal and the state from JSON (new strings as keys) simply gets ok.",
       hint_nl="Vergelijk sleutels op hun waarde, niet op hun identiteit: ingelezen sleutels zijn nieuwe strings.",
       hint_en="Compare keys by their value, not by identity: keys read from JSON are new strings.")
def test_d3_inputs_from_json(student):
    scene = Scene(student)
    scene.state = json.loads(json.dumps(scene.state))  # dict keys that are new str objects, as a JSON host has them
    scene.lines[0] = f"state = json.loads({json.dumps(json.dumps(scene.state))})"
    scene.say("q = json.loads(json.dumps(p))")
    call = scene.call(json.loads(json.dumps(P())), "learner", {DIGEST}, "q, 'learner', {H(p)}")
    expect_outcome(call, ("ok", 1))
    found = plain(scene.state)
    if found != {"version": 1, "tickets": {"lamp": "done", "sensor": "open"}}:
        raise Mismatch(scene.tried("state"), "{'version': 1, 'tickets': {'lamp': 'done', 'sensor': 'open'}}",
                       said(f"state is {found!r}", f"state is {found!r}"))


STATES_INVALID = [
    ("none", None), ("list", [("version", 0)]), ("no-tickets", {"version": 0}),
    ("no-version", {"tickets": {"lamp": "open"}}), ("extra-key", {**host(), "owner": "learner"}),
    *[(f"extra-{key}", {**host(), key: "x"}) for key in ("updated_at", "history", "name", "log")],
    ("renamed-key", {"version": 0, "ticket": {"lamp": "open"}}),
    ("renamed-version", {"Version": 0, "tickets": {"lamp": "open"}}), ("extra-int-key", {**host(), 1: "x"}),
    # A defaultdict (a dict, A1) makes a missing key when it is read: read before the keys are checked, version is 0.
    ("defaultdict-no-version", collections.defaultdict(int, {"tickets": {"lamp": "open"}})),
    ("version-1000002", host(1000002)), ("version-negative", host(-1)), ("version-str", host("0")),
    ("version-float", host(0.0)), ("version-none", host(None)), ("version-decimal", host(Decimal(0))),
    ("tickets-empty", {"version": 0, "tickets": {}}), ("keys-tuple", ("version", "tickets")),
    ("tickets-tuple", {"version": 0, "tickets": ("lamp",)}), ("tickets-17", host(**TICKETS_16, t16="open")),
    ("tickets-list", {"version": 0, "tickets": [("lamp", "open")]}), ("tickets-none", {"version": 0, "tickets": None}),
    ("key-upper", host(lamp="open", Sensor="open")), ("key-underscore", host(lamp="open", sensor_1="open")),
    ("key-33", host(lamp="open", **{"l" * 33: "open"})), ("key-newline", host(lamp="open", **{"sensor\n": "open"})),
    ("key-accent", host(lamp="open", **{"s\u00e9nsor": "open"})),
    ("key-int", {"version": 0, "tickets": {"lamp": "open", 7: "open"}}),
    ("key-digit-first", host(lamp="open", **{"1x": "open"})), ("key-dash-first", host(lamp="open", **{"-x": "open"})),
    ("value-closed", host(lamp="open", sensor="closed")), ("value-upper", host(lamp="open", sensor="Done")),
    ("value-none", host(lamp="open", sensor=None)), ("value-true", host(lamp="open", sensor=True)),
    ("value-list", host(lamp="open", sensor=["open"])), ("value-space", host(lamp="open", sensor="open ")),
    # The invalid pair first, the one the proposal is about, the only one, or between valid ones.
    ("key-upper-first", host(Lamp="open", sensor="open")), ("value-closed-target", host(lamp="closed", sensor="open")),
    ("value-closed-only", host(lamp="closed")), ("value-closed-middle", host(lamp="open", sensor="closed", pump="open")),
]


@check(3, "D3",
       nl="Een state zonder precies version (0..1000001) en tickets (1..16 geldige paren) geeft een ValueError.",
       en="A state without exactly version (0..1000001) and tickets (1..16 valid pairs) raises a ValueError.",
       hint_nl="Controleer de sleutels van state, type en bereik van de versie en elk ticketpaar, zonder TypeError.",
       hint_en="Check state's keys, the version's type and range and every ticket pair, without a TypeError.")
@pytest.mark.parametrize("case", STATES_INVALID, ids=ids(STATES_INVALID))
def test_d3_state_invalid(student, case):
    scene = Scene(student)
    scene.assign("state", case[1])
    scene.attempt().expect_value_error()


def refused_values(clause: str, field: str) -> list[tuple[str, object, str]]:
    """(case id, value, note) of every ``field`` value (ticket or status) that checkpoint 1 refuses under ``clause``."""
    return [(name, case.build()["arguments"][field], case.note) for name, case in invalid.CLAUSES[clause]]


# A state's ticket keys are tickets (V6) and its values statuses (V7): every value checkpoint 1 refuses there.
PAIR_PARTS = {  # part -> (clause, cases, the ticket pair as code with {} for the value, what it is)
    "key": ("V6", refused_values("V6", "ticket"), "{{'lamp': 'open', {}: 'open'}}",
            ("deze sleutel is geen geldig ticket", "this key is not a valid ticket")),
    "value": ("V7", refused_values("V7", "status"), "{{'lamp': 'open', 'sensor': {}}}",
              ("deze waarde is geen geldige status", "this value is not a valid status")),
}


@check(3, "D3", nl="Elk ticket dat checkpoint 1 weigert, is ook als sleutel in state ongeldig, en elke geweigerde "
       "status ook als waarde: ValueError.",
       en="Every ticket that checkpoint 1 refuses is invalid as a key in state too, and every refused status as "
       "a value: ValueError.",
       hint_nl="Controleer elk ticketpaar van state met dezelfde regels als ticket en status in checkpoint 1.",
       hint_en="Check every ticket pair of state with the same rules as ticket and status in checkpoint 1.")
@pytest.mark.parametrize("part", list(PAIR_PARTS))
def test_d3_state_pairs_as_in_checkpoint_1(student, part):
    clause, cases, pair, (what_nl, what_en) = PAIR_PARTS[part]
    for number, (name, value, remark) in enumerate(cases, 1):
        tickets = {"lamp": "open", value: "open"} if part == "key" else {"lamp": "open", "sensor": value}
        scene = Scene(student)
        scene.lines[0] = f"state = {{'version': 0, 'tickets': {pair.format(lesson.literal(value))}}}"
        scene.state = {"version": 0, "tickets": lesson.fresh(tickets)}
        scene.lines.insert(0, f"# {invalid.where(number, len(cases), clause, name)}" + (f"; {remark}" if remark else ""))
        call = scene.attempt()
        if not isinstance(call.error, ValueError):
            # The same rule as checkpoint 1's case ``name``: where checkpoint 1 fails on it, the report lists this
            # check under that root cause (grader.reports.selection).
            raise Mismatch(call.shown, said(f"ValueError: {what_nl}", f"ValueError: {what_en}"),
                           call.got(), cause="validation", case=name)


# The host changes its own objects between calls (in place): a register or tickets dict already seen is
# checked again, not remembered as valid (by id(), say).
CHANGED_IN_PLACE = {  # id -> (D clause, the host's change as code, the change)
    "approved": ("D2", "approved.add('g' * 64)", lambda scene, approved: approved.add("g" * 64)),
    # As many entries as at the first call: a memory by id() and size does not see the change.
    "approved-same-size": ("D2", "approved.clear(); approved.add('g' * 64)",
                           lambda scene, approved: (approved.clear(), approved.add("g" * 64))),
    "tickets": ("D3", "state['tickets']['sensor'] = 'closed'",
                lambda scene, approved: scene.change_ticket("sensor", "closed")),
    # Grown past a limit, or given an extra key: a memory by id() of the size or of the keys does not see it.
    "approved-65": ("D2", "approved.update(others(63))", lambda scene, approved: approved.update(other_digests(63))),
    "state-extra-key": ("D3", "state['owner'] = 'learner'",
                        lambda scene, approved: dict.__setitem__(scene.state, "owner", lesson.fresh("learner"))),
    "tickets-17": ("D3", "state['tickets'].update({f't{i}': 'done' for i in range(1, 16)})",
                   lambda scene, approved: [scene.change_ticket(f"t{i}", "done") for i in range(1, 16)]),
}


@check(3, "D2-D3", nl="Bij elke call worden approved en state opnieuw gecontroleerd, ook als de host dezelfde objecten "
       "intussen zelf veranderde.",
       en="approved and state are checked again at every call, also when the host changed the same objects in the "
       "meantime.",
       hint_nl="Controleer bij elke call approved en state helemaal, zoals ze op dat moment zijn, ook als het dezelfde "
               "objecten zijn als bij een eerdere call.",
       hint_en="At every call, check approved and state completely as they are at that moment, also when they are the "
               "same objects as at an earlier call.")
@pytest.mark.parametrize("changed", list(CHANGED_IN_PLACE))
def test_d2_d3_checked_again_after_a_change_in_place(student, changed):
    _, change_shown, change = CHANGED_IN_PLACE[changed]
    scene = Scene(student)
    approved = {DIGEST}
    scene.say("approved = {H(p)}")
    scene.prepare(P(), "p", approved, "approved")
    q = scene.name("q", call_id="c2", version=1, status="open")
    approved.add(H(q))
    scene.say("approved.add(H(q))")
    change(scene, approved)
    if "others(" in change_shown:
        scene.say(OTHERS)
    scene.say(change_shown)
    scene.call(q, "learner", approved, "q, 'learner', approved").expect_value_error()


# Every invalid host input of the D1-D4 checks above, in each call of callers.SITUATIONS that valid input would have
# refused or replayed: a validation made late, skipped for other tools, for some tickets or after a replay fails;
# each for p and for a caller that shares none of p's values (checks/callers.py).
REFUSING = callers.SITUATIONS


def _values(cases):
    """(case id, builder of a fresh copy, code) for (case id, trusted value) pairs."""
    return [(name, lambda value=value: lesson.fresh(value), code(value)) for name, value in cases]


HOST_INPUTS = {  # input -> (clause, [(case id, builder of a fresh invalid value, value as code)], situations)
    # An invalid host actor is another actor in every call: one alone, or another tool alone, adds nothing.
    "actor": ("D1", _values(HOST_ACTORS_INVALID), ("refused", "replay")),
    "approved": ("D2", APPROVED_INVALID, tuple(REFUSING)),
    "state": ("D3", _values(STATES_INVALID), tuple(REFUSING)),
    # No replay without a dict of rows; the 65-row log is tried with refusals and a replay in D4.
    "completed": ("D4", _values([("list", []), ("none", None), ("tuple", ()), ("set", set())]),
                  ("refused", "forbidden", "unknown-tool")),
}


@check(3, "D6", nl="Elke ongeldige hostinvoer (actor, approved, state, completed) geeft een ValueError, bij elk "
       "voorstel en ook als de call anders geweigerd of herhaald zou worden.",
       en="Every invalid host input (actor, approved, state, completed) raises a ValueError, with every proposal "
       "and even when the call would otherwise be refused or replayed.",
       hint_nl="Controleer alle hostinvoer bij elke call, welk ticket, welke actor of tool het voorstel ook noemt, "
               "voordat je actor, toolnaam of het log bekijkt, niet pas op de weg naar succes.",
       hint_en="Check all host input at every call, whatever ticket, actor or tool the proposal names, before you "
               "look at the actor, the tool name or the log, not only on the way to success.")
@pytest.mark.parametrize("field", list(HOST_INPUTS))
def test_d6_host_input_before_status(student, field):
    _, cases, situations = HOST_INPUTS[field]
    for caller in callers.CALLERS:
        scene = caller.scene(student)  # its proposal succeeded: completed holds its row, so it again is a replay
        state, log, script = plain(scene.state), scene.log, list(scene.lines)
        for number, (name, build, shown) in enumerate(cases, 1):
            for situation in situations:
                roles, approval, (would_nl, would_en) = REFUSING[situation]
                changes, actor = roles(caller)
                proposal, var = caller.proposal(**changes), "q" if changes else caller.var
                inputs = {"actor": lesson.fresh(actor), "approved": {H(proposal)} if "H(" in approval else set(),
                          "state": lesson.fresh(state), "completed": dict(log)}  # copies: a faulty call spoils no other
                inputs[field] = build()
                args = {"actor": repr(actor), "approved": approval.format(var=var), "state": "state",
                        "completed": "completed"}
                if field in ("actor", "approved"):
                    args[field] = shown
                lines = list(script)
                if changes:
                    lines.append(caller.code(var, **changes))
                if field in ("state", "completed"):
                    lines.append(f"{field} = {shown}")
                elif "others(" in shown:
                    lines.append(OTHERS)
                lines.append(f"r = dispatch_ticket({var}, {args['actor']}, "
                             f"{args['approved']}, {args['state']}, {args['completed']})")
                where = note(f"ongeldige invoer nr. {number} van de {len(cases)} voor {field} ({name})",
                             f"invalid input no. {number} of the {len(cases)} for {field} ({name})")
                call = student.call(DISPATCH, proposal, inputs["actor"], inputs["approved"], inputs["state"],
                                    inputs["completed"], shown="\n".join([f"# {where}", *lines]))
                if not isinstance(call.error, ValueError):
                    raise Mismatch(call.shown, said(f"ValueError, ook al zou geldige invoer hier {would_nl} geven",
                                                    f"ValueError, even though valid input would give {would_en} here"),
                                   call.got())
