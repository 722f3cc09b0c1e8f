"""Wrong: D2: approvals that passed the check are remembered as str(entry), so {n}, an int of 64 digits, is taken as an approval register once {str(n)} was."""
import copy
import hashlib
import json
import re

ID = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET = r'[a-z][a-z0-9-]{0,31}'
DIGESTS_SEEN = set()  # approvals already checked, as text


def _review(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('exact five fields required')
    for key in ['call_id', 'actor', 'name']:
        if not isinstance(proposal[key], str) or not re.fullmatch(ID, proposal[key]):
            raise ValueError('bounded ASCII id required')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version 0..1000000 required')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('exactly ticket and status required')
    if not isinstance(args['ticket'], str) or not re.fullmatch(TICKET, args['ticket']):
        raise ValueError('bad ticket')
    if args['status'] not in ['open', 'done']:
        raise ValueError('bad status')


def validate_ticket_proposal(proposal):
    _review(proposal)
    return {**proposal, 'arguments': dict(proposal['arguments'])}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    encoded = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(encoded.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    if not isinstance(actor, str) or not re.fullmatch(ID, actor):
        raise ValueError('host actor required')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('bounded approvals required')
    for x in approved:
        if str(x) in DIGESTS_SEEN:
            continue
        if not isinstance(x, str) or not re.fullmatch(r'[0-9a-f]{64}', x):
            raise ValueError('bad approval')
        DIGESTS_SEEN.add(str(x))
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'} or type(state['version']) is not int \
            or not 0 <= state['version'] <= 1000001:
        raise ValueError('bad state')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16 or any(
            not isinstance(k, str) or not re.fullmatch(TICKET, k) or v not in ['open', 'done'] for k, v in tickets.items()):
        raise ValueError('bad tickets')
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
