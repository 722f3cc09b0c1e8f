import copy
import hashlib
import json
import re

REQUIRED = ('call_id', 'actor', 'name', 'version', 'arguments')


def _bad(message):
    return ValueError(message)


def _id_ok(s):
    if not isinstance(s, str):
        return False
    return re.fullmatch(r'[A-Za-z][-\w]{0,39}', s, flags=re.ASCII) is not None


def _ticket_ok(s):
    if not isinstance(s, str):
        return False
    return re.fullmatch(r'[a-z][-a-z\d]{0,31}', s, flags=re.ASCII) is not None


def _status_ok(s):
    if not isinstance(s, str):
        return False
    return s == 'open' or s == 'done'


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise _bad('proposal must be a dict')
    if len(proposal) != len(REQUIRED):
        raise _bad('proposal must have exactly five fields')
    for key in REQUIRED:
        if key not in proposal:
            raise _bad('missing ' + key)
    if not _id_ok(proposal['call_id']):
        raise _bad('call_id')
    if not _id_ok(proposal['actor']):
        raise _bad('actor')
    if not _id_ok(proposal['name']):
        raise _bad('name')
    version = proposal['version']
    if not isinstance(version, int) or isinstance(version, bool):
        raise _bad('version must be an int')
    if version < 0:
        raise _bad('version negative')
    if version > 1000000:
        raise _bad('version too large')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict):
        raise _bad('arguments must be a dict')
    if len(arguments) != 2 or 'ticket' not in arguments or 'status' not in arguments:
        raise _bad('arguments must be ticket and status')
    if not _ticket_ok(arguments['ticket']):
        raise _bad('ticket')
    if not _status_ok(arguments['status']):
        raise _bad('status')
    result = copy.deepcopy(proposal)
    return result


def proposal_fingerprint(proposal):
    proposal = validate_ticket_proposal(proposal)
    canonical = json.dumps(proposal, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _hex_ok(s):
    return isinstance(s, str) and re.fullmatch(r'[\da-f]{64}', s, flags=re.ASCII) is not None


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    if not _id_ok(actor):
        raise _bad('actor')
    if not isinstance(approved, set):
        raise _bad('approved must be a set')
    if len(approved) > 64:
        raise _bad('approved too large')
    if not all(_hex_ok(x) for x in approved):
        raise _bad('approved entries')
    if not isinstance(state, dict):
        raise _bad('state must be a dict')
    if len(state) != 2 or 'version' not in state or 'tickets' not in state:
        raise _bad('state keys')
    current = state['version']
    if not isinstance(current, int) or isinstance(current, bool):
        raise _bad('state version type')
    if current < 0 or current > 1000001:
        raise _bad('state version range')
    tickets = state['tickets']
    if not isinstance(tickets, dict):
        raise _bad('tickets must be a dict')
    if len(tickets) < 1 or len(tickets) > 16:
        raise _bad('1..16 tickets')
    for name, status in tickets.items():
        if not _ticket_ok(name) or not _status_ok(status):
            raise _bad('ticket entry')
    if not isinstance(completed, dict):
        raise _bad('completed must be a dict')
    if len(completed) > 64:
        raise _bad('completed too large')

    if proposal['actor'] != actor:
        return {'status': 'forbidden'}
    if proposal['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(proposal)
    if proposal['call_id'] in completed:
        row = completed[proposal['call_id']]
        if row['fingerprint'] != fingerprint:
            return {'status': 'call-id-conflict'}
        answer = copy.deepcopy(row['result'])
        answer['replayed'] = True
        return answer
    if proposal['version'] != current:
        return {'status': 'stale-version'}
    if fingerprint not in approved:
        return {'status': 'approval-required'}
    ticket = proposal['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = proposal['arguments']['status']
    state['version'] = current + 1
    result = {'status': 'ok', 'version': current + 1, 'ticket': ticket,
              'value': proposal['arguments']['status'], 'replayed': False}
    completed[proposal['call_id']] = {'fingerprint': fingerprint, 'result': copy.deepcopy(result)}
    return result
