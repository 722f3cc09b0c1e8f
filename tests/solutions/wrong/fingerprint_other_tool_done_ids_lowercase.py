"""Wrong: F1: proposal_fingerprint checks call_id and actor of a proposal for another tool than set_ticket with status
'done' once more with a pattern of its own, [A-Za-z][a-z0-9_-]{0,39}, so a valid
{**p, 'call_id': 'cX', 'name': 'delete_ticket'} gets no fingerprint but a ValueError."""
import copy
import hashlib
import json
import re

ID_PATTERN = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET_PATTERN = re.compile(r'[a-z][a-z0-9-]{0,31}')
DIGEST_PATTERN = re.compile(r'[0-9a-f]{64}')
# Closing a ticket through another tool goes to the old tracker, whose ids are lowercase after the first letter
OLD_TRACKER_ID = re.compile(r'[A-Za-z][a-z0-9_-]{0,39}')
KEYS = frozenset(('call_id', 'actor', 'name', 'version', 'arguments'))


def _is(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or frozenset(proposal) != KEYS:
        raise ValueError('proposal needs exactly five fields')
    if not all(_is(ID_PATTERN, proposal[key]) for key in ('call_id', 'actor', 'name')):
        raise ValueError('bad id')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or frozenset(arguments) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    if not _is(TICKET_PATTERN, arguments['ticket']):
        raise ValueError('bad ticket')
    if not isinstance(arguments['status'], str) or arguments['status'] not in ('open', 'done'):
        raise ValueError('bad status')
    copied = dict(proposal)
    copied['arguments'] = dict(arguments)
    return copied


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    if clean['name'] != 'set_ticket' and clean['arguments']['status'] == 'done':
        for key in ('call_id', 'actor'):
            if not OLD_TRACKER_ID.fullmatch(clean[key]):
                raise ValueError('bad ' + key + ' for the old tracker')
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is(ID_PATTERN, actor):
        raise ValueError('bad host actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('bad approved')
    if not all(_is(DIGEST_PATTERN, item) for item in approved):
        raise ValueError('bad approval')
    if not isinstance(state, dict) or frozenset(state) != {'version', 'tickets'}:
        raise ValueError('bad state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('bad state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('bad tickets')
    for key, value in tickets.items():
        if not _is(TICKET_PATTERN, key) or not isinstance(value, str) or value not in ('open', 'done'):
            raise ValueError('bad ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('bad completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    call_id = clean['call_id']
    if call_id in completed:
        if completed[call_id]['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        replay = copy.deepcopy(completed[call_id]['result'])
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
    value = clean['arguments']['status']
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[call_id] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
    return result
