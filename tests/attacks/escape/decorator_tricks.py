# attack: decorators as a way to call things with grader objects: wraps() around grader functions,
#         wraps() of an own function renaming a grader function or taking a str subclass as docstring,
#         @type, @getattr-partials, @dataclass(frozen=True) on a shared class, a decorator returning a view
# expect: load-error missing-functions
import dataclasses
import functools
import json


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def decorate_with_wraps():
    @functools.wraps(json.dumps)
    def wrapper():
        pass
    # a breach: anything of json.dumps copied onto the submission's function (its name, __wrapped__)
    return None if wrapper.__name__ == 'wrapper' else wrapper.__name__


def rename_grader_function():
    def own():
        pass
    functools.wraps(own)(json.dumps)  # wraps copies a name only between main.py's own functions
    functools.wraps(own)(functools.wraps)
    return None if json.dumps.__name__ == 'dumps' and json.dumps.__qualname__ == 'dumps' else json.dumps.__name__


def docstring_of_a_str_subclass():
    class Text(str):
        def __eq__(self, other):
            return True
        __hash__ = None

    def own():
        pass
    own.__doc__ = Text('x')  # refused (only an exact str), so wraps can never copy one either

    @functools.wraps(own)
    def wrapper():
        pass
    return None if wrapper.__doc__ is None or type(wrapper.__doc__) is str else wrapper.__doc__


def decorate_with_type():
    @type
    def kind():
        pass
    return kind('Evil', (), {})


def decorate_shared_class():
    @dataclasses.dataclass(frozen=True)
    class Fake(json.JSONDecodeError):
        pass
    return dataclasses.dataclass(frozen=True)(json.JSONDecodeError)


def decorate_with_getattr():
    @functools.partial(getattr, name='__globals__')
    def leak():
        pass
    return leak


attempt('@functools.wraps(json.dumps)', decorate_with_wraps)
attempt('wraps(own)(json.dumps) renames it', rename_grader_function)
attempt('wraps copies a str subclass docstring', docstring_of_a_str_subclass)
attempt('@type then three arguments', decorate_with_type)
attempt('@dataclass(frozen=True) on JSONDecodeError', decorate_shared_class)
attempt('@partial(getattr)', decorate_with_getattr)
