import copy
import hashlib
import json
import re

ID_PAT = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_PAT = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_PAT = re.compile(r'[0-9a-f]{64}')


def _text_ok(pat, value):
    return isinstance(value, str) and pat.fullmatch(value) is not None


def _status_ok(value):
    return isinstance(value, str) and value in ('open', 'done')


def _proposal_errors(proposal):
    if not isinstance(proposal, dict):
        return ['proposal is not a dict']
    errors = []
    expected = {'call_id', 'actor', 'name', 'version', 'arguments'}
    for key in expected - set(proposal):
        errors.append('missing field ' + key)
    for key in set(proposal) - expected:
        errors.append('unexpected field ' + repr(key))
    if errors:
        return errors
    for key in ('call_id', 'actor', 'name'):
        if not _text_ok(ID_PAT, proposal[key]):
            errors.append('invalid ' + key)
    version = proposal['version']
    if type(version) is not int:
        errors.append('version is not a plain int')
    elif not 0 <= version <= 1000000:
        errors.append('version out of range')
    args = proposal['arguments']
    if not isinstance(args, dict):
        errors.append('arguments is not a dict')
    elif set(args) != {'ticket', 'status'}:
        errors.append('arguments must be exactly ticket and status')
    else:
        if not _text_ok(TICKET_PAT, args['ticket']):
            errors.append('invalid ticket')
        if not _status_ok(args['status']):
            errors.append('invalid status')
    return errors


def _host_errors(actor, approved, state, completed):
    errors = []
    if not _text_ok(ID_PAT, actor):
        errors.append('invalid host actor')
    if not isinstance(approved, set):
        errors.append('approved is not a set')
    else:
        if len(approved) > 64:
            errors.append('too many approvals')
        if not all(_text_ok(HEX_PAT, a) for a in approved):
            errors.append('approval is not a sha256 hex digest')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        errors.append('state must have exactly version and tickets')
    else:
        if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
            errors.append('invalid state version')
        tickets = state['tickets']
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            errors.append('state needs 1..16 tickets')
        elif not all(_text_ok(TICKET_PAT, k) and _status_ok(v) for k, v in tickets.items()):
            errors.append('invalid ticket in state')
    if not isinstance(completed, dict):
        errors.append('completed is not a dict')
    elif len(completed) > 64:
        errors.append('completed has more than 64 rows')
    return errors


def validate_ticket_proposal(proposal):
    errors = _proposal_errors(proposal)
    if errors:
        raise ValueError('; '.join(errors))
    return {**proposal, 'arguments': dict(proposal['arguments'])}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    errors = _proposal_errors(proposal) + _host_errors(actor, approved, state, completed)
    if errors:
        raise ValueError('; '.join(errors))
    clean = validate_ticket_proposal(proposal)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
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
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
