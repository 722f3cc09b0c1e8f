# attack: the real `type` as type(int), int.__class__ or type(type(x)), or as the origin of an annotation's
#         type[X] (typing.get_origin, calling the alias, a class built on it); its three-argument form makes classes
#         with dunder methods the policy refuses (__reduce_ex__, __del__, __getattribute__...)
# expect: load-error missing-functions
import typing


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, found)
    return found


body = {'__getattribute__': lambda self, name: 'anything', '__del__': lambda self: None}
attempt('type(int)(...)', lambda: type(int)('Evil', (), body))
attempt('int.__class__(...)', lambda: int.__class__('Evil', (), body))
attempt('type(type(1))(...)', lambda: type(type(1))('Evil', (), body))
attempt('"".__class__.__class__(...)', lambda: ''.__class__.__class__('Evil', (), body))
attempt('"{0.__class__}"', lambda: '{0.__class__.__class__.__name__}'.format(1) != 'type' or None)
attempt('type[int](...)', lambda: type[int]('Evil', (), body))
attempt('get_origin(type[int])(...)', lambda: typing.get_origin(type[int])('Evil', (), body))
attempt('a class on type[int]', lambda: type('Evil', (type[int],), body))
try:
    class Evil(type[int]):
        pass
except Exception:
    pass
else:
    print('BREACH: a class statement on type[int]', Evil)
