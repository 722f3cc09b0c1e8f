# attack: functools.lru_cache(cls) copies cls.__dict__ into the wrapper (update_wrapper): a foreign
#         property (ChainMap.parents) or raw classmethod comes back as it is; classmethod(property)
#         then runs the getter with the class as self: the real type
# expect: load-error missing-functions
import collections
import functools


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def via_lru_cache():
    class K:
        maps = [None, None]
        real = classmethod(functools.lru_cache(collections.ChainMap).parents)
    K.maps[1] = K
    return K.real


def own_property_in_classmethod():
    class K:
        real = classmethod(property(lambda cls: cls))
    return K.real


attempt('lru_cache(ChainMap).parents in classmethod', via_lru_cache)
attempt('lru_cache(ChainMap).fromkeys raw', lambda: functools.lru_cache(collections.ChainMap).fromkeys)
attempt('ChainMap.parents', lambda: collections.ChainMap.parents)
attempt('classmethod(property)', own_property_in_classmethod)
