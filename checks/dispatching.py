"""Scenes for the checkpoint-3 checks: a host state, a log and the script of dispatch calls so far."""

from __future__ import annotations

import collections
import hashlib

from checks import lesson
from checks.status_tips import situation, situation_hint, status_tips
from grader.battery import LAST_CALL, Call, Mismatch, Student, note, nth_call, said
from grader.tips import changed_input_hint, field_hint
from grader.values import plain, same, show

DISPATCH = "dispatch_ticket"
H = lesson.fingerprint
MISSING = object()  # what dig() finds where the lesson's code would raise KeyError


# The inputs dispatch_ticket reads only, as a tip names them (state and completed are its to change).
INPUT_NAMES = {"approved": said("approved", "approved"), "proposal": said("het voorstel", "the proposal")}

# Shown above tried code that uses others(n).
OTHERS = "# others(n): " + note("n geldige vingerafdrukken van andere voorstellen", "n valid fingerprints of other proposals")


def other_digests(count: int) -> set:
    """``count`` valid lowercase SHA-256 hex digests of other content (never H of a proposal we use)."""
    return {hashlib.sha256(f"ander voorstel {i}".encode()).hexdigest() for i in range(count)}


def code(value: object) -> str:
    """A short Python rendering of a trusted value: ``'a' * 40``, ascii escapes, long dicts cut."""
    if type(value) is str and len(value) > 12 and len(set(value)) == 1:
        return f"{value[0]!r} * {len(value)}"
    if type(value) is str:
        return ascii(value)
    if type(value) is dict:
        items = [f"{code(key)}: {code(item)}" for key, item in value.items()]
        return "{" + ", ".join(items if len(items) <= 4 else items[:2] + ["..."] + items[-1:]) + "}"
    if type(value) is collections.defaultdict:
        return f"collections.defaultdict({value.default_factory.__name__}, {code(dict(value))})"
    if type(value) is collections.UserString:  # its repr() is that of a str
        return f"collections.UserString({value.data!r})"
    return repr(value)


# How a check hands out approvals for the proposal named ``var``: kind -> (build, text).
APPROVALS = {
    "own": (lambda q: {H(q)}, "{{H({var})}}"),
    "own-list": (lambda q: [H(q)], "[H({var})]"),
    "lesson": (lambda q: {H(lesson.proposal())}, "{{H(p)}}"),
    "own-and-lesson": (lambda q: {H(q), H(lesson.proposal())}, "{{H({var}), H(p)}}"),
    "empty": (lambda q: set(), "set()"),
    "non-hex": (lambda q: {H(q), "g" * 64}, "{{H({var}), 'g' * 64}}"),  # invalid in every reading (D2, A4)
    "none": (lambda q: None, "None"),
    "64": (lambda q: {H(q)} | other_digests(63), "{{H({var})}} | others(63)"),  # a full register (D2)
    "65": (lambda q: {H(q)} | other_digests(64), "{{H({var})}} | others(64)"),  # one too many (D2)
}


WIDTH = 120  # characters of a line of tried code the reports show unbroken


def variant(**changes: object) -> str:
    """The lesson's p with fields replaced, written as the lesson does: ``{**p, 'call_id': 'c2'}``."""
    arguments = {key: changes.pop(key) for key in ("ticket", "status") if key in changes}
    parts = [f"{key!r}: {code(value)}" for key, value in changes.items()]
    if arguments:
        ticket, status = arguments.get("ticket", "lamp"), arguments.get("status", "done")
        parts.append(f"'arguments': {{'ticket': {code(ticket)}, 'status': {code(status)}}}")
    return "{**p, " + ", ".join(parts) + "}" if parts else "p"


def numbered(call: Call, script: list[str]) -> Call:
    """``call``, the last call of dispatch_ticket in ``script`` (the lines shown, ending with it), with its number
    (Call.which) when the script holds more of them: its result then says which one it was; "the last" after a loop
    of calls (an indented line), whose count of lines is not the count of calls."""
    lines = [line for line in script if f"{DISPATCH}(" in line.split("#", 1)[0]]
    if any(line[:1].isspace() for line in lines):
        call.which = LAST_CALL
    elif len(lines) > 1:
        call.which = nth_call(len(lines))
    return call


