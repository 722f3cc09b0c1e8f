import copy
import hashlib
import json
import re


class ProposalError(ValueError):
    """The model's proposal does not have the agreed shape."""


class HostInputError(ValueError):
    """The host handed the dispatcher something malformed."""


ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
HEX_RE = re.compile(r'[0-9a-f]{64}')


def _is_id(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def _is_ticket(value):
    return isinstance(value, str) and TICKET_RE.fullmatch(value) is not None


def _is_status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ProposalError('expected a dict')
    missing = {'call_id', 'actor', 'name', 'version', 'arguments'} - set(proposal)
    extra = set(proposal) - {'call_id', 'actor', 'name', 'version', 'arguments'}
    if missing or extra:
        raise ProposalError('missing %r / unexpected %r' % (sorted(map(repr, missing)), sorted(map(repr, extra))))
    for key in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[key]):
            raise ProposalError('invalid %s' % key)
    version = proposal['version']
    if isinstance(version, bool) or type(version) is not int:
        raise ProposalError('version must be a plain int')
    if not 0 <= version <= 1000000:
        raise ProposalError('version out of range')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
        raise ProposalError('arguments must be exactly ticket and status')
    if not _is_ticket(arguments['ticket']):
        raise ProposalError('invalid ticket')
    if not _is_status(arguments['status']):
        raise ProposalError('invalid status')
    clean = copy.copy(proposal)
    clean['arguments'] = copy.deepcopy(arguments)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(
        json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')
    ).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise HostInputError('host actor')
    if not isinstance(approved, set):
        raise HostInputError('approved must be a set')
    if len(approved) > 64:
        raise HostInputError('too many approvals')
    for item in approved:
        if not isinstance(item, str) or not HEX_RE.fullmatch(item):
            raise HostInputError('approval is not a sha256 hex string')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise HostInputError('state must have exactly version and tickets')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise HostInputError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise HostInputError('state tickets')
    for ticket, status in tickets.items():
        if not _is_ticket(ticket) or not _is_status(status):
            raise HostInputError('state ticket entry')
    if not isinstance(completed, dict):
        raise HostInputError('completed must be a dict')
    if len(completed) > 64:
        raise HostInputError('completed holds more than 64 rows')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    known = completed.get(clean['call_id'])
    if known is not None:
        if known['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(known['result'])
        replay['replayed'] = True
        return replay
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket = clean['arguments']['ticket']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = clean['arguments']['status']
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
              'value': clean['arguments']['status'], 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
