import copy
import hashlib
import json
import re

# IGNORECASE on its own would let the Kelvin sign match [a-z]; re.ASCII keeps it ASCII.
ID_RE = re.compile(r'[a-z][a-z0-9_-]{0,39}', re.IGNORECASE | re.ASCII)
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
DIGEST_RE = re.compile(r'[0-9a-f]{64}')


def _fullmatch(rx, value):
    return isinstance(value, str) and rx.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('not a dict')
    if len(proposal) != 5 or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('fields')
    if not _fullmatch(ID_RE, proposal['call_id']):
        raise ValueError('call_id')
    if not _fullmatch(ID_RE, proposal['actor']):
        raise ValueError('actor')
    if not _fullmatch(ID_RE, proposal['name']):
        raise ValueError('name')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _fullmatch(TICKET_RE, args['ticket']):
        raise ValueError('ticket')
    if args['status'] not in ['open', 'done'] or not isinstance(args['status'], str):
        raise ValueError('status')
    result = copy.deepcopy(proposal)
    return result


def proposal_fingerprint(proposal):
    data = validate_ticket_proposal(proposal)
    digest = hashlib.sha256()
    digest.update(json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii'))
    return digest.hexdigest()


def _host_checks(actor, approved, state, completed):
    if not _fullmatch(ID_RE, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    for entry in approved:
        if not _fullmatch(DIGEST_RE, entry):
            raise ValueError('approved entry')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    if not isinstance(state['tickets'], dict) or not 1 <= len(state['tickets']) <= 16:
        raise ValueError('tickets')
    for name, status in state['tickets'].items():
        if not _fullmatch(TICKET_RE, name) or status not in ['open', 'done'] or not isinstance(status, str):
            raise ValueError('ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _host_checks(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fp = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        saved = completed[clean['call_id']]
        if saved['fingerprint'] != fp:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(saved['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if fp not in approved:
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
    completed[clean['call_id']] = {'fingerprint': fp, 'result': copy.deepcopy(result)}
    return result