class Scene:
    """One check's host: the caller's ``state`` and ``log`` and the script that led to the current call.

    The script is what a student sees as "tried": Python lines that rebuild the situation, using
    the lesson's ``p`` and ``H(x)`` (the correct fingerprint of x, CONTRACT.md F1), which the
    report's legend defines.
    """

    def __init__(self, student: Student, version: int = 0, **tickets: str) -> None:
        self.student = student
        self.state = lesson.state(version, **tickets)
        self.log: object = {}
        # The script calls the log ``completed``, as the lesson's parameter and the checks' texts do.
        self.lines = [f"state = {self.state!r}", "completed = {}"]
        self.changed: dict | None = None  # the tip about the first input the host handed over that a call changed
        self.changed_object: object = None  # that input: only a later call handed the same object gets the tip

    def say(self, line: str) -> None:
        self.lines.append(line)

    def tried(self, *more: str) -> str:
        return "\n".join(self.lines + list(more))

    def name(self, var: str, **changes: object) -> dict:
        """A fresh variant of p, bound to ``var`` in the script (its arguments on a line of their own past
        :data:`WIDTH` characters)."""
        line = f"{var} = {variant(**changes)}"
        if len(line) > WIDTH and ", 'arguments': " in line:
            head, tail = line.split(", 'arguments': ", 1)
            line = f"{head},\n{' ' * (len(var) + 4)}'arguments': {tail}"
        self.say(line)
        return lesson.proposal(**changes)

    def assign(self, target: str, value: object) -> None:
        """The host sets ``state``, ``log`` (``completed`` in the script) or ``state['tickets']`` to a fresh copy
        of trusted ``value``."""
        value = lesson.fresh(value)
        line = f"{'completed' if target == 'log' else target} = {code(value)}"
        if target in ("state", "log") and len(self.lines) == 2:
            self.lines[0 if target == "state" else 1] = line
        else:
            self.say(line)
        if target == "state['tickets']":
            self.state["tickets"] = value
        else:
            setattr(self, target, value)

    def call(self, proposal: object, actor: object, approved: object, args: str) -> Call:
        """``dispatch_ticket(proposal, actor, approved, state, completed)``; ``args`` renders the first three. After a
        call of this scene changed ``approved`` or the proposal it was given (which dispatch_ticket only reads), the
        findings about every later call handed that same object get a tip that says so
        (grader.tips.changed_input_hint); a call handed a fresh one got what the host gave."""
        line = f"r = dispatch_ticket({args}, state, completed)"
        # Only plain containers whose copy equals itself (no object that equals nothing inside) are compared.
        inputs = {key: value for key, value in (("approved", approved), ("proposal", proposal))
                  if type(value) in (set, dict) and same(plain(value), plain(value))}
        before = {key: plain(value) for key, value in inputs.items()}
        facts = situation(proposal, actor, self.log)
        call = self.student.call(DISPATCH, proposal, lesson.fresh(actor), approved, self.state, self.log,
                                 shown=self.tried(line))
        call.facts = facts
        if any(value is self.changed_object for value in (approved, proposal)):
            call.hint = self.changed  # a later finding may follow from an input an earlier call changed
        self.say(line)
        for key, value in inputs.items():
            after = plain(value)
            if self.changed is None and not same(after, before[key]):
                self.changed = changed_input_hint(INPUT_NAMES[key], before[key], after)
                self.changed_object = value
        return numbered(call, self.lines)

    def offer(self, host: object = "learner", approval: str = "own", **changes: object) -> tuple:
        """Bind p (or q = p with ``changes``) and an approval; returns (proposal, approved, args text)."""
        var = "q" if changes else "p"
        proposal = self.name(var, **changes) if changes else lesson.proposal()
        build, text = APPROVALS[approval]
        return proposal, build(proposal), f"{var}, {code(host)}, {text.format(var=var)}"

    def attempt(self, host: object = "learner", approval: str = "own", **changes: object) -> Call:
        """Dispatch p (or q = p with ``changes``) for the host actor ``host`` with the given kind of approval."""
        proposal, approved, args = self.offer(host, approval, **changes)
        return self.call(proposal, host, approved, args)

    def prepare(self, proposal: dict, var: str = "p", approved: object = None, text: str = "") -> Call:
        """A preparatory call by the proposal's own actor that must return status 'ok'."""
        approved = {H(proposal)} if approved is None else approved
        args = f"{var}, {proposal['actor']!r}, {text or '{H(' + var + ')}'}"
        call = self.call(proposal, proposal["actor"], approved, args)
        if not is_ok(call):
            raise Mismatch(call.shown, said("status 'ok' voor deze voorbereidende call",
                                            "status 'ok' for this preparatory call"), call.got(), setup=True)
        self.lines[-1] += "  # ok"
        return call

    def run(self, var: str = "p", **changes: object) -> Call:
        """Prepare: the host approves p (or a variant bound to ``var``) and it succeeds."""
        return self.prepare(self.name(var, **changes) if changes else lesson.proposal(), var)

    def change_ticket(self, ticket: str, value: object) -> None:
        """The host's own ``state['tickets'][ticket] = value``, in place and through dict itself (never a method of
        the submission's); a call that left no dict of tickets there fails the check on that, not with an error."""
        tickets = self.state.get("tickets")
        if not issubclass(type(tickets), dict):
            found = show(plain(self.state))
            raise Mismatch(self.tried("state"), said("state['tickets'] is nog een dictionary",
                                                     "state['tickets'] is still a dictionary"),
                           said(f"state is {found}", f"state is {found}"), setup=True)
        dict.__setitem__(tickets, ticket, lesson.fresh(value))

    def fill(self, rows: int, start: int = 0, var: str = "p", host: str = "learner", prefix: str = "f",
             **changes: object) -> None:
        """Prepare: ``rows`` approved successful calls f0, f1, ... (call ids ``prefix`` + i; done/open in turn) of the
        proposal named ``var`` (the lesson's p with ``changes``: another caller's, callers.py) from the host actor
        ``host``, so the log holds rows the dispatcher wrote itself (CONTRACT.md A8 leaves foreign rows open)."""
        version = f"{start} + i" if start else "i"
        ticket = changes.get("ticket", "lamp")
        loop = [f"for i in range({rows}):",
                "    status = ['done', 'open'][i % 2]",  # two lines: another caller's q stays within a line's width
                f"    q = {{**{var}, 'call_id': f'{prefix}{{i}}', 'version': {version}, "
                f"'arguments': {{'ticket': {ticket!r}, 'status': status}}}}",
                f"    dispatch_ticket(q, {host!r}, {{H(q)}}, state, completed)  # ok"]
        for i in range(rows):
            q = lesson.proposal(**{**changes, "call_id": f"{prefix}{i}", "version": start + i,
                                   "status": ["done", "open"][i % 2]})
            call = self.student.call(DISPATCH, q, lesson.fresh(host), {H(q)}, self.state, self.log,
                                     shown=self.tried(*loop))
            if not is_ok(call):
                raise Mismatch(call.shown, said(f"status 'ok' voor elke voorbereidende call (fout bij i = {i})",
                                                f"status 'ok' for every preparatory call (failed at i = {i})"),
                               call.got(), setup=True)
        self.lines += loop

    def copy_row(self, source: str, key: str, times: int = 1) -> None:
        """Put one of the submission's own rows under a new key too (CONTRACT.md A7: reach 65 rows); ``times`` > 1
        puts it under that many keys, ``key`` followed by 0, 1, ..."""
        if not dict.__contains__(self.log, source):
            raise Mismatch(self.tried(), said(f"een rij completed[{source!r}]", f"a row completed[{source!r}]"),
                           said("die rij ontbreekt", "that row is missing"), setup=True)
        keys = [key] if times == 1 else [f"{key}{i}" for i in range(times)]
        for new in keys:
            dict.__setitem__(self.log, new, dict.__getitem__(self.log, source))
        line = (f"completed[{key!r}] = completed[{source!r}]" if times == 1 else
                f"for i in range({times}): completed[f'{key}{{i}}'] = completed[{source!r}]")
        self.say(f"{line}  # " + note(f"{len(self.log)} rijen", f"{len(self.log)} rows"))


