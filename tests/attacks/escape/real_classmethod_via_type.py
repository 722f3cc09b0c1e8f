# attack: checked_classmethod (grader/sandbox/guards.py) refuses classmethod() of anything but a function,
#         because in 3.9-3.12 a classmethod hands the CLASS to the __get__ of what it wraps (a property's
#         getter gets the class as self). But type(classmethod(f)) is the REAL classmethod: classmethod is in
#         PLAIN_BUILTINS, so it is in SAFE_CLASSES and the type() stand-in hands it out as it is.
# expect: load-error missing-functions
def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def own(cls):
    return cls


RealClassmethod = type(classmethod(own))
attempt('type(classmethod(f)) builds a classmethod of a property', lambda: RealClassmethod(property(own)))


def getter(self):
    return self


def wraps_property():
    class K:
        p = RealClassmethod(property(getter))   # what checked_classmethod refuses
    return K.p                                  # getter ran with the class K as self


attempt('property getter called with a class through the real classmethod', wraps_property)
