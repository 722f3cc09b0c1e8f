# attack: import a whitelisted module under a guard's name
# expect: policy _getattr_
from functools import partial as _getattr_
