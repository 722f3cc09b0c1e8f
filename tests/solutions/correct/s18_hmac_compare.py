import copy
import hashlib
import hmac
import json
import re

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')


def _match(rx, value):
    return isinstance(value, str) and rx.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('invalid proposal fields')
    if not all(_match(ID_RE, proposal[f]) for f in ('call_id', 'actor', 'name')):
        raise ValueError('invalid identifier')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('invalid version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('invalid arguments')
    if not _match(TICKET_RE, args['ticket']):
        raise ValueError('invalid ticket')
    if not isinstance(args['status'], str) or args['status'] not in ('open', 'done'):
        raise ValueError('invalid status')
    return {**proposal, 'arguments': dict(args)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    data = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')
    return hashlib.sha256(data).hexdigest()


def _same(a, b):
    # constant-time comparison of two hex digests
    return hmac.compare_digest(a, b)


def _is_approved(digest, approved):
    found = False
    for candidate in approved:
        if _same(digest, candidate):
            found = True
    return found


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _match(ID_RE, actor):
        raise ValueError('invalid host actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_match(HEX_RE, a) for a in approved):
        raise ValueError('invalid approvals')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('invalid state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('invalid state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('invalid tickets')
    for k, v in tickets.items():
        if not _match(TICKET_RE, k) or not isinstance(v, str) or v not in ('open', 'done'):
            raise ValueError('invalid ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('invalid completed log')

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if not _same(row['fingerprint'], digest):
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(row['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if not _is_approved(digest, approved):
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
