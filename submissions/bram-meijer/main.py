import hashlib
import json
import re

ID = re.compile('[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile('[a-z][a-z0-9-]{0,31}')
HEX = re.compile('[0-9a-f]{64}')


def ok_id(v):
    return type(v) == str and ID.fullmatch(v) != None


def ok_ticket(v):
    return type(v) == str and TICKET.fullmatch(v) != None


def ok_status(v):
    return type(v) == str and v in ('open', 'done')


def validate_ticket_proposal(proposal):
    if type(proposal) != dict:
        raise ValueError('not a dict')
    if len(proposal) != 5:
        raise ValueError('need 5 fields')
    for k in ('call_id', 'actor', 'name', 'version', 'arguments'):
        if k not in proposal:
            raise ValueError('missing ' + k)
    for k in ('call_id', 'actor', 'name'):
        if not ok_id(proposal[k]):
            raise ValueError('bad ' + k)
    if type(proposal['version']) != int or proposal['version'] < 0 or proposal['version'] > 1000000:
        raise ValueError('bad version')
    a = proposal['arguments']
    if type(a) != dict or len(a) != 2 or 'ticket' not in a or 'status' not in a:
        raise ValueError('bad arguments')
    if not ok_ticket(a['ticket']) or not ok_status(a['status']):
        raise ValueError('bad ticket/status')
    return {'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
            'version': proposal['version'], 'arguments': {'ticket': a['ticket'], 'status': a['status']}}


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not ok_id(actor):
        raise ValueError('bad actor')
    if type(approved) != set or len(approved) > 64:
        raise ValueError('bad approved')
    for h in approved:
        if type(h) != str or HEX.fullmatch(h) == None:
            raise ValueError('bad approval')
    if type(state) != dict or len(state) != 2 or 'version' not in state or 'tickets' not in state:
        raise ValueError('bad state')
    if type(state['version']) != int or state['version'] < 0 or state['version'] > 1000001:
        raise ValueError('bad state version')
    t = state['tickets']
    if type(t) != dict or len(t) < 1 or len(t) > 16:
        raise ValueError('bad tickets')
    for k in t:
        if not ok_ticket(k) or not ok_status(t[k]):
            raise ValueError('bad ticket entry')
    if type(completed) != dict or len(completed) > 64:
        raise ValueError('bad completed')

    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    h = proposal_fingerprint(p)
    if p['call_id'] in completed:
        entry = completed[p['call_id']]
        if entry['fingerprint'] != h:
            return {'status': 'call-id-conflict'}
        result = entry['result']
        result['replayed'] = True
        return result
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
    result = {'status': 'ok', 'version': state['version'], 'ticket': p['arguments']['ticket'],
              'value': p['arguments']['status'], 'replayed': False}
    completed[p['call_id']] = {'fingerprint': h, 'result': dict(result)}
    return result
