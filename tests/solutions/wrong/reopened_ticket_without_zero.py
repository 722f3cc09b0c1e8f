"""Wrong: V6: a proposal that reopens a ticket (status 'open') has its ticket checked with [a-z][a-z1-9-]{0,31}, so a
valid {**p, 'arguments': {'ticket': 'lamp0', 'status': 'open'}} raises ValueError."""
import copy
import hashlib
import json
import re

ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
DIGEST_RE = re.compile(r'[0-9a-f]{64}')
REOPEN_TICKET_RE = re.compile(r'[a-z][a-z1-9-]{0,31}')


def _matches(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('proposal is not a dictionary')
    expected = {'call_id', 'actor', 'name', 'version', 'arguments'}
    if proposal.keys() != expected:
        raise ValueError('unexpected or missing fields: %s' % sorted(map(str, proposal)))
    if not all(_matches(ID_RE, proposal[k]) for k in ('call_id', 'actor', 'name')):
        raise ValueError('identifiers must be short ASCII ids')
    v = proposal['version']
    if type(v) is not int or not (0 <= v <= 1_000_000):
        raise ValueError('version must be a plain int in 0..1000000')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or arguments.keys() != {'ticket', 'status'}:
        raise ValueError('arguments must contain exactly ticket and status')
    # A reopened ticket comes from the old desk, whose ticket numbers never held a 0
    pattern = REOPEN_TICKET_RE if arguments['status'] == 'open' else TICKET_RE
    if not _matches(pattern, arguments['ticket']):
        raise ValueError('ticket id invalid')
    status = arguments['status']
    if not isinstance(status, str) or status not in ('open', 'done'):
        raise ValueError('status must be open or done')
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    data = validate_ticket_proposal(proposal)
    blob = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(',', ':')).encode('ascii')
    return hashlib.sha256(blob).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not _matches(ID_RE, actor):
        raise ValueError('host actor invalid')
    if not isinstance(approved, set) or len(approved) > 64 or not all(_matches(DIGEST_RE, a) for a in approved):
        raise ValueError('approved must hold at most 64 sha256 hex digests')
    if not isinstance(state, dict) or state.keys() != {'version', 'tickets'}:
        raise ValueError('state must have version and tickets')
    sv = state['version']
    if type(sv) is not int or not (0 <= sv <= 1_000_001):
        raise ValueError('state version invalid')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not (1 <= len(tickets) <= 16):
        raise ValueError('state tickets invalid')
    for key, val in tickets.items():
        if not _matches(TICKET_RE, key) or not isinstance(val, str) or val not in ('open', 'done'):
            raise ValueError('state ticket entry invalid')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed log invalid')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _validate_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    if p['actor'] != actor:
        return {'status': 'forbidden'}
    if p['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    fingerprint = proposal_fingerprint(p)
    previous = completed.get(p['call_id'])
    if previous is not None:
        if previous['fingerprint'] != fingerprint:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(previous['result'])
        replay.update(replayed=True)
        return replay
    if p['version'] != state['version']:
        return {'status': 'stale-version'}
    if fingerprint not in approved:
        return {'status': 'approval-required'}
    ticket, value = p['arguments']['ticket'], p['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] = state['version'] + 1
    result = dict(status='ok', version=state['version'], ticket=ticket, value=value, replayed=False)
    completed[p['call_id']] = dict(fingerprint=fingerprint, result=copy.deepcopy(result))
    return result
