"""Rows as an own class, state updated via a copied dict swapped back, results with nested extra keys."""
import copy
import hashlib
import json
import string

LETTERS = string.ascii_letters
ID_REST = set(string.ascii_letters + string.digits + '_-')
TICKET_FIRST = set(string.ascii_lowercase)
TICKET_REST = set(string.ascii_lowercase + string.digits + '-')


def is_id(value):
    if type(value) is not str or not 1 <= len(value) <= 40:
        return False
    return value[0] in LETTERS and all(ch in ID_REST for ch in value)


def is_ticket(value):
    if type(value) is not str or not 1 <= len(value) <= 32:
        return False
    return value[0] in TICKET_FIRST and all(ch in TICKET_REST for ch in value)


def is_status(value):
    return type(value) is str and value in ('open', 'done')


def is_digest(value):
    return type(value) is str and len(value) == 64 and all(ch in '0123456789abcdef' for ch in value)


class CompletedRow:
    """One completed call: its fingerprint and a private copy of its result."""

    __slots__ = ('_fingerprint', '_result')

    def __init__(self, fingerprint, result):
        self._fingerprint = fingerprint
        self._result = copy.deepcopy(result)

    def matches(self, fingerprint):
        return self._fingerprint == fingerprint

    def replay(self):
        again = copy.deepcopy(self._result)
        again['replayed'] = True
        return again

    def __getitem__(self, key):
        if key == 'fingerprint':
            return self._fingerprint
        if key == 'result':
            return self._result
        raise KeyError(key)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal is no dict')
    if len(proposal) != 5 or any(key not in proposal for key in ('call_id', 'actor', 'name', 'version', 'arguments')):
        raise ValueError('exactly five fields')
    if not (is_id(proposal['call_id']) and is_id(proposal['actor']) and is_id(proposal['name'])):
        raise ValueError('bad id')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or len(arguments) != 2 or 'ticket' not in arguments \
            or 'status' not in arguments:
        raise ValueError('bad arguments')
    if not is_ticket(arguments['ticket']) or not is_status(arguments['status']):
        raise ValueError('bad ticket or status')
    return {
        'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
        'version': version, 'arguments': {'ticket': arguments['ticket'], 'status': arguments['status']},
    }


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode()).hexdigest()


def check_host(actor, approved, state, completed):
    if not is_id(actor):
        raise ValueError('host actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(is_digest(item) for item in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or len(state) != 2 or 'version' not in state or 'tickets' not in state:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('state tickets')
    if not all(is_ticket(name) and is_status(status) for name, status in tickets.items()):
        raise ValueError('ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden', 'detail': {'expected': actor, 'got': clean['actor']}}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool', 'detail': {'tools': ['set_ticket']}}
    digest = proposal_fingerprint(clean)
    row = completed.get(clean['call_id'])
    if row is not None:
        if not row.matches(digest):
            return {'status': 'call-id-conflict', 'detail': {'call_id': clean['call_id']}}
        return row.replay()
    if clean['version'] != state['version']:
        return {'status': 'stale-version', 'detail': {'expected': state['version']}}
    if digest not in approved:
        return {'status': 'approval-required', 'detail': {'fingerprint': digest}}
    ticket = clean['arguments']['ticket']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket', 'detail': {'known': sorted(state['tickets'])}}
    if len(completed) >= 64:
        return {'status': 'log-full', 'detail': {'rows': len(completed)}}
    new_state = copy.deepcopy(state)
    new_state['tickets'][ticket] = clean['arguments']['status']
    new_state['version'] += 1
    state.clear()
    state.update(new_state)  # swap the copy back into the caller's own state object
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False,
              'proposal': copy.deepcopy(clean), 'history': [{'call_id': clean['call_id'], 'digest': digest}]}
    completed[clean['call_id']] = CompletedRow(digest, result)
    return result
