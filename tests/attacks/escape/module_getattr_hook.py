# attack: PEP 562 module hooks: dispatch_ticket deleted after its def, a module-level __getattr__ that would hand the
#         grader a stand-in answering every call with ok, and a __dir__ that lists it; the grader must find the
#         three functions by name in main.py's namespace only, report dispatch_ticket missing, and run neither hook
# expect: graded PPF
# @correct-solution
del dispatch_ticket


def __getattr__(name):
    print('BREACH: the module hook was asked for', name)

    def dispatch_ticket(*args):
        return {'status': 'ok'}
    return dispatch_ticket


def __dir__():
    print('BREACH: the module dir hook ran')
    return ['dispatch_ticket', 'proposal_fingerprint', 'validate_ticket_proposal']
