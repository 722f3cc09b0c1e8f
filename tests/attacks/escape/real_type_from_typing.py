# attack: the real type from typing's introspection helpers (get_origin(Type[int]), get_args(Type[type])),
#         then a metaclass whose __instancecheck__ says yes and a positional class pattern, whose
#         __match_args__ names are read from any subject with the real getattr (a full escape
#         that forged 3/3 before)
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


def metaclass_from(real_type):
    def yes(cls, obj):
        return True

    return real_type('M', (real_type,), {'__instancecheck__': yes})


def read(meta, obj, name):
    C = meta('C', (), {'__match_args__': (name,)})
    match obj:
        case C(value):
            return value


def through_get_args():
    [found] = typing.get_args(typing.Type[type])
    return read(metaclass_from(found), exit, '__globals__')


def through_get_origin():
    return read(metaclass_from(typing.get_origin(typing.Type[int])), exit, '__globals__')


attempt('get_args(Type[type]) is the real type', through_get_args)
attempt('get_origin(Type[int]) is the real type', through_get_origin)
attempt('get_origin(Type[type]) is the real type',
        lambda: read(metaclass_from(typing.get_origin(typing.Type[type])), exit, '__globals__'))
attempt('get_origin(type[int]) is the real type', lambda: read(metaclass_from(typing.get_origin(type[int])), exit, '__globals__'))
attempt('get_origin(Protocol[T]) made into a metaclass',
        lambda: read(metaclass_from(typing.get_origin(typing.Protocol[typing.TypeVar('T')])), exit, '__globals__'))
