import copy
import functools
import hashlib
import itertools
import json
import re

_ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
_TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
_HEX = re.compile(r'[0-9a-f]{64}')


def _text_matching(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


_is_id = functools.partial(_text_matching, _ID)
_is_ticket = functools.partial(_text_matching, _TICKET)
_is_digest = functools.partial(_text_matching, _HEX)


@functools.lru_cache(maxsize=None)
def _key_set(*names):
    return frozenset(names)


def _is_status(value):
    return isinstance(value, str) and any(value == s for s in ('open', 'done'))


def _all(flags):
    return functools.reduce(lambda acc, flag: acc and bool(flag), flags, True)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or frozenset(proposal) != _key_set('call_id', 'actor', 'name', 'version', 'arguments'):
        raise ValueError('proposal must have exactly the five fields')
    if not _all(map(_is_id, (proposal['call_id'], proposal['actor'], proposal['name']))):
        raise ValueError('call_id/actor/name must be ASCII ids')
    version = proposal['version']
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError('version')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or frozenset(arguments) != _key_set('ticket', 'status'):
        raise ValueError('arguments')
    if not (_is_ticket(arguments['ticket']) and _is_status(arguments['status'])):
        raise ValueError('ticket/status')
    return dict(itertools.chain(proposal.items(), [('arguments', dict(arguments))]))


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(',', ':')).encode('ascii')).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('actor')
    if not isinstance(approved, set) or len(approved) > 64 or not _all(map(_is_digest, approved)):
        raise ValueError('approved')
    if not isinstance(state, dict) or frozenset(state) != _key_set('version', 'tickets'):
        raise ValueError('state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('tickets')
    pairs_ok = itertools.starmap(lambda k, v: _is_ticket(k) and _is_status(v), tickets.items())
    if not _all(pairs_ok):
        raise ValueError('ticket entries')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        row = completed[clean['call_id']]
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return dict(itertools.chain(copy.deepcopy(row['result']).items(), [('replayed', True)]))
    if clean['version'] != state['version']:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket, value = clean['arguments']['ticket'], clean['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    state['tickets'][ticket] = value
    state['version'] += 1
    result = dict(zip(('status', 'version', 'ticket', 'value', 'replayed'),
                      ('ok', state['version'], ticket, value, False)))
    completed[clean['call_id']] = {'fingerprint': digest, 'result': dict(result)}
    return result
