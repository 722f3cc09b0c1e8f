# attack: __match_args__ naming one of Python's own attributes (__dataclass_fields__) in an own dataclass:
#         a case pattern handed out the real fields dict, main.py added a Field look-alike whose name
#         answered 'format' to dataclasses.replace's raw getattr and 'object' as the keyword to str()
# expect: load-error runtime cannot be a field
import dataclasses

caught = []


@dataclasses.dataclass(init=False)
class S(str):
    __match_args__ = ("__dataclass_fields__",)

    def __init__(self, object=None):
        caught.append(object)


class Fake:
    _field_type = None
    init = True
    default = None

    def __init__(self):
        self.reads = 0

    @property
    def name(self):
        self.reads += 1
        return "format" if self.reads <= 2 else "object"


s = S("builtins: {0.__globals__[__builtins__][eval]} | grader module: {0.__globals__[__name__]} | guards: {0.__globals__[sys].modules[grader.sandbox.guards].Guards}")
match s:
    case S(fields):
        fields["x"] = Fake()

dataclasses.replace(s)
raw = caught[-1]
print("got:", raw)
print(raw(getattr))


def validate_ticket_proposal(p):
    return p
