#!/usr/bin/python3
"""Runs lit tests on a machine that has a GPU but no LLVM tools (the device
machine: no FileCheck, no `not`), and checks their output here.

  remote_lit.py record OUT_DIR TEST...   # on the GPU machine
  remote_lit.py check OUT_DIR            # here, where FileCheck is

`record` runs each RUN line of each test (lit's substitutions: %s %S %t
%python %vtc_src; `not` inverts an exit status) with the tools of --bin
(default build-static/) first on PATH. A line that ends in `| FileCheck
ARGS` has its command run and its output saved; the other lines run as they
are and must succeed. Everything, outputs included, goes to one file,
OUT_DIR/results.json (the device returns few files). `check` replays the saved outputs through
FileCheck with the recorded arguments and prints `N passed, M failed`.
"""
import json
import os
import re
import shlex
import subprocess
import sys

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def run_lines(path):
    lines, cur = [], ""
    with open(path) as f:
        for raw in f:
            m = re.search(r"RUN:(.*)$", raw)
            if not m:
                continue
            part = m.group(1).rstrip()
            if part.endswith("\\"):
                cur += part[:-1] + " "
                continue
            lines.append((cur + part).strip())
            cur = ""
    return lines


def substitute(line, test, tmp, python):
    subs = {"%python": python, "%vtc_src": SRC, "%s": test, "%S": os.path.dirname(test), "%t": tmp}
    return re.sub(r"%(python|vtc_src|[sSt])\b", lambda m: subs[m.group(0)], line)


NOT = "not() { if \"$@\"; then return 1; else return 0; fi; }; "


def record(out, tests, bindir, python):
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, PATH=os.path.abspath(bindir) + os.pathsep + os.environ.get("PATH", ""))
    results = []
    for n, test in enumerate(tests):
        test = os.path.abspath(test)
        tmp = os.path.join(os.path.abspath(out), "t%d.tmp" % n)
        for k, line in enumerate(run_lines(test)):
            cmd = substitute(line, test, tmp, python)
            m = re.match(r"(.*)\|\s*FileCheck\s+(.*)$", cmd)
            f = re.match(r"FileCheck\s+(.*?)\s*<\s*(\S+)$", cmd)
            entry = {"test": os.path.relpath(test, SRC), "line": line}
            if f:  # FileCheck ARGS < FILE: the file a line before wrote
                try:
                    with open(f.group(2), "rb") as fh:
                        entry.update(output=fh.read().decode("latin-1"), filecheck=f.group(1), rc=0, stderr="")
                except OSError as e:
                    entry.update(rc=1, log=str(e))
            elif m:
                r = subprocess.run(["bash", "-o", "pipefail", "-c", NOT + m.group(1)], env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                entry.update(output=r.stdout.decode("latin-1"), filecheck=m.group(2), rc=r.returncode,
                             stderr=r.stderr.decode(errors="replace")[-2000:])
            else:
                r = subprocess.run(["bash", "-c", NOT + cmd], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                entry.update(rc=r.returncode, log=r.stdout.decode(errors="replace")[-2000:])
            results.append(entry)
            print("%s rc=%d: %s" % (entry["test"], entry["rc"], line[:120]), flush=True)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)


def check(out):
    with open(os.path.join(out, "results.json")) as f:
        results = json.load(f)
    passed = failed = 0
    for e in results:
        test = os.path.join(SRC, e["test"])
        ok = e["rc"] == 0
        why = "exit status %d" % e["rc"]
        if ok and "output" in e:
            args = shlex.split(substitute(e["filecheck"], test, "/nonexistent", "python3"))
            r = subprocess.run(["/usr/lib/llvm-19/bin/FileCheck"] + args, input=e["output"].encode("latin-1"),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            ok, why = r.returncode == 0, r.stdout.decode(errors="replace")[-1500:]
        print("%s %s: %s" % ("ok  " if ok else "FAIL", e["test"], e["line"][:140]))
        if not ok:
            print("    " + (why or e.get("stderr", "") or e.get("log", "")).replace("\n", "\n    "))
            if e.get("stderr"):
                print("    stderr: " + e["stderr"].replace("\n", "\n    "))
        passed += ok
        failed += not ok
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def main(argv):
    if len(argv) >= 3 and argv[0] == "record":
        bindir, python, rest = "build-static", "python3", argv[1:]
        while rest and rest[0].startswith("--"):
            opt, val = rest[0].split("=", 1)
            bindir = val if opt == "--bin" else bindir
            python = val if opt == "--python" else python
            rest = rest[1:]
        record(rest[0], rest[1:], bindir, python)
        return 0
    if len(argv) == 2 and argv[0] == "check":
        return check(argv[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
