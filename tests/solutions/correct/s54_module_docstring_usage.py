"""Ticket dispatcher (les 01.02).

Usage: import this module and call the three functions; run it directly for a demo.

>>> validate_ticket_proposal({'call_id': 'c1', 'actor': 'ana', 'name': 'set_ticket', 'version': 0,
...                           'arguments': {'ticket': 'lamp', 'status': 'done'}})['arguments']['status']
'done'
"""
import copy
import hashlib
import json
import re

__all__ = ['validate_ticket_proposal', 'proposal_fingerprint', 'dispatch_ticket']
__version__ = '1.0'
__author__ = 'student'

_ID = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
_TICKET = r'[a-z][a-z0-9-]{0,31}'


def _match(pattern, value):
    """Return True when value is a str fully matching pattern.

    >>> _match(_ID, 'abc')
    True
    >>> _match(_ID, 5)
    False
    """
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def validate_ticket_proposal(proposal):
    """Check the five fields and return a copy."""
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    if not all(_match(_ID, proposal[k]) for k in ('call_id', 'actor', 'name')):
        raise ValueError('id')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'status', 'ticket'}:
        raise ValueError('arguments')
    if not _match(_TICKET, args['ticket']) or not _match('open|done', args['status']):
        raise ValueError('ticket/status')
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    """SHA-256 of the canonical JSON.

    >>> len(proposal_fingerprint({'call_id': 'c1', 'actor': 'ana', 'name': 'set_ticket', 'version': 0,
    ...                           'arguments': {'ticket': 'lamp', 'status': 'done'}}))
    64
    """
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Apply one approved change."""
    p = validate_ticket_proposal(proposal)
    if not _match(_ID, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_match('[0-9a-f]{64}', h) for h in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'tickets', 'version'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    if not all(_match(_TICKET, k) and _match('open|done', v) for k, v in tickets.items()):
        raise ValueError('pairs')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    h = proposal_fingerprint(p)
    if p['call_id'] in completed:
        row = completed[p['call_id']]
        if row['fingerprint'] != h:
            return {'status': 'call-id-conflict'}
        out = copy.deepcopy(row['result'])
        out['replayed'] = True
        return out
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if h not in approved:
        return {'status': 'approval-required'}
    t, s = p['arguments']['ticket'], p['arguments']['status']
    if t not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[t] = s
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': t, 'value': s, 'replayed': False}
    completed[p['call_id']] = {'fingerprint': h, 'result': copy.deepcopy(result)}
    return result


if __name__ == '__main__':
    print(__doc__)
    import doctest
    doctest.testmod()
