#!/usr/bin/env python3
"""The link graph follows the layers (ARCHITECTURE.md): given the static
libraries of the layers from the bottom up, no library may need (`nm`: U) a
symbol that only a library after it defines. Include layering alone does not
catch a function declared low and defined high (an op table pointing at a
pass's function), which this does.

Usage: check_link_layering.py [--nm NM] LIB...   (bottom layer first)

Prints `path: error: member needs symbol, which only LIB (a higher layer)
defines` per offence and `link layering: N libraries, M symbols, K errors`;
exits 1 on any error.
"""
import os
import subprocess
import sys


def read_archive(nm, path):
    """(defined symbols, [(member, undefined symbol)]) of a static library."""
    out = subprocess.run([nm, "-P", "-g", path], check=True, capture_output=True, text=True).stdout
    defined, undefined, member = set(), [], os.path.basename(path)
    for line in out.splitlines():
        if line.endswith("]:") and "[" in line:
            member = line[line.rindex("[") + 1:-2]
            continue
        fields = line.split()
        if len(fields) < 2:
            continue
        name, kind = fields[0], fields[1]
        if kind in ("U", "w", "v"):
            if kind == "U":
                undefined.append((member, name))
        else:
            defined.add(name)
    return defined, undefined


def main(argv):
    args = argv[1:]
    nm = "nm"
    if len(args) >= 2 and args[0] == "--nm":
        nm, args = args[1], args[2:]
    libs = [(path, *read_archive(nm, path)) for path in args]
    errors, nsyms = [], 0
    for i, (path, defined, undefined) in enumerate(libs):
        nsyms += len(defined)
        below = set(defined)
        for _, d, _ in libs[:i]:
            below |= d
        for member, name in sorted(set(undefined)):
            if name in below:
                continue
            higher = [p for p, d, _ in libs[i + 1:] if name in d]
            if higher:
                errors.append(f"{os.path.basename(path)}: error: {member} needs {name}, which only "
                              f"{os.path.basename(higher[0])} (a higher layer) defines")
    for e in errors:
        print(e)
    print(f"link layering: {len(libs)} libraries, {nsyms} symbols, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
