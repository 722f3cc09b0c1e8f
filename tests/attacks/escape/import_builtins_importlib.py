# attack: importlib, sys and submodules by every import form (a plain `import builtins` is refused by name)
# expect: load-error missing-functions

try:
    import importlib
    importlib.__name__  # a breach only when the module can be used
    print('BREACH: importlib')
except Exception:
    pass
try:
    from sys import modules  # main.py's own names only (sys.modules[__name__])
    if len(modules) != 1 or modules.get('builtins') is not None or modules.get('os') is not None:
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
