# attack: enum.verify(CONTINUOUS) of members 0 and 10**18 (Python lists every missing value before it cuts its
#         message to 256 characters, which fills the memory); the load must end quickly and grade
# expect: graded PPP
# @correct-solution
from enum import CONTINUOUS, Enum, Flag, verify

for base, high in ((Enum, 10 ** 18), (Flag, 2 ** 4000)):
    try:
        @verify(CONTINUOUS)
        class Wide(base):
            LOW = 1
            HIGH = high
    except ValueError as error:
        assert len(str(error)) == 256, str(error)
    else:
        raise AssertionError('no gap found')
