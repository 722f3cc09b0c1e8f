"""Checkpoint solutions, written on Windows."""
import copy
import hashlib
import json
import re

IDENT = re.compile(r'[A-Za-z][\w-]{0,39}', re.ASCII)
TICKET = re.compile(r'[a-z][a-z\d-]{0,31}', re.ASCII)
HEXDIGEST = re.compile(r'[\da-f]{64}', re.ASCII)


def _good(rx, value):
    return isinstance(value, str) and rx.fullmatch(value) is not None


def _good_status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dict')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal must have exactly five fields')
    if not all(_good(IDENT, proposal[key]) for key in ('call_id', 'actor', 'name')):
        raise ValueError('bad identifier')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('bad version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    if not _good(TICKET, args['ticket']) or not _good_status(args['status']):
        raise ValueError('bad ticket or status')
    clean = dict(proposal)
    clean['arguments'] = dict(args)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _good(IDENT, actor):
        raise ValueError('bad actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('bad approved')
    if not all(_good(HEXDIGEST, a) for a in approved):
        raise ValueError('bad approval')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('bad state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('bad state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('bad tickets')
    if not all(_good(TICKET, k) and _good_status(v) for k, v in tickets.items()):
        raise ValueError('bad ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('bad log')

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result


if __name__ == "__main__":
    voorstel = {'call_id': 'c1', 'actor': 'learner', 'name': 'set_ticket', 'version': 0,
                'arguments': {'ticket': 'lamp', 'status': 'done'}}
    print(proposal_fingerprint(voorstel))
