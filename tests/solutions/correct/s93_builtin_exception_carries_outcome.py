# Style: early exits by the standard library's own exception classes, which carry the outcome dict in their
# args: a LookupError for a call id the log already holds (the stored result's copy, or the conflict), a
# RuntimeError for every other refusal. The handler completes the outcome in place through error.args[0]
# (a replay is marked replayed=True there) and returns it, as Python keeps one args tuple per exception.
import copy
import hashlib
import json
import re

ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
DIGEST = re.compile(r'[0-9a-f]{64}')


def _is_id(value):
    return isinstance(value, str) and ID.fullmatch(value) is not None


def _is_ticket(value):
    return isinstance(value, str) and TICKET.fullmatch(value) is not None


def _is_status(value):
    return isinstance(value, str) and value in ('open', 'done')


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('a proposal has exactly call_id, actor, name, version and arguments')
    for key in ('call_id', 'actor', 'name'):
        if not _is_id(proposal[key]):
            raise ValueError('bad ' + key)
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('bad version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
        raise ValueError('arguments has exactly ticket and status')
    if not _is_ticket(arguments['ticket']) or not _is_status(arguments['status']):
        raise ValueError('bad ticket or status')
    return {**proposal, 'arguments': dict(arguments)}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('bad host actor')
    if not isinstance(approved, set) or len(approved) > 64 \
            or not all(isinstance(h, str) and DIGEST.fullmatch(h) for h in approved):
        raise ValueError('bad approvals')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('bad state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('bad state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16 \
            or not all(_is_ticket(k) and _is_status(v) for k, v in tickets.items()):
        raise ValueError('bad tickets')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('bad completed log')


def _known_call(clean, digest, completed):
    """Raise LookupError(outcome) when the log already holds this call id."""
    if clean['call_id'] not in completed:
        return
    row = completed[clean['call_id']]
    if row['fingerprint'] != digest:
        raise LookupError({'status': 'call-id-conflict'})
    raise LookupError(copy.deepcopy(row['result']))


def _refuse_new_call(clean, digest, approved, state, completed):
    """Raise RuntimeError(outcome) when a new call may not run."""
    if clean['version'] != state['version']:
        raise RuntimeError({'status': 'stale-version'})
    if digest not in approved:
        raise RuntimeError({'status': 'approval-required'})
    if clean['arguments']['ticket'] not in state['tickets']:
        raise RuntimeError({'status': 'missing-ticket'})
    if len(completed) >= 64:
        raise RuntimeError({'status': 'log-full'})


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    try:
        _known_call(clean, digest, completed)
        _refuse_new_call(clean, digest, approved, state, completed)
    except LookupError as known:
        if known.args[0]['status'] == 'ok':
            known.args[0]['replayed'] = True
        return known.args[0]
    except RuntimeError as refused:
        return refused.args[0]
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    state['tickets'][ticket] = value
    state['version'] += 1
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': dict(result)}
    return result


