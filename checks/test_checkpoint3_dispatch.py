"""Checkpoint 3: dispatch_ticket's statuses in their fixed order (CONTRACT.md D7-D14, G3)."""

import pytest

from checks import approvals, callers, lesson
from checks.dispatching import OTHERS, H, Scene, expect_approved_success, expect_outcome, expect_status, expect_success
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show

P = lesson.proposal
DIGEST = H(P())


def ids(cases):
    return [case[0] for case in cases]


# D7: the order of the status checks -------------------------------------------------------------

ORDER = [  # (id, preparation, host actor, approval kind, changes to p, outcome)
    ("forbidden-before-unknown-tool", None, "other", "own", {"name": "delete_ticket"}, "forbidden"),
    ("forbidden-before-replay", "run", "other", "empty", {}, "forbidden"),
    ("forbidden-before-conflict", "run", "learner", "own", {"actor": "admin"}, "forbidden"),
    ("unknown-tool-before-conflict", "run", "learner", "own", {"name": "delete_ticket"}, "unknown-tool"),
    ("replay-before-stale", "run", "learner", "own", {}, ("replay", 1)),
    ("replay-before-approval", "run", "learner", "empty", {}, ("replay", 1)),
    ("replay-before-missing-ticket", "unticket", "learner", "empty", {}, ("replay", 1)),
    ("conflict-before-stale", "run", "learner", "own", {"status": "open"}, "call-id-conflict"),
    ("conflict-before-newer-version", "run", "learner", "own", {"version": 5}, "call-id-conflict"),  # ahead of state
    ("stale-before-approval", None, "learner", "empty", {"version": 1}, "stale-version"),
    ("approval-before-missing-ticket", None, "learner", "empty", {"ticket": "pump"}, "approval-required"),
    # The tool before the version and the approval for a new call id too, not only for a known one.
    ("unknown-tool-before-stale", None, "learner", "own", {"name": "delete_ticket", "version": 1}, "unknown-tool"),
    ("unknown-tool-before-approval", None, "learner", "empty", {"name": "delete_ticket"}, "unknown-tool"),
    # The actor first, also when the ticket is gone (the full log: below).
    ("forbidden-before-replay-unticketed", "unticket", "other", "empty", {}, "forbidden"),
    # The tool before the ticket, and the conflict before it too: a check made only for a ticket in state misses these.
    ("unknown-tool-before-missing-ticket", None, "learner", "own", {"name": "delete_ticket", "ticket": "pump"},
     "unknown-tool"),
    ("conflict-before-missing-ticket", "unticket", "learner", "own", {"version": 1}, "call-id-conflict"),
]

# With a full log (64 rows f0..f63, lamp open, version 64), one call after another on the same log: each is
# refused or replayed, which changes nothing (D19), so one filled log serves them all.
FULL_LOG_ORDER = [  # (id, host actor, approval kind, changes to p, outcome)
    ("replay-before-log-full", "learner", "empty", {"call_id": "f0"}, ("replay", 1)),
    ("forbidden-before-replay", "other", "empty", {"call_id": "f0"}, "forbidden"),
    ("conflict-before-log-full", "learner", "own", {"call_id": "f0", "status": "open"}, "call-id-conflict"),
    ("missing-ticket-before-log-full", "learner", "own", {"version": 64, "ticket": "pump"}, "missing-ticket"),
    ("stale-before-log-full", "learner", "own", {"version": 63}, "stale-version"),
    ("approval-before-log-full", "learner", "empty", {"version": 64}, "approval-required"),
    ("unknown-tool-before-log-full", "learner", "own", {"version": 64, "name": "delete_ticket"}, "unknown-tool"),
]


@check(3, "D7", nl="Falen er meerdere controles, dan beslist de eerste in de vaste volgorde: actor, tool, "
       "herhaling/conflict, versie, goedkeuring, ticket, logruimte.",
       en="When several checks fail, the first in the fixed order decides: actor, tool, replay/conflict, "
       "version, approval, ticket, log space.",
       hint_nl="Zet je controles in precies die volgorde en geef de status van de eerste die faalt; 'verwacht' "
               "toont welke dat hier is.",
       hint_en="Put your checks in exactly that order and give the status of the first one that fails; 'expected' "
               "shows which one that is here.")
@pytest.mark.parametrize("case", ORDER, ids=ids(ORDER))
def test_d7_order(student, case):
    _, preparation, actor, approval, changes, outcome = case
    scene = Scene(student)
    if preparation:
        scene.run()
    if preparation == "unticket":
        scene.assign("state['tickets']", {"sensor": "open"})
    expect_outcome(scene.attempt(actor, approval, **changes), outcome)


