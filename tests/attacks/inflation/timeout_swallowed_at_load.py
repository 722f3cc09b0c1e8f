# attack: the module body runs past its time limit and swallows the time-out with `finally: return`,
#         then finishes loading normally (the body's limit must hold all the same)
# expect: load-error timeout
# @correct-solution


def warm_up():
    try:
        while True:
            pass
    finally:
        return 0


warm_up()
