# attack: subclass the metaclass itself (class Meta(type(int))) and make classes with it; subclass a class with
#         a custom metaclass (an ABC through typing.Mapping), whose metaclass methods would then run
# expect: load-error missing-functions

try:
    class Meta(type(int)):
        pass

    Evil = Meta('Evil', (), {'__reduce_ex__': lambda self, protocol: (print, ('BREACH: reduce',))})
    print('BREACH: a metaclass subclass', Evil)
except Exception:
    pass
try:
    import typing

    class FromMapping(typing.Mapping):
        pass
    print('BREACH: a base with the ABCMeta metaclass', FromMapping)
except Exception:
    pass
