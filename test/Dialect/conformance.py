#!/usr/bin/env python3
"""Conformance of vtc's generic form with MLIR (issue 2): for every test file
of the builtin, func, arith and math dialects (those without expected errors),
`vtc-opt --print-generic FILE` (and the same after --canonicalize, so that
folded constants are covered too) must be accepted by
`mlir-opt-19 --allow-unregistered-dialect`.

The math dialect (MLIR's names) is checked too; a file marked
`// conformance: vtc-only` (math.sigmoid, which MLIR lacks) is skipped.

Usage: conformance.py TEST_DIALECT_DIR MIN_FILES [MLIR_OPT]
Exits 1 if any file fails or fewer than MIN_FILES were checked."""
import glob
import os
import shutil
import subprocess
import sys

def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def main():
    root, min_files = sys.argv[1], int(sys.argv[2])
    mlir_opt = sys.argv[3] if len(sys.argv) > 3 else "/usr/lib/llvm-19/bin/mlir-opt"
    vtc_opt = shutil.which("vtc-opt")
    if not vtc_opt:
        print("error: vtc-opt not found on PATH")
        return 1
    files = []
    for d in ("builtin", "func", "arith", "math"):
        files += sorted(glob.glob(os.path.join(root, d, "*.mlir")))
    checked, failures = 0, []
    for path in files:
        with open(path) as f:
            text = f.read()
            if "expected-error" in text or "conformance: vtc-only" in text:
                continue
        for extra in ([], ["--canonicalize"]):
            what = " ".join(["vtc-opt", "--print-generic"] + extra + [os.path.relpath(path, root)])
            gen = run([vtc_opt, "--print-generic"] + extra + [path])
            if gen.returncode != 0:
                failures.append("%s: exit %d\n%s" % (what, gen.returncode, gen.stderr))
                continue
            res = run([mlir_opt, "--allow-unregistered-dialect", "-o", os.devnull, "-"], stdin=gen.stdout)
            if res.returncode != 0:
                failures.append("%s | mlir-opt: exit %d\n%s" % (what, res.returncode, res.stderr))
        checked += 1
        print("ok: %s" % os.path.relpath(path, root))
    for f in failures:
        print("FAIL: " + f)
    print("checked %d files (minimum %d), %d failures" % (checked, min_files, len(failures)))
    return 1 if failures or checked < min_files else 0


if __name__ == "__main__":
    sys.exit(main())
