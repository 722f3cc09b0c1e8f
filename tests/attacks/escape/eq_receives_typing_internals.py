# attack: typing checks each argument of a subscription against its own special objects with ==
#         (Any, Generic, Protocol, ...): an argument whose __eq__ keeps what it is compared with
#         receives them; a breach is anything received that builds a class or reads a name
# expect: load-error missing-functions
import typing


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


received = []


class Probe:
    def __eq__(self, other):
        received.append(other)
        return False

    def __hash__(self):
        return 7


for build in (lambda: typing.List[Probe()], lambda: typing.Optional[Probe()], lambda: typing.Union[int, Probe()],
              lambda: typing.Type[Probe()], lambda: typing.Callable[[Probe()], Probe()]):
    try:
        build()
    except Exception:
        pass


def builds_a_class(item):
    try:
        made = item('Made', (), {'__match_args__': ('gi_frame',)})
    except Exception:
        return None
    return made


for item in received:
    attempt('typing handed over ' + repr(item)[:40], lambda: builds_a_class(item))
