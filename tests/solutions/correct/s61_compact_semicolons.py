import hashlib as H, json as J, re as R
I=R.compile('[A-Za-z][A-Za-z0-9_-]{0,39}').fullmatch;T=R.compile('[a-z][a-z0-9-]{0,31}').fullmatch;X=R.compile('[0-9a-f]{64}').fullmatch
s_=lambda v:type(v)is str
i_=lambda v:s_(v)and I(v)is not None;t_=lambda v:s_(v)and T(v)is not None;o_=lambda v:s_(v)and v in('open','done')
n_=lambda v,m:type(v)is int and 0<=v<=m
def validate_ticket_proposal(p):
	if not(type(p)is dict and p.keys()=={'call_id','actor','name','version','arguments'}and all(map(i_,(p['call_id'],p['actor'],p['name'])))and n_(p['version'],10**6)):raise ValueError('p')
	a=p['arguments']
	if not(type(a)is dict and a.keys()=={'ticket','status'}and t_(a['ticket'])and o_(a['status'])):raise ValueError('a')
	return{**p,'arguments':{**a}}
def proposal_fingerprint(p):return H.sha256(J.dumps(validate_ticket_proposal(p),sort_keys=1,separators=(',',':')).encode()).hexdigest()
def dispatch_ticket(p,actor,approved,state,completed):
	p=validate_ticket_proposal(p)
	if not(i_(actor)and type(approved)is set and len(approved)<65 and all(s_(h)and X(h)for h in approved)):raise ValueError('h')
	if not(type(state)is dict and state.keys()=={'version','tickets'}and n_(state['version'],10**6+1)):raise ValueError('s')
	k=state['tickets']
	if not(type(k)is dict and 0<len(k)<17 and all(t_(a)and o_(b)for a,b in k.items())and type(completed)is dict and len(completed)<65):raise ValueError('k')
	if p['actor']!=actor:return{'status':'forbidden'}
	if p['name']!='set_ticket':return{'status':'unknown-tool'}
	f=proposal_fingerprint(p);c=p['call_id'];t,v=p['arguments']['ticket'],p['arguments']['status']
	if c in completed:return{**completed[c]['result'],'replayed':True}if completed[c]['fingerprint']==f else{'status':'call-id-conflict'}
	for bad,st in((p['version']!=state['version'],'stale-version'),(f not in approved,'approval-required'),(t not in k,'missing-ticket'),(len(completed)>=64,'log-full')):
		if bad:return{'status':st}
	k[t]=v;state['version']+=1;r={'status':'ok','version':state['version'],'ticket':t,'value':v,'replayed':False};completed[c]={'fingerprint':f,'result':{**r}};return r
