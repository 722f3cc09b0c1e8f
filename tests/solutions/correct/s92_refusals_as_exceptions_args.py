# Style: control flow by exceptions. Each status check raises an own Refusal (not a ValueError) whose args
# hold the status and a fresh dict of details; dispatch_ticket catches it and builds the returned refusal from
# refusal.args. Look-ups that may fail use the library's own exceptions: a dict look-up's KeyError names the
# missing call id or ticket (read from error.args), and a LookupError built around a dict carries the replay.
# Input shapes raise ValueError subclasses that carry the field name and the value.
import copy
import hashlib
import json
import re


class Refusal(Exception):
    """A controlled refusal: args = (status, details)."""


class BadShape(ValueError):
    """args = (field, value)."""


class Replay(LookupError):
    """args = (stored result,)."""


PATTERNS = {
    'id': re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}'),
    'ticket': re.compile(r'[a-z][a-z0-9-]{0,31}'),
    'digest': re.compile(r'[0-9a-f]{64}'),
}


def _text(kind, field, value):
    if type(value) is not str or PATTERNS[kind].fullmatch(value) is None:
        raise BadShape(field, value)
    return value


def _int(field, value, top):
    if type(value) is not int or value < 0 or value > top:
        raise BadShape(field, value)
    return value


def _status(field, value):
    if type(value) is not str or value not in ('open', 'done'):
        raise BadShape(field, value)
    return value


def _fields(field, value, names):
    if type(value) is not dict or set(value) != set(names):
        raise BadShape(field, value)
    return value


def validate_ticket_proposal(proposal):
    _fields('proposal', proposal, ('call_id', 'actor', 'name', 'version', 'arguments'))
    out = {field: _text('id', field, proposal[field]) for field in ('call_id', 'actor', 'name')}
    out['version'] = _int('version', proposal['version'], 1000000)
    arguments = _fields('arguments', proposal['arguments'], ('ticket', 'status'))
    out['arguments'] = {'ticket': _text('ticket', 'ticket', arguments['ticket']),
                        'status': _status('status', arguments['status'])}
    return out


def proposal_fingerprint(proposal):
    body = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(body.encode('ascii')).hexdigest()


def _host(actor, approved, state, completed):
    _text('id', 'actor', actor)
    if type(approved) is not set or len(approved) > 64:
        raise BadShape('approved', approved)
    for item in approved:
        _text('digest', 'approved', item)
    _fields('state', state, ('version', 'tickets'))
    _int('state version', state['version'], 1000001)
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise BadShape('tickets', tickets)
    for ticket, status in tickets.items():
        _text('ticket', 'tickets', ticket)
        _status('tickets', status)
    if type(completed) is not dict or len(completed) > 64:
        raise BadShape('completed', completed)


def _decide(clean, digest, actor, approved, state, completed):
    if clean['actor'] != actor:
        raise Refusal('forbidden', {'claimed': clean['actor'], 'host': actor})
    if clean['name'] != 'set_ticket':
        raise Refusal('unknown-tool', {'name': clean['name'], 'known': ['set_ticket']})
    try:
        row = completed[clean['call_id']]
    except KeyError as new_call:
        call_id = new_call.args[0]
    else:
        if row['fingerprint'] != digest:
            raise Refusal('call-id-conflict', {'call_id': clean['call_id']})
        raise Replay(copy.deepcopy(row['result']))
    if clean['version'] != state['version']:
        raise Refusal('stale-version', {'expected': [state['version']], 'got': [clean['version']]})
    if digest not in approved:
        raise Refusal('approval-required', {'fingerprint': digest})
    ticket = clean['arguments']['ticket']
    try:
        state['tickets'][ticket]
    except KeyError as missing:
        raise Refusal('missing-ticket', {'ticket': missing.args[0], 'known': sorted(state['tickets'])}) from None
    if len(completed) >= 64:
        raise Refusal('log-full', {'rows': len(completed)})
    return call_id, ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    digest = proposal_fingerprint(clean)
    try:
        call_id, ticket = _decide(clean, digest, actor, approved, state, completed)
    except Refusal as refusal:
        status, details = refusal.args
        return {'status': status, 'details': details}
    except Replay as replay:
        result = replay.args[0]
        result['replayed'] = True
        return result
    value = clean['arguments']['status']
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': dict(result)}
    return result