def is_ok(call: Call) -> bool:
    """The call returned a dict with status 'ok' (extra keys allowed, A6)."""
    return call.error is None and same(dig(plain(call.value), "status"), "ok")


def dig(value: object, *keys: object) -> object:
    """value[k1][k2]... in a plain value, or MISSING where a key or a dict is missing."""
    for key in keys:
        if type(value) is not dict or key not in value:
            return MISSING
        value = value[key]
    return value


def expect_status(call: Call, status: str) -> None:
    """The call returned a dict whose 'status' is exactly ``status`` (G3; extra keys allowed, A6)."""
    expected = f"{{'status': {status!r}}}"
    value = plain(call.returned(expected))
    if not same(dig(value, "status"), status):  # a refusal carried out: a tip about the exact condition missed
        tips = status_tips(status, value)
        hint = call.hint or tips["hint"] or situation_hint(status, value, call.facts)
        raise Mismatch(call.shown, expected, call.got(), hint=hint, tip=tips["tip"])


def expect_fields(call: Call, **fields: object) -> None:
    """The call returned a dict holding every given key with exactly that value (A6: more keys allowed); with the
    right status but another field, the finding's tip is about that field (grader.tips.field_hint)."""
    value = plain(call.returned(repr(fields)))
    if any(not same(dig(value, key), expected) for key, expected in fields.items()):
        raise Mismatch(call.shown, repr(fields), call.got(), hint=call.hint or field_hint(fields, value))


