# attack: plain import of os, used for a shell command
# expect: load-error runtime AttributeError
import os

os.system('touch @@MARKER@@/import-os')
