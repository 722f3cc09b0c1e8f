# attack: importlib, sys and submodules by every import form (a plain `import builtins` is refused by name)
# expect: load-error missing-functions

try:
    import importlib
    importlib.__name__  # a breach only when the module can be used
    print('BREACH: importlib')
except Exception:
    pass
try:
    from sys import modules
    print('BREACH: sys.modules')
except Exception:
    pass
try:
    import json.decoder  # binds the json view: a breach only when the submodule can be used
    json.decoder.JSONDecoder()
    print('BREACH: json.decoder')
except Exception:
    pass
try:
    from . import main
    print('BREACH: relative import')
except Exception:
    pass
