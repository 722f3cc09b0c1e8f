# attack: typing.Any's metaclass (typing._AnyMeta) is a type subclass: its three-argument call makes classes too
# expect: load-error missing-functions
import typing

try:
    Maker = type(typing.Any)
    Evil = Maker('Evil', (), {'__del__': lambda self: print('BREACH: __del__ ran')})
    print('BREACH: typing.Any metaclass made a class', Evil)
except Exception:
    pass
try:
    class FromAny(typing.Any):
        pass
    print('BREACH: subclass of typing.Any')
except Exception:
    pass
