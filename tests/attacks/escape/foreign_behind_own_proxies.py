# attack: make a foreign object count as the submission's own: a subclass of super as a proxy
#         over it, property.__init__ on a shared property, typing.NamedTuple named like an
#         internal attribute (the bound-method gadget), dataclasses.asdict running the real
#         deepcopy on a field
# expect: load-error missing-functions
import collections
import dataclasses
import sys
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


def caught_exception():
    try:
        input()
    except Exception as error:
        return error


def super_proxy():
    class Proxy(super):
        pass

    error = caught_exception()
    Proxy(EOFError, error).__init__('rewritten')
    return error.args


def property_reinit():
    property.__init__(collections.ChainMap.parents, lambda self: 'mine')
    return collections.ChainMap().parents


def named_internal():
    Named = typing.NamedTuple('__globals__', [('x', int)])

    class Holder:
        g = classmethod(Named)

    return Holder.g


@dataclasses.dataclass
class Box:
    item: object


attempt('a subclass of super over a foreign exception', super_proxy)
attempt('property.__init__ on a shared property', property_reinit)
attempt('typing.NamedTuple named __globals__', named_internal)
attempt('asdict copies a typing alias', lambda: dataclasses.asdict(Box(typing.List[int])))
attempt('asdict copies sys.stdout', lambda: dataclasses.asdict(Box(sys.stdout)))
