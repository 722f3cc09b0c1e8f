"""Host inputs checked before the proposal, approvals compared with hmac.compare_digest, frozenset and any-case
hex accepted (A3, A4: matched case-sensitively), the stored result without 'replayed' (A7), shallow copies of
results whose values are all immutable."""
import hashlib
import hmac
import json
import re

ID_PATTERN = re.compile(r'\A[A-Za-z][A-Za-z0-9_-]{0,39}\Z')
TICKET_PATTERN = re.compile(r'\A[a-z][a-z0-9-]{0,31}\Z')
HEX_PATTERN = re.compile(r'\A[0-9A-Fa-f]{64}\Z')
STATUSES = frozenset({'open', 'done'})


def _ok_id(value):
    return isinstance(value, str) and value.isascii() and ID_PATTERN.match(value) is not None


def _ok_ticket(value):
    return isinstance(value, str) and value.isascii() and TICKET_PATTERN.match(value) is not None


def _ok_status(value):
    return isinstance(value, str) and value in STATUSES


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('not a dict')
    expected = ['actor', 'arguments', 'call_id', 'name', 'version']
    if len(proposal) != len(expected) or not all(key in proposal for key in expected):
        raise ValueError('wrong fields')
    if not all(_ok_id(proposal[key]) for key in ('call_id', 'actor', 'name')):
        raise ValueError('bad id')
    version = proposal['version']
    if type(version) is not int or version < 0 or version > 10 ** 6:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or len(arguments) != 2:
        raise ValueError('bad arguments')
    if 'ticket' not in arguments or 'status' not in arguments:
        raise ValueError('bad arguments')
    if not _ok_ticket(arguments['ticket']) or not _ok_status(arguments['status']):
        raise ValueError('bad ticket/status')
    clean = dict(proposal)
    clean['arguments'] = dict(arguments)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(
        json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not _ok_id(actor):
        raise ValueError('actor')
    if not isinstance(approved, (set, frozenset)) or len(approved) > 64:
        raise ValueError('approved')
    if not all(isinstance(item, str) and HEX_PATTERN.match(item) for item in approved):
        raise ValueError('approved entries')
    if not isinstance(state, dict) or sorted(map(repr, state)) != ["'tickets'", "'version'"]:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 10 ** 6 + 1:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError('tickets')
    for name in tickets:
        if not _ok_ticket(name) or not _ok_status(tickets[name]):
            raise ValueError('ticket')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _validate_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        stored = completed[call_id]
        if not hmac.compare_digest(stored['fingerprint'], fingerprint):
            return {'status': 'call-id-conflict'}
        return dict(stored['result'], replayed=True)
    if state['version'] - clean['version'] != 0:
        return {'status': 'stale-version'}
    if not any(hmac.compare_digest(item, fingerprint) for item in approved):
        return {'status': 'approval-required'}
    ticket, status = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) == 64:
        return {'status': 'log-full'}
    state['version'] += 1
    state['tickets'][ticket] = status
    stored = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': status}
    completed[call_id] = {'fingerprint': fingerprint, 'result': stored}
    return dict(stored, replayed=False)
