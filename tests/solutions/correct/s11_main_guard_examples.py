import copy
import hashlib
import json
import re

_ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
_TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
_HEX_RE = re.compile(r'[0-9a-f]{64}')


def _require(condition, message):
    if not condition:
        raise ValueError(message)


def _text(value, pattern):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    _require(isinstance(proposal, dict), 'proposal must be a dict')
    _require(set(proposal) == {'call_id', 'actor', 'name', 'version', 'arguments'}, 'exactly five fields')
    for key in ('call_id', 'actor', 'name'):
        _require(_text(proposal[key], _ID_RE), key + ' must be an ASCII id')
    version = proposal['version']
    _require(type(version) is int and 0 <= version <= 1000000, 'version must be a plain int 0..1000000')
    args = proposal['arguments']
    _require(isinstance(args, dict) and set(args) == {'ticket', 'status'}, 'arguments must be ticket/status')
    _require(_text(args['ticket'], _TICKET_RE), 'invalid ticket')
    _require(isinstance(args['status'], str) and args['status'] in ('open', 'done'), 'status must be open or done')
    return {**proposal, 'arguments': {**args}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    payload = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(payload.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _require(_text(actor, _ID_RE), 'host actor invalid')
    _require(isinstance(approved, set) and len(approved) <= 64, 'approved must be a set of <= 64')
    _require(all(_text(a, _HEX_RE) for a in approved), 'approved must contain sha256 hex strings')
    _require(isinstance(state, dict) and set(state) == {'version', 'tickets'}, 'state shape')
    _require(type(state['version']) is int and 0 <= state['version'] <= 1000001, 'state version')
    tickets = state['tickets']
    _require(isinstance(tickets, dict) and 1 <= len(tickets) <= 16, 'state tickets')
    for name, status in tickets.items():
        _require(_text(name, _TICKET_RE), 'ticket name in state')
        _require(isinstance(status, str) and status in ('open', 'done'), 'ticket status in state')
    _require(isinstance(completed, dict) and len(completed) <= 64, 'completed log')

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        if completed[call_id]['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**copy.deepcopy(completed[call_id]['result']), 'replayed': True}
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result


if __name__ == "__main__":
    p = {
        'call_id': 'c1', 'actor': 'learner',
        'name': 'set_ticket', 'version': 0,
        'arguments': {
            'ticket': 'lamp',
            'status': 'done'}
    }
    clean = validate_ticket_proposal(p)
    p['arguments']['status'] = 'open'
    print(clean['arguments']['status'])
    p = clean

    encoded = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    print(','.join(json.loads(encoded)))
    print(len(proposal_fingerprint(p)))
    other = dict(reversed(list(p.items())))
    print(proposal_fingerprint(p) == proposal_fingerprint(other))

    approved = {proposal_fingerprint(p)}
    state = {'version': 0, 'tickets': {'lamp': 'open', 'sensor': 'open'}}
    log = {}
    r = dispatch_ticket(p, 'learner', approved, state, log)
    print(r['status'], state['version'])
    print(state['tickets']['lamp'], state['tickets']['sensor'])

    r = dispatch_ticket(p, 'learner', set(), state, log)
    print(r['replayed'], state['version'])
    r['version'] = 900
    print(log['c1']['result']['version'])
    r = dispatch_ticket(p, 'other', set(), state, log)
    print(r['status'])

    changed = {**p, 'arguments': {'ticket': 'lamp', 'status': 'open'}}
    r = dispatch_ticket(changed, 'learner', approved, state, log)
    print(r['status'])
    new = {**p, 'call_id': 'c2'}
    r = dispatch_ticket(new, 'learner', approved, state, log)
    print(r['status'], state['version'])
