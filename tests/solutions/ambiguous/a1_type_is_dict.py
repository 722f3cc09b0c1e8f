# Reading of A1: "a Python dictionary" means exactly dict; subclasses
# (OrderedDict, defaultdict) and other mappings are refused with ValueError.
import copy
import hashlib
import json
import re

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')


def _is_dict(value):
    return type(value) is dict


def _text(rx, value):
    return isinstance(value, str) and rx.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not _is_dict(proposal) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal must be a plain dict with five fields')
    for key in ('call_id', 'actor', 'name'):
        if not _text(ID_RE, proposal[key]):
            raise ValueError(key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not _is_dict(args) or set(args) != {'ticket', 'status'}:
        raise ValueError('arguments must be a plain dict')
    if not _text(TICKET_RE, args['ticket']) or not _status(args['status']):
        raise ValueError('ticket/status')
    return {**proposal, 'arguments': dict(args)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _text(ID_RE, actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_text(HEX_RE, a) for a in approved):
        raise ValueError('approved')
    if not _is_dict(state) or set(state) != {'version', 'tickets'}:
        raise ValueError('state must be a plain dict')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not _is_dict(tickets) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets must be a plain dict')
    if not all(_text(TICKET_RE, k) and _status(v) for k, v in tickets.items()):
        raise ValueError('ticket entries')
    if not _is_dict(completed) or len(completed) > 64:
        raise ValueError('completed must be a plain dict')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return {**copy.deepcopy(row['result']), 'replayed': True}
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
