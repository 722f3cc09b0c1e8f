# attack: run a shell command with subprocess
# expect: load-error runtime AttributeError
import subprocess

subprocess.run(['touch', '@@MARKER@@/spawned'])
