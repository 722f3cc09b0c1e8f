# Style: the widest reading of every ambiguity at once, written with collections.abc:
# any Mapping is a dictionary where it is only read (A1; state and completed must be MutableMappings, since
# they are changed in place), str subclasses are strings (A2), any abc Set (frozenset, set subclasses) is a set
# of approvals (A3), hex digits of either case match case-insensitively (A4), int subclasses other than bool
# are ints (A5), refusals carry a reason (A6), rows are dict subclasses of our own with extra keys (A7), and
# every ValueError is one of our own subclasses (A12).
import hashlib
import json
import re
from collections import OrderedDict
from collections.abc import Mapping, MutableMapping, Set

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-fA-F]{64}')


class ProposalError(ValueError):
    """The proposal has the wrong shape."""


class HostInputError(ValueError):
    """One of the host's own inputs has the wrong shape."""


class FieldError(ProposalError):
    def __init__(self, field, value):
        super().__init__(f'{field}: {value!r}')
        self.field = field

    def __eq__(self, other):
        return isinstance(other, FieldError) and self.args == other.args

    def __hash__(self):
        return hash(self.args)


class Row(dict):
    """A completed row; equal to another row with the same fingerprint and result."""

    def __eq__(self, other):
        if not isinstance(other, Row):
            return NotImplemented
        return self.get('fingerprint') == other.get('fingerprint') and self.get('result') == other.get('result')

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return id(self)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_id(value):
    return isinstance(value, str) and ID.fullmatch(value) is not None


def _is_ticket(value):
    return isinstance(value, str) and TICKET.fullmatch(value) is not None


def _is_status(value):
    return isinstance(value, str) and value in ('open', 'done')


def _fields(mapping, names, what):
    if not isinstance(mapping, Mapping):
        raise ProposalError(f'{what} must be a dictionary')
    keys = list(mapping)
    if len(keys) != len(names) or set(keys) != set(names):
        raise ProposalError(f'{what} needs exactly {sorted(names)}')


def validate_ticket_proposal(proposal):
    _fields(proposal, ('call_id', 'actor', 'name', 'version', 'arguments'), 'proposal')
    for name in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[name]):
            raise FieldError(name, proposal[name])
    if not _is_int(proposal['version']) or not 0 <= proposal['version'] <= 1000000:
        raise FieldError('version', proposal['version'])
    arguments = proposal['arguments']
    _fields(arguments, ('ticket', 'status'), 'arguments')
    if not _is_ticket(arguments['ticket']):
        raise FieldError('ticket', arguments['ticket'])
    if not _is_status(arguments['status']):
        raise FieldError('status', arguments['status'])
    clean = {key: proposal[key] for key in ('call_id', 'actor', 'name', 'version')}
    clean['version'] = int(clean['version'])
    clean['arguments'] = {'ticket': str(arguments['ticket']), 'status': str(arguments['status'])}
    for key in ('call_id', 'actor', 'name'):
        clean[key] = str(clean[key])
    return clean


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise HostInputError('actor')
    if not isinstance(approved, Set) or len(approved) > 64:
        raise HostInputError('approved must be a set of at most 64 digests')
    if not all(isinstance(item, str) and HEX.fullmatch(item) for item in approved):
        raise HostInputError('approved holds SHA-256 hex strings only')
    if not isinstance(state, MutableMapping) or len(state) != 2 or set(state) != {'version', 'tickets'}:
        raise HostInputError('state')
    if not _is_int(state['version']) or not 0 <= state['version'] <= 1000001:
        raise HostInputError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, Mapping) or not 1 <= len(tickets) <= 16:
        raise HostInputError('tickets')
    if not all(_is_ticket(k) and _is_status(v) for k, v in tickets.items()):
        raise HostInputError('ticket entries')
    if not isinstance(completed, MutableMapping) or len(completed) > 64:
        raise HostInputError('completed')


def _refuse(status, reason):
    return OrderedDict(status=status, reason=reason)


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return _refuse('forbidden', 'the proposal names another actor')
    if clean['name'] != 'set_ticket':
        return _refuse('unknown-tool', 'only set_ticket writes')
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        row = completed[call_id]
        if row['fingerprint'] != digest:
            return _refuse('call-id-conflict', 'this call id completed with other content')
        replay = OrderedDict(row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return _refuse('stale-version', f"state is at version {state['version']}")
    if digest not in {item.lower() for item in approved}:
        return _refuse('approval-required', 'the host has not approved this content')
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return _refuse('missing-ticket', f'no ticket {ticket}')
    if len(completed) >= 64:
        return _refuse('log-full', 'the log holds 64 rows')
    tickets = state['tickets']
    if isinstance(tickets, MutableMapping):
        tickets[ticket] = value
    else:
        state['tickets'] = {**tickets, ticket: value}
    state['version'] = int(state['version']) + 1
    result = OrderedDict(status='ok', version=state['version'], ticket=ticket, value=value, replayed=False)
    completed[call_id] = Row(fingerprint=digest, actor=actor, result=dict(result))
    return result
