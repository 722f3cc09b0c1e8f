import copy
import hashlib
import json
import re

IDENTIFIER = re.compile(r"""
    \A                  # start of the string
    [A-Za-z]            # one ASCII letter
    [A-Za-z0-9_-]{0,39} # up to 39 more
    \Z                  # the very end (no trailing newline allowed)
""", re.VERBOSE)

TICKET_ID = re.compile(r"""
    \A [a-z] [a-z0-9-]{0,31} \Z
""", re.VERBOSE)

SHA256_HEX = re.compile(r'\A[0-9a-f]{64}\Z')

FIELDS = ['actor', 'arguments', 'call_id', 'name', 'version']


def _search(rx, value):
    return isinstance(value, str) and rx.search(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dict')
    if len(proposal) != len(FIELDS) or any(field not in proposal for field in FIELDS):
        raise ValueError('proposal must have exactly ' + ', '.join(FIELDS))
    for field in ('call_id', 'actor', 'name'):
        if not _search(IDENTIFIER, proposal[field]):
            raise ValueError('bad ' + field)
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or len(arguments) != 2 or 'ticket' not in arguments or 'status' not in arguments:
        raise ValueError('bad arguments')
    if not _search(TICKET_ID, arguments['ticket']):
        raise ValueError('bad ticket')
    if not isinstance(arguments['status'], str) or arguments['status'] not in ('open', 'done'):
        raise ValueError('bad status')
    fresh = {}
    for field in FIELDS:
        fresh[field] = proposal[field]
    fresh['arguments'] = {'ticket': arguments['ticket'], 'status': arguments['status']}
    return fresh


def proposal_fingerprint(proposal):
    fresh = validate_ticket_proposal(proposal)
    canonical = json.dumps(fresh, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(bytes(canonical, 'ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    fresh = validate_ticket_proposal(proposal)
    if not _search(IDENTIFIER, actor):
        raise ValueError('bad actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_search(SHA256_HEX, a) for a in approved):
        raise ValueError('bad approved')
    if not isinstance(state, dict) or len(state) != 2 or 'version' not in state or 'tickets' not in state:
        raise ValueError('bad state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('bad state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('bad tickets')
    for name, status in tickets.items():
        if not _search(TICKET_ID, name) or not isinstance(status, str) or status not in ('open', 'done'):
            raise ValueError('bad ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('bad completed')

    if fresh['actor'] != actor:
        return {'status': 'forbidden'}
    if fresh['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(fresh)
    if fresh['call_id'] in completed:
        row = completed[fresh['call_id']]
        if row['fingerprint'] != fingerprint:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if fresh['version'] != state['version']:
        return {'status': 'stale-version'}
    if fingerprint not in approved:
        return {'status': 'approval-required'}
    ticket = fresh['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = fresh['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': fresh['arguments']['status'], 'replayed': False}
    completed[fresh['call_id']] = {'fingerprint': fingerprint, 'result': copy.deepcopy(result)}
    return result
