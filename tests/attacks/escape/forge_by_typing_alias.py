# attack: a full escape that forged 3/3 with every function wrong, through typing._GenericAlias's
#         __reduce__, which copy.copy followed
# expect: load-error runtime
import copy
import typing

# typing._GenericAlias is a plain class, so type() hands it out. Its __reduce__ does
# `globals()[self._name]` in typing's module globals when _name is set, and copy.copy calls
# __reduce__ and then operator.getitem(origin, args): typing.__dict__['__builtins__']['__import__'].
GenericAlias = type(typing.List[int])
real_import = copy.copy(GenericAlias(int, ("__import__",), name="__builtins__"))

real_setattr = copy.copy(GenericAlias(int, ("setattr",), name="__builtins__"))

execution = real_import("sys").modules["grader.execution"]
real_setattr(execution, "run_direct", lambda item, student, seconds: {"outcome": "passed"})
real_setattr(execution, "summarize", lambda reports, seconds: {"outcome": "passed"})


def validate_ticket_proposal(proposal):
    return None


def proposal_fingerprint(proposal):
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return None
