# attack: a match value pattern (case str.format:) is evaluated without the attribute guard and its value is
#         handed to the subject's __eq__: a way to obtain the raw str.format
# expect: load-error missing-functions


class Grab:
    def __init__(self):
        self.got = []

    def __eq__(self, other):
        self.got.append(other)
        return False


grab = Grab()
try:
    match grab:
        case str.format:
            pass
        case _:
            pass
except Exception:
    pass
for found in grab.got:
    try:
        print('BREACH: raw str.format', found('{0.gi_code.co_filename}', (i for i in [1])))
    except Exception:
        pass
