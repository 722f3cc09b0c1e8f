"""Wrong: V11: the ticket is normalised (strip, lower) in the caller's arguments and refused when that changed it, so 'Lamp' is refused but left as 'lamp' in the host's proposal (F5, D20 too)."""
import copy
import hashlib
import json
import re

FIVE = {'call_id', 'actor', 'name', 'version', 'arguments'}


def _fits(pattern, value):
    if isinstance(value, str):
        if re.fullmatch(pattern, value):
            return True
    return False


def validate_ticket_proposal(proposal):
    valid = False
    if isinstance(proposal, dict) and set(proposal.keys()) == FIVE:
        ids_ok = all(_fits(r'[A-Za-z][A-Za-z0-9_-]{0,39}', proposal[k]) for k in ['call_id', 'actor', 'name'])
        if ids_ok:
            version = proposal['version']
            if type(version) is int and 0 <= version <= 1000000:
                args = proposal['arguments']
                if isinstance(args, dict) and set(args.keys()) == {'ticket', 'status'}:
                    if isinstance(args['ticket'], str):
                        raw = args['ticket']
                        args['ticket'] = raw.strip().lower()  # normalise, then see whether that changed it
                        if args['ticket'] != raw:
                            raise ValueError('ticket must be lowercase, without spaces')
                    if _fits(r'[a-z][a-z0-9-]{0,31}', args['ticket']):
                        if isinstance(args['status'], str) and args['status'] in ('open', 'done'):
                            valid = True
    if not valid:
        raise ValueError('invalid ticket proposal')
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    checked = validate_ticket_proposal(proposal)
    dumped = json.dumps(checked, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(dumped.encode('ascii')).hexdigest()


def _host_ok(actor, approved, state, completed):
    if not _fits(r'[A-Za-z][A-Za-z0-9_-]{0,39}', actor):
        return False
    if not isinstance(approved, set) or len(approved) > 64:
        return False
    for digest in approved:
        if not _fits(r'[0-9a-f]{64}', digest):
            return False
    if not isinstance(state, dict) or set(state.keys()) != {'version', 'tickets'}:
        return False
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        return False
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        return False
    for name in tickets:
        if not _fits(r'[a-z][a-z0-9-]{0,31}', name):
            return False
        if not isinstance(tickets[name], str) or tickets[name] not in ('open', 'done'):
            return False
    if not isinstance(completed, dict) or len(completed) > 64:
        return False
    return True


def dispatch_ticket(proposal, actor, approved, state, completed):
    checked = validate_ticket_proposal(proposal)
    if not _host_ok(actor, approved, state, completed):
        raise ValueError('invalid host input')

    result = None
    if checked['actor'] != actor:
        result = {'status': 'forbidden'}
    else:
        if checked['name'] != 'set_ticket':
            result = {'status': 'unknown-tool'}
        else:
            digest = proposal_fingerprint(checked)
            if checked['call_id'] in completed:
                stored = completed[checked['call_id']]
                if stored['fingerprint'] == digest:
                    result = copy.deepcopy(stored['result'])
                    result['replayed'] = True
                else:
                    result = {'status': 'call-id-conflict'}
            else:
                if checked['version'] != state['version']:
                    result = {'status': 'stale-version'}
                else:
                    if digest not in approved:
                        result = {'status': 'approval-required'}
                    else:
                        ticket = checked['arguments']['ticket']
                        if ticket not in state['tickets']:
                            result = {'status': 'missing-ticket'}
                        else:
                            if len(completed) >= 64:
                                result = {'status': 'log-full'}
                            else:
                                state['tickets'][ticket] = checked['arguments']['status']
                                state['version'] += 1
                                result = {'status': 'ok', 'version': state['version'],
                                          'ticket': ticket, 'value': checked['arguments']['status'],
                                          'replayed': False}
                                completed[checked['call_id']] = {
                                    'fingerprint': digest,
                                    'result': copy.deepcopy(result),
                                }
    return result
