# Style: problems reported by generator functions (yield / yield from), a global call counter updated with `global`,
# function attributes, print-logging on every call, and a demo that runs at import time with module-level data
import hashlib
import json
import re
import sys

CALLS = 0
ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


def _log(*parts):
    print('[tickets]', *parts, sep=' ', end='\n', file=sys.stdout)


def _id_problems(field, value):
    if not isinstance(value, str):
        yield f'{field} is not a str'
    elif not ID.fullmatch(value):
        yield f'{field} does not match the id pattern'


def _proposal_problems(proposal):
    if not isinstance(proposal, dict):
        yield 'not a dict'
        return
    keys = set(proposal)
    if keys != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        yield f'fields: {sorted(map(str, keys))}'
        return
    for field in ('call_id', 'actor', 'name'):
        yield from _id_problems(field, proposal[field])
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        yield 'version'
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
        yield 'arguments'
        return
    ticket, status = arguments['ticket'], arguments['status']
    if not (isinstance(ticket, str) and TICKET.fullmatch(ticket)):
        yield 'ticket'
    if not (isinstance(status, str) and status in ('open', 'done')):
        yield 'status'


def validate_ticket_proposal(proposal):
    global CALLS
    CALLS += 1
    validate_ticket_proposal.calls += 1
    for problem in _proposal_problems(proposal):
        _log('refused:', problem)
        raise ValueError(problem)
    return {key: (dict(value) if isinstance(value, dict) else value) for key, value in proposal.items()}


validate_ticket_proposal.calls = 0


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    digest = hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                       separators=(',', ':')).encode('ascii')).hexdigest()
    _log('fingerprint', digest[:12])
    return digest


def _host_problems(actor, approved, state, completed):
    yield from _id_problems('actor', actor)
    if not isinstance(approved, set) or len(approved) > 64:
        yield 'approved'
    else:
        yield from ('approval' for h in approved if not (isinstance(h, str) and HEX.fullmatch(h)))
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        yield 'state'
    else:
        if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
            yield 'state version'
        tickets = state['tickets']
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            yield 'tickets'
        else:
            for key, value in tickets.items():
                if not (isinstance(key, str) and TICKET.fullmatch(key)):
                    yield 'ticket key'
                if not (isinstance(value, str) and value in ('open', 'done')):
                    yield 'ticket value'
    if not isinstance(completed, dict) or len(completed) > 64:
        yield 'completed'


def dispatch_ticket(proposal, actor, approved, state, completed):
    dispatch_ticket.calls += 1
    clean = validate_ticket_proposal(proposal)
    first = next(_host_problems(actor, approved, state, completed), None)
    if first is not None:
        raise ValueError(first)
    outcome = _decide(clean, actor, approved, state, completed)
    _log('dispatch', clean['call_id'], '->', outcome['status'], f'(call {dispatch_ticket.calls})')
    return outcome


dispatch_ticket.calls = 0


def _decide(clean, actor, approved, state, completed):
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        row = completed[call_id]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return dict(row['result'], replayed=True)
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': dict(result)}
    return result


# Demo at import time (the lesson's first examples)
DEMO_STATE = {'version': 0, 'tickets': {'lamp': 'open', 'sensor': 'open'}}
DEMO_LOG = {}
DEMO = {'call_id': 'c1', 'actor': 'learner', 'name': 'set_ticket', 'version': 0,
        'arguments': {'ticket': 'lamp', 'status': 'done'}}
print(dispatch_ticket(DEMO, 'learner', {proposal_fingerprint(DEMO)}, DEMO_STATE, DEMO_LOG))
print(dispatch_ticket(DEMO, 'learner', set(), DEMO_STATE, DEMO_LOG))
try:
    validate_ticket_proposal({**DEMO, 'approved': True})
except ValueError as error:
    print('refused as expected:', error)
print('calls so far:', CALLS, validate_ticket_proposal.calls, dispatch_ticket.calls)
