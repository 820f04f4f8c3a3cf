#!/usr/bin/env python3
"""The include layering of vtc (ARCHITECTURE.md), checked over every
`#include "..."` of the source tree.

Usage: check_layering.py [ROOT]   (default: the repository this file is in)

Every .c and .h under ir/, dialects/, passes/, lowering/, targets/, runtime/
and tools/ belongs to a module (its folder; runtime/tensor.{h,c} is a module
of its own) and every module to a layer of LAYERS below. Errors, one per
line as `path:line: error: message`:

  - a quoted include that is not a path from the repository root to a file
    of the tree (a relative include would hide the module it reaches);
  - a file outside every layer (a new folder must be placed in LAYERS);
  - an include of another module that is not in a lower layer, or not in
    the layers a restricted layer may include (upward and sideways);
  - an include of a target's folder (targets/<name>/) from anywhere but
    that folder and the runtime: generic code goes through vtc_target;
  - an include of a module's private header (*_impl.h, or one of
    PRIVATE_HEADERS) from another module, unless EXCEPTIONS lists it;
  - an exception that no longer occurs (the list only shrinks);
  - an include cycle between files, or between modules.

Prints `layering: N files, M includes, K errors`; exits 1 on any error.
"""
import fnmatch
import os
import re
import sys

SOURCE_DIRS = ["ir", "dialects", "passes", "lowering", "targets", "runtime", "import", "tools"]

# Bottom to top, as ARCHITECTURE.md draws them: (layer, module patterns, the
# layers it may include; None: every lower layer). A module includes its own files and modules of lower
# layers, never one of its own layer or above: so modules of one layer are
# independent siblings, and the module graph has no cycle.
LAYERS = [
    ("ir", ["ir"], None),
    ("host tensors", ["runtime/tensor"], ["ir"]),
    ("dialect builtin", ["dialects/builtin"], None),
    ("dialect arith", ["dialects/arith"], None),
    ("dialects graph, te", ["dialects/graph", "dialects/te"], None),
    ("dialect gir", ["dialects/gir"], None),
    ("importers", ["import/*"], None),  # build graph modules from other formats (MLIR's mlir-translate --import-*)
    ("targets", ["targets"], ["ir"]),
    ("target folders", ["targets/*"], ["ir", "targets"]),
    ("passes", ["passes/*"], None),
    # Souffle's passes build on te's dependence classes and costs (passes/te).
    ("passes on passes", ["passes/souffle"], None),
    ("lowering", ["lowering/*"], None),
    ("runtime", ["runtime"], None),
    ("tools/common", ["tools/common"], None),
    ("tools", ["tools/*"], None),
]

# Modules that may include a target's folder besides the folder itself: the
# runtime of a target is that target's (the JIT needs the x86 host, the CUDA
# runtime emits PTX for the device it runs on).
TARGET_FOLDER_USERS = ["runtime"]

# Private headers whose names do not end in _impl.h.
PRIVATE_HEADERS = [
    "lowering/graph-to-te/lowering.h",
    "lowering/te-to-gir/t2g.h",
    "runtime/cuda_plan.h",
]

# Known debts: (file, private header it includes) -> why, and the way out.
EXCEPTIONS = {
    ("dialects/te/ops.c", "ir/parser_impl.h"):
        "te's custom form reads bare affine maps and typed literals from the parser's tokens; "
        "the way out is public helpers in ir/asm.h",
    ("lowering/graph-to-te/lowering.h", "dialects/graph/graph_impl.h"):
        "the lowering reads graph attributes with the dialect's typed readers (graph_attr_*); "
        "the way out is making them public in graph.h",
}

# Headers the build generates (not files of the tree): where each comes from.
GENERATED_HEADERS = {
    "onnx/onnx.pb-c.h": "protoc-c's C for Debian's onnx.proto, in build/gen (CMakeLists.txt)",
}

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def module_of(path):
    """The module of a path from the root, or None outside the source dirs."""
    parts = path.split("/")
    top = parts[0]
    if top not in SOURCE_DIRS or len(parts) < 2:
        return None
    if top == "ir":
        return "ir"
    if top == "runtime":
        return "runtime/tensor" if os.path.splitext(parts[1])[0] == "tensor" else "runtime"
    if top == "targets" and len(parts) == 2:
        return "targets"
    return "/".join(parts[:2]) if len(parts) > 2 else None


def layer_of(module):
    """The index in LAYERS of a module, or None. A module named exactly
    takes that layer before any pattern matches it."""
    for i, (_, patterns, _) in enumerate(LAYERS):
        if module in patterns:
            return i
    for i, (_, patterns, _) in enumerate(LAYERS):
        if any(fnmatch.fnmatchcase(module, p) for p in patterns):
            return i
    return None


