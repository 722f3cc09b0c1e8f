# Style: value objects with __eq__/__hash__ and functools.total_ordering; membership through own containers
# (__contains__), refusals as ranked objects sorted to find the first one that applies (D7), classes compared
# with `other.__class__ is self.__class__` and isinstance(other, type(self)).
import copy
import functools
import hashlib
import json
import re

_ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
_TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
_HEX = re.compile(r'[0-9a-f]{64}')


@functools.total_ordering
class Token:
    """An immutable string value of one kind (an id, a ticket, a digest)."""

    __slots__ = ('text',)

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self.text == other.text
        return NotImplemented

    def __ne__(self, other):
        result = self.__class__ is other.__class__ and self.text == other.text
        return not result

    def __lt__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return self.text < other.text

    def __hash__(self):
        return hash((self.__class__.__name__, self.text))

    def __repr__(self):
        return f'{self.__class__.__name__}({self.text!r})'


class Ident(Token):
    __slots__ = ()


class Ticket(Token):
    __slots__ = ()


class Digest(Token):
    __slots__ = ()


class Status(Token):
    __slots__ = ()


class Choices:
    """A small container of allowed values; `x in choices` compares by value."""

    def __init__(self, *values):
        self.values = tuple(sorted(values))

    def __contains__(self, item):
        for value in self.values:
            if value == item:
                return True
        return False

    def __len__(self):
        return len(self.values)


STATUSES = Choices(Status('open'), Status('done'))
TOOLS = Choices(Ident('set_ticket'))


class Keys:
    """Exactly this set of key names, compared with ==."""

    def __init__(self, *names):
        self.names = frozenset(names)

    def __eq__(self, other):
        if isinstance(other, type(self)):
            return self.names == other.names
        if isinstance(other, (set, frozenset)):
            return self.names == other
        return NotImplemented

    def __ne__(self, other):
        same = self == other
        return not same

    def __hash__(self):
        return hash(self.names)


PROPOSAL_KEYS = Keys('call_id', 'actor', 'name', 'version', 'arguments')
ARGUMENT_KEYS = Keys('ticket', 'status')
STATE_KEYS = Keys('version', 'tickets')


def _token(kind, pattern, value):
    if type(value) is not str or pattern.fullmatch(value) is None:
        raise ValueError(f'not a valid {kind.__name__.lower()}: {value!r}')
    return kind(value)


def _status(value):
    if type(value) is not str:
        raise ValueError('status must be a str')
    status = Status(value)
    if status not in STATUSES:
        raise ValueError(f'unknown status {value!r}')
    return status


def _version(value, top):
    if type(value) is not int or not 0 <= value <= top:
        raise ValueError('bad version')
    return value


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or Keys(*proposal) != PROPOSAL_KEYS:
        raise ValueError('a proposal is a dict with exactly five fields')
    for field in ('call_id', 'actor', 'name'):
        _token(Ident, _ID, proposal[field])
    _version(proposal['version'], 1000000)
    arguments = proposal['arguments']
    if type(arguments) is not dict or Keys(*arguments) != ARGUMENT_KEYS:
        raise ValueError('arguments hold exactly ticket and status')
    _token(Ticket, _TICKET, arguments['ticket'])
    _status(arguments['status'])
    clean = dict(proposal)
    clean['arguments'] = dict(arguments)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


class Register:
    """The host's approvals as Digest values; `digest in register`."""

    def __init__(self, approved):
        if type(approved) is not set or len(approved) > 64:
            raise ValueError('approved is a set of at most 64 digests')
        self.digests = frozenset(_token(Digest, _HEX, item) for item in approved)

    def __contains__(self, digest):
        return Digest(digest) in self.digests


class Tickets:
    def __init__(self, tickets):
        if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
            raise ValueError('tickets: 1..16 entries')
        self.known = sorted(_token(Ticket, _TICKET, key) for key in tickets)
        for value in tickets.values():
            _status(value)

    def __contains__(self, name):
        return Ticket(name) in self.known


@functools.total_ordering
class Refusal:
    """A status check; the lowest rank that applies decides (D7)."""

    def __init__(self, rank, status):
        self.rank = rank
        self.status = status

    def __eq__(self, other):
        return isinstance(other, Refusal) and (self.rank, self.status) == (other.rank, other.status)

    def __lt__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.rank < other.rank

    def __hash__(self):
        return hash((self.rank, self.status))


FORBIDDEN = Refusal(1, 'forbidden')
UNKNOWN_TOOL = Refusal(2, 'unknown-tool')
KNOWN_CALL = Refusal(3, 'known-call')
STALE = Refusal(4, 'stale-version')
APPROVAL = Refusal(5, 'approval-required')
MISSING = Refusal(6, 'missing-ticket')
FULL = Refusal(7, 'log-full')


def _check_host(actor, approved, state, completed):
    _token(Ident, _ID, actor)
    register = Register(approved)
    if type(state) is not dict or Keys(*state) != STATE_KEYS:
        raise ValueError('state has exactly version and tickets')
    _version(state['version'], 1000001)
    tickets = Tickets(state['tickets'])
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed is a dict of at most 64 rows')
    return register, tickets


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    register, tickets = _check_host(actor, approved, state, completed)
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    applies = set()
    if Ident(clean['actor']) != Ident(actor):
        applies.add(FORBIDDEN)
    if Ident(clean['name']) not in TOOLS:
        applies.add(UNKNOWN_TOOL)
    if call_id in completed:
        applies.add(KNOWN_CALL)
    if clean['version'] != state['version']:
        applies.add(STALE)
    if digest not in register:
        applies.add(APPROVAL)
    if ticket not in tickets:
        applies.add(MISSING)
    if len(completed) >= 64:
        applies.add(FULL)
    first = min(applies) if applies else None
    if first == KNOWN_CALL:
        row = completed[call_id]
        if Digest(row['fingerprint']) != Digest(digest):
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if first is not None:
        return {'status': first.status}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': dict(result)}
    return result
