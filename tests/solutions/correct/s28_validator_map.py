import copy
import hashlib
import json
import re

_CHECKERS = {
    'call_id': lambda v: isinstance(v, str) and re.fullmatch('[A-Za-z][A-Za-z0-9_-]{0,39}', v) is not None,
    'actor': lambda v: isinstance(v, str) and re.fullmatch('[A-Za-z][A-Za-z0-9_-]{0,39}', v) is not None,
    'name': lambda v: isinstance(v, str) and re.fullmatch('[A-Za-z][A-Za-z0-9_-]{0,39}', v) is not None,
    'version': lambda v: type(v) is int and 0 <= v <= 1000000,
    'arguments': lambda v: isinstance(v, dict),
}
_ARG_CHECKERS = {
    'ticket': lambda v: isinstance(v, str) and re.fullmatch('[a-z][a-z0-9-]{0,31}', v) is not None,
    'status': lambda v: isinstance(v, str) and v in ('open', 'done'),
}


def _fields_ok(value, checkers):
    if not isinstance(value, dict) or len(value) != len(checkers):
        return False
    for key, check in checkers.items():
        if key not in value or not check(value[key]):
            return False
    return True


def validate_ticket_proposal(proposal):
    if not _fields_ok(proposal, _CHECKERS) or not _fields_ok(proposal['arguments'], _ARG_CHECKERS):
        raise ValueError('proposal does not follow the contract')
    clean = copy.copy(proposal)
    clean['arguments'] = copy.copy(proposal['arguments'])
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


_HOST = {
    'actor': _CHECKERS['actor'],
    'approved': lambda a: isinstance(a, set) and len(a) <= 64 and all(
        isinstance(x, str) and re.fullmatch('[0-9a-f]{64}', x) is not None for x in a),
    'state': lambda s: _fields_ok(s, {
        'version': lambda v: type(v) is int and 0 <= v <= 1000001,
        'tickets': lambda t: isinstance(t, dict) and 1 <= len(t) <= 16 and all(
            _ARG_CHECKERS['ticket'](k) and _ARG_CHECKERS['status'](v) for k, v in t.items()),
    }),
    'completed': lambda c: isinstance(c, dict) and len(c) <= 64,
}


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    supplied = {'actor': actor, 'approved': approved, 'state': state, 'completed': completed}
    for key, check in _HOST.items():
        if not check(supplied[key]):
            raise ValueError('invalid ' + key)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        entry = completed[clean['call_id']]
        if entry['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.copy(entry['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.copy(result)}
    return result
