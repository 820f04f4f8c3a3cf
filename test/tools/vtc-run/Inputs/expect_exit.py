# Runs a command and succeeds only when it exits with the given status:
#   expect_exit.py STATUS CMD ARGS...
# Its stdout and stderr pass through, for FileCheck.
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:])
if proc.returncode != want:
    sys.stderr.write(f'expect_exit.py: exit status {proc.returncode}, expected {want}\n')
    sys.exit(1)