@check(3, "D7", nl="Ook bij een vol log beslist de eerste controle in de vaste volgorde: actor, tool, herhaling/conflict, "
       "versie, goedkeuring, ticket en pas dan logruimte.",
       en="With a full log too, the first check in the fixed order decides: actor, tool, replay/conflict, version, "
          "approval, ticket, and only then log space.",
       hint_nl="Controleer de logruimte als laatste; een herhaling en een conflict gaan voor, de actor nog daarvoor.",
       hint_en="Check the log space last; a replay and a conflict come before it, and the actor before those.")
def test_d7_order_at_a_full_log(student):
    scene = Scene(student)
    scene.fill(64)
    for _, actor, approval, changes, outcome in FULL_LOG_ORDER:
        expect_outcome(scene.attempt(actor, approval, **changes), outcome)


@check(3, "D7", nl="Ook bij hostversie 1000001, waar geen nieuwe call meer bij past, is dezelfde call opnieuw een "
       "herhaling en geen stale-version.",
       en="At host version 1000001 too, where no new call fits any more, the same call again is a replay, not "
          "stale-version.",
       hint_nl="Kijk eerst of de call-ID al in completed staat; pas daarna telt de versie, ook op de hoogste versie.",
       hint_en="First see whether the call id is in completed already; only then does the version count, at the top "
               "version too.")
def test_d7_replay_at_the_top_version(student):
    scene = Scene(student, 1000000)
    scene.run("q", version=1000000)  # state['version'] is now 1000001
    expect_outcome(scene.attempt(approval="empty", version=1000000), ("replay", 1000001))


# D8-D14: each refusal status ------------------------------------------------------------------

FORBIDDEN = [("other", "learner", "other"), ("case", "learner", "Learner"), ("case-proposal", "Learner", "learner"),
             ("prefix", "learner", "learne"), ("longer", "learner", "learner2"),
             ("hyphen-underscore", "learner_2", "learner-2"),
             # 40 characters apart only in the last: a comparison of the first 32 (or 39) lets them meet.
             ("only-40th", "a" * 39 + "x", "a" * 39 + "y"),
             # A separator is part of the actor: stripping it at the end or dropping it lets the two meet.
             ("trailing-hyphen", "learner", "learner-"), ("trailing-underscore", "learner_", "learner"),
             ("hyphen-dropped", "learner-2", "learner2"),
             # One ends with the other: an endswith test either way lets them through.
             ("host-ends-claim", "learner", "earner"), ("claim-ends-host", "learner", "xlearner"),
             # No actor is privileged: neither a host that may act for others nor a claim that any host may forward.
             ("admin-host", "learner", "admin"), ("root-host", "learner", "root"), ("system-claim", "system", "learner"),
             ("admin-claim", "admin", "learner")]


@check(3, "D8",
       nl="Wijkt de actor van het voorstel af van de hostactor, ook alleen in hoofdletters, dan is de status forbidden.",
       en="When the proposal's actor differs from the host actor, even only in letter case, the status is forbidden.",
       hint_nl="Vergelijk de geclaimde actor exact met de vertrouwde hostactor; geef de weigering terug als resultaat.",
       hint_en="Compare the claimed actor exactly with the trusted host actor and return the refusal as a result.")
@pytest.mark.parametrize("case", FORBIDDEN, ids=ids(FORBIDDEN))
def test_d8_forbidden(student, case):
    changes = {"actor": case[1]} if case[1] != "learner" else {}
    expect_status(Scene(student).attempt(case[2], **changes), "forbidden")


@check(3, "D9", nl="Alleen de tool set_ticket bestaat; elke andere naam geeft de status unknown-tool.",
       en="Only the tool set_ticket exists; any other name gives the status unknown-tool.",
       hint_nl="Vergelijk de toolnaam exact met set_ticket, ook als het voorstel is goedgekeurd.",
       hint_en="Compare the tool name exactly with set_ticket, even when the proposal was approved.")
# 'set' and 'ticket' are parts of set_ticket: a substring test (name in "set_ticket") lets them in. A list of
# several known tools lets in a read tool or an alias (get_ticket, update_ticket, set_status).
@pytest.mark.parametrize("tool", ["delete_ticket", "Set_ticket", "set-ticket", "set_tickets", "set", "ticket",
                                  "set_ticket_", "set_ticket-", "unset_ticket", "get_ticket", "update_ticket",
                                  "set_status"])
def test_d9_unknown_tool(student, tool):
    expect_status(Scene(student).attempt(name=tool), "unknown-tool")


