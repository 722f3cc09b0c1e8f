# Violates V10: under the A1 reading that any Mapping is a dictionary, arguments given as a
# collections.OrderedDict are kept in the result as they are, to keep the caller's key order: a later change
# to the caller's OrderedDict changes the result (accepting or refusing it were both fine; copying it is not).
import copy
import hashlib
import json
import re
from collections import OrderedDict
from typing import Mapping, MutableMapping

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')


def _text(rx, value):
    return isinstance(value, str) and rx.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, Mapping) or set(proposal.keys()) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('proposal must be a mapping with five fields')
    for key in ('call_id', 'actor', 'name'):
        if not _text(ID_RE, proposal[key]):
            raise ValueError(key)
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('version')
    args = proposal['arguments']
    if not isinstance(args, Mapping) or set(args.keys()) != {'ticket', 'status'}:
        raise ValueError('arguments')
    if not _text(TICKET_RE, args['ticket']) or not _status(args['status']):
        raise ValueError('ticket/status')
    if isinstance(args, OrderedDict):
        kept = args  # the caller chose this order on purpose: hand it on as it is
    else:
        kept = {'ticket': args['ticket'], 'status': args['status']}
    return {'call_id': proposal['call_id'], 'actor': proposal['actor'], 'name': proposal['name'],
            'version': version, 'arguments': kept}


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
    if not isinstance(state, MutableMapping) or set(state.keys()) != {'version', 'tickets'}:
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, MutableMapping) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    if not all(_text(TICKET_RE, k) and _status(tickets[k]) for k in tickets):
        raise ValueError('ticket entries')
    if not isinstance(completed, MutableMapping) or len(completed) > 64:
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
        replay = dict(row['result'])
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
    completed[clean['call_id']] = {'fingerprint': digest, 'result': dict(result)}
    return result
