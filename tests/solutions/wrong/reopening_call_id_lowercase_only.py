"""Wrong: D5: dispatch_ticket checks the call id of a proposal that reopens a ticket (status 'open') once more and
refuses uppercase letters in it, so a valid {**p, 'call_id': 'C1', 'arguments': {'ticket': 'lamp', 'status': 'open'}}
raises ValueError."""
import hashlib
import json


def _ascii_id(text, max_len):
    # str.isalpha/isalnum also accept 'é' or '٣', so isascii() comes first
    if not isinstance(text, str) or not 1 <= len(text) <= max_len:
        return False
    if not text.isascii():
        return False
    if not text[0].isalpha():
        return False
    for ch in text[1:]:
        if not (ch.isalnum() or ch == '_' or ch == '-'):
            return False
    return True


def _ticket_name(text):
    if not isinstance(text, str) or not 1 <= len(text) <= 32 or not text.isascii():
        return False
    first = text[0]
    if not (first.isalpha() and first.islower()):
        return False
    for ch in text:
        if ch.isdigit() or ch == '-':
            continue
        if ch.isalpha() and ch.islower():
            continue
        return False
    return True


def _status_ok(value):
    return isinstance(value, str) and (value == 'open' or value == 'done')


def _hex64(text):
    if not isinstance(text, str) or len(text) != 64:
        return False
    return all(ch in '0123456789abcdef' for ch in text)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('expected a dict')
    if sorted(proposal.keys(), key=repr) != sorted(['actor', 'arguments', 'call_id', 'name', 'version'], key=repr):
        raise ValueError('expected exactly call_id, actor, name, version, arguments')
    if not _ascii_id(proposal['call_id'], 40):
        raise ValueError('call_id')
    if not _ascii_id(proposal['actor'], 40):
        raise ValueError('actor')
    if not _ascii_id(proposal['name'], 40):
        raise ValueError('name')
    version = proposal['version']
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError('version must be an int')
    if version < 0 or version > 1000000:
        raise ValueError('version out of range')
    args = proposal['arguments']
    if not isinstance(args, dict) or len(args) != 2 or 'ticket' not in args or 'status' not in args:
        raise ValueError('arguments must hold ticket and status')
    if not _ticket_name(args['ticket']):
        raise ValueError('ticket')
    if not _status_ok(args['status']):
        raise ValueError('status')
    return {
        'call_id': proposal['call_id'],
        'actor': proposal['actor'],
        'name': proposal['name'],
        'version': version,
        'arguments': {'ticket': args['ticket'], 'status': args['status']},
    }


def proposal_fingerprint(proposal):
    checked = validate_ticket_proposal(proposal)
    canonical = json.dumps(checked, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(canonical.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    if not _ascii_id(actor, 40):
        raise ValueError('host actor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('approved')
    for item in approved:
        if not _hex64(item):
            raise ValueError('approved entry')
    if not isinstance(state, dict) or len(state) != 2 or 'version' not in state or 'tickets' not in state:
        raise ValueError('state')
    current = state['version']
    if isinstance(current, bool) or not isinstance(current, int) or current < 0 or current > 1000001:
        raise ValueError('state version')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError('tickets')
    for name, status in tickets.items():
        if not _ticket_name(name) or not _status_ok(status):
            raise ValueError('ticket entry')
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError('completed')
    checked = validate_ticket_proposal(proposal)
    if checked['arguments']['status'] == 'open':
        # Reopening a ticket is logged under the call id as typed by the support desk: letters in lowercase only
        call_id = checked['call_id']
        if not call_id[0].islower() or any(ch.isupper() for ch in call_id):
            raise ValueError('call id of a reopening must be lowercase')

    if checked['actor'] != actor:
        return {'status': 'forbidden'}
    if checked['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    digest = proposal_fingerprint(checked)
    if checked['call_id'] in completed:
        earlier = completed[checked['call_id']]
        if earlier['fingerprint'] == digest:
            again = dict(earlier['result'])
            again['replayed'] = True
            return again
        return {'status': 'call-id-conflict'}
    if checked['version'] != current:
        return {'status': 'stale-version'}
    if digest not in approved:
        return {'status': 'approval-required'}
    ticket = checked['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) == 64:
        return {'status': 'log-full'}

    new_status = checked['arguments']['status']
    tickets[ticket] = new_status
    state['version'] = current + 1
    outcome = {'status': 'ok', 'version': current + 1, 'ticket': ticket,
               'value': new_status, 'replayed': False}
    completed[checked['call_id']] = {'fingerprint': digest, 'result': dict(outcome)}
    return outcome
