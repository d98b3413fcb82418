"""Run a command, pass its stdout and stderr through (both to stdout), then print
``exit: N`` and exit 0, so lit tests can FileCheck an exact exit code."""

import subprocess
import sys

if __name__ == "__main__":
    proc = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    sys.stdout.write(proc.stdout)
    print(f"exit: {proc.returncode}")
