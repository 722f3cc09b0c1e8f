"""Wrong: D10: the fingerprints are only compared while the ticket is still in state; a known call id with other content for a ticket the host removed is replayed instead of giving call-id-conflict."""
import copy
import hashlib
import json
import re

ID_RX = re.compile('[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RX = re.compile('[a-z][a-z0-9-]{0,31}')
HEX_RX = re.compile('[0-9a-f]{64}')


def _id(value):
    match value:
        case str() if ID_RX.fullmatch(value):
            return True
        case _:
            return False


def _ticket(value):
    match value:
        case str() if TICKET_RX.fullmatch(value):
            return True
    return False


def _status(value):
    match value:
        case str('open') | str('done'):
            return True
        case _:
            return False


def _version(value, upper):
    match value:
        case bool():
            return False
        case int() if 0 <= value <= upper:
            return type(value) is int
        case _:
            return False


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or len(proposal) != 5:
        raise ValueError('need a dict with five fields')
    match proposal:
        case {'call_id': call_id, 'actor': actor, 'name': name,
              'version': version, 'arguments': arguments}:
            pass
        case _:
            raise ValueError('missing field')
    if not (_id(call_id) and _id(actor) and _id(name)):
        raise ValueError('bad identifier')
    if not _version(version, 1000000):
        raise ValueError('bad version')
    if not isinstance(arguments, dict) or len(arguments) != 2:
        raise ValueError('arguments must be a dict of two')
    match arguments:
        case {'ticket': ticket, 'status': status} if _ticket(ticket) and _status(status):
            pass
        case _:
            raise ValueError('bad arguments')
    return {'call_id': call_id, 'actor': actor, 'name': name, 'version': version,
            'arguments': {'ticket': ticket, 'status': status}}


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True,
                           ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def _host_inputs_ok(actor, approved, state, completed):
    if not _id(actor):
        return False
    if not isinstance(approved, set) or len(approved) > 64:
        return False
    for item in approved:
        match item:
            case str() if HEX_RX.fullmatch(item):
                pass
            case _:
                return False
    if not isinstance(state, dict) or len(state) != 2:
        return False
    match state:
        case {'version': version, 'tickets': tickets}:
            pass
        case _:
            return False
    if not _version(version, 1000001):
        return False
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        return False
    for key, value in tickets.items():
        if not (_ticket(key) and _status(value)):
            return False
    return isinstance(completed, dict) and len(completed) <= 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _host_inputs_ok(actor, approved, state, completed):
        raise ValueError('invalid host input')
    digest = proposal_fingerprint(clean)
    row = completed.get(clean['call_id'])
    ticket = clean['arguments']['ticket']
    match clean:
        case {'actor': who} if who != actor:
            return {'status': 'forbidden'}
        case {'name': tool} if tool != 'set_ticket':
            return {'status': 'unknown-tool'}
        case _ if row is not None and row['fingerprint'] != digest and ticket in state['tickets']:
            return {'status': 'call-id-conflict'}
        case _ if row is not None:
            again = copy.deepcopy(row['result'])
            again['replayed'] = True
            return again
        case {'version': version} if version != state['version']:
            return {'status': 'stale-version'}
        case _ if digest not in approved:
            return {'status': 'approval-required'}
        case _ if ticket not in state['tickets']:
            return {'status': 'missing-ticket'}
        case _ if len(completed) >= 64:
            return {'status': 'log-full'}
    state['tickets'][ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
