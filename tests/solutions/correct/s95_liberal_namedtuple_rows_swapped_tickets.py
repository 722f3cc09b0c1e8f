"""Liberal readings A1-A12 at once: mappings, str/int subclasses, frozenset approvals, any-case hex,
NamedTuple rows, extra result keys, a new tickets dict swapped into state, own exception class."""
import collections.abc as cabc
import copy
import hashlib
import json
import re
from typing import NamedTuple


class ProposalError(ValueError):
    """A12: any ValueError subclass counts."""


ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-fA-F]{64}')
FIELDS = {'call_id', 'actor', 'name', 'version', 'arguments'}
LOG_MAX = 64


class Row(NamedTuple):
    fingerprint: str
    result: dict
    call_id: str

    def __getitem__(self, key):  # the host reads completed[cid]['result']
        if isinstance(key, str):
            try:
                return getattr(self, key)
            except AttributeError:
                raise KeyError(key) from None
        return tuple.__getitem__(self, key)


def _ascii_match(pattern, value):
    return isinstance(value, str) and value.isascii() and pattern.fullmatch(value) is not None


def _is_status(value):
    return isinstance(value, str) and str(value) in ('open', 'done')


def _keys(mapping):
    try:
        return set(mapping.keys())
    except TypeError as exc:
        raise ProposalError('unhashable key') from exc


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, cabc.Mapping) or _keys(proposal) != FIELDS:
        raise ProposalError('proposal must be a mapping with exactly five fields')
    for field in ('call_id', 'actor', 'name'):
        if not _ascii_match(ID_RE, proposal[field]):
            raise ProposalError(f'{field} invalid')
    version = proposal['version']
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1_000_000:
        raise ProposalError('version invalid')
    arguments = proposal['arguments']
    if not isinstance(arguments, cabc.Mapping) or _keys(arguments) != {'ticket', 'status'}:
        raise ProposalError('arguments invalid')
    if not _ascii_match(TICKET_RE, arguments['ticket']) or not _is_status(arguments['status']):
        raise ProposalError('ticket or status invalid')
    result = {field: proposal[field] for field in proposal if field != 'arguments'}
    result['arguments'] = copy.deepcopy(dict(arguments))
    return result


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    plain = {
        'call_id': str(clean['call_id']), 'actor': str(clean['actor']), 'name': str(clean['name']),
        'version': int(clean['version']),
        'arguments': {'ticket': str(clean['arguments']['ticket']), 'status': str(clean['arguments']['status'])},
    }
    canonical = json.dumps(plain, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(canonical.encode('utf-8')).hexdigest()


def _host_inputs(actor, approved, state, completed):
    if not _ascii_match(ID_RE, actor):
        raise ProposalError('host actor')
    if not isinstance(approved, cabc.Set) or len(approved) > 64:
        raise ProposalError('approved')
    for item in approved:
        if not _ascii_match(HEX_RE, item):
            raise ProposalError('approval entry')
    if not isinstance(state, cabc.MutableMapping) or _keys(state) != {'version', 'tickets'}:
        raise ProposalError('state')
    version = state['version']
    if not isinstance(version, int) or not 0 <= version <= 1_000_001:
        raise ProposalError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, cabc.Mapping) or not 1 <= len(tickets) <= 16:
        raise ProposalError('state tickets')
    for name, status in tickets.items():
        if not _ascii_match(TICKET_RE, name) or not _is_status(status):
            raise ProposalError('ticket entry')
    if not isinstance(completed, cabc.MutableMapping) or len(completed) > LOG_MAX:
        raise ProposalError('completed')


def _refuse(status, reason):
    return {'status': status, 'reason': reason, 'replayed': False}


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host_inputs(actor, approved, state, completed)
    if clean['actor'] != actor:
        return _refuse('forbidden', 'actor differs from host actor')
    if clean['name'] != 'set_ticket':
        return _refuse('unknown-tool', 'only set_ticket')
    digest = proposal_fingerprint(clean)
    call_id = str(clean['call_id'])
    if call_id in completed:
        row = completed[call_id]
        if row['fingerprint'] != digest:
            return _refuse('call-id-conflict', 'same call id, other content')
        again = copy.deepcopy(dict(row['result']))
        again['replayed'] = True
        again['reason'] = 'replay'
        return again
    if clean['version'] != state['version']:
        return _refuse('stale-version', 'version differs')
    lowered = {str(item).lower() for item in approved}
    if digest not in lowered:
        return _refuse('approval-required', 'no host approval')
    ticket, value = str(clean['arguments']['ticket']), str(clean['arguments']['status'])
    if ticket not in state['tickets']:
        return _refuse('missing-ticket', 'unknown ticket')
    if len(completed) >= LOG_MAX:
        return _refuse('log-full', 'log full')
    new_tickets = dict(state['tickets'])
    new_tickets[ticket] = value
    state['tickets'] = new_tickets  # A9: a new dict inside the same state
    state['version'] = int(state['version']) + 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value,
              'replayed': False, 'reason': 'applied', 'call_id': call_id}
    completed[call_id] = Row(digest, copy.deepcopy(result), call_id)
    return result
