# attack: change copy.deepcopy and copy's dispatch table (the checks copy trusted values with it)
# expect: graded PFF
# @correct-solution
import copy


def attempt(what, action):
    try:
        action()
    except Exception:
        return
    print('BREACH:', what)


def assign():
    copy.deepcopy = copy.copy


def dispatch_table():
    table = getattr(copy, '_deepcopy_dispatch')
    table[dict] = lambda x, memo: {}


def dispatch_table_direct():
    copy._deepcopy_dispatch[dict] = lambda x, memo: {}


def defaults():
    getattr(copy.deepcopy, '__defaults__')


attempt('copy.deepcopy = ...', assign)
attempt('getattr(copy, "_deepcopy_dispatch")', dispatch_table)
attempt('copy._deepcopy_dispatch[dict]', dispatch_table_direct)
attempt('copy.deepcopy.__defaults__', defaults)


def proposal_fingerprint(proposal):
    validate_ticket_proposal(proposal)
    return 'f' * 64
