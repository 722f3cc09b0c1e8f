import hashlib
import json
import re


def _canonical(data):
    return json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(',', ':'))


def _clone(data):
    # every value we store is plain JSON (str, int, bool, dict)
    return json.loads(json.dumps(data))


def _valid_id(value):
    return isinstance(value, str) and re.fullmatch('[A-Za-z][A-Za-z0-9_-]{0,39}', value) is not None


def _valid_ticket(value):
    return isinstance(value, str) and re.fullmatch('[a-z][a-z0-9-]{0,31}', value) is not None


def _valid_status(value):
    return value in ['open', 'done'] and isinstance(value, str)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dictionary')
    if sorted(map(repr, proposal)) != sorted(map(repr, ['call_id', 'actor', 'name', 'version', 'arguments'])):
        raise ValueError('proposal must contain exactly the five fields')
    if not _valid_id(proposal['call_id']) or not _valid_id(proposal['actor']) or not _valid_id(proposal['name']):
        raise ValueError('call_id, actor and name must be ASCII ids')
    if type(proposal['version']) != int or proposal['version'] < 0 or proposal['version'] > 1000000:
        raise ValueError('version must be an int between 0 and 1000000')
    args = proposal['arguments']
    if not isinstance(args, dict) or sorted(map(repr, args)) != ["'status'", "'ticket'"]:
        raise ValueError('arguments must be exactly ticket and status')
    if not _valid_ticket(args['ticket']) or not _valid_status(args['status']):
        raise ValueError('bad ticket or status')
    return _clone(proposal)


def proposal_fingerprint(proposal):
    return hashlib.sha256(_canonical(validate_ticket_proposal(proposal)).encode('utf-8')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _valid_id(actor):
        raise ValueError('host actor must be an ASCII id')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved must be a set of at most 64 digests')
    for a in approved:
        if not isinstance(a, str) or re.fullmatch('[0-9a-f]{64}', a) is None:
            raise ValueError('approved digests must be lowercase sha256 hex')
    if not isinstance(state, dict) or sorted(map(repr, state)) != ["'tickets'", "'version'"]:
        raise ValueError('state must have version and tickets')
    if type(state['version']) != int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version out of range')
    if not isinstance(state['tickets'], dict) or not 0 < len(state['tickets']) < 17:
        raise ValueError('state needs 1..16 tickets')
    for key in state['tickets']:
        if not _valid_ticket(key) or not _valid_status(state['tickets'][key]):
            raise ValueError('bad ticket in state')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed must be a dict of at most 64 rows')

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        if completed[clean['call_id']]['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        out = _clone(completed[clean['call_id']]['result'])
        out['replayed'] = True
        return out
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
        return {'status': 'approval-required'}
    if clean['arguments']['ticket'] not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}

    state['tickets'][clean['arguments']['ticket']] = clean['arguments']['status']
    state['version'] += 1
    result = {
        'status': 'ok',
        'version': state['version'],
        'ticket': clean['arguments']['ticket'],
        'value': clean['arguments']['status'],
        'replayed': False,
    }
    completed[clean['call_id']] = {'fingerprint': fp, 'result': _clone(result)}
    return result
