import copy
import hashlib
import json
import re


class Rules:
	ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
	TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
	HEX = re.compile(r'[0-9a-f]{64}')

	@staticmethod
	def text(rx, value):
		return isinstance(value, str) and rx.fullmatch(value) is not None

	@classmethod
	def is_id(cls, value):
		return cls.text(cls.ID, value)

	@classmethod
	def is_ticket(cls, value):
		return cls.text(cls.TICKET, value)

	@classmethod
	def is_digest(cls, value):
		return cls.text(cls.HEX, value)

	@staticmethod
	def is_status(value):
		if not isinstance(value, str):
			return False
		return value in ('open', 'done')


def validate_ticket_proposal(proposal):
	if not isinstance(proposal, dict):
		raise ValueError('proposal must be a dict')
	if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
		raise ValueError('wrong fields')
	for field in ('call_id', 'actor', 'name'):
		if not Rules.is_id(proposal[field]):
			raise ValueError('bad ' + field)
	version = proposal['version']
	if type(version) is not int or not 0 <= version <= 1000000:
		raise ValueError('bad version')
	args = proposal['arguments']
	if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
		raise ValueError('bad arguments')
	if not Rules.is_ticket(args['ticket']):
		raise ValueError('bad ticket')
	if not Rules.is_status(args['status']):
		raise ValueError('bad status')
	out = dict(proposal)
	out['arguments'] = dict(args)
	return out


def proposal_fingerprint(proposal):
	clean = validate_ticket_proposal(proposal)
	text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
	return hashlib.sha256(text.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
	clean = validate_ticket_proposal(proposal)
	if not Rules.is_id(actor):
		raise ValueError('bad actor')
	if not isinstance(approved, set) or len(approved) > 64:
		raise ValueError('bad approved')
	for digest in approved:
		if not Rules.is_digest(digest):
			raise ValueError('bad approval')
	if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
		raise ValueError('bad state')
	if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
		raise ValueError('bad state version')
	tickets = state['tickets']
	if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
		raise ValueError('bad tickets')
	for name, status in tickets.items():
		if not Rules.is_ticket(name) or not Rules.is_status(status):
			raise ValueError('bad ticket entry')
	if not isinstance(completed, dict) or len(completed) > 64:
		raise ValueError('bad completed')

	if clean['actor'] != actor:
		return {'status': 'forbidden'}
	if clean['name'] != 'set_ticket':
		return {'status': 'unknown-tool'}
	digest = proposal_fingerprint(clean)
	if clean['call_id'] in completed:
		row = completed[clean['call_id']]
		if row['fingerprint'] != digest:
			return {'status': 'call-id-conflict'}
		again = copy.deepcopy(row['result'])
		again['replayed'] = True
		return again
	if clean['version'] != state['version']:
		return {'status': 'stale-version'}
	if digest not in approved:
		return {'status': 'approval-required'}
	ticket = clean['arguments']['ticket']
	if ticket not in tickets:
		return {'status': 'missing-ticket'}
	if len(completed) >= 64:
		return {'status': 'log-full'}
	tickets[ticket] = clean['arguments']['status']
	state['version'] += 1
	result = {
		'status': 'ok',
		'version': state['version'],
		'ticket': ticket,
		'value': clean['arguments']['status'],
		'replayed': False,
	}
	completed[clean['call_id']] = {'fingerprint': digest, 'result': copy.deepcopy(result)}
	return result
