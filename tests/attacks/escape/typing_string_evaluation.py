# attack: typing constructs that hold code in strings (forward references); nothing may evaluate them, also not
#         typing.get_type_hints (the grader's, which reads an annotation's text as names only: type_hints.py)
# expect: load-error missing-functions
import typing

CODE = "__import__('os').system('touch @@MARKER@@/typing-forward-ref')"


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


alias = typing.List[CODE]
optional = typing.Optional[CODE]
attempt('typing.ForwardRef', lambda: typing.ForwardRef)
attempt('alias.__args__', lambda: getattr(alias, '__args__'))
attempt('typing.cast(CODE, ...)', lambda: typing.cast(CODE, 1) != 1 or None)


def annotated(x: CODE) -> CODE:
    return x


def listed(x: alias, y: optional) -> typing.Dict[str, CODE]:
    return x


attempt('typing.get_type_hints(annotated)', lambda: typing.get_type_hints(annotated))
try:  # the forward references stay text inside the aliases: a file made next to the secret would show otherwise
    typing.get_type_hints(listed)
except Exception:
    pass
