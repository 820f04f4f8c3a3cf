#!/usr/bin/python3
"""The ONNX backend-test conformance suite: every test folder of Debian's
libonnx-testdata (node/, pytorch-converted/, pytorch-operator/ under
/usr/share/libonnx-testdata/data) run by `vtc-run --onnx-test=DIR
--target=T` and classified by its exit status:

  pass          0: every output of every data set matches (vtc-run --check's rule)
  unsupported   4: the importer reports an op, element type, attribute value or
                   opset that vtc does not import (a clear diagnostic)
  fail          anything else: a mismatch, an error, a crash, a timeout

The suite fails when any test fails, when a test listed in the committed
list of passing tests (test/Import/onnx/passing-<suite>.txt) does not pass (a
regression), or when a suite passes fewer tests than its floor. It prints one
line per test that does not pass, the counts per suite and category, and the
most common reasons for `unsupported`.

Usage: conformance.py VTC_RUN [--target=T] [--suite=node,pytorch-converted,pytorch-operator]
                      [-j JOBS] [-k SUBSTRING] [--update-passing] [--markdown FILE] [-v]
--update-passing rewrites the passing lists from this run (after a fix).
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# VTC_ONNX_TESTDATA points elsewhere (a machine without the Debian package).
DATA = os.environ.get("VTC_ONNX_TESTDATA", "/usr/share/libonnx-testdata/data")
SUITES = ["node", "pytorch-converted", "pytorch-operator"]
# At least this many tests of a suite pass (on every target that runs it).
FLOORS = {"node": 708}
TIMEOUT = 300


def run_test(vtc_run, target, path):
    cmd = [vtc_run, "--onnx-test=" + path, "--target=" + target]
    env = dict(os.environ, VTC_NUM_THREADS="2")
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return "fail", "timed out after %d s" % TIMEOUT, time.time() - t0
    out = p.stdout.decode(errors="replace")
    sanitizer = "Sanitizer" in out or "runtime error:" in out
    if p.returncode == 0 and not sanitizer:
        return "pass", "", time.time() - t0
    if p.returncode == 4 and not sanitizer:
        lines = [ln for ln in out.splitlines() if " error: " in ln]
        return "unsupported", lines[0] if lines else out.strip()[-300:], time.time() - t0
    why = "exit %d: %s" % (p.returncode, out.strip()[-1500:].replace("\n", "\n    "))
    return "fail", why, time.time() - t0


def reason_key(msg):
    """`op 'X' is not supported`, `element type UINT8`, ... without the test's names."""
    m = re.search(r"\): (.*)$", msg) or re.search(r"error: (.*)$", msg)
    text = m.group(1) if m else msg
    text = re.sub(r"'[^']*'", lambda g: g.group(0) if "op '" in text[:text.find(g.group(0)) + 4] else "'...'", text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text[:110]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("vtc_run")
    ap.add_argument("--target", default="cpu")
    ap.add_argument("--suite", default=",".join(SUITES))
    ap.add_argument("-j", dest="jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    ap.add_argument("-k", dest="only")
    ap.add_argument("-v", dest="verbose", action="store_true")
    ap.add_argument("--update-passing", action="store_true")
    ap.add_argument("--markdown", help="append the counts as a markdown table row to FILE")
    a = ap.parse_args()
    vtc_run = os.path.abspath(a.vtc_run)
    if not os.path.isdir(DATA):
        print("conformance.py: %s is missing (install libonnx-testdata: scripts/setup.sh)" % DATA)
        sys.exit(1)
    suites = [s for s in a.suite.split(",") if s]
    jobs = []
    for s in suites:
        root = os.path.join(DATA, s)
        for name in sorted(os.listdir(root)):
            if a.only and a.only not in name:
                continue
            jobs.append((s, name, os.path.join(root, name)))
    t0 = time.time()
    results = {}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        futs = {ex.submit(run_test, vtc_run, a.target, path): (s, name) for s, name, path in jobs}
        for f in concurrent.futures.as_completed(futs):
            results[futs[f]] = f.result()
    elapsed = time.time() - t0
    failed = 0
    regressions = []
    for s in suites:
        passing_file = os.path.join(HERE, "passing-%s.txt" % s)
        expected = set()
        if os.path.exists(passing_file):
            expected = {ln.strip() for ln in open(passing_file) if ln.strip() and not ln.startswith("#")}
        names = sorted(n for (su, n) in results if su == s)
        counts = collections.Counter(results[(s, n)][0] for n in names)
        reasons = collections.Counter(reason_key(results[(s, n)][1]) for n in names if results[(s, n)][0] == "unsupported")
        for n in names:
            cat, why, secs = results[(s, n)]
            if cat == "fail":
                print("FAIL  %s/%s: %s" % (s, n, why))
            elif a.verbose:
                print("%-12s %s/%s%s" % (cat.upper(), s, n, ": " + why if why else ""))
            if n in expected and cat != "pass":
                regressions.append("%s/%s (%s)" % (s, n, cat))
        failed += counts["fail"]
        print("%s (--target=%s): %d tests: %d pass, %d unsupported, %d fail" %
              (s, a.target, len(names), counts["pass"], counts["unsupported"], counts["fail"]))
        if reasons:
            print("  most common reasons for unsupported:")
            for r, c in reasons.most_common(12):
                print("    %4d  %s" % (c, r))
        floor = FLOORS.get(s)
        if floor and not a.only and counts["pass"] < floor:
            print("  FAIL: fewer than %d tests pass" % floor)
            failed += 1
        if a.update_passing and not a.only:
            with open(passing_file, "w") as f:
                f.write("# Tests of %s/ that pass on every target (test/Import/onnx/conformance.py --update-passing).\n" % s)
                for n in names:
                    if results[(s, n)][0] == "pass":
                        f.write(n + "\n")
        if a.markdown:
            with open(a.markdown, "a") as f:
                f.write("| %s | %s | %d | %d | %d | %d |\n" %
                        (s, a.target, len(names), counts["pass"], counts["unsupported"], counts["fail"]))
    for r in regressions:
        print("REGRESSION  %s: listed as passing" % r)
    print("time: %.0f s for %d tests (-j %d)" % (elapsed, len(results), a.jobs))
    bad = failed + len(regressions)
    print("%d passed, %d failed" % (sum(1 for v in results.values() if v[0] == "pass"), bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
