# attack: run a shell command with subprocess
# expect: load-error runtime ImportError
import subprocess

subprocess.run(['touch', '@@MARKER@@/spawned'])
