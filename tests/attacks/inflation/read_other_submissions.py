# attack: walk from a running generator's frame (read through str.format on a str subclass) up to the grader's
#         frames and print what they hold: the list of every submission with its source, the expected values
# expect: load-error missing-functions


class Template(str):
    def fill(self, *args):
        return super().format(*args)


def climb():
    for depth in range(1, 60):
        up = '{0.gi_frame' + '.f_back' * depth
        for field in (up + '.f_locals[self].submissions}', up + '.f_locals[job].submission}'):
            try:
                yield Template(field).fill(me[0])
            except Exception:
                pass


me = [None]
me[0] = climb()
for text in me[0]:
    print('BREACH: read the grader\'s frames:', text[:9000])
    break
