# attack: catastrophic regex backtracking while the module loads
# expect: load-error timeout
# @correct-solution
import re

re.fullmatch(r'(a+)+$', 'a' * 64 + '!')
