# Reading of A12: every refusal of input raises an exception of our own,
# each a ValueError subclass with its own message format.
import copy
import hashlib
import json
import re


class TicketContractError(ValueError):
    """Base class for all input errors of this module."""


class FieldError(TicketContractError):
    def __init__(self, field, problem):
        self.field = field
        self.problem = problem

    def __str__(self):
        return '%s: %s' % (self.field, self.problem)


class ShapeError(TicketContractError):
    pass


class HostInputError(TicketContractError):
    pass


ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')


def _ok(rx, value):
    return isinstance(value, str) and rx.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ShapeError('proposal must be a dict')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ShapeError('proposal must have exactly five fields')
    for key in ('call_id', 'actor', 'name'):
        if not _ok(ID_RE, proposal[key]):
            raise FieldError(key, 'not an ASCII identifier of 1..40 characters')
    if type(proposal['version']) is not int:
        raise FieldError('version', 'not a plain int')
    if not 0 <= proposal['version'] <= 1000000:
        raise FieldError('version', 'outside 0..1000000')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise FieldError('arguments', 'must be exactly ticket and status')
    if not _ok(TICKET_RE, args['ticket']):
        raise FieldError('ticket', 'not a ticket id')
    if not _status(args['status']):
        raise FieldError('status', 'must be open or done')
    return {**proposal, 'arguments': dict(args)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _ok(ID_RE, actor):
        raise HostInputError('host actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ok(HEX_RE, a) for a in approved):
        raise HostInputError('approved')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise HostInputError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise HostInputError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise HostInputError('tickets')
    if not all(_ok(TICKET_RE, k) and _status(v) for k, v in tickets.items()):
        raise HostInputError('ticket entries')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise HostInputError('completed')
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
