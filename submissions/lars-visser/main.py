import copy, hashlib, json, re

id_pattern = re.compile(r'^[A-Za-z][A-Za-z0-9_-]{0,39}\Z')
ticket_pattern = re.compile(r'^[a-z][a-z0-9-]{0,31}\Z')
hex_pattern = re.compile(r'^[0-9a-f]{64}\Z')


def is_id(s):
    return isinstance(s, str) and bool(id_pattern.match(s))


def is_ticket(s):
    return isinstance(s, str) and bool(ticket_pattern.match(s))


def is_status(s):
    return isinstance(s, str) and s in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal should be a dict')
    if set(proposal.keys()) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('wrong keys')
    if not (is_id(proposal['call_id']) and is_id(proposal['actor']) and is_id(proposal['name'])):
        raise ValueError('bad id')
    v = proposal['version']
    if type(v) is not int or not (0 <= v <= 1000000):
        raise ValueError('bad version')
    a = proposal['arguments']
    if not isinstance(a, dict) or set(a.keys()) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    if not is_ticket(a['ticket']) or not is_status(a['status']):
        raise ValueError('bad ticket/status')
    return {**proposal, 'arguments': {**a}}


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    data = json.dumps(p, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(data.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not is_id(actor):
        raise ValueError('bad actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(isinstance(h, str) and hex_pattern.match(h) for h in approved):
        raise ValueError('bad approved')
    if not isinstance(state, dict) or set(state.keys()) != {'version', 'tickets'}:
        raise ValueError('bad state')
    if type(state['version']) is not int or not (0 <= state['version'] <= 1000001):
        raise ValueError('bad state version')
    t = state['tickets']
    if not isinstance(t, dict) or not (1 <= len(t) <= 16) or not all(is_ticket(k) and is_status(v) for k, v in t.items()):
        raise ValueError('bad tickets')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('bad completed')

    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(p)
    if p['call_id'] in completed:
        if completed[p['call_id']]['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        return {**copy.deepcopy(completed[p['call_id']]['result']), 'replayed': True}
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    if p['arguments']['ticket'] not in t:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    t[p['arguments']['ticket']] = p['arguments']['status']
    state['version'] += 1
    res = {'status': 'ok', 'version': state['version'], 'ticket': p['arguments']['ticket'],
           'value': p['arguments']['status'], 'replayed': False}
    completed[p['call_id']] = {'fingerprint': fp, 'result': copy.deepcopy(res)}
    return res


p = {'call_id': 'c1', 'actor': 'learner', 'name': 'set_ticket', 'version': 0,
     'arguments': {'ticket': 'lamp', 'status': 'done'}}
approved = {proposal_fingerprint(p)}
state = {'version': 0, 'tickets': {'lamp': 'open', 'sensor': 'open'}}
log = {}
r = dispatch_ticket(p, 'learner', approved, state, log)
print(r['status'], state['version'])
print(state['tickets']['lamp'], state['tickets']['sensor'])
