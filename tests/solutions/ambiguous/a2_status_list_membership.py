# Reading of A2: str subclasses pass (isinstance + regex), and the status is
# checked by list membership, which accepts any object equal to 'open'/'done'
# and never hashes the value (so ['open'] is simply "not in" the list).
import copy
import hashlib
import json
import re

_ID = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
_TICKET = r'[a-z][a-z0-9-]{0,31}'
_STATUSES = ['open', 'done']


def _matches(pattern, value):
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal shape')
    for key in ('call_id', 'actor', 'name'):
        if not _matches(_ID, proposal[key]):
            raise ValueError(key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _matches(_TICKET, args['ticket']) or args['status'] not in _STATUSES:
        raise ValueError('ticket/status')
    return {**proposal, 'arguments': copy.copy(args)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _matches(_ID, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_matches(r'[0-9a-f]{64}', a) for a in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for k, v in tickets.items():
        if not _matches(_TICKET, k) or v not in _STATUSES:
            raise ValueError('ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**copy.deepcopy(row['result']), 'replayed': True}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
