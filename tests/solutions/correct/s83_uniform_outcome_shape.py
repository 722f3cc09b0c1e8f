# Style: every outcome has the same shape (A6: refusals may carry more than status): status, version (the
# state's version after the call), ticket, value (the ticket's status after the call, None when it has none),
# replayed and a reason; replays add the call id they repeat. Rows keep extra keys (A7: call_id, actor, the
# proposal as validated). A liberal reading of the containers (A1: dict subclasses), strict elsewhere.
import copy
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX = re.compile(r'[0-9a-f]{64}')


def _match(pattern, value):
    return type(value) is str and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or sorted(proposal, key=repr) != sorted(
            ['call_id', 'actor', 'name', 'version', 'arguments'], key=repr):
        raise ValueError('proposal fields')
    if not all(_match(ID, proposal[k]) for k in ('call_id', 'actor', 'name')):
        raise ValueError('ids')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or sorted(args, key=repr) != sorted(['ticket', 'status'], key=repr):
        raise ValueError('arguments')
    if not _match(TICKET, args['ticket']) or type(args['status']) is not str or args['status'] not in ('open', 'done'):
        raise ValueError('ticket/status')
    return {'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
            'version': proposal['version'], 'arguments': {'ticket': args['ticket'], 'status': args['status']}}


def proposal_fingerprint(proposal):
    data = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(data.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _match(ID, actor):
        raise ValueError('actor')
    if type(approved) is not set or len(approved) > 64 or not all(_match(HEX, a) for a in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or sorted(map(repr, state)) != ["'tickets'", "'version'"]:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for k, v in tickets.items():
        if not _match(TICKET, k) or type(v) is not str or v not in ('open', 'done'):
            raise ValueError('ticket pair')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def _outcome(status, state, ticket, reason, **more):
    tickets = state['tickets']
    return {'status': status, 'version': state['version'], 'ticket': ticket,
            'value': tickets[ticket] if ticket in tickets else None, 'replayed': False, 'reason': reason, **more}


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    ticket, value = p['arguments']['ticket'], p['arguments']['status']
    if p['actor'] != actor:
        return _outcome('forbidden', state, ticket, 'actor ' + actor + ' may not act for ' + p['actor'])
    if p['name'] != 'set_ticket':
        return _outcome('unknown-tool', state, ticket, 'no tool ' + p['name'])
    digest = proposal_fingerprint(p)
    if p['call_id'] in completed:
        row = completed[p['call_id']]
        if row['fingerprint'] != digest:
            return _outcome('call-id-conflict', state, ticket, 'call id used for other content')
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        replay['repeats'] = p['call_id']
        return replay
    if p['version'] != state['version']:
        return _outcome('stale-version', state, ticket, 'expected version ' + str(state['version']))
    if digest not in approved:
        return _outcome('approval-required', state, ticket, 'fingerprint ' + digest[:12] + ' not approved')
    if ticket not in state['tickets']:
        return _outcome('missing-ticket', state, ticket, 'no ticket ' + ticket)
    if len(completed) >= 64:
        return _outcome('log-full', state, ticket, 'the log holds ' + str(len(completed)) + ' rows')
    state['tickets'][ticket] = value
    state['version'] += 1
    result = _outcome('ok', state, ticket, 'done')
    completed[p['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result), 'call_id': p['call_id'],
                               'actor': actor, 'proposal': copy.deepcopy(p)}
    return result