CONFLICTS = [("other-status", "learner", {"status": "open"}), ("other-ticket", "learner", {"ticket": "sensor"}),
             ("other-version", "learner", {"version": 1}), ("other-actor", "admin", {"actor": "admin"})]


@check(3, "D10",
       nl="Een bekende call-ID met andere inhoud (argumenten, versie of actor) geeft de status call-id-conflict.",
       en="A known call id with other content (arguments, version or actor) gives the status call-id-conflict.",
       hint_nl="Vergelijk bij een bekende call-ID de vingerafdruk van het hele voorstel met de bewaarde.",
       hint_en="For a known call id, compare the fingerprint of the whole proposal with the stored one.")
@pytest.mark.parametrize("case", CONFLICTS, ids=ids(CONFLICTS))
def test_d10_call_id_conflict(student, case):
    scene = Scene(student)
    scene.run()
    expect_status(scene.attempt(case[1], **case[2]), "call-id-conflict")


@check(3, "D10", nl="Dezelfde inhoud in een andere sleutelvolgorde is een herhaling, geen conflict.",
       en="The same content in another key order is a replay, not a conflict.",
       hint_nl="Vergelijk de inhoud via de vingerafdruk, die niet van de sleutelvolgorde afhangt.",
       hint_en="Compare the content through the fingerprint, which does not depend on key order.")
def test_d10_replay_other_key_order(student):
    scene = Scene(student)
    scene.run()
    reordered = {**dict(reversed(list(P().items()))), "arguments": {"status": "done", "ticket": "lamp"}}
    scene.say("q = {**dict(reversed(list(p.items()))), 'arguments': {'status': 'done', 'ticket': 'lamp'}}")
    expect_outcome(scene.call(reordered, "learner", set(), "q, 'learner', set()"), ("replay", 1))


# (host version, proposal version): a host at 1000001 is beyond every proposal's version, so never matched.
STALE = [("older", 3, 2), ("newer", 3, 4), ("1000000-at-1000001", 1000001, 1000000)]


@check(3, "D11", nl="Een nieuwe call met een andere versie dan de hostversie, ouder of nieuwer, krijgt stale-version, "
       "ook versie 1000000 bij hostversie 1000001.",
       en="A new call whose version differs from the host version, older or newer, gets stale-version, also version "
          "1000000 at host version 1000001.",
       hint_nl="Vergelijk de versie van het voorstel op gelijkheid met de actuele versie van state, zonder die te begrenzen.",
       hint_en="Compare the proposal's version for equality with the current version of state, without capping it.")
@pytest.mark.parametrize("case", STALE, ids=ids(STALE))
def test_d11_stale_version(student, case):
    _, host_version, version = case
    expect_status(Scene(student, host_version).attempt(version=version), "stale-version")


@check(3, "D12", nl="Een voorstel dat de host goedkeurde met zijn juiste vingerafdruk H(p), wordt uitgevoerd.",
       en="A proposal the host approved with its correct fingerprint H(p) is carried out.",
       hint_nl="dispatch_ticket zoekt de vingerafdruk van het voorstel op in approved: dat moet precies H(p) van "
       "checkpoint 2 zijn.",
       hint_en="dispatch_ticket looks up the proposal's fingerprint in approved: it must be exactly H(p) of checkpoint 2.")
def test_d12_approved_proposal_carried_out(student):
    scene = Scene(student)
    expect_approved_success(scene, scene.attempt())


APPROVALS = [("empty", None), ("other-status", {"status": "open"}), ("other-call-id", {"call_id": "c2"}),
             ("other-ticket", {"ticket": "sensor"}), ("other-version", {"version": 1}),
             ("last-digit-differs", "last"), ("first-digit-differs", "first"),
             # The digest of another text of p (checks/approvals.py): only H(p) itself approves p.
             *[(f"digest-of-{name}", name) for name in ("plain-json", "arguments-only", "sha3", "blake2s")],
             ("halves-of-h-p-in-other-entries", "split"),
             # The other way round: only H(p) for a q that differs in one field, or in all (checks/callers.py), from
             # q's actor, the host at q's version. A lookup that first sets a field to p's value finds H(p) there.
             *[(f"p-approved-for-{key.replace('_', '-')}-{value}", ("q", {key: value}))
               for key, value in (("status", "open"), ("version", 1), ("call_id", "c2"), ("ticket", "sensor"))],
             ("p-approved-for-another-caller", ("q", callers.OTHER.changes))]