def expect_success(call: Call, version: int, ticket: str = "lamp", value: str = "done") -> None:
    expect_fields(call, status="ok", version=version, ticket=ticket, value=value, replayed=False)


def expect_approved_success(scene: Scene, call: Call, build=lesson.proposal, var: str = "p") -> None:
    """The lesson's p (or the proposal ``build()`` bound to ``var``, of the same content), approved by the host with
    H(p), succeeds (version 0 -> 1).

    When it is refused with approval-required because the submission's own
    proposal_fingerprint(p) is not H(p), the mismatch says so and names that root cause
    (checkpoint 2), which the reports then show first.
    """
    if call.error is None and same(dig(plain(call.value), "status"), "approval-required"):
        own = scene.student.call("proposal_fingerprint", build())
        value = plain(own.value)
        if own.error is None and not same(value, H(lesson.proposal())):
            yours, right = brief_digest(value), brief_digest(H(lesson.proposal()))
            raise Mismatch(
                scene.tried(f"proposal_fingerprint({var})"),
                said(f"status 'ok', want de host keurde H({var}) = {right} goed",
                     f"status 'ok', because the host approved H({var}) = {right}"),
                said(f"status 'approval-required': jouw proposal_fingerprint({var}) geeft {yours}, niet H({var}), "
                     "dus je dispatch_ticket zoekt een andere vingerafdruk op in approved",
                     f"status 'approval-required': your proposal_fingerprint({var}) returns {yours}, not H({var}), "
                     "so your dispatch_ticket looks up another fingerprint in approved"),
                cause="fingerprint")
    expect_success(call, 1)


def brief_digest(value: object) -> str:
    """A fingerprint as a student can compare it by eye: its first 12 characters."""
    if type(value) is str and len(value) > 16:
        return repr(value[:12] + "…")
    return show(value)


