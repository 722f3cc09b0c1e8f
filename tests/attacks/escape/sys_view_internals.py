# attack: the sys stand-in offers only exit/maxsize/argv/stdout/stderr/version_info, not sys.modules
# expect: load-error runtime AttributeError
import sys
modules = sys.modules
