# Reading of A5 (proposal side): "gewone int" excludes bool, but an int
# subclass such as IntEnum is still an integer and is accepted; the
# validated copy stores it as a plain int.
import copy
import hashlib
import json
import re

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')


def _int_not_bool(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _ok(rx, value):
    return isinstance(value, str) and rx.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal')
    for key in ('call_id', 'actor', 'name'):
        if not _ok(ID_RE, proposal[key]):
            raise ValueError(key)
    version = proposal['version']
    if not _int_not_bool(version) or not 0 <= version <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _ok(TICKET_RE, args['ticket']) or not _status(args['status']):
        raise ValueError('ticket/status')
    return {'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
            'version': int(version), 'arguments': dict(args)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _ok(ID_RE, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ok(HEX_RE, a) for a in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if not _int_not_bool(state['version']) or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    if not all(_ok(TICKET_RE, k) and _status(v) for k, v in tickets.items()):
        raise ValueError('ticket entries')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')
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
    state['version'] = int(state['version']) + 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
