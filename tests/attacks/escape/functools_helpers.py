# attack: functools helpers that read or write attributes for you: update_wrapper/wraps, reduce(getattr, ...),
#         partial(getattr, ...), lru_cache around a grader function, total_ordering on a shared class
# expect: load-error missing-functions
import collections
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


def target():
    return 1


attempt('update_wrapper(f, json.dumps).__wrapped__', lambda: getattr(functools.update_wrapper(target, json.dumps), '__wrapped__'))
attempt('update_wrapper(json.dumps, f) names a grader function', lambda: functools.update_wrapper(json.dumps, target).__name__ != 'dumps' or None)
attempt('update_wrapper(f, json.dumps) takes its name', lambda: target.__name__ != 'target' or None)
attempt('functools.wraps', lambda: getattr(functools.wraps(json.dumps)(target), '__wrapped__'))
attempt('reduce(getattr, ...)', lambda: functools.reduce(getattr, ['__globals__', 'get'], target))
attempt('partial(getattr, ...)', lambda: functools.partial(getattr, target)('__globals__'))
attempt('lru_cache(json.dumps).__wrapped__', lambda: getattr(functools.lru_cache(json.dumps), '__wrapped__'))
attempt('cache(json.dumps).__globals__', lambda: getattr(functools.cache(json.dumps), '__globals__'))
attempt('total_ordering(Counter)', lambda: functools.total_ordering(collections.Counter))
attempt('functools.singledispatch of a grader function', lambda: functools.singledispatch(json.dumps))
attempt('functools.cached_property of a grader function', lambda: functools.cached_property(json.dumps))
attempt('functools.singledispatchmethod of a grader function', lambda: functools.singledispatchmethod(json.dumps))