@check(3, "D12", nl="Zonder goedkeuring van precies deze inhoud is de status approval-required.",
       en="Without an approval of exactly this content the status is approval-required.",
       hint_nl="Zoek de vingerafdruk van het hele voorstel op in approved; een akkoord voor iets anders telt niet.",
       hint_en="Look up the fingerprint of the whole proposal in approved; approving something else does not count.")
@pytest.mark.parametrize("case", APPROVALS, ids=ids(APPROVALS))
def test_d12_approval_required(student, case):
    scene = Scene(student, case[1][1].get("version", 0) if isinstance(case[1], tuple) else 0)
    if isinstance(case[1], tuple):
        host = case[1][1].get("actor", "learner")
        if "ticket" in case[1][1] and case[1][1]["ticket"] not in scene.state["tickets"]:  # only the approval misses
            scene.assign("state", {**scene.state, "tickets": {**scene.state["tickets"], case[1][1]["ticket"]: "open"}})
        call = scene.call(scene.name("q", **case[1][1]), host, {DIGEST}, f"q, {host!r}, {{H(p)}}")
    elif case[1] == "split":  # only H(p)'s halves, each inside another entry (checks/approvals.py)
        call = scene.call(P(), "learner", set(approvals.SPLIT[0]), f"p, 'learner', {approvals.SPLIT[1]}")
    elif isinstance(case[1], str):  # another 64-digit hex string: H(p) with one digit changed, another text's digest
        value, written = approvals.FORGED[case[1]]
        call = scene.call(P(), "learner", {value}, f"p, 'learner', {{{written}}}")
    elif case[1] is None:
        call = scene.attempt(approval="empty")
    else:  # the host approved a, which differs from p in one field
        call = scene.call(P(), "learner", {H(scene.name("a", **case[1]))}, "p, 'learner', {H(a)}")
    expect_status(call, "approval-required")


@check(3, "D13", nl="Een goedgekeurd voorstel voor een ticket dat niet in state staat, krijgt missing-ticket, met status "
       "done en met status open.",
       en="An approved proposal for a ticket that is not in state gets missing-ticket, with status done and with status "
          "open.",
       hint_nl="De dispatcher maakt geen nieuwe tickets aan, ook niet om er een te openen: controleer of het ticket al "
               "bestaat.",
       hint_en="The dispatcher creates no new tickets, not even to open one: check that the ticket already exists.")
# 'lam' and 'amp' begin and end lamp, 'lamp-2' and 'xlamp' begin and end with it: a partial match lets them in.
# 'version' and 'tickets' are valid tickets too, and keys of state itself: only state['tickets'] holds tickets.
# A ticket of 32 characters beside one apart only in the last: a lookup of the first 31 lets it in.
@pytest.mark.parametrize("ticket", ["pump", "lam", "lamp-2", "lamp-", "amp", "xlamp", "version", "tickets",
                                    "l" * 31 + "b"])
def test_d13_missing_ticket(student, ticket):
    for status in ("done", "open"):  # opening an unknown ticket creates none either
        scene = Scene(student)
        if len(ticket) == 32:
            scene.assign("state", {"version": 0, "tickets": {"lamp": "open", "l" * 31 + "a": "open"}})
        expect_status(scene.attempt(ticket=ticket, status=status), "missing-ticket")


@check(3, "D15", nl="Tickets waarvan de naam met die van het ticket begint (lamp-2 en lampx naast lamp), zijn andere "
       "tickets: een geslaagde call op lamp laat ze zoals ze waren.",
       en="Tickets whose names begin with the ticket's name (lamp-2 and lampx beside lamp) are other tickets: a "
          "successful call on lamp leaves them as they were.",
       hint_nl="Zet alleen state['tickets'][ticket], het ticket met precies die naam; loop niet over gelijkende namen.",
       hint_en="Set only state['tickets'][ticket], the ticket with exactly that name; do not loop over similar names.")
def test_d15_only_the_exact_ticket_changes(student):
    scene = Scene(student)
    scene.assign("state", {"version": 0, "tickets": {"lamp": "open", "lamp-2": "open", "lampx": "open"}})
    expect_success(scene.attempt(), 1)
    found, expected = plain(scene.state), {"version": 1, "tickets": {"lamp": "done", "lamp-2": "open", "lampx": "open"}}
    if not same(found, expected):
        raise Mismatch(scene.tried("state"), show(expected), said(f"state is {show(found)}", f"state is {show(found)}"))


