#!/usr/bin/env python3
"""Replays every model the ONNX importer's fuzzer found a bug with
(test/fuzz/regressions-onnx/*.onnx) through vtc-translate --import-onnx: each
must import (exit 0) or be rejected with a diagnostic (exit 1); any other
exit code or a sanitizer report is a failure."""
import glob
import os
import subprocess
import sys


def check(path):
    r = subprocess.run(["vtc-translate", "--import-onnx", path, "-o", os.devnull], capture_output=True)
    err = r.stderr.decode("utf-8", "replace")
    if "Sanitizer" in err or "runtime error" in err:
        return "sanitizer report"
    if r.returncode == 1:
        return None if "error:" in err else "exit 1 without a diagnostic"
    return None if r.returncode == 0 else "exit %d" % r.returncode


def main():
    files = sorted(glob.glob(os.path.join(sys.argv[1], "*.onnx")))
    bad = [(f, why) for f in files for why in [check(f)] if why]
    for f, why in bad:
        print("FAIL %s: %s" % (os.path.basename(f), why))
    print("%d models, %d failed" % (len(files), len(bad)))
    sys.exit(1 if bad or not files else 0)


if __name__ == "__main__":
    main()