def is_private(header):
    return header.endswith("_impl.h") or header in PRIVATE_HEADERS


def scan(root):
    """Every source file (path from root) and its quoted includes."""
    files = {}
    for top in SOURCE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith((".c", ".h")):
                    continue
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, root).replace(os.sep, "/")
                includes = []
                with open(full, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m:
                            includes.append((number, m.group(1)))
                files[rel] = includes
    return files


def check_edge(path, line, target, exists, errors, used_exceptions):
    src_mod, dst_mod = module_of(path), module_of(target)
    where = f"{path}:{line}: error: "
    if not exists and target in GENERATED_HEADERS:
        return
    if not exists:
        errors.append(where + f'includes "{target}", which is not a file of the tree named from its root')
        return
    if dst_mod is None:
        return  # outside the layered source (a test helper): nothing to say
    if src_mod == dst_mod:
        return
    src_layer, dst_layer = layer_of(src_mod), layer_of(dst_mod)
    if src_layer is None or dst_layer is None:
        return  # reported once per file by the caller
    src_name, dst_name = LAYERS[src_layer][0], LAYERS[dst_layer][0]
    allowed = LAYERS[src_layer][2]
    if dst_layer >= src_layer:
        kind = "upward" if dst_layer > src_layer else "sideways"
        errors.append(where + f"{src_mod} ({src_name}) includes {target} of {dst_mod} ({dst_name}): "
                      f"{kind}; a module includes only modules of lower layers")
    elif allowed is not None and dst_name not in allowed:
        errors.append(where + f"{src_mod} ({src_name}) includes {target} of {dst_mod} ({dst_name}): "
                      f"{src_name} may include only {', '.join(allowed)}")
    elif dst_mod.startswith("targets/") and src_mod not in TARGET_FOLDER_USERS:
        errors.append(where + f"{src_mod} includes {target}, a target's folder: only the folder itself and "
                      f"{', '.join(TARGET_FOLDER_USERS)}/ may; generic code goes through vtc_target "
                      f"(targets/target.h)")
    if is_private(target):
        if (path, target) in EXCEPTIONS:
            used_exceptions.add((path, target))
        else:
            errors.append(where + f"{src_mod} includes {target}, a private header of {dst_mod}")


def find_cycles(graph):
    """One cycle (a list of nodes, first == last) per strongly connected
    component of more than one node of {node: set(nodes)} (Tarjan)."""
    index, low, on_stack, stack, sccs = {}, {}, set(), [], []

    def strongconnect(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.add(w)
                if w == v:
                    break
            if len(scc) > 1:
                sccs.append(scc)

    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    cycles = []
    for scc in sccs:
        start = min(scc)
        path, seen = [start], {start}
        while True:  # walk inside the component until a node repeats
            nxt = min(w for w in graph[path[-1]] if w in scc)
            if nxt in seen:
                cycles.append(path[path.index(nxt):] + [nxt])
                break
            path.append(nxt)
            seen.add(nxt)
    return sorted(cycles)


def check(root):
    files = scan(root)
    errors, used_exceptions = [], set()
    file_graph, module_graph, edge_at = {}, {}, {}
    count = 0
    for path, includes in sorted(files.items()):
        mod = module_of(path)
        if mod is None or layer_of(mod) is None:
            errors.append(f"{path}:1: error: {mod or path} is in no layer: place it in LAYERS "
                          f"(test/layering/check_layering.py) and ARCHITECTURE.md")
        for line, target in includes:
            count += 1
            exists = os.path.isfile(os.path.join(root, target))
            check_edge(path, line, target, exists, errors, used_exceptions)
            if exists and target in files:
                file_graph.setdefault(path, set()).add(target)
                edge_at.setdefault((path, target), f"{path}:{line}")
                dst = module_of(target)
                if mod and dst and mod != dst:
                    module_graph.setdefault(mod, set()).add(dst)
                    edge_at.setdefault((mod, dst), f"{path}:{line}")
    for (path, target), why in sorted(EXCEPTIONS.items()):
        if (path, target) not in used_exceptions and path in files:
            errors.append(f"{path}:1: error: the exception for {target} ({why}) no longer occurs: "
                          f"remove it from EXCEPTIONS")
    for cycle in find_cycles(file_graph):
        errors.append(f"{edge_at[cycle[0], cycle[1]]}: error: include cycle: {' -> '.join(cycle)}")
    for cycle in find_cycles(module_graph):
        errors.append(f"{edge_at[cycle[0], cycle[1]]}: error: module include cycle: {' -> '.join(cycle)}")
    return len(files), count, errors


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    nfiles, nincludes, errors = check(root)
    for e in errors:
        print(e)
    print(f"layering: {nfiles} files, {nincludes} includes, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
