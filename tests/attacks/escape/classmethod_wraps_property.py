# attack: classmethod() chains __get__ to the object it wraps (Python 3.9-3.12): a foreign property
#         (collections.ChainMap.parents, read off the class: a property object, not a function, so the
#         guard hands it out) wrapped in classmethod() on a class of main.py is called with the CLASS
#         as self: parents runs self.__class__(*self.maps[1:]) = the REAL type(K). With it: a metaclass
#         whose __instancecheck__ says yes, __match_args__ read unguarded, frames, grader.execution.
# expect: load-error runtime AttributeError
import collections


class K:
    maps = [None, None]
    real = classmethod(collections.ChainMap.parents)


K.maps[1] = K
RealType = K.real                       # type(K): the real `type`
Meta = RealType("Meta", (RealType,), {"__instancecheck__": lambda cls, obj: True})
GiFrame = Meta("GiFrame", (), {"__match_args__": ("gi_frame",)})
FBack = Meta("FBack", (), {"__match_args__": ("f_back",)})
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
                            print("BREACH: grader.execution.run_direct replaced")
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
