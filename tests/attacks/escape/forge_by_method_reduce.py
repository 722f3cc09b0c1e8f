# attack: a full escape that forged 3/3 with every function wrong: a bound method's __reduce__ is
#         (getattr, (obj, func.__name__)) and copy.copy called it; a namedtuple class's name
#         may be any identifier, so the method's name was any attribute
# expect: load-error runtime
import collections
import copy
import sys

Method = type(print)  # print is a bound method (Printer._call_print): its type is types.MethodType


def real_getattr(obj, name):
    return copy.copy(Method(collections.namedtuple(name, []), obj))


guards_globals = real_getattr(sys.exit, "__globals__")   # sys.exit is grader.sandbox.refusals.refuse_exit
real_builtins = guards_globals["builtins"]                     # the real builtins module
real_import = real_getattr(real_builtins, "__import__")
execution = real_import("sys").modules["grader.execution"]
real_builtins.setattr(execution, "run_direct", lambda item, student, seconds: {"outcome": "passed"})
real_builtins.setattr(execution, "summarize", lambda reports, seconds: {"outcome": "passed"})


def validate_ticket_proposal(proposal):
    return None


def proposal_fingerprint(proposal):
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return None
