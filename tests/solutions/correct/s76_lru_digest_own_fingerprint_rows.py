# Style: the digest memoised with functools.lru_cache keyed by the validated fields (a tuple of exact strs and
# ints, built only after validation), approvals as set or frozenset (A3), int subclasses other than bool as
# versions (A5), own ValueError subclasses (A12), and log rows whose fingerprint is an ordered value object
# of our own (A7: only row['result']['version'] is fixed), with the result kept as an OrderedDict.
import functools
import hashlib
import json
import re
from collections import OrderedDict

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


class InvalidProposal(ValueError):
    pass


class InvalidHostInput(ValueError):
    pass


@functools.total_ordering
class Digest:
    __slots__ = ('value',)

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        if isinstance(other, Digest):
            return self.value == other.value
        if isinstance(other, str):
            return self.value == other
        return NotImplemented

    def __lt__(self, other):
        if not isinstance(other, Digest):
            return NotImplemented
        return self.value < other.value

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return f'Digest({self.value[:8]}...)'


def _int(value, high):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def _text(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _fields(proposal):
    """The validated fields as a tuple of exact values: (call_id, actor, name, version, ticket, status)."""
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise InvalidProposal('five fields')
    call_id, actor, name = proposal['call_id'], proposal['actor'], proposal['name']
    if not (_text(ID, call_id) and _text(ID, actor) and _text(ID, name)):
        raise InvalidProposal('ids')
    if not _int(proposal['version'], 1000000):
        raise InvalidProposal('version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
        raise InvalidProposal('arguments')
    ticket, status = arguments['ticket'], arguments['status']
    if not _text(TICKET, ticket) or not (isinstance(status, str) and status in ('open', 'done')):
        raise InvalidProposal('ticket/status')
    return str(call_id), str(actor), str(name), int(proposal['version']), str(ticket), str(status)


def _as_dict(fields):
    call_id, actor, name, version, ticket, status = fields
    return {'call_id': call_id, 'actor': actor, 'name': name, 'version': version,
            'arguments': {'ticket': ticket, 'status': status}}


@functools.lru_cache(maxsize=1024)
def _digest(fields):
    text = json.dumps(_as_dict(fields), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def validate_ticket_proposal(proposal):
    return _as_dict(_fields(proposal))


def proposal_fingerprint(proposal):
    return _digest(_fields(proposal))


def _check_host(actor, approved, state, completed):
    if not _text(ID, actor):
        raise InvalidHostInput('actor')
    if not isinstance(approved, (set, frozenset)) or len(approved) > 64:
        raise InvalidHostInput('approved')
    if not all(_text(HEX, item) for item in approved):
        raise InvalidHostInput('approved item')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise InvalidHostInput('state')
    if not _int(state['version'], 1000001):
        raise InvalidHostInput('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise InvalidHostInput('tickets')
    if not all(_text(TICKET, k) and isinstance(v, str) and v in ('open', 'done') for k, v in tickets.items()):
        raise InvalidHostInput('ticket entries')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise InvalidHostInput('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    fields = _fields(proposal)
    _check_host(actor, approved, state, completed)
    call_id, owner, tool, version, ticket, value = fields
    if owner != actor:
        return {'status': 'forbidden'}
    if tool != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = Digest(_digest(fields))
    if call_id in completed:
        row = completed[call_id]
        if not digest == row['fingerprint']:
            return {'status': 'call-id-conflict'}
        replay = OrderedDict(row['result'])
        replay['replayed'] = True
        return replay
    if version != state['version']:
        return {'status': 'stale-version'}
    if digest not in sorted(Digest(item) for item in approved):
        return {'status': 'approval-required'}
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': OrderedDict(result)}
    return result
