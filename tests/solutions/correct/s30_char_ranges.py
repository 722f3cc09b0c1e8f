import hashlib
import json


def _letter(c):
    return 'a' <= c <= 'z' or 'A' <= c <= 'Z'


def _digit(c):
    return '0' <= c <= '9'


def _valid_id(s):
    if type(s) is not str or len(s) < 1 or len(s) > 40:
        return False
    if not _letter(s[0]):
        return False
    i = 1
    while i < len(s):
        c = s[i]
        if not (_letter(c) or _digit(c) or c == '_' or c == '-'):
            return False
        i += 1
    return True


def _valid_ticket(s):
    if type(s) is not str or len(s) < 1 or len(s) > 32:
        return False
    if not 'a' <= s[0] <= 'z':
        return False
    for c in s:
        if not ('a' <= c <= 'z' or _digit(c) or c == '-'):
            return False
    return True


def _valid_status(s):
    return type(s) is str and (s == 'open' or s == 'done')


def _valid_hex(s):
    if type(s) is not str or len(s) != 64:
        return False
    for c in s:
        if not (_digit(c) or 'a' <= c <= 'f'):
            return False
    return True


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or len(proposal) != 5:
        raise ValueError('proposal: need a dict with five fields')
    for key in ('call_id', 'actor', 'name', 'version', 'arguments'):
        if key not in proposal:
            raise ValueError('proposal: missing ' + key)
    for key in ('call_id', 'actor', 'name'):
        if not _valid_id(proposal[key]):
            raise ValueError('proposal: bad ' + key)
    version = proposal['version']
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError('proposal: bad version')
    args = proposal['arguments']
    if type(args) is not dict or len(args) != 2 or 'ticket' not in args or 'status' not in args:
        raise ValueError('proposal: bad arguments')
    if not _valid_ticket(args['ticket']) or not _valid_status(args['status']):
        raise ValueError('proposal: bad ticket or status')
    return {'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
            'version': version, 'arguments': {'ticket': args['ticket'], 'status': args['status']}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    encoded = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(encoded.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _valid_id(actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64:
        raise ValueError('approved')
    for item in approved:
        if not _valid_hex(item):
            raise ValueError('approved item')
    if type(state) is not dict or len(state) != 2 or 'version' not in state or 'tickets' not in state:
        raise ValueError('state')
    version = state['version']
    if type(version) is not int or version < 0 or version > 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if type(tickets) is not dict or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError('state tickets')
    for name in tickets:
        if not _valid_ticket(name) or not _valid_status(tickets[name]):
            raise ValueError('state ticket')
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('completed')

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        old = completed[clean['call_id']]
        if old['fingerprint'] != fingerprint:
            return {'status': 'call-id-conflict'}
        copy_of_result = {}
        for k in old['result']:
            copy_of_result[k] = old['result'][k]
        copy_of_result['replayed'] = True
        return copy_of_result
    if clean['version'] != version:
        return {'status': 'stale-version'}
    if fingerprint not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = clean['arguments']['status']
    state['version'] = version + 1
    result = {'status': 'ok', 'version': version + 1, 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    stored = {}
    for k in result:
        stored[k] = result[k]
    completed[clean['call_id']] = {'fingerprint': fingerprint, 'result': stored}
    return result
