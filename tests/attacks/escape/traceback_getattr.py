# attack: the traceback and frame through getattr with literal names and through format fields
# expect: load-error missing-functions


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:200])
    return found


try:
    1 / 0
except ZeroDivisionError as error:
    attempt('getattr(error, "__traceback__")', lambda: getattr(error, '__traceback__'))
    attempt('getattr(error, "with_traceback")', lambda: getattr(error, 'with_traceback'))
    attempt('format field', lambda: '{0.__traceback__.tb_frame}'.format(error))
    attempt('f-string field via format()', lambda: format(error, '{0.__traceback__}'))
