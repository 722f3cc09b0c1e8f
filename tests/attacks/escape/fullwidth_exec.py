# attack: full-width letters that NFKC-normalise to exec
# expect: policy exec()
ｅｘｅｃ('import os')
