# -*- coding: utf-8 -*-
# Stijl: Nederlandse/Duitse namen met accenten en umlauts als identifiers (PEP 3131), backslash-voortzettingen,
# puntkomma's, tabs voor inspringing en commentaar met niet-ASCII-tekens (“aanhalingstekens”, é, ü, ß, →).
import copy
import hashlib
import json
import re

GRÖSSE_ID = 40          # maximale lengte → 40 tekens
GRÖSSE_TICKET = 32
LOGGRÖSSE = 64
TOEGESTANE_STATUSSEN = ('open', 'done')
PATROON_ID = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
PATROON_TICKET = re.compile(r'[a-z][a-z0-9-]{0,31}')
PATROON_HEX = re.compile(r'[0-9a-f]{64}')


def is_geldige_id(waarde):
	return isinstance(waarde, str) \
		and PATROON_ID.fullmatch(waarde) is not None


def is_geldig_ticket(waarde):
	return isinstance(waarde, str) and \
		PATROON_TICKET.fullmatch(waarde) is not None


def is_geldige_status(waarde):
	return isinstance(waarde, str) and waarde in TOEGESTANE_STATUSSEN


def versie_ok(waarde, maximum):
	return type(waarde) is int and \
		0 <= waarde <= maximum


def validate_ticket_proposal(proposal):
	vóórstel = proposal
	if not isinstance(vóórstel, dict) or \
			set(vóórstel) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
		raise ValueError('voorstel moet precies vijf velden hebben')
	for veld in 'call_id', 'actor', 'name':
		if not is_geldige_id(vóórstel[veld]): raise ValueError(f'ongeldig veld {veld}')
	if not versie_ok(vóórstel['version'], 1_000_000): raise ValueError('ongeldige versie')
	argumenten = vóórstel['arguments']
	if not isinstance(argumenten, dict) \
			or set(argumenten) != {'ticket', 'status'} \
			or not is_geldig_ticket(argumenten['ticket']) \
			or not is_geldige_status(argumenten['status']):
		raise ValueError('ongeldige argumenten')
	kopie = dict(vóórstel); kopie['arguments'] = dict(argumenten)
	return kopie


def proposal_fingerprint(proposal):
	schoon = validate_ticket_proposal(proposal)
	tekst = json.dumps(schoon, sort_keys=True, ensure_ascii=True,
	                   separators=(',', ':'))
	return hashlib.sha256(tekst.encode('ascii')).hexdigest()


def _controleer_host(actor, goedgekeurd, toestand, voltooid):
	if not is_geldige_id(actor): raise ValueError('hostactor')
	if not isinstance(goedgekeurd, set) or len(goedgekeurd) > 64: raise ValueError('approved')
	for sleutel in goedgekeurd:
		if not isinstance(sleutel, str) or not PATROON_HEX.fullmatch(sleutel): raise ValueError('goedkeuring')
	if not isinstance(toestand, dict) or set(toestand) != {'version', 'tickets'}: raise ValueError('state')
	if not versie_ok(toestand['version'], 1_000_001): raise ValueError('state-versie')
	tickets = toestand['tickets']
	if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16: raise ValueError('tickets')
	for naam, status in tickets.items():
		if not (is_geldig_ticket(naam) and is_geldige_status(status)): raise ValueError('ticketpaar')
	if not isinstance(voltooid, dict) or len(voltooid) > LOGGRÖSSE: raise ValueError('completed')


def dispatch_ticket(proposal, actor, approved, state, completed):
	schoon = validate_ticket_proposal(proposal)
	_controleer_host(actor, approved, state, completed)
	if schoon['actor'] != actor: return {'status': 'forbidden'}
	if schoon['name'] != 'set_ticket': return {'status': 'unknown-tool'}
	vingerafdruk = proposal_fingerprint(schoon)
	oproep = schoon['call_id']
	if oproep in completed:
		rij = completed[oproep]
		if rij['fingerprint'] != vingerafdruk: return {'status': 'call-id-conflict'}
		herhaling = copy.deepcopy(rij['result']); herhaling['replayed'] = True
		return herhaling
	if schoon['version'] != state['version']: return {'status': 'stale-version'}
	if vingerafdruk not in approved: return {'status': 'approval-required'}
	ticket, wáárde = schoon['arguments']['ticket'], schoon['arguments']['status']
	if ticket not in state['tickets']: return {'status': 'missing-ticket'}
	if len(completed) >= LOGGRÖSSE: return {'status': 'log-full'}
	state['tickets'][ticket] = wáárde
	state['version'] += 1
	resultaat = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
	             'value': wáárde, 'replayed': False}
	completed[oproep] = {'fingerprint': vingerafdruk, 'result': copy.deepcopy(resultaat)}
	return resultaat
