# attack: an enum body's _ignore_ naming the names Python's class statement writes (__module__, __qualname__): left
#         out, the class made by the grader's enum metaclass took its module from the grader's own frame, so main.py
#         held a class that claims to be a grader module's (what a base's __init_subclass__ or @dataclass trusts)
# expect: load-error missing-functions
import enum


def attempt(what, make):
    try:
        made = make()
    except TypeError:
        return
    if not str(made.__module__).startswith('main') or made.__qualname__ != made.__name__:
        print('BREACH:', what, made.__module__, made.__qualname__)


def listed():
    class Status(enum.Enum):
        _ignore_ = ['__module__']
        OPEN = 'open'
    return Status


def spelled():
    class Level(enum.IntEnum):
        _ignore_ = '__module__, __qualname__'
        LOW = 1
    return Level


def empty():
    class Base(enum.Enum):
        _ignore_ = ('__module__', '__qualname__')
    return Base


attempt('a list', listed)
attempt('a str', spelled)
attempt('no members', empty)
