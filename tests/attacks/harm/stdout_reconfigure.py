# attack: sys.stdout.reconfigure (accepted for a Windows console's utf-8) with settings that would lift the output
#         cap or reach the real stream (line buffering, write-through, an encoding object of main.py's), then a
#         flood of output; the stream's private buffer, its binary buffer and file descriptor
# expect: graded PPP
# @correct-solution
import sys


class Sneaky(str):
    def lower(self):
        print('BREACH: the grader used an encoding object of main.py')
        return 'utf-8'


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return
    print('BREACH:', what, repr(found)[:80])


sys.stdout.reconfigure(encoding=Sneaky('utf-8'), errors='ignore', line_buffering=True, write_through=True,
                       newline='')
sys.stderr.reconfigure(encoding='latin-1')
if sys.stdout.encoding != 'utf-8' or sys.stdout.isatty():
    print('BREACH: reconfigure changed the stream')
attempt('the private buffer', lambda: sys.stdout._output)
attempt('the binary buffer', lambda: sys.stdout.buffer.write(b'x'))
attempt('the file descriptor', lambda: sys.stdout.fileno())
attempt('writing the encoding', lambda: setattr(sys.stdout, 'encoding', 'x'))
for _ in range(2000):
    sys.stdout.write('x' * 100)
print('y' * 100_000)
