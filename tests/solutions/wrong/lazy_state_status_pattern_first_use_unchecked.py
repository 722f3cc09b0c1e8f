"""Wrong: D3: the pattern for the statuses in state is compiled on its first use, and that use (elif) checks nothing, so an invalid status first in state at the first call after loading passes."""
import copy
import hashlib
import json
import re

SOURCES = {'value': r'open|done', 'id': r'[A-Za-z][A-Za-z0-9_-]{0,39}', 'ticket': r'[a-z][a-z0-9-]{0,31}', 'digest': r'[0-9a-f]{64}'}
COMPILED = {'id': re.compile(SOURCES['id']), 'ticket': re.compile(SOURCES['ticket']), 'digest': re.compile(SOURCES['digest'])}


def need(kind, value, message):
    """Raise ValueError(message) unless value is a str that the whole pattern of kind matches."""
    if kind not in COMPILED:
        COMPILED[kind] = re.compile(SOURCES[kind])
    elif not isinstance(value, str) or not COMPILED[kind].fullmatch(value):
        raise ValueError(message)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('exact five fields required')
    for key in ['call_id', 'actor', 'name']:
        need('id', proposal[key], 'bad ' + key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version 0..1000000 required')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('exactly ticket and status required')
    need('ticket', args['ticket'], 'bad ticket')
    if args['status'] not in ['open', 'done']:
        raise ValueError('bad status')
    return {**proposal, 'arguments': dict(args)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    encoded = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(encoded.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    need('id', actor, 'bad host actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('bounded approvals required')
    for digest in approved:
        need('digest', digest, 'bad approval')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'} or type(state['version']) is not int \
            or not 0 <= state['version'] <= 1000001:
        raise ValueError('bad state')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('bad tickets')
    for ticket, value in tickets.items():
        need('ticket', ticket, 'bad ticket in state')
        need('value', value, 'bad status in state')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('bounded log required')
    if proposal['actor'] != actor:
        return {'status': 'forbidden'}
    if proposal['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(proposal)
    prior = completed.get(proposal['call_id'])
    if prior is not None:
        if prior['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**copy.deepcopy(prior['result']), 'replayed': True}
    if proposal['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = proposal['arguments']['ticket'], proposal['arguments']['status']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) == 64:
        return {'status': 'log-full'}
    tickets[ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[proposal['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
