# Reading of A8 (rows the dispatcher did not write are malformed input): every row of the log is checked at every
# call (a 64-hex fingerprint, a result dict with an int version), and the call runs first on deep copies of
# the host's state and log (a dry run), which are validated again before the change is committed (two phase).
# Grammar by hand, canonical JSON written by hand (F1: writing it differently is fine).
import copy
import hashlib
import json

LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
LOWER = 'abcdefghijklmnopqrstuvwxyz'
DIGITS = '0123456789'
HEXD = '0123456789abcdef'


def _grammar(v, first, rest, n):
    if type(v) is not str or not 1 <= len(v) <= n or v[0] not in first:
        return False
    for c in v[1:]:
        if c not in rest:
            return False
    return True


def _id(v):
    return _grammar(v, LETTERS, LETTERS + DIGITS + '_-', 40)


def _ticket(v):
    return _grammar(v, LOWER, LOWER + DIGITS + '-', 32)


def _hex(v):
    return type(v) is str and len(v) == 64 and all(c in HEXD for c in v)


def _canon(v):
    if type(v) is dict:
        return '{' + ','.join(json.dumps(k) + ':' + _canon(v[k]) for k in sorted(v)) + '}'
    return json.dumps(v)


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or sorted(map(repr, proposal)) != sorted(map(repr, ['call_id', 'actor', 'name', 'version', 'arguments'])):
        raise ValueError('fields')
    for k in ('call_id', 'actor', 'name'):
        if not _id(proposal[k]):
            raise ValueError(k)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    a = proposal['arguments']
    if type(a) is not dict or sorted(map(repr, a)) != ["'status'", "'ticket'"]:
        raise ValueError('arguments')
    if not _ticket(a['ticket']) or type(a['status']) is not str or a['status'] not in ('open', 'done'):
        raise ValueError('ticket/status')
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    return hashlib.sha256(_canon(validate_ticket_proposal(proposal)).encode('ascii')).hexdigest()


def _state_ok(state):
    if type(state) is not dict or sorted(map(repr, state)) != ["'tickets'", "'version'"]:
        return False
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        return False
    t = state['tickets']
    if type(t) is not dict or not 1 <= len(t) <= 16:
        return False
    return all(_ticket(k) and type(v) is str and v in ('open', 'done') for k, v in t.items())


def _row_ok(row):
    if type(row) is not dict or not _hex(row.get('fingerprint')) or type(row.get('result')) is not dict:
        return False
    r = row['result']
    return _canon(r) == _canon(copy.deepcopy(r)) and type(r.get('version')) is int


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _id(actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64 or not all(_hex(a) for a in sorted(approved, key=repr)):
        raise ValueError('approved')
    if not _state_ok(state):
        raise ValueError('state')
    if type(completed) is not dict or len(completed) > 64 or not all(_row_ok(r) for r in completed.values()):
        raise ValueError('completed')
    staged_state, staged_log = copy.deepcopy(state), copy.deepcopy(completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in staged_log:
        row = staged_log[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**row['result'], 'replayed': True}
    if clean['version'] != staged_state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    t, v = clean['arguments']['ticket'], clean['arguments']['status']
    if t not in staged_state['tickets']:
        return {'status': 'missing-ticket'}
    if len(staged_log) >= 64:
        return {'status': 'log-full'}
    staged_state['tickets'][t] = v
    staged_state['version'] += 1
    if not _state_ok(staged_state):
        raise ValueError('staged state')
    result = {'status': 'ok', 'version': staged_state['version'], 'ticket': t, 'value': v, 'replayed': False}
    staged_log[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    if not all(_row_ok(r) for r in staged_log.values()):
        raise ValueError('staged log')
    state['tickets'][t] = v
    state['version'] = staged_state['version']
    completed[clean['call_id']] = staged_log[clean['call_id']]
    return result
