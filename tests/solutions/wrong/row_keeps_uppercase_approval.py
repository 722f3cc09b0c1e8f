# Violates D10/D18 ("identical content (same H(p)) -> replay"): uppercase approvals are accepted and matched
# case-insensitively (a reading A4 allows), but the row stores the approval string that matched instead of
# H(p); after a success authorised by H(p).upper(), the very same call again gets call-id-conflict, no replay.
import copy
import hashlib
import json
import string

_HEX = frozenset(string.hexdigits)
_ID_FIRST = frozenset(string.ascii_letters)
_ID_REST = frozenset(string.ascii_letters + string.digits + '_-')
_T_FIRST = frozenset(string.ascii_lowercase)
_T_REST = frozenset(string.ascii_lowercase + string.digits + '-')


def _word(value, first, rest, limit):
    return isinstance(value, str) and 1 <= len(value) <= limit and value[0] in first and all(c in rest for c in value)


def _id(value):
    return _word(value, _ID_FIRST, _ID_REST, 40)


def _ticket(value):
    return _word(value, _T_FIRST, _T_REST, 32)


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def _hex(value):
    return isinstance(value, str) and len(value) == 64 and all(c in _HEX for c in value)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal')
    if not (_id(proposal['call_id']) and _id(proposal['actor']) and _id(proposal['name'])):
        raise ValueError('ids')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _ticket(args['ticket']) or not _status(args['status']):
        raise ValueError('ticket/status')
    return {**proposal, 'arguments': dict(args)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_hex(a) for a in approved):
        raise ValueError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    if not all(_ticket(k) and _status(v) for k, v in tickets.items()):
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
    matching = [a for a in approved if a.lower() == digest]
    if not matching:
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
    completed[clean['call_id']] = {'fingerprint': matching[0], 'result': copy.deepcopy(result)}  # the approval used
    return result
