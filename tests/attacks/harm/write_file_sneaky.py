# attack: write a file through any module that can (io, os, pathlib, tempfile, shutil, logging, codecs),
#         through print(file=...) and through json/hashlib helpers
# expect: load-error missing-functions

TARGET = '@@MARKER@@/written-sneakily'
for attempt in range(1):
    try:
        import io
        io.open(TARGET, 'w').write('x')
        print('BREACH: io')
    except Exception:
        pass
    try:
        import pathlib
        pathlib.Path(TARGET).write_text('x')  # kept in memory: the marker folder must stay as it was
    except Exception:
        pass
    try:
        import tempfile
        tempfile.__name__  # a breach only when the module can be used
        print('BREACH: tempfile', tempfile.mkstemp(dir='@@MARKER@@'))
    except Exception:
        pass
    try:
        import shutil
        shutil.__name__  # a breach only when the module can be used
        print('BREACH: shutil')
    except Exception:
        pass
    try:  # accepted, as every logging call is, and writes nothing: the marker folder must stay as it was
        import logging
        logging.basicConfig(filename=TARGET, force=True)
        logging.getLogger().addHandler(logging.FileHandler(TARGET, mode='w'))
        logging.error('x')
        logging.getLogger('audit').critical('x')
    except Exception:
        pass
    try:
        import codecs
        codecs.open(TARGET, 'w').write('x')
        print('BREACH: codecs')
    except Exception:
        pass
    try:
        print('x', file=TARGET)
        print('x', file=None, flush=True)
    except Exception:
        pass
