import copy
import hashlib
import json
import re


def _id(value):
    return isinstance(value, str) and (m := re.fullmatch(r'[A-Za-z][A-Za-z0-9_-]*', value)) is not None and len(m.group()) <= 40


def _ticket(value):
    return isinstance(value, str) and len(value) <= 32 and re.fullmatch(r'[a-z][a-z0-9-]*', value) is not None


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or (keys := set(proposal)) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal must be a dict with exactly five fields')
    if bad := [k for k in ('call_id', 'actor', 'name') if not _id(proposal[k])]:
        raise ValueError('invalid identifiers: %s' % bad)
    if type(version := proposal['version']) is not int or not 0 <= version <= 1000000:
        raise ValueError('invalid version')
    if not isinstance(args := proposal['arguments'], dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('invalid arguments')
    if not (_ticket(args['ticket']) and _status(args['status'])):
        raise ValueError('invalid ticket or status')
    return {**proposal, 'arguments': {**args}}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _id(actor):
        raise ValueError('invalid host actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('invalid approvals')
    if any(not isinstance(a, str) or not re.fullmatch(r'[0-9a-f]{64}', a) for a in approved):
        raise ValueError('invalid approval digest')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('invalid state')
    if type(current := state['version']) is not int or not 0 <= current <= 1000001:
        raise ValueError('invalid state version')
    if not isinstance(tickets := state['tickets'], dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('invalid tickets')
    if any(not (_ticket(k) and _status(v)) for k, v in tickets.items()):
        raise ValueError('invalid ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('invalid completed log')

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if (row := completed.get(clean['call_id'])) is not None:
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**copy.deepcopy(row['result']), 'replayed': True}
    if clean['version'] != current:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    if (ticket := clean['arguments']['ticket']) not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
