# Style: a policy class with class-level constants, __slots__, @property, @staticmethod, @classmethod; module functions are bound methods of one instance
import copy
import hashlib
import json
import re


class TicketPolicy:
    __slots__ = ('_log_limit', '_approval_limit', '_calls')

    FIELDS = frozenset({'call_id', 'actor', 'name', 'version', 'arguments'})
    ARGUMENT_FIELDS = frozenset({'ticket', 'status'})
    STATUSES = ('open', 'done')
    TOOL = 'set_ticket'
    ID_RE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
    TICKET_RE = re.compile(r'[a-z][a-z0-9-]{0,31}')
    HEX_RE = re.compile(r'[0-9a-f]{64}')

    def __init__(self, log_limit=64, approval_limit=64):
        self._log_limit = log_limit
        self._approval_limit = approval_limit
        self._calls = 0

    @property
    def log_limit(self):
        return self._log_limit

    @property
    def approval_limit(self):
        return self._approval_limit

    @property
    def calls(self):
        return self._calls

    @staticmethod
    def is_id(value):
        return isinstance(value, str) and TicketPolicy.ID_RE.fullmatch(value) is not None

    @staticmethod
    def is_ticket(value):
        return isinstance(value, str) and TicketPolicy.TICKET_RE.fullmatch(value) is not None

    @classmethod
    def is_status(cls, value):
        return isinstance(value, str) and value in cls.STATUSES

    @classmethod
    def is_version(cls, value, upper):
        return type(value) is int and 0 <= value <= upper

    def validate(self, proposal):
        self._calls += 1
        if not isinstance(proposal, dict) or proposal.keys() != self.FIELDS:
            raise ValueError('proposal needs exactly five fields')
        if not all(self.is_id(proposal[k]) for k in ('call_id', 'actor', 'name')):
            raise ValueError('bad id')
        if not self.is_version(proposal['version'], 1000000):
            raise ValueError('bad version')
        args = proposal['arguments']
        if not isinstance(args, dict) or args.keys() != self.ARGUMENT_FIELDS:
            raise ValueError('bad arguments')
        if not self.is_ticket(args['ticket']) or not self.is_status(args['status']):
            raise ValueError('bad ticket or status')
        return copy.deepcopy(proposal)

    def fingerprint(self, proposal):
        clean = self.validate(proposal)
        return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                         separators=(',', ':')).encode()).hexdigest()

    def check_host(self, actor, approved, state, completed):
        if not self.is_id(actor):
            raise ValueError('actor')
        if type(approved) is not set or len(approved) > self.approval_limit:
            raise ValueError('approved')
        for h in approved:
            if not isinstance(h, str) or not self.HEX_RE.fullmatch(h):
                raise ValueError('approval')
        if type(state) is not dict or state.keys() != {'version', 'tickets'}:
            raise ValueError('state')
        if not self.is_version(state['version'], 1000001):
            raise ValueError('state version')
        tickets = state['tickets']
        if type(tickets) is not dict or not 0 < len(tickets) <= 16:
            raise ValueError('tickets')
        if not all(self.is_ticket(t) and self.is_status(s) for t, s in tickets.items()):
            raise ValueError('ticket pair')
        if type(completed) is not dict or len(completed) > self.log_limit:
            raise ValueError('completed')

    def dispatch(self, proposal, actor, approved, state, completed):
        clean = self.validate(proposal)
        self.check_host(actor, approved, state, completed)
        if clean['actor'] != actor:
            return {'status': 'forbidden'}
        if clean['name'] != self.TOOL:
            return {'status': 'unknown-tool'}
        digest = self.fingerprint(clean)
        cid = clean['call_id']
        if cid in completed:
            if completed[cid]['fingerprint'] != digest:
                return {'status': 'call-id-conflict'}
            again = dict(completed[cid]['result'])
            again['replayed'] = True
            return again
        if clean['version'] != state['version']:
            return {'status': 'stale-version'}
        if digest not in approved:
            return {'status': 'approval-required'}
        ticket, status = clean['arguments']['ticket'], clean['arguments']['status']
        if ticket not in state['tickets']:
            return {'status': 'missing-ticket'}
        if len(completed) >= self.log_limit:
            return {'status': 'log-full'}
        state['tickets'][ticket] = status
        state['version'] += 1
        result = dict(status='ok', version=state['version'], ticket=ticket, value=status, replayed=False)
        completed[cid] = {'fingerprint': digest, 'result': dict(result)}
        return result


_POLICY = TicketPolicy()
validate_ticket_proposal = _POLICY.validate
proposal_fingerprint = _POLICY.fingerprint
dispatch_ticket = _POLICY.dispatch
