import copy
import hashlib
import json
import re

ID_PATTERN = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET_PATTERN = r'[a-z][a-z0-9-]{0,31}'
HEX_PATTERN = r'[0-9a-f]+'

PROPOSAL_KEYS = {'call_id', 'actor', 'name', 'version', 'arguments'}
ARGUMENT_KEYS = {'ticket', 'status'}
STATUSES = ('open', 'done')

MAX_VERSION = 1000000
MAX_STATE_VERSION = 1000001
MAX_APPROVALS = 64
MAX_LOG = 64


def _is_id(value):
    return isinstance(value, str) and re.fullmatch(ID_PATTERN, value) is not None


def _is_ticket(value):
    return isinstance(value, str) and re.fullmatch(TICKET_PATTERN, value) is not None


def _is_status(value):
    return isinstance(value, str) and value in STATUSES


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal must be a dict')
    if set(proposal) != PROPOSAL_KEYS:
        raise ValueError('proposal needs exactly the five fields')
    for field in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[field]):
            raise ValueError('bad ' + field)
    version = proposal['version']
    if type(version) is not int or version < 0 or version > MAX_VERSION:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or set(arguments) != ARGUMENT_KEYS:
        raise ValueError('arguments need exactly ticket and status')
    if not _is_ticket(arguments['ticket']):
        raise ValueError('bad ticket')
    if not _is_status(arguments['status']):
        raise ValueError('bad status')
    result = dict(proposal)
    result['arguments'] = dict(arguments)
    return result


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host_input(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('bad host actor')
    if not isinstance(approved, set) or len(approved) > MAX_APPROVALS:
        raise ValueError('approved must be a set of at most 64 digests')
    for digest in approved:
        if not isinstance(digest, str) or re.fullmatch(HEX_PATTERN, digest) is None:
            raise ValueError('bad approval')
    if approved and not len(min(approved)) == len(max(approved)) == 64:  # the shortest and the longest entry
        raise ValueError('approvals must have exactly 64 hex digits')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('bad state')
    version = state['version']
    if type(version) is not int or not 0 <= version <= MAX_STATE_VERSION:
        raise ValueError('bad state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('bad tickets')
    for ticket, status in tickets.items():
        if not _is_ticket(ticket) or not _is_status(status):
            raise ValueError('bad ticket entry')
    if not isinstance(completed, dict) or len(completed) > MAX_LOG:
        raise ValueError('bad completed log')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host_input(actor, approved, state, completed)

    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}

    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        row = completed[call_id]
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
    value = clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= MAX_LOG:
        return {'status': 'log-full'}

    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': dict(result)}
    return result
