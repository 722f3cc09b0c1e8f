# attack: full-width letters that NFKC-normalise to a guard hook's name (_ｇｅｔａｔｔｒ_ is _getattr_)
# expect: policy _getattr_
_ｇｅｔａｔｔｒ_ = lambda obj, name, *default: obj
