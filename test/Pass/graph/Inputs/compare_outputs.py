#!/usr/bin/env python3
"""Runs function ENTRY of FILE in the reference interpreter as written and
after PIPELINE, on the same seeded random inputs, and checks that every
output agrees within a relative tolerance (default 1e-5 of the largest
magnitude). Usage: compare_outputs.py FILE ENTRY PIPELINE [RTOL]"""
import os
import subprocess
import sys
import tempfile

import numpy as np


def run(path, entry, outdir, extra):
    cmd = ["vtc-run", path, "--entry=" + entry, "--seed=7", "--output-dir=" + outdir] + extra
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("%s failed:\n%s" % (" ".join(cmd), r.stderr))
    return sorted(os.listdir(outdir))


def main():
    path, entry, pipeline = sys.argv[1:4]
    rtol = float(sys.argv[4]) if len(sys.argv) > 4 else 1e-5
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        names = run(path, entry, a, [])
        if run(path, entry, b, ["--pass-pipeline=" + pipeline]) != names or not names:
            sys.exit("the two runs wrote different outputs: %s" % names)
        for n in names:
            x, y = np.load(os.path.join(a, n)), np.load(os.path.join(b, n))
            scale = max(float(np.max(np.abs(x))), 1e-30)
            err = float(np.max(np.abs(x.astype(np.float64) - y.astype(np.float64)))) / scale
            if x.shape != y.shape or not np.isfinite(y).all() or err > rtol:
                sys.exit("%s: %s: relative error %g (shapes %s, %s)" % (entry, n, err, x.shape, y.shape))
            print("%s %s: relative error %.3g" % (entry, n, err))


main()
