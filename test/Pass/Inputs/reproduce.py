"""Checks that every IR dump's header reproduces the next step.

Usage: reproduce.py DUMPS

DUMPS holds the IR dumps of one vtc-opt run (--print-ir-before-all and
--print-ir-after-all). For each dump whose header names a next step, the
command on its `// reproduce the next step:` line is run (as written, with
vtc-opt from PATH) on the dumped IR, and its output must equal the IR of the
next dump *after* that step: the `After` dump of the pass the command runs.
Prints one line per reproduced step; exits 1 on the first mismatch.
"""
import re
import shlex
import subprocess
import sys

HEADER = re.compile(r"^// -----// IR Dump (Before|After) (\S+)( Failed)? //----- //$")
REPRO = "// reproduce the next step: "


def sections(text):
    """Yields (kind, pass, command or None, ir, full text) per dump."""
    lines = text.split("\n")
    starts = [i for i, l in enumerate(lines) if HEADER.match(l)]
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        body = lines[start:end]
        kind, name, failed = HEADER.match(body[0]).groups()
        command = None
        if body[1].startswith(REPRO) and body[1][len(REPRO):].startswith("vtc-opt"):
            command = body[1][len(REPRO):]
        ir = "\n".join(body[2:]).strip("\n") + "\n"
        yield kind + ("Failed" if failed else ""), name, command, ir, "\n".join(body)


def pipeline_pass(command):
    """The pass a single-pass reproducer pipeline runs: the innermost name."""
    pipeline = [a for a in shlex.split(command) if a.startswith("--pass-pipeline=")][0]
    inner = pipeline[len("--pass-pipeline="):]
    while "(" in inner:
        inner = inner[inner.index("(") + 1:]
    return re.match(r"[\w.-]+", inner).group(0)


def main():
    dumps = list(sections(open(sys.argv[1]).read()))
    if not dumps:
        print("no IR dumps found")
        return 1
    checked = 0
    for i, (kind, name, command, ir, text) in enumerate(dumps):
        if command is None:
            continue
        target = pipeline_pass(command)
        # The After dump of that pass, following this dump.
        expected = next((d for d in dumps[i + 1:] if d[0] == "After" and d[1] == target), None)
        if expected is None:
            continue
        args = shlex.split(command)
        result = subprocess.run(args, input=text, capture_output=True, text=True)
        if result.returncode != 0 or result.stdout.strip("\n") + "\n" != expected[3]:
            print("MISMATCH for %s %s: %s" % (kind, name, command))
            print("--- expected\n" + expected[3] + "--- got\n" + result.stdout + result.stderr)
            return 1
        print("reproduced %s %s: %s" % (kind, name, command))
        checked += 1
    print("%d steps reproduced" % checked)
    return 0 if checked else 1


if __name__ == "__main__":
    sys.exit(main())
