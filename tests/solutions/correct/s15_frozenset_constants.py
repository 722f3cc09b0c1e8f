import hashlib
import json
import string

PROPOSAL_FIELDS = frozenset({'call_id', 'actor', 'name', 'version', 'arguments'})
ARGUMENT_FIELDS = frozenset({'ticket', 'status'})
STATE_FIELDS = frozenset({'version', 'tickets'})
STATUSES = frozenset({'open', 'done'})
LETTERS = frozenset(string.ascii_letters)
ID_CHARS = frozenset(string.ascii_letters + string.digits + '_-')
LOWER = frozenset(string.ascii_lowercase)
TICKET_CHARS = frozenset(string.ascii_lowercase + string.digits + '-')
HEX_CHARS = frozenset('0123456789abcdef')


def _word(value, first, rest, longest):
    return (isinstance(value, str) and 0 < len(value) <= longest
            and value[0] in first and all(c in rest for c in value))


def _is_id(value):
    return _word(value, LETTERS, ID_CHARS, 40)


def _is_ticket(value):
    return _word(value, LOWER, TICKET_CHARS, 32)


def _is_status(value):
    # frozenset membership hashes the value, so check the type first
    return isinstance(value, str) and value in STATUSES


def _is_digest(value):
    return isinstance(value, str) and len(value) == 64 and HEX_CHARS.issuperset(value)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or proposal.keys() != PROPOSAL_FIELDS:
        raise ValueError('proposal must have exactly: ' + ', '.join(sorted(PROPOSAL_FIELDS)))
    if not (_is_id(proposal['call_id']) and _is_id(proposal['actor']) and _is_id(proposal['name'])):
        raise ValueError('call_id, actor and name must be ASCII identifiers')
    version = proposal['version']
    if type(version) is not int or version not in range(1000001):
        raise ValueError('version must be a plain int 0..1000000')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or arguments.keys() != ARGUMENT_FIELDS:
        raise ValueError('arguments must have exactly ticket and status')
    if not _is_ticket(arguments['ticket']) or not _is_status(arguments['status']):
        raise ValueError('invalid ticket or status')
    return dict(proposal, arguments=dict(arguments))


def proposal_fingerprint(proposal):
    body = json.dumps(validate_ticket_proposal(proposal), sort_keys=True,
                      ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(body.encode('ascii')).hexdigest()


def _host_input(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError('invalid host actor')
    if not isinstance(approved, set) or len(approved) > 64 or not all(map(_is_digest, approved)):
        raise ValueError('approved must be a set of at most 64 sha256 digests')
    if not isinstance(state, dict) or state.keys() != STATE_FIELDS:
        raise ValueError('state must have version and tickets')
    if type(state['version']) is not int or state['version'] not in range(1000002):
        raise ValueError('state version out of range')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or len(tickets) not in range(1, 17):
        raise ValueError('state must hold 1..16 tickets')
    if not all(_is_ticket(k) and _is_status(v) for k, v in tickets.items()):
        raise ValueError('state tickets malformed')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed log malformed')


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host_input(actor, approved, state, completed)
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    if clean['call_id'] in completed:
        stored = completed[clean['call_id']]
        if stored['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return dict(stored['result'], replayed=True)
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
    result = dict(status='ok', version=state['version'], ticket=ticket,
                  value=clean['arguments']['status'], replayed=False)
    completed[clean['call_id']] = dict(fingerprint=digest, result=dict(result))
    return result
