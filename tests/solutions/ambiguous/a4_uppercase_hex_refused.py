# Reading of A4, the narrow one: an approval is a lowercase SHA-256 hexdigest,
# because that is what proposal_fingerprint returns; an uppercase or
# mixed-case digest in `approved` is malformed host input (ValueError).
# Hex digits are checked character by character, without regular expressions.
import hashlib
import json
import string

LOWER_HEX = frozenset('0123456789abcdef')
ID_REST = frozenset(string.ascii_letters + string.digits + '_-')
TICKET_REST = frozenset(string.ascii_lowercase + string.digits + '-')


def is_id(value):
    return (type(value) is str and 1 <= len(value) <= 40
            and value[0] in string.ascii_letters and set(value) <= ID_REST)


def is_ticket(value):
    return (type(value) is str and 1 <= len(value) <= 32
            and value[0] in string.ascii_lowercase and set(value) <= TICKET_REST)


def is_status(value):
    return type(value) is str and value in ('open', 'done')


def is_lowercase_digest(value):
    return type(value) is str and len(value) == 64 and set(value) <= LOWER_HEX


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError('a proposal is a dict')
    if sorted(proposal, key=str) != ['actor', 'arguments', 'call_id', 'name', 'version']:
        raise ValueError('a proposal has exactly five fields')
    if not (is_id(proposal['call_id']) and is_id(proposal['actor']) and is_id(proposal['name'])):
        raise ValueError('call_id, actor and name are ids')
    version = proposal['version']
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError('version is an int from 0 to 1000000')
    arguments = proposal['arguments']
    if type(arguments) is not dict or sorted(arguments, key=str) != ['status', 'ticket']:
        raise ValueError('arguments holds ticket and status')
    if not is_ticket(arguments['ticket']) or not is_status(arguments['status']):
        raise ValueError('bad ticket or status')
    copied = dict(proposal)
    copied['arguments'] = {'ticket': arguments['ticket'], 'status': arguments['status']}
    return copied


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True,
                      ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


def host_input_is_valid(actor, approved, state, completed):
    if not is_id(actor):
        return False
    if type(approved) is not set or len(approved) > 64:
        return False
    if not all(is_lowercase_digest(digest) for digest in approved):
        return False   # 'ABC...' is not a fingerprint this module could have made
    if type(state) is not dict or sorted(state, key=str) != ['tickets', 'version']:
        return False
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        return False
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        return False
    if not all(is_ticket(name) and is_status(value) for name, value in tickets.items()):
        return False
    return type(completed) is dict and len(completed) <= 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not host_input_is_valid(actor, approved, state, completed):
        raise ValueError('invalid host input')
    if clean['actor'] != actor:
        return {'status': 'forbidden'}
    if clean['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(clean)
    row = completed.get(clean['call_id'])
    if row is not None:
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        return dict(row['result'], replayed=True)
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
    result = {'status': 'ok', 'version': state['version'], 'ticket': ticket, 'value': value, 'replayed': False}
    completed[clean['call_id']] = {'fingerprint': digest, 'result': dict(result)}
    return result
