# Reading of A2: identifiers, tickets, statuses, the host actor and the
# approvals must be exactly str; str subclasses are refused.
import hashlib
import json
import re


def _s(value):
    return type(value) is str


def _id(value):
    return _s(value) and re.fullmatch('[A-Za-z][A-Za-z0-9_-]{0,39}', value) is not None


def _ticket(value):
    return _s(value) and re.fullmatch('[a-z][a-z0-9-]{0,31}', value) is not None


def _status(value):
    return _s(value) and (value == 'open' or value == 'done')


def _digest(value):
    return _s(value) and re.fullmatch('[0-9a-f]{64}', value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    if not (_id(proposal['call_id']) and _id(proposal['actor']) and _id(proposal['name'])):
        raise ValueError('ids')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    a = proposal['arguments']
    if not isinstance(a, dict) or set(a) != {'ticket', 'status'} or not _ticket(a['ticket']) or not _status(a['status']):
        raise ValueError('arguments')
    out = dict(proposal)
    out['arguments'] = dict(a)
    return out


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not _id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_digest(x) for x in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    t = state['tickets']
    if not isinstance(t, dict) or not 1 <= len(t) <= 16 or not all(_ticket(k) and _status(v) for k, v in t.items()):
        raise ValueError('tickets')
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
        again = dict(row['result'])
        again['replayed'] = True
        return again
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if h not in approved:
        return {'status': 'approval-required'}
    if p['arguments']['ticket'] not in t:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    t[p['arguments']['ticket']] = p['arguments']['status']
    state['version'] += 1
    r = {'status': 'ok', 'version': state['version'], 'ticket': p['arguments']['ticket'],
         'value': p['arguments']['status'], 'replayed': False}
    completed[p['call_id']] = {'fingerprint': h, 'result': dict(r)}
    return r
