# Style: every liberal reading at once, plus a per-host memory that is only ever a hint. Any Mapping is a
# dictionary where it is only read (A1), str subclasses are strings and a status is anything equal to 'open' or
# 'done' as the sample's `in ['open', 'done']` reads it (A2), frozenset and every abc Set is a set (A3),
# uppercase hex approvals are accepted but compared case-sensitively, so they never authorise (A4), bool and
# other int subclasses are a state version and an int subclass other than bool is a proposal version (A5),
# results and refusals carry extra keys (A6), rows are objects of our own class with __getitem__, unhashable
# (`__hash__ = None`), not iterable (`__iter__ = None`) and compared by a decorator of our own (A7), every
# ValueError is our own subclass (A12). The host inputs are validated before the proposal (D6 leaves the order
# free), the state is staged on a copy and committed in a second phase, and the memory per host (keyed by
# id(completed), holding the log itself so its id stays its own) is re-validated against the log at every call.
import hashlib
import json
import re
from collections.abc import Mapping, MutableMapping, Set
from types import MappingProxyType

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-fA-F]{64}')
STATUSES = ['open', 'done']
FIELDS = ('call_id', 'actor', 'name', 'version', 'arguments')


class ShapeError(ValueError):
    pass


class HostShapeError(ShapeError):
    pass


def by_value(method):
    """Our own decorator for comparisons: another class gets NotImplemented (returns a plain function)."""
    def compare(self, other):
        if not isinstance(other, Row):
            return NotImplemented
        return method(self, other)
    return compare


class Row:
    """One completed call: completed[cid]['fingerprint'] and completed[cid]['result'] (A7)."""

    def __init__(self, fingerprint, result, actor):
        self.fingerprint = fingerprint
        self.result = dict(result)
        self.actor = actor

    def __getitem__(self, key):
        if key == 'fingerprint':
            return self.fingerprint
        if key == 'result':
            return MappingProxyType(self.result)
        if key == 'actor':
            return self.actor
        raise KeyError(key)

    @by_value
    def __eq__(self, other):
        return self.fingerprint == other.fingerprint and self.result == other.result

    __hash__ = None
    __iter__ = None


def _is_id(value):
    return isinstance(value, str) and ID.fullmatch(value) is not None


def _is_ticket(value):
    return isinstance(value, str) and TICKET.fullmatch(value) is not None


def _is_status(value):
    try:
        return value in STATUSES
    except TypeError:
        return False


def _exact_keys(mapping, names):
    if not isinstance(mapping, Mapping):
        return False
    keys = list(mapping)
    return len(keys) == len(names) and all(isinstance(k, str) for k in keys) and set(keys) == set(names)


def validate_ticket_proposal(proposal):
    if not _exact_keys(proposal, FIELDS):
        raise ShapeError('a proposal is a dictionary with exactly ' + ', '.join(FIELDS))
    for name in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[name]):
            raise ShapeError(name)
    version = proposal['version']
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1000000:
        raise ShapeError('version')
    arguments = proposal['arguments']
    if not _exact_keys(arguments, ('ticket', 'status')):
        raise ShapeError('arguments')
    if not _is_ticket(arguments['ticket']) or not _is_status(arguments['status']):
        raise ShapeError('ticket or status')
    status = 'open' if arguments['status'] == 'open' else 'done'
    return {'call_id': str(proposal['call_id']), 'actor': str(proposal['actor']), 'name': str(proposal['name']),
            'version': int(version), 'arguments': {'ticket': str(arguments['ticket']), 'status': status}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise HostShapeError('actor')
    if not isinstance(approved, Set) or len(approved) > 64:
        raise HostShapeError('approved')
    for item in approved:
        if not isinstance(item, str) or HEX.fullmatch(item) is None:
            raise HostShapeError('approval')
    if not isinstance(completed, MutableMapping) or len(completed) > 64:
        raise HostShapeError('completed')
    if not isinstance(state, MutableMapping) or not _exact_keys(state, ('version', 'tickets')):
        raise HostShapeError('state')
    version = state['version']
    if not isinstance(version, int) or not 0 <= version <= 1000001:
        raise HostShapeError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, Mapping) or not 1 <= len(tickets) <= 16:
        raise HostShapeError('tickets')
    for ticket in tickets:
        if not _is_ticket(ticket) or not _is_status(tickets[ticket]):
            raise HostShapeError('ticket entry')


_HOSTS = {}  # id(completed) -> (completed, {call_id: Row we wrote}); a hint, never trusted on its own


def _memory(completed):
    held = _HOSTS.get(id(completed))
    if held is None or held[0] is not completed:
        held = (completed, {})
        _HOSTS[id(completed)] = held
    return held[1]


def _row_of(completed, call_id):
    """The row under call_id as the log holds it now (the memory only saves nothing: it is checked)."""
    remembered = _memory(completed).get(call_id)
    if call_id not in completed:
        return None
    row = completed[call_id]
    if remembered is not None and row is not remembered:
        _memory(completed).pop(call_id, None)
    return row


def _refuse(status, reason):
    return {'status': status, 'reason': reason, 'replayed': False}


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean['actor'] != actor:
        return _refuse('forbidden', 'another actor')
    if clean['name'] != 'set_ticket':
        return _refuse('unknown-tool', 'only set_ticket')
    digest = proposal_fingerprint(clean)
    row = _row_of(completed, clean['call_id'])
    if row is not None:
        if row['fingerprint'] != digest:
            return _refuse('call-id-conflict', 'other content')
        replay = dict(row['result'])
        replay['replayed'] = True
        replay['call_id'] = clean['call_id']
        return replay
    if clean['version'] != state['version']:
        return _refuse('stale-version', 'version')
    if digest not in approved:
        return _refuse('approval-required', 'not approved')
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return _refuse('missing-ticket', ticket)
    if len(completed) >= 64:
        return _refuse('log-full', 'full')
    # Phase 1: stage everything on copies.
    staged_tickets = dict(state['tickets'])
    staged_tickets[ticket] = value
    new_version = int(state['version']) + 1
    result = {'status': 'ok', 'version': new_version, 'ticket': ticket, 'value': value, 'replayed': False,
              'call_id': clean['call_id']}
    row = Row(digest, result, actor)
    # Phase 2: commit.
    tickets = state['tickets']
    if isinstance(tickets, MutableMapping):
        tickets[ticket] = staged_tickets[ticket]
    else:
        state['tickets'] = staged_tickets
    state['version'] = new_version
    completed[clean['call_id']] = row
    _memory(completed)[clean['call_id']] = row
    return dict(result)
