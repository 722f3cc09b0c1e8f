# attack: exec, eval and compile with code built at run time
# expect: policy exec()
exec('import os')
