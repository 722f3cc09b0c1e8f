"""Wrong: V6: for a tool other than set_ticket the ticket may start with a digit ([a-z0-9][a-z0-9-]{0,31}), so
{**p, 'name': 'delete_ticket', 'arguments': {'ticket': '1lamp', 'status': 'open'}} is accepted."""
import copy
import hashlib
import json
import re


class TicketHost:
    """Groups the three steps; the module functions below just delegate."""

    id_pattern = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
    ticket_pattern = re.compile(r'[a-z][a-z0-9-]{0,31}')
    # Other tools (delete_ticket, ...) also address the old numbered tickets, which may start with a digit
    any_ticket_pattern = re.compile(r'[a-z0-9][a-z0-9-]{0,31}')
    digest_pattern = re.compile(r'[0-9a-f]{64}')
    fields = frozenset(['call_id', 'actor', 'name', 'version', 'arguments'])
    statuses = ('open', 'done')
    tool = 'set_ticket'

    def __init__(self, max_log=64, max_approvals=64, max_tickets=16):
        self._max_log = max_log
        self._max_approvals = max_approvals
        self._max_tickets = max_tickets

    def _is_id(self, value):
        return isinstance(value, str) and bool(self.id_pattern.fullmatch(value))

    def _is_ticket(self, value):
        return isinstance(value, str) and bool(self.ticket_pattern.fullmatch(value))

    def _is_status(self, value):
        return isinstance(value, str) and value in self.statuses

    def validate(self, proposal):
        if not isinstance(proposal, dict) or set(proposal) != self.fields:
            raise ValueError('proposal must have exactly five fields')
        for key in ('call_id', 'actor', 'name'):
            if not self._is_id(proposal[key]):
                raise ValueError(key + ' is not a valid id')
        version = proposal['version']
        if type(version) is not int or not 0 <= version <= 1000000:
            raise ValueError('version must be a plain int 0..1000000')
        arguments = proposal['arguments']
        if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
            raise ValueError('arguments must be exactly ticket/status')
        pattern = self.ticket_pattern if proposal['name'] == self.tool else self.any_ticket_pattern
        ticket = arguments['ticket']
        if not (isinstance(ticket, str) and pattern.fullmatch(ticket)) or not self._is_status(arguments['status']):
            raise ValueError('invalid ticket or status')
        copied = {key: proposal[key] for key in proposal}
        copied['arguments'] = {'ticket': arguments['ticket'], 'status': arguments['status']}
        return copied

    def fingerprint(self, proposal):
        clean = self.validate(proposal)
        encoded = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
        return hashlib.sha256(encoded.encode('ascii')).hexdigest()

    def _check_inputs(self, actor, approved, state, completed):
        if not self._is_id(actor):
            raise ValueError('host actor invalid')
        if not isinstance(approved, set) or len(approved) > self._max_approvals:
            raise ValueError('approved must be a small set')
        for digest in approved:
            if not isinstance(digest, str) or not self.digest_pattern.fullmatch(digest):
                raise ValueError('approved holds a non-digest')
        if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
            raise ValueError('state shape')
        if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
            raise ValueError('state version')
        tickets = state['tickets']
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= self._max_tickets:
            raise ValueError('state tickets')
        for name, status in tickets.items():
            if not self._is_ticket(name) or not self._is_status(status):
                raise ValueError('state ticket entry')
        if not isinstance(completed, dict) or len(completed) > self._max_log:
            raise ValueError('completed log')

    def dispatch(self, proposal, actor, approved, state, completed):
        clean = self.validate(proposal)
        self._check_inputs(actor, approved, state, completed)
        if clean['actor'] != actor:
            return {'status': 'forbidden'}
        if clean['name'] != self.tool:
            return {'status': 'unknown-tool'}
        digest = self.fingerprint(clean)
        if clean['call_id'] in completed:
            return self._replay(completed[clean['call_id']], digest)
        if clean['version'] != state['version']:
            return {'status': 'stale-version'}
        if digest not in approved:
            return {'status': 'approval-required'}
        ticket = clean['arguments']['ticket']
        if ticket not in state['tickets']:
            return {'status': 'missing-ticket'}
        if len(completed) >= self._max_log:
            return {'status': 'log-full'}
        return self._apply(clean, digest, state, completed)

    def _replay(self, row, digest):
        if row['fingerprint'] != digest:
            return {'status': 'call-id-conflict'}
        result = copy.deepcopy(row['result'])
        result['replayed'] = True
        return result

    def _apply(self, clean, digest, state, completed):
        ticket = clean['arguments']['ticket']
        value = clean['arguments']['status']
        state['tickets'][ticket] = value
        state['version'] += 1
        result = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
                  'value': value, 'replayed': False}
        completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
        return result


_host = TicketHost()


def validate_ticket_proposal(proposal):
    return _host.validate(proposal)


def proposal_fingerprint(proposal):
    return _host.fingerprint(proposal)


def dispatch_ticket(proposal, actor, approved, state, completed):
    return _host.dispatch(proposal, actor, approved, state, completed)
