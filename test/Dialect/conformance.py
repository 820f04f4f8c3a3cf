#!/usr/bin/env python3
"""Conformance of vtc's generic form with MLIR (issue 2): for every test file
of the builtin, func and arith dialects (those without expected errors),
`vtc-opt --print-generic FILE` (and the same after --canonicalize, so that
folded constants are covered too) must be accepted by
`mlir-opt-19 --allow-unregistered-dialect`.

vtc keeps the math functions a DNN needs in arith (issue 2); MLIR has them in
`math` (and has no sigmoid). Before handing the text to mlir-opt, this script
renames them to their MLIR counterparts so MLIR verifies them for real, and
sigmoid to an unregistered dialect so at least its generic syntax is checked.

Usage: conformance.py TEST_DIALECT_DIR MIN_FILES [MLIR_OPT]
Exits 1 if any file fails or fewer than MIN_FILES were checked."""
import glob
import os
import re
import shutil
import subprocess
import sys

RENAMES = {
    "arith.exp": "math.exp",
    "arith.log": "math.log",
    "arith.tanh": "math.tanh",
    "arith.erf": "math.erf",
    "arith.sqrt": "math.sqrt",
    "arith.rsqrt": "math.rsqrt",
    "arith.powf": "math.powf",
    "arith.absf": "math.absf",
    "arith.absi": "math.absi",
    "arith.sigmoid": "vtc_ext.sigmoid",
}
NAME_RE = re.compile(r'"(%s)"' % "|".join(re.escape(k) for k in RENAMES))


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
    for d in ("builtin", "func", "arith"):
        files += sorted(glob.glob(os.path.join(root, d, "*.mlir")))
    checked, failures = 0, []
    for path in files:
        with open(path) as f:
            if "expected-error" in f.read():
                continue
        for extra in ([], ["--canonicalize"]):
            what = " ".join(["vtc-opt", "--print-generic"] + extra + [os.path.relpath(path, root)])
            gen = run([vtc_opt, "--print-generic"] + extra + [path])
            if gen.returncode != 0:
                failures.append("%s: exit %d\n%s" % (what, gen.returncode, gen.stderr))
                continue
            text = NAME_RE.sub(lambda m: '"%s"' % RENAMES[m.group(1)], gen.stdout)
            res = run([mlir_opt, "--allow-unregistered-dialect", "-o", os.devnull, "-"], stdin=text)
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