def expect_replay(call: Call, version: int, ticket: str = "lamp", value: str = "done") -> None:
    expect_fields(call, status="ok", version=version, ticket=ticket, value=value, replayed=True)


def expect_outcome(call: Call, outcome: object) -> None:
    """``outcome`` is ValueError, a refusal status, or ("replay", version) / ("ok", version[, ticket])."""
    if outcome is ValueError:
        call.expect_value_error()
    elif isinstance(outcome, tuple):
        (expect_replay if outcome[0] == "replay" else expect_success)(call, *outcome[1:])
    else:
        expect_status(call, outcome)


def set_in(call: Call, key: str, value: object) -> None:
    """The lesson's ``r[key] = value`` on a returned dict (read through dict itself, never its methods)."""
    raw = call.returned()
    if not issubclass(type(raw), dict):
        raise Mismatch(call.shown, said("een dictionary", "a dictionary"), call.got())
    dict.__setitem__(raw, key, value)


# What change_nested() leaves in each container it changes: dict, list, set.
CHANGED = {dict: {"changed": True}, list: ["changed"], set: {"changed"}}


def change_nested(scene: Scene, call: Call, var: str = "r") -> list[tuple[str, tuple, object]]:
    """Change, in place, every dict, list and set nested inside the returned result ``var``.

    A result may hold more than the named fields (CONTRACT.md A6), nested containers too; a copy
    of it that shares them is no copy (D17, D18). Each container is emptied and given one marker
    item (CHANGED), inner ones before outer ones, through the builtin types' own methods (no
    code of the submission runs), and the change is added to the scene's script.
    Out: (code, key path, marker) of each changed container, for :func:`expect_no_leak`.
    """
    found: list[tuple[str, tuple, object, type]] = []
    seen: set[int] = set()

    def walk(value: object, where: str, path: tuple, depth: int) -> None:
        kind = type(value)
        if issubclass(kind, dict):
            items = list(dict.items(value))
        elif issubclass(kind, (list, tuple)):
            items = list(enumerate(list.__iter__(value) if issubclass(kind, list) else tuple.__iter__(value)))
        else:
            return
        for key, item in items:
            base = next((b for b in (dict, list, set) if issubclass(type(item), b)), None)
            if (base is None and not issubclass(type(item), tuple)) or id(item) in seen or depth > 8 \
                    or len(found) >= 20:
                continue
            seen.add(id(item))
            key = plain(key)
            child = f"{where}[{show(key)}]"
            walk(item, child, path + (key,), depth + 1)
            if base is not None:
                found.append((child, path + (key,), item, base))

    walk(call.returned(), var, (), 0)
    changed = []
    for where, path, item, base in found:
        if base is dict:
            dict.clear(item)
            dict.__setitem__(item, "changed", True)
            scene.say(f"{where}.clear(); {where}['changed'] = True")
        elif base is list:
            list.clear(item)
            list.append(item, "changed")
            scene.say(f"{where}[:] = ['changed']")
        else:
            set.clear(item)
            set.add(item, "changed")
            scene.say(f"{where}.clear(); {where}.add('changed')")
        changed.append((where, path, CHANGED[base]))
    return changed


def expect_no_leak(call: Call, changed: list[tuple[str, tuple, object]]) -> None:
    """No container that change_nested() changed in an earlier result shows up, changed, in this one."""
    value = plain(call.returned())
    for where, path, marker in changed:
        found = value
        for key in path:
            if type(found) is dict and key in found:
                found = found[key]
            elif type(found) in (list, tuple) and type(key) is int and 0 <= key < len(found):
                found = found[key]
            else:
                found = MISSING
                break
        if same(found, marker):
            raise Mismatch(call.shown, said(f"{where} zoals bewaard, zonder de wijziging van het vorige resultaat",
                                            f"{where} as stored, without the change made to the earlier result"),
                           said(f"{where} is {show(marker)}: die wijziging van het vorige resultaat zit er nog in",
                                f"{where} is {show(marker)}: that change to the earlier result is still in it"))