@check(3, "D14", nl="Met precies 64 rijen in completed, van welke actor en over welk ticket ook, krijgt een nieuwe "
       "geldige call log-full.",
       en="With exactly 64 rows in completed, whichever actor and ticket they are about, a new valid call gets log-full.",
       hint_nl="Het log heeft ruimte voor 64 rijen in totaal; controleer de ruimte als laatste, vóór de wijziging.",
       hint_en="The log has room for 64 rows in all; check the room last, before the change.")
def test_d14_log_full_at_64(student):
    scene = Scene(student)
    scene.fill(62)
    # Two of the 64 rows are not the caller's own kind: one of another actor, one about another ticket.
    scene.prepare(scene.name("a", call_id="a62", actor="admin", version=62), "a")
    scene.prepare(scene.name("s", call_id="s63", version=63, ticket="sensor"), "s")
    expect_status(scene.attempt(version=64), "log-full")


@check(3, "D14", nl="Met 63 rijen in completed slaagt een nieuwe call nog, ook met 64 goedkeuringen in approved, en telt "
       "completed daarna 64 rijen.",
       en="With 63 rows in completed a new call still succeeds, also with 64 approvals in approved, and completed then "
          "holds 64 rows.",
       hint_nl="Pas bij 64 bestaande rijen in completed is het log vol, niet eerder; goedkeuringen tellen niet mee.",
       hint_en="The log is only full with 64 existing rows in completed, not earlier; approvals do not count.")
def test_d14_63_rows_still_room(student):
    scene = Scene(student)
    scene.fill(63)
    scene.say(OTHERS)  # a full register beside the log: its 64 entries are no rows
    expect_outcome(scene.attempt(approval="64", version=63), ("ok", 64))
    rows = len(plain(scene.log))
    if rows != 64:
        raise Mismatch(scene.tried("len(completed)"), "64", str(rows))


# A refusal under a known call id is not remembered (D10, D19): the exact original call still replays after it.
AFTER_REFUSAL = [  # (id, host actor, approval kind, changes to p, outcome of the refused call)
    ("call-id-conflict", "learner", "own", {"status": "open"}, "call-id-conflict"),
    ("forbidden", "other", "own", {}, "forbidden"),
    ("unknown-tool", "learner", "own", {"name": "delete_ticket"}, "unknown-tool"),
    ("value-error", "learner", "lesson", {"status": "closed"}, ValueError),
]


@check(3, "D10", nl="Na een geweigerde poging onder een bekende call-ID is precies dezelfde call nog steeds een "
       "herhaling.",
       en="After a refused attempt under a known call id, exactly the same call is still a replay.",
       hint_nl="Onthoud geen weigeringen: beslis herhaling of conflict alleen uit de rij in completed.",
       hint_en="Remember no refusals: decide replay or conflict from the row in completed only.")
@pytest.mark.parametrize("case", AFTER_REFUSAL, ids=ids(AFTER_REFUSAL))
def test_d10_replay_after_a_refused_attempt(student, case):
    _, host, approval, changes, outcome = case
    scene = Scene(student)
    scene.run()
    expect_outcome(scene.attempt(host, approval, **changes), outcome)
    expect_outcome(scene.attempt(approval="empty"), ("replay", 1))


# Call ids are compared exactly (D10, D17) ---------------------------------------------------------

SIMILAR_IDS = [("hyphen-underscore", "c-1", "c_1"), ("same-first-39", "c" * 39 + "x", "c" * 39 + "y"),
               # One begins or ends with the other: a lookup by startswith, endswith or in lets them meet.
               ("known-begins-with-new", "c1x", "c1"), ("known-ends-with-new", "xc1", "c1"),
               ("new-ends-with-known", "c1", "xc1"),
               # A separator at the end is part of the call id: stripping it lets them meet too.
               ("trailing-hyphen", "c1-", "c1"), ("trailing-underscore", "c1_", "c1")]


@check(3, "D10", nl="Call-ID's die alleen in een scheidingsteken, na het 32e teken of in een teken ervoor of erachter "
       "verschillen, zijn twee calls.",
       en="Call ids that differ only in a separator, after the 32nd character or in a character before or after are "
          "two calls.",
       hint_nl="Bewaar en zoek rijen onder de exacte call-ID, zonder iets weg te laten of te vervangen.",
       hint_en="Store and look up rows under the exact call id, without dropping or replacing anything.")
@pytest.mark.parametrize("case", SIMILAR_IDS, ids=ids(SIMILAR_IDS))
def test_d10_similar_call_ids_are_two_calls(student, case):
    _, first, second = case
    scene = Scene(student)
    scene.run("q", call_id=first)
    expect_success(scene.attempt(call_id=second, version=1, status="open"), 2, "lamp", "open")

