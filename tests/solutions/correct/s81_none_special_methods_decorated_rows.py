# Style: classes that switch special methods off by setting them to None (rows that cannot be iterated, sized,
# tested for truth or searched with `in`; records whose items cannot be set or deleted), comparison, hashing
# and membership written through decorators of our own that return plain functions, @functools.total_ordering
# on outcomes ranked by their place in D7 (every condition is computed first, the first failing one in that
# order decides), and a digest class with __slots__. Readings: frozenset is a set of approvals (A3), hex of
# either case is a valid approval and matches case-insensitively (A4), rows are our own objects (A7),
# refusals say why (A6). Everything else is read strictly (exact dict, str and int).
import functools
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-fA-F]{64}')


def same_kind(method):
    """Binary special methods: another class gets NotImplemented."""
    def wrapper(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return method(self, other)
    return wrapper


def hashed_by(name):
    def decorate(method):
        def wrapper(self):
            method(self)
            return hash((type(self).__name__, getattr(self, name) if name == 'hex' else self.rank))
        return wrapper
    return decorate


def safe_membership(method):
    def wrapper(self, value):
        try:
            return bool(method(self, value))
        except (TypeError, AttributeError):
            return False
    return wrapper


class Digest:
    __slots__ = ('hex',)

    def __init__(self, text):
        self.hex = text.lower()

    @same_kind
    def __eq__(self, other):
        return self.hex == other.hex

    @hashed_by('hex')
    def __hash__(self):
        pass

    __iter__ = None
    __len__ = None


class Pattern:
    def __init__(self, regex):
        self.regex = re.compile(regex)

    @safe_membership
    def __contains__(self, value):
        return type(value) is str and self.regex.fullmatch(value) is not None

    __hash__ = None
    __iter__ = None


IDS, TICKETS, HEXES = Pattern(ID.pattern), Pattern(TICKET.pattern), Pattern(HEX.pattern)


@functools.total_ordering
class Outcome:
    ORDER = ['forbidden', 'unknown-tool', 'replay-or-conflict', 'stale-version', 'approval-required',
             'missing-ticket', 'log-full', 'ok']

    def __init__(self, status, reason=''):
        self.status = status
        self.reason = reason
        self.rank = Outcome.ORDER.index(status) if status in Outcome.ORDER else 2

    @same_kind
    def __eq__(self, other):
        return self.rank == other.rank

    @same_kind
    def __lt__(self, other):
        return self.rank < other.rank

    @hashed_by('rank')
    def __hash__(self):
        pass


class Row:
    """completed[cid]: row['fingerprint'], row['result'] (A7); no iteration, size, truth or `in`."""

    __slots__ = ('digest', 'stored')

    def __init__(self, digest, result):
        self.digest = digest
        self.stored = dict(result)

    def __getitem__(self, key):
        if key == 'fingerprint':
            return self.digest.hex
        if key == 'result':
            return dict(self.stored)
        raise KeyError(key)

    __iter__ = None
    __len__ = None
    __bool__ = None
    __contains__ = None
    __hash__ = None

    @same_kind
    def __eq__(self, other):
        return self.digest == other.digest and self.stored == other.stored


class Result(dict):
    """A result whose items cannot be set or deleted by its own methods (the host's dict writes still work)."""
    __delitem__ = None


def _exact(mapping, names):
    return type(mapping) is dict and len(mapping) == len(names) and all(type(k) is str for k in mapping) \
        and set(mapping) == set(names)


def validate_ticket_proposal(proposal):
    if not _exact(proposal, ('call_id', 'actor', 'name', 'version', 'arguments')):
        raise ValueError('fields')
    if not all(proposal[key] in IDS for key in ('call_id', 'actor', 'name')):
        raise ValueError('ids')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    arguments = proposal['arguments']
    if not _exact(arguments, ('ticket', 'status')) or arguments['ticket'] not in TICKETS:
        raise ValueError('arguments')
    if type(arguments['status']) is not str or arguments['status'] not in ('open', 'done'):
        raise ValueError('status')
    clean = dict(proposal)
    clean['arguments'] = dict(arguments)
    return clean


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    if actor not in IDS:
        raise ValueError('actor')
    if type(approved) not in (set, frozenset) or len(approved) > 64 or not all(a in HEXES for a in approved):
        raise ValueError('approved')
    if not _exact(state, ('version', 'tickets')):
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for ticket, status in tickets.items():
        if ticket not in TICKETS or type(status) is not str or status not in ('open', 'done'):
            raise ValueError('ticket pair')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    digest = Digest(proposal_fingerprint(clean))
    call_id = clean['call_id']
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    row = completed[call_id] if call_id in completed else None
    failing = [outcome for outcome, failed in [
        (Outcome('forbidden', 'actor'), clean['actor'] != actor),
        (Outcome('unknown-tool', 'tool'), clean['name'] != 'set_ticket'),
        (Outcome('replay-or-conflict'), row is not None),
        (Outcome('stale-version', 'version'), clean['version'] != state['version']),
        (Outcome('approval-required', 'approval'), digest not in {Digest(a) for a in approved}),
        (Outcome('missing-ticket', 'ticket'), ticket not in state['tickets']),
        (Outcome('log-full', 'log'), len(completed) >= 64),
    ] if failed]
    if failing:
        first = min(failing)
        if first == Outcome('replay-or-conflict'):
            if Digest(row['fingerprint']) != digest:
                return Result(status='call-id-conflict', reason='content')
            replay = Result(row['result'])
            replay['replayed'] = True
            return replay
        return Result(status=first.status, reason=first.reason)
    state['tickets'][ticket] = value
    state['version'] = state['version'] + 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = Row(digest, result)
    return Result(result)
