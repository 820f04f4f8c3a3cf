#!/usr/bin/env python3
"""The GPU benchmark (issue 6): vtc (`vtc-run --target=cuda --bench=N`) against
PyTorch eager and torch.compile on the same shapes, dtypes and inputs, in one
run, with the measured device-to-device copy bandwidth as the floor.

  1. Copy bandwidth: `dst.copy_(src)` on 1 GiB, CUDA events, bytes read + written.
  2. Memory-bound kernels on 16384x4096 f32 (256 MiB per input): add, exact
     gelu, broadcast add of a row vector, row reduce_sum, softmax over the last
     axis, as graph-dialect modules written to a temporary folder.
  3. Every paper configuration of benchmarks/workloads/ (`*.paper*.mlir`), on
     seeded random inputs (shapes and dtypes from the module's @main line).
  4. A markdown report (device, date, versions, two tables) on stdout, and in
     FILE with --out FILE; progress goes to stderr.

Run it with the python3 that holds PyTorch (on the device machine, `python3`):
  python3 benchmarks/gpu/bench_gpu.py [--vtc-run build/vtc-run] [--out FILE]
Without torch or a GPU it prints one line and exits 3; --list and
--print-inputs need neither (only numpy, for --print-inputs).

vtc outputs are compared with PyTorch eager's: max |vtc - torch| <= tol *
max |torch| for every output, with tol from the lowest-precision float type in
the module: f32 1e-3, f16 and bf16 2e-2 (benchmarks/gpu/README.md says why).
"""
import argparse
import datetime
import glob
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORKLOADS_DIR = os.path.join(ROOT, "benchmarks", "workloads")
sys.path.insert(0, WORKLOADS_DIR)
import gen  # noqa: E402  (stdlib only: configurations and input specs)

EXIT_NO_GPU = 3

# Memory-bound kernels: ROWS x COLS f32 inputs of 256 MiB each.
MB_ROWS, MB_COLS = 16384, 4096
COPY_BYTES = 1 << 30

# Tolerance of the vtc-vs-PyTorch comparison, by the lowest-precision float
# type in the module (see README.md).
TOL = {"f64": 1e-6, "f32": 1e-3, "f16": 2e-2, "bf16": 2e-2}

# Dynamic dimensions of the paper configurations (WORKLOADS.md; not in the
# modules, whose header comments give check.py's small bindings). Vortex
# Table 6: M = batch 16 x sequence 5..128 in steps of 19, and M from 1 to 384;
# Vortex Table 4: batch 1 and 4..64 in steps of 4. The default run takes the
# ends and one middle value of each sweep (the 8-minute budget), --full-sweep
# all of it.
DYNAMIC_FULL = {
    "M": sorted(set([1, 16, 64, 128, 256, 384] + [16 * s for s in range(5, 129, 19)])),
    "N": [1] + list(range(4, 65, 4)),
}
DYNAMIC_DEFAULT = {"M": [1, 80, 384, 1904], "N": [1, 16, 64]}
DYNAMIC_QUICK = {"M": [384], "N": [16]}


# ---- the module's signature -----------------------------------------------------

DTYPE_BYTES = {"f64": 8, "f32": 4, "f16": 2, "bf16": 2, "i64": 8, "i32": 4, "i1": 1}
# .npy dtype strings vtc-run reads and writes (bf16 as raw bits, runtime/npy.h).
NPY_DTYPE = {"f64": "<f8", "f32": "<f4", "f16": "<f2", "bf16": "<u2", "i64": "<i8", "i32": "<i4", "i1": "|b1"}


def parse_tensor_type(body):
    """'16x?x4xbf16' -> ([16, None, 4], 'bf16'); 'f32' -> ([], 'f32')."""
    parts = body.split("x")
    dtype = parts[-1]
    if dtype not in DTYPE_BYTES:
        raise ValueError("unsupported element type in tensor<%s>" % body)
    dims = [None if d == "?" else int(d) for d in parts[:-1]]
    return dims, dtype


def parse_main(text):
    """The `func.func @main(...)` line of a module: (args, results), args a list
    of (name, dims, dtype) and results a list of (dims, dtype); dims hold None
    for `?`."""
    for line in text.splitlines():
        if line.startswith("func.func @main("):
            break
    else:
        raise ValueError("no `func.func @main(` line")
    head, sep, tail = line.partition(") -> ")
    if not sep:
        raise ValueError("cannot find the results of @main")
    args = [(m.group(1),) + parse_tensor_type(m.group(2))
            for m in re.finditer(r"%([\w$.-]+)\s*:\s*tensor<([^>]*)>", head)]
    results = [parse_tensor_type(m.group(1)) for m in re.finditer(r"tensor<([^>]*)>", tail.rsplit("{", 1)[0])]
    if not results:
        raise ValueError("@main has no tensor results")
    return args, results


def input_inits(text):
    """The `vtc.input` of each @main argument, as gen's init tuples:
    ('normal', std), ('uniform', lo, hi) or ('value', nested list); None where
    an argument has none (tools/vtc-run/inputs.h defines the attribute)."""
    import json
    head = next(l for l in text.splitlines() if l.startswith("func.func @main(")).partition(") -> ")[0]
    out = []
    for m in re.finditer(r"%[\w$.-]+\s*:\s*tensor<[^>]*>(?:\s*\{vtc\.input = \{(.*?)\}\})?", head):
        body, init = m.group(1), None
        if body:
            normal = re.search(r"normal = ([-+0-9.eE]+)", body)
            rng = re.search(r"range = \[([-+0-9.eE]+), ([-+0-9.eE]+)\]", body)
            value = re.search(r"value = dense<(.*?)>", body)
            if normal:
                init = ("normal", float(normal.group(1)))
            elif rng:
                init = ("uniform", float(rng.group(1)), float(rng.group(2)))
            elif value:
                init = ("value", json.loads(value.group(1)))
        out.append(init)
    return out


def lowest_float(text):
    """The lowest-precision float element type anywhere in the module."""
    for dt in ("bf16", "f16", "f32", "f64"):
        if re.search(r"[<x]%s>" % dt, text):
            return dt
    return "f32"


def shape_str(dims):
    return "x".join(str(d) for d in dims) if dims else "scalar"


# ---- rows: what runs ----------------------------------------------------------

class Row:
    """One line of a table: a memory-bound kernel (kind 'mem') or a workload
    configuration with its dynamic bindings (kind 'workload')."""

    def __init__(self, kind, workload, config, label, path=None, binding=None, text=None):
        self.kind, self.workload, self.config, self.label = kind, workload, config, label
        self.path, self.binding, self.text = path, binding or {}, text


MEM_KERNELS = [
    # row name, what it computes, mem_module kind
    ("add", "x + y", "add"),
    ("gelu", "exact (erf) gelu", "gelu"),
    ("broadcast_add", "x + row vector", "bcast"),
    ("reduce_sum", "row sums, axis 1", "reduce"),
    ("softmax", "softmax over the last axis", "softmax"),
]


def mem_module(kind, R=MB_ROWS, C=MB_COLS):
    """Graph-dialect module of one memory-bound kernel (as bench_cpu.c writes them)."""
    T = "tensor<%dx%dxf32>" % (R, C)
    V = "tensor<%dxf32>" % C
    Rv = "tensor<%dxf32>" % R
    if kind == "add":
        body = ('  %%0 = "graph.add"(%%x, %%y) : (%s, %s) -> %s' % (T, T, T), "%%x: %s, %%y: %s" % (T, T), T)
    elif kind == "gelu":
        body = ('  %%0 = "graph.gelu"(%%x) : (%s) -> %s' % (T, T), "%%x: %s" % T, T)
    elif kind == "bcast":
        body = ('  %%0 = "graph.add"(%%x, %%b) : (%s, %s) -> %s' % (T, V, T), "%%x: %s, %%b: %s" % (T, V), T)
    elif kind == "softmax":
        body = ('  %%0 = "graph.softmax"(%%x) {axis = -1} : (%s) -> %s' % (T, T), "%%x: %s" % T, T)
    elif kind == "reduce":
        body = ('  %%0 = "graph.reduce_sum"(%%x) {axes = [1], keepdims = false} : (%s) -> %s' % (T, Rv),
                "%%x: %s" % T, Rv)
    else:
        raise ValueError(kind)
    op, sig, res = body
    return "func.func @main(%s) -> %s {\n%s\n  return %%0 : %s\n}\n" % (sig, res, op, res)


def paper_files():
    """(workload, config, path) of every benchmarks/workloads/*.paper*.mlir, in
    gen.WORKLOADS order, then any other file alphabetically."""
    order = {wl: i for i, wl in enumerate(gen.WORKLOADS)}
    out = []
    for path in glob.glob(os.path.join(WORKLOADS_DIR, "*.paper*.mlir")):
        wl, cfg = os.path.basename(path)[:-len(".mlir")].split(".", 1)
        cfgs = list(gen.WORKLOADS.get(wl, {}).get("configs", {}))
        out.append((order.get(wl, len(order)), wl, cfgs.index(cfg) if cfg in cfgs else len(cfgs), cfg, path))
    out.sort()
    return [(wl, cfg, path) for _, wl, _, cfg, path in out]


def dynamic_names(wl, cfg, args):
    """The names of the `?` dims of each argument: a list per argument (None
    where static), from gen's input specs (which name them, e.g. 'M')."""
    specs = spec_list(wl, cfg)
    names = []
    for i, (_, dims, _) in enumerate(args):
        sd = specs[i]["shape"] if specs and i < len(specs) else None
        names.append([(sd[k] if sd and k < len(sd) and isinstance(sd[k], str) else "?") if d is None else None
                      for k, d in enumerate(dims)])
    return names


def spec_list(wl, cfg):
    """gen.py's input specs of a configuration, or None where gen does not know it."""
    if wl in gen.WORKLOADS and cfg in gen.WORKLOADS[wl]["configs"]:
        return gen.input_specs(wl, cfg)
    return None


def select_rows(a):
    """The rows to run, as the options select them."""
    rows = []
    if not a.workloads_only:
        for name, _, kind in MEM_KERNELS:
            rows.append(Row("mem", "memory-bound", name, "mem.%s" % name, text=mem_module(kind)))
    seen_quick = set()
    for wl, cfg, path in paper_files():
        if a.quick and wl in seen_quick:
            continue
        seen_quick.add(wl)
        with open(path) as f:
            text = f.read()
        try:
            args, _ = parse_main(text)
            dn = dynamic_names(wl, cfg, args)
        except ValueError:
            rows.append(Row("workload", wl, cfg, "%s.%s" % (wl, cfg), path, text=text))
            continue
        dyn = sorted({n for per in dn for n in per if n})
        table = DYNAMIC_QUICK if a.quick else DYNAMIC_FULL if a.full_sweep else DYNAMIC_DEFAULT
        if not dyn:
            rows.append(Row("workload", wl, cfg, "%s.%s" % (wl, cfg), path, text=text))
            continue
        # One dynamic dim per module in these workloads; several would be swept together.
        values = [table.get(n, DYNAMIC_DEFAULT.get(n, [1])) for n in dyn]
        for i in range(max(len(v) for v in values)):
            b = {n: v[min(i, len(v) - 1)] for n, v in zip(dyn, values)}
            label = "%s.%s" % (wl, cfg) + "".join(" %s=%d" % kv for kv in sorted(b.items()))
            rows.append(Row("workload", wl, cfg, label, path, b, text=text))
    if a.only:
        rx = re.compile(a.only)
        rows = [r for r in rows if rx.search(r.label)]
    return rows


# ---- inputs --------------------------------------------------------------------

def bf16_bits(x):
    """float32 array -> bf16 bit patterns (uint16), round to nearest even."""
    import numpy as np
    u = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    # Finite values only (no NaN here): u + 0x7FFF + lsb cannot wrap for them.
    r = u + np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1))
    return (r >> np.uint32(16)).astype(np.uint16)


def bf16_to_f32(bits):
    import numpy as np
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32)


def round_to(v, dtype):
    """A Python float rounded to dtype (the graph's scalar constants are)."""
    import numpy as np
    if dtype == "f16":
        return float(np.float16(v))
    if dtype == "bf16":
        return float(bf16_to_f32(bf16_bits(np.array([v], dtype=np.float32)))[0])
    if dtype == "f32":
        return float(np.float32(v))
    return float(v)


def make_array(dims, dtype, init, rng):
    """A numpy array to save as .npy (bf16 as uint16 bits). init as
    input_inits gives it: ('normal', std), ('uniform', lo, hi), ('value', v)."""
    import numpy as np
    shape = tuple(dims)
    if init[0] == "value":
        x = np.broadcast_to(np.array(init[1], dtype=np.float64), shape)
        return bf16_bits(x.astype(np.float32)) if dtype == "bf16" else x.astype(NPY_DTYPE[dtype])
    if dtype in ("i64", "i32"):
        if init[0] == "uniform":
            return rng.integers(math.ceil(init[1]), math.ceil(init[2]), shape).astype(NPY_DTYPE[dtype])
        return np.zeros(shape, dtype=NPY_DTYPE[dtype])
    if dtype == "i1":
        return rng.integers(0, 2, shape).astype(bool)
    if init[0] == "normal":
        x = rng.standard_normal(shape, dtype=np.float32)
        if init[1] != 1.0:
            x *= np.float32(init[1])
    elif init[0] == "uniform":
        x = rng.random(shape, dtype=np.float32)
        x *= np.float32(init[2] - init[1])
        x += np.float32(init[1])
    else:
        raise ValueError("unknown init %r" % (init,))
    if dtype == "bf16":
        return bf16_bits(x)
    return x.astype(NPY_DTYPE[dtype], copy=False)


def row_inputs(row, seed):
    """[(name, dtype, array)] of a row's @main arguments, seeded by its label.
    Shapes and dtypes come from the @main line; dynamic dims from the row's
    binding; the init of each argument from its vtc.input (normal(1) without)."""
    import numpy as np
    rng = np.random.default_rng(zlib.crc32(row.label.encode()) + seed)
    args, _ = parse_main(row.text)
    specs = spec_list(row.workload, row.config) if row.kind == "workload" else None
    if specs is not None:
        # gen.py's specs give each argument's init; they must describe this file.
        declared = [(s["name"], [None if isinstance(d, str) else d for d in s["shape"]], s["dtype"]) for s in specs]
        if declared != args:
            raise ValueError("the @main arguments of %s differ from gen.py's specs (regenerate with gen.py --all?)"
                             % row.path)
    names = dynamic_names(row.workload, row.config, args)
    inits = input_inits(row.text)
    out = []
    for i, (name, dims, dtype) in enumerate(args):
        concrete = []
        for d, n in zip(dims, names[i]):
            if d is None:
                if n not in row.binding:
                    raise ValueError("no size for the dynamic dim %s of %%%s" % (n, name))
                d = row.binding[n]
            concrete.append(d)
        init = inits[i] or ("normal", 1.0)
        out.append((name, dtype, make_array(concrete, dtype, init, rng)))
    return out


def result_dims(row):
    """The result shapes of the @main line, or None where one is dynamic (the
    bytes written then come from PyTorch's outputs)."""
    _, results = parse_main(row.text)
    out = []
    for dims, dtype in results:
        if any(d is None for d in dims):
            return None
        out.append((dims, dtype))
    return out


def aliased_results(text):
    """Indices of the results that live in a donated argument's buffer
    (`graph.aliasing_output = N`): updated in place, so the floor counts the
    argument's read and not the result's write (the -inplace KV caches)."""
    return {int(n) for n in re.findall(r"graph\.aliasing_output\s*=\s*(\d+)", text)}


def nbytes_of(dims, dtype):
    n = DTYPE_BYTES[dtype]
    for d in dims:
        n *= d
    return n


# ---- formatting ------------------------------------------------------------------

def fmt_ms(v):
    if v is None:
        return "-"
    if v < 0.1:
        return "%.2g" % v
    return "%.3f" % v if v < 10 else "%.2f" % v if v < 100 else "%.1f" % v


def fmt_ratio(a, b):
    if a is None or b is None or b <= 0:
        return "-"
    return "%.2f" % (a / b)


def fmt_pct(v):
    return "-" if v is None else "%.0f%%" % (100 * v)


def md_table(header, rows, align):
    out = ["| " + " | ".join(header) + " |",
           "| " + " | ".join("---:" if c == "r" else "---" for c in align) + " |"]
    for r in rows:
        out.append("| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |")
    return "\n".join(out)


def cmd_list(rows):
    out = []
    for r in rows:
        if r.kind == "mem":
            args, results = parse_main(r.text)
            shp = " + ".join(shape_str(d) for _, d, _ in args)
            what = [k[1] for k in MEM_KERNELS if k[0] == r.config][0]
            out.append("%-45s %s f32 -> %s (%s)" % (r.label, shp, ", ".join(shape_str(d) for d, _ in results), what))
        else:
            try:
                args, results = parse_main(r.text)
                dt = lowest_float(r.text)
                desc = "%d inputs, %d outputs, %s" % (len(args), len(results), dt)
            except ValueError as e:
                desc = "cannot parse @main: %s" % e
            out.append("%-45s %s" % (r.label, desc))
    out.append("%d rows" % len(rows))
    return "\n".join(out)


def cmd_print_inputs(rows, seed):
    """Makes every selected row's inputs (as the benchmark would) and prints
    their names, shapes, .npy dtypes and ranges; returns 1 on a failure."""
    import numpy as np
    bad = 0
    for r in rows:
        try:
            ins = row_inputs(r, seed)
        except Exception as e:  # noqa: BLE001 - a bad module is a printed failure
            print("%s: ERROR %s" % (r.label, e))
            bad += 1
            continue
        print("%s:" % r.label)
        for name, dtype, arr in ins:
            vals = bf16_to_f32(arr) if arr.dtype == np.uint16 else arr
            rng = ("min %g max %g" % (float(vals.min()), float(vals.max()))) if vals.size else "empty"
            print("  %%%s: %s %s npy %s %s" % (name, shape_str(arr.shape), dtype, arr.dtype.str, rng))
    return 1 if bad else 0


# ---- vtc-run ---------------------------------------------------------------------

BENCH_RE = re.compile(r"bench: @\w+: median ([0-9.eE+-]+) ms")
COMPILE_RE = re.compile(r"bench: .*compile ([0-9.eE+-]+) ms")


def vtc_targets(vtc_run):
    try:
        p = subprocess.run([vtc_run, "--list-targets"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "cannot run %s: %s" % (vtc_run, e)
    names = [l.split()[0] for l in p.stdout.decode(errors="replace").splitlines() if l.strip()]
    return names, None


# vtc-run --report-memory: every buffer of the run at its peak plus the
# inputs, as torch.cuda.max_memory_allocated counts them (Table 2).
PEAK_RE = re.compile(r"^peak bytes with inputs: (\d+)$", re.M)


def torch_peak(fn, tin):
    """Bytes torch.cuda.max_memory_allocated reports over one call of fn
    (the inputs, already on the device, included)."""
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    with torch.inference_mode():
        outs = fn(tin)
    torch.cuda.synchronize()
    del outs
    return torch.cuda.max_memory_allocated()


def run_vtc(a, module, input_files, outdir):
    """Runs vtc-run --target=cuda --bench=N --report-memory; returns (median
    ms, compile ms, result paths, peak bytes with inputs or None, error text
    or None)."""
    cmd = [a.vtc_run, module, "--target=" + a.vtc_target, "--bench=%d" % a.runs, "--output-dir=" + outdir,
           "--report-memory"]
    if a.vtc_pipeline:
        cmd.append("--pass-pipeline=" + a.vtc_pipeline)
    cmd += a.vtc_args + ["--"] + input_files
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=a.timeout)
    except subprocess.TimeoutExpired:
        return None, None, [], None, "vtc-run timed out after %g s" % a.timeout
    except OSError as e:
        return None, None, [], None, "cannot run vtc-run: %s" % e
    out = p.stdout.decode(errors="replace")
    if a.verbose:
        sys.stderr.write("  $ %s\n  %s\n" % (" ".join(cmd), out.strip().replace("\n", "\n  ")))
    if p.returncode != 0:
        last = [l for l in out.strip().splitlines() if l.strip()]
        return None, None, [], None, "vtc-run exited %d: %s" % (p.returncode, last[-1][:300] if last else "")
    m = BENCH_RE.search(out)
    if not m:
        return None, None, [], None, "vtc-run printed no bench line"
    c = COMPILE_RE.search(out)
    files = sorted(glob.glob(os.path.join(outdir, "result*.npy")), key=lambda f: int(re.findall(r"\d+", f)[-1]))
    peak = PEAK_RE.search(out)
    return float(m.group(1)), float(c.group(1)) if c else None, files, int(peak.group(1)) if peak else None, None


def load_npy_f32(path, dtype):
    import numpy as np
    x = np.load(path)
    if x.dtype == np.uint16:  # bf16 bits
        return bf16_to_f32(x)
    return x.astype(np.float32, copy=False)


def compare(vtc_files, ref_outputs, tol):
    """(ok, text): every vtc output against PyTorch's (numpy float32 arrays)."""
    import numpy as np
    if len(vtc_files) != len(ref_outputs):
        return False, "vtc wrote %d results, PyTorch returned %d" % (len(vtc_files), len(ref_outputs))
    worst = 0.0
    for i, (f, ref) in enumerate(zip(vtc_files, ref_outputs)):
        got = load_npy_f32(f, None)
        if got.shape != ref.shape:
            return False, "result %d: shape %s, PyTorch %s" % (i, shape_str(got.shape), shape_str(ref.shape))
        if not np.all(np.isfinite(got)):
            return False, "result %d has non-finite values" % i
        scale = float(np.max(np.abs(ref))) if ref.size else 0.0
        err = float(np.max(np.abs(got - ref))) if ref.size else 0.0
        rel = err / scale if scale > 0 else err
        worst = max(worst, rel)
        if not rel <= tol:
            return False, "result %d: rel err %.2g > %g" % (i, rel, tol)
    return True, "%.1g" % worst


# ---- PyTorch ----------------------------------------------------------------------

torch = None
F = None


def import_torch():
    """Imports torch; returns an error line, or None when a GPU is usable."""
    global torch, F
    try:
        import torch as t
        import torch.nn.functional as f
    except Exception as e:  # noqa: BLE001 - any import failure means no peer
        return "bench_gpu: PyTorch is not importable (%s: %s); run with the python3 that has it" % (
            type(e).__name__, e)
    torch, F = t, f
    if not torch.cuda.is_available():
        return "bench_gpu: no CUDA GPU is visible to PyTorch (torch %s)" % torch.__version__
    return None


def to_torch(name, dtype, arr, device):
    import numpy as np
    if dtype == "bf16":
        t = torch.from_numpy(arr.view(np.int16)).view(torch.bfloat16)
    else:
        t = torch.from_numpy(arr)
    return t.to(device)


def to_numpy_f32(t):
    return t.detach().float().cpu().numpy()


# The peers: make(params, inputs) -> fn(inputs) -> tuple of outputs, inputs a
# dict name -> tensor (the module's argument names, as reference.py's). Each
# follows the module's op sequence (the same model given to PyTorch), in the
# module's dtypes; reference.py says what each computes. make may prepare
# modules from the inputs outside the timed call (lstm-stack's nn.LSTM).

def peer_decode_kv(p, _a):
    B, HQ, HKV, D, L = p["B"], p["HQ"], p["HKV"], p["D"], p["len"]
    G = HQ // HKV
    scale = round_to(1.0 / math.sqrt(D), p["dtype"])

    def fn(a):
        qkv = a["x"] @ a["w_qkv"]
        q, k, v = qkv.split([HQ * D, HKV * D, HKV * D], dim=1)
        q, k, v = q.reshape(B, 1, HQ, D), k.reshape(B, 1, HKV, D), v.reshape(B, 1, HKV, D)
        idx = a["kv_index"]
        pos = (idx[..., 0], idx[..., 1])                                   # ScatterND at (b, pos)
        kc = torch.index_put(a["k_cache"], pos, k)
        vc = torch.index_put(a["v_cache"], pos, v)
        ks = kc[:, :L].unsqueeze(3).expand(B, L, HKV, G, D).reshape(B, L, HQ, D)
        vs = vc[:, :L].unsqueeze(3).expand(B, L, HKV, G, D).reshape(B, L, HQ, D)
        # The two matmuls as 3-D bmm over B*HQ (what the 4-D matmul does
        # inside): inductor (torch 2.11) fails to compile the 4-D form at batch 1.
        qt = q.permute(0, 2, 1, 3).reshape(B * HQ, 1, D)
        s = torch.bmm(qt, ks.permute(0, 2, 3, 1).reshape(B * HQ, D, L)) * scale
        o = torch.bmm(torch.softmax(s, -1), vs.permute(0, 2, 1, 3).reshape(B * HQ, L, D))
        return o.reshape(B, HQ, 1, D), kc, vc

    def serving(a):
        """-inplace (caches donated): what serving code writes, the new rows
        put into the caches in place and SDPA with GQA over the first L."""
        qkv = a["x"] @ a["w_qkv"]
        q, k, v = qkv.split([HQ * D, HKV * D, HKV * D], dim=1)
        idx = a["kv_index"]
        pos = (idx[..., 0], idx[..., 1])
        kc, vc = a["k_cache"], a["v_cache"]
        kc.index_put_(pos, k.reshape(B, 1, HKV, D))
        vc.index_put_(pos, v.reshape(B, 1, HKV, D))
        o = F.scaled_dot_product_attention(q.reshape(B, HQ, 1, D), kc[:, :L].transpose(1, 2),
                                           vc[:, :L].transpose(1, 2), scale=scale, enable_gqa=True)
        return o, kc, vc
    return serving if p.get("inplace") else fn


def peer_c3k2(p, _a):
    C = p["c_half"]

    def fn(a):
        cv = lambda t, n, pad=0: F.conv2d(t, a[n + "_w"], a[n + "_b"], padding=pad)  # noqa: E731
        e = F.silu(cv(a["x"], "cv1"))
        ha, hb = e.split([C, C], 1)
        t = F.silu(cv(hb, "m_cv1", 1))
        hc = hb + F.silu(cv(t, "m_cv2", 1))
        return (F.silu(cv(torch.cat([ha, hb, hc], 1), "cv2")),)
    return fn


def peer_shuffle(p, _a):
    C, HW = p["channels"], p["hw"]
    h = C // 2

    def fn(a):
        x = a["x"]
        B = x.shape[0]
        x1, x2 = x.split([h, h], 1)
        t = F.relu(F.conv2d(x2, a["pw1_w"], a["pw1_b"]))
        t = F.conv2d(t, a["dw_w"], a["dw_b"], padding=1, groups=h)
        t = F.relu(F.conv2d(t, a["pw2_w"], a["pw2_b"]))
        y = torch.cat([x1, t], 1)
        return (y.reshape(B, 2, h, HW, HW).transpose(1, 2).reshape(B, C, HW, HW),)
    return fn


def peer_evit(p, _a):
    C, DIM, HW = p["width"], p["dim"], p["hw"]
    heads = C // DIM
    td = heads * DIM

    def fn(a):
        x = a["x"]
        B = x.shape[0]
        qkv = F.conv2d(x, a["qkv_w"])
        ag = F.conv2d(qkv, a["aggreg_dw_w"], padding=2, groups=3 * td)
        ag = F.conv2d(ag, a["aggreg_pw_w"], groups=3 * heads)
        r = torch.cat([qkv, ag], 1).reshape(B, 2 * heads, 3 * DIM, HW * HW)
        q, k, v = F.relu(r[:, :, :DIM]), F.relu(r[:, :, DIM:2 * DIM]), r[:, :, 2 * DIM:]
        v = F.pad(v, (0, 0, 0, 1), value=1.0)
        o = (v @ k.transpose(-1, -2)) @ q
        o = o[:, :, :DIM] / (o[:, :, DIM:DIM + 1] + 1e-15)
        return (x + F.conv2d(o.reshape(B, 2 * td, HW, HW), a["proj_w"], a["proj_b"]),)
    return fn


def peer_bert(p, _a):
    B, S, H, NH = p["B"], p["seq"], p["hidden"], p["heads"]
    D = H // NH
    scale = round_to(1.0 / math.sqrt(D), "f32")

    def fn(a):
        x = a["x"]

        def gemm(t16, n):  # fp16 GEMM, f32 bias
            return (t16 @ a[n + "_w"]).float() + a[n + "_b"]

        def bmm(l, r):
            return (l.half() @ r.half()).float()

        xh = x.half()
        q = gemm(xh, "q").reshape(B, S, NH, D).permute(0, 2, 1, 3)
        k = gemm(xh, "k").reshape(B, S, NH, D).permute(0, 2, 3, 1)
        v = gemm(xh, "v").reshape(B, S, NH, D).permute(0, 2, 1, 3)
        s = bmm(q, k) * scale
        e = torch.exp(s - s.amax(-1, keepdim=True))
        pr = e / e.sum(-1, keepdim=True)
        ctx = bmm(pr, v).permute(0, 2, 1, 3).reshape(B, S, H)
        att = F.layer_norm(gemm(ctx.half(), "attn_out") + x, (H,), a["ln1_g"], a["ln1_b"], 1e-12)
        f = F.gelu(gemm(att.half(), "ffn1"))
        f = gemm(f.half(), "ffn2")
        return (F.layer_norm(f + att, (H,), a["ln2_g"], a["ln2_b"], 1e-12),)
    return fn


def peer_lstm(p, a):
    """nn.LSTM (cuDNN) with the module's weights: gate order i, f, g, o as
    PyTorch's; the summed bias goes in bias_ih, bias_hh is zero."""
    L, H = p["layers"], p["hidden"]
    x = a["x"]
    lstm = torch.nn.LSTM(H, H, num_layers=L).to(device=x.device, dtype=x.dtype)
    with torch.no_grad():
        for n in range(L):
            getattr(lstm, "weight_ih_l%d" % n).copy_(a["w_ih"][n].t())
            getattr(lstm, "weight_hh_l%d" % n).copy_(a["w_hh"][n].t())
            getattr(lstm, "bias_ih_l%d" % n).copy_(a["bias"][n])
            getattr(lstm, "bias_hh_l%d" % n).zero_()
    lstm.flatten_parameters()

    def fn(a):
        y, (h, c) = lstm(a["x"], (a["h0"], a["c0"]))
        return y, h, c
    return fn


def peer_effnet(p, _a):
    mods = p["modules"]

    def fn(a):
        x = a["x"]
        for (name, ci, co, k, s, e, hw) in mods:
            n = name.lower()
            t = x
            if e != 1:
                t = F.silu(F.conv2d(t, a[n + "_expand_w"], a[n + "_expand_b"]))
            t = F.silu(F.conv2d(t, a[n + "_dw_w"], a[n + "_dw_b"], stride=s, padding=k // 2, groups=t.shape[1]))
            g = t.mean((2, 3), keepdim=True)
            g = F.silu(F.conv2d(g, a[n + "_se1_w"], a[n + "_se1_b"]))
            g = torch.sigmoid(F.conv2d(g, a[n + "_se2_w"], a[n + "_se2_b"]))
            t = F.conv2d(t * g, a[n + "_proj_w"], a[n + "_proj_b"])
            x = t + x if (s == 1 and ci == co) else t
        return (x,)
    return fn


def peer_gpt2(p, _a):
    B, H, NH = p["B"], p["hidden"], p["heads"]
    D = H // NH
    scale = round_to(1.0 / math.sqrt(D), p["dtype"])

    def fn(a):
        qkv = a["x"] @ a["c_attn_w"] + a["c_attn_b"]                         # [B, 1, 3H]
        q, k, v = [t.reshape(B, 1, NH, D).transpose(1, 2) for t in qkv.split([H, H, H], 2)]
        kk = torch.cat([a["past_k"], k], 2)
        vv = torch.cat([a["past_v"], v], 2)
        s = (q @ kk.transpose(-1, -2)) * scale
        o = (torch.softmax(s, -1) @ vv).transpose(1, 2).reshape(B, 1, H)
        return o @ a["c_proj_w"] + a["c_proj_b"], kk, vv
    return fn


def peer_gemm(p, _a):
    return lambda a: (a["a"] @ a["b"],)


def peer_conv_dyn(p, _a):
    k, s = p["kernel"], p["stride"]
    return lambda a: (F.conv2d(a["x"], a["w"], stride=s, padding=k // 2),)


PEERS = {
    "llama3-decode-kv": peer_decode_kv,
    "gemma2-decode-kv": peer_decode_kv,
    "yolo11-c3k2": peer_c3k2,
    "shufflenet-unit": peer_shuffle,
    "efficientvit-attn": peer_evit,
    "bert-layer": peer_bert,
    "lstm-stack": peer_lstm,
    "efficientnet-se": peer_effnet,
    "gpt2-attn-kv": peer_gpt2,
    "bert-gemm-dynamic": peer_gemm,
    "conv-dynamic-batch": peer_conv_dyn,
}

MEM_PEERS = {
    "add": lambda a: (a["x"] + a["y"],),
    "gelu": lambda a: (F.gelu(a["x"]),),
    "broadcast_add": lambda a: (a["x"] + a["b"],),
    "reduce_sum": lambda a: (a["x"].sum(1),),
    "softmax": lambda a: (torch.softmax(a["x"], -1),),
}


def time_cuda(fn, a, warmup, runs):
    """Median ms of `runs` calls after `warmup`, each between two CUDA events
    (so a call's launch gaps count, as they do for vtc's calls)."""
    for _ in range(warmup):
        fn(a)
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn(a)
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)


def copy_bandwidth(runs):
    """Device-to-device copy, 1 GiB: (GB/s counting read + write, median ms)."""
    n = COPY_BYTES // 4
    src = torch.randn(n, device="cuda")
    dst = torch.empty_like(src)
    ms = time_cuda(lambda _: dst.copy_(src), None, 5, max(runs, 20))
    return 2 * COPY_BYTES / (ms * 1e-3) / 1e9, ms


def short_error(e):
    """One line for a table cell: the exception's type and the first line of
    its message that says something (torch.compile's start 'backend=... raised:'
    and put the cause on the next line). The whole message goes to stderr."""
    lines = [l.strip() for l in str(e).strip().splitlines() if l.strip()]
    sys.stderr.write("bench_gpu: %s: %s\n" % (type(e).__name__, "\n  ".join(lines[:40])))
    first = lines[0] if lines else ""
    if first.endswith("raised:") and len(lines) > 1:
        first = lines[1]
    return "%s: %s" % (type(e).__name__, first[:200])


def compiled_peer(fn, mode):
    torch._dynamo.reset()
    return torch.compile(fn, mode=mode)


# ---- one row ----------------------------------------------------------------------

class Result:
    def __init__(self):
        self.vtc_ms = self.vtc_compile_ms = self.eager_ms = self.compile_ms = self.compile_s = None
        self.compile_ro_ms = None  # torch.compile mode="reduce-overhead" (CUDA graphs), with --compile-ro
        self.bytes = None
        self.agree = "-"
        self.notes = []
        self.vtc_peak = self.eager_peak = self.compile_peak = None  # bytes, inputs included


def run_row(a, row, state, workdir):
    import numpy as np
    res = Result()
    d = tempfile.mkdtemp(prefix="row-", dir=workdir)
    tin = None
    try:
        t0 = time.time()
        ins = row_inputs(row, a.seed)
        files = []
        for i, (name, dtype, arr) in enumerate(ins):
            f = os.path.join(d, "in%d_%s.npy" % (i, name))
            np.save(f, arr)
            files.append(f)
        rdims = result_dims(row)
        in_bytes = sum(arr.nbytes for _, _, arr in ins)
        if a.verbose:
            sys.stderr.write("  inputs made in %.1f s\n" % (time.time() - t0))
        module = row.path
        if module is None:
            module = os.path.join(d, "%s.mlir" % row.config)
            with open(module, "w") as f:
                f.write(row.text)
        tol = TOL[lowest_float(row.text)]

        # PyTorch eager first: its outputs are the reference.
        ref = None
        out_bytes = None
        if row.kind == "mem":
            make = lambda p, t: MEM_PEERS[row.config]  # noqa: E731
            params = None
        else:
            make = PEERS.get(row.workload)
            params = gen.WORKLOADS.get(row.workload, {}).get("configs", {}).get(row.config)
        fn = None
        if make is None or (row.kind != "mem" and params is None):
            res.notes.append("no PyTorch peer for this workload")
        else:
            try:
                tin = {name: to_torch(name, dt, arr, "cuda") for name, dt, arr in ins}
                with torch.inference_mode():
                    fn = make(params, tin)
                    outs = fn(tin)
                    torch.cuda.synchronize()
                    ref = [to_numpy_f32(o) for o in outs]
                    out_bytes = sum(o.numel() * o.element_size() for o in outs)
                    del outs
                    res.eager_ms = time_cuda(fn, tin, a.warmup, a.runs)
                res.eager_peak = torch_peak(fn, tin)
            except Exception as e:  # noqa: BLE001 - a failing peer is a note in its row
                res.notes.append("eager failed: " + short_error(e))
                fn = None
            if fn is not None and not a.skip_compile:
                try:
                    key = (row.workload, row.config)
                    cfn = state["compiled"].get(key)
                    if cfn is None:
                        cfn = compiled_peer(fn, a.compile_mode)
                        state["compiled"] = {key: cfn}  # one config at a time: keep no old graphs alive
                    with torch.inference_mode():
                        t1 = time.time()
                        cfn(tin)
                        torch.cuda.synchronize()
                        res.compile_s = time.time() - t1
                        res.compile_ms = time_cuda(cfn, tin, a.warmup, a.runs)
                    res.compile_peak = torch_peak(cfn, tin)
                except Exception as e:  # noqa: BLE001
                    res.notes.append("torch.compile failed: " + short_error(e))
            if fn is not None and a.compile_ro:
                try:
                    state["compiled"] = {}
                    rfn = compiled_peer(fn, "reduce-overhead")
                    with torch.inference_mode():
                        for _ in range(3):  # recorded as a CUDA graph after warm-up calls
                            rfn(tin)
                        torch.cuda.synchronize()
                        res.compile_ro_ms = time_cuda(rfn, tin, a.warmup, a.runs)
                    del rfn
                except Exception as e:  # noqa: BLE001
                    res.notes.append("torch.compile reduce-overhead failed: " + short_error(e))
        if rdims is not None:
            donated = aliased_results(row.text)
            out_bytes = sum(nbytes_of(dm, dt) for i, (dm, dt) in enumerate(rdims) if i not in donated)
        if out_bytes is not None:
            res.bytes = in_bytes + out_bytes

        # vtc
        if not state["vtc_error"]:  # else the report's header says why once
            outdir = os.path.join(d, "out")
            ms, cms, vfiles, peak, err = run_vtc(a, module, files, outdir)
            if err:
                res.notes.append(err)
            else:
                res.vtc_ms, res.vtc_compile_ms = ms, cms
                res.vtc_peak = peak
                if ref is not None:
                    ok, text = compare(vfiles, ref, tol)
                    res.agree = ("agree (%s)" % text) if ok else "DIFFERS"
                    if not ok:
                        res.notes.append(text)
        peaks = [(k, v) for k, v in (("vtc", res.vtc_peak), ("eager", res.eager_peak), ("compile", res.compile_peak))
                 if v is not None]
        if peaks:
            res.notes.append("peak MiB with inputs: " + ", ".join("%s %.1f" % (k, v / 2 ** 20) for k, v in peaks))
        if res.compile_s is not None:
            res.notes.append("torch.compile first call %.1f s" % res.compile_s)
        if res.vtc_compile_ms is not None:
            res.notes.append("vtc compile %.2f s" % (res.vtc_compile_ms / 1e3))
    except Exception as e:  # noqa: BLE001 - never abort the whole run
        res.notes.append("bench_gpu error: " + short_error(e))
    finally:
        del tin
        if not a.keep:
            shutil.rmtree(d, ignore_errors=True)
        if torch is not None:
            torch.cuda.empty_cache()
    return res


# ---- the report ---------------------------------------------------------------------

def environment():
    lines = []
    dev = torch.cuda.get_device_properties(0)
    drv = "unknown"
    try:
        p = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=30)
        drv = p.stdout.decode().strip().splitlines()[0] or drv
    except Exception:  # noqa: BLE001 - the version is informative only
        pass
    try:
        import triton
        tv = triton.__version__
    except Exception:  # noqa: BLE001
        tv = "not importable"
    try:
        commit = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty", "--abbrev=7"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=10).stdout.decode().strip()
    except Exception:  # noqa: BLE001
        commit = ""
    lines.append("- Device: %s (%d SMs, %.0f GiB), driver %s" % (
        torch.cuda.get_device_name(0), dev.multi_processor_count, dev.total_memory / 2 ** 30, drv))
    lines.append("- Date: %s" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    lines.append("- PyTorch %s (CUDA %s), Triton %s, Python %s, numpy %s" % (
        torch.__version__, torch.version.cuda, tv, platform.python_version(), __import__("numpy").__version__))
    lines.append("- vtc: commit %s, `%s --target=%s%s%s`" % (
        commit or "unknown", ARGS.vtc_run, ARGS.vtc_target,
        " --pass-pipeline='%s'" % ARGS.vtc_pipeline if ARGS.vtc_pipeline else "",
        "".join(" " + x for x in ARGS.vtc_args)))
    lines.append("- Command: `%s`" % " ".join(["bench_gpu.py"] + sys.argv[1:]))
    return lines


def report(a, copy_gbs, copy_ms, results, elapsed, vtc_error):
    out = ["## %s, %s" % (datetime.date.today().isoformat(), torch.cuda.get_device_name(0)), ""]
    out += environment()
    out += ["- Timing: CUDA events around each call, %d warm-up calls, median of %d (PyTorch); "
            "`vtc-run --bench=%d` median (vtc). TF32 off. Whole run %.0f s." % (a.warmup, a.runs, a.runs, elapsed),
            ""]
    if vtc_error:
        out += ["**%s**: the vtc columns are empty." % vtc_error, ""]
    out.append("Copy bandwidth (`dst.copy_(src)`, 1 GiB, read + write): **%.0f GB/s** (%.3f ms)." % (
        copy_gbs, copy_ms))
    mem = [(r, res) for r, res in results if r.kind == "mem"]
    wls = [(r, res) for r, res in results if r.kind != "mem"]
    if mem:
        out += ["", "### Memory-bound kernels, f32, %dx%d (%d MiB per input)" % (
            MB_ROWS, MB_COLS, MB_ROWS * MB_COLS * 4 >> 20), ""]
        rows = []
        for r, res in mem:
            args, results_ = parse_main(r.text)
            shp = " + ".join(shape_str(d) for _, d, _ in args)
            b = res.bytes
            pct = lambda ms: (b / (ms * 1e-3) / 1e9 / copy_gbs) if ms and b else None  # noqa: E731
            gbs = lambda ms: ("%.0f" % (b / (ms * 1e-3) / 1e9)) if ms and b else "-"  # noqa: E731
            rows.append([r.config, shp, "%.0f" % (b / 2 ** 20) if b else "-",
                         fmt_ms(b / copy_gbs / 1e6) if b else "-",
                         fmt_ms(res.vtc_ms), gbs(res.vtc_ms),
                         "**%s**" % fmt_pct(pct(res.vtc_ms)) if res.vtc_ms else "-",
                         fmt_ms(res.eager_ms), fmt_pct(pct(res.eager_ms)),
                         fmt_ms(res.compile_ms), fmt_pct(pct(res.compile_ms)), res.agree, "; ".join(res.notes)])
        out.append(md_table(["kernel", "shape", "MiB moved", "floor ms", "vtc ms", "vtc GB/s", "vtc % of copy",
                             "eager ms", "eager % of copy", "compile ms", "compile % of copy", "outputs agree",
                             "notes"], rows, "llrrrrrrrrrll"))
        out += ["", "Bytes moved: each input read once, each output written once; floor = those bytes / the "
                    "copy bandwidth; goal: vtc >= 70% of copy."]
    if wls:
        out += ["", "### Paper workloads (benchmarks/workloads/*.paper*.mlir)", ""]
        rows = []
        for r, res in wls:
            cfg = r.config + "".join(" %s=%d" % kv for kv in sorted(r.binding.items()))
            ro = [fmt_ms(res.compile_ro_ms), fmt_ratio(res.vtc_ms, res.compile_ro_ms)] if a.compile_ro else []
            rows.append([r.workload, cfg, fmt_ms(res.bytes / copy_gbs / 1e6) if res.bytes else "-",
                         fmt_ms(res.vtc_ms), fmt_ms(res.eager_ms), fmt_ms(res.compile_ms),
                         fmt_ratio(res.vtc_ms, res.eager_ms), fmt_ratio(res.vtc_ms, res.compile_ms)] + ro +
                        [res.agree, "; ".join(res.notes)])
        ro_head = ["compile-ro ms", "vtc/compile-ro"] if a.compile_ro else []
        out.append(md_table(["workload", "config", "floor ms", "vtc ms", "eager ms", "compile ms", "vtc/eager",
                             "vtc/compile"] + ro_head + ["outputs agree", "notes"], rows,
                            "llrrrrrr" + "rr" * bool(a.compile_ro) + "ll"))
        if a.compile_ro:
            out += ["", "compile-ro: torch.compile(mode=\"reduce-overhead\"), which replays CUDA graphs."]
        out += ["", "vtc/eager and vtc/compile are time ratios (below 1: vtc is faster). floor = bytes of the "
                    "inputs and outputs / the copy bandwidth (a result in a donated argument's buffer, "
                    "graph.aliasing_output, is not counted again). Outputs agree: max |vtc - eager| <= tol x "
                    "max |eager| for every output, tol 1e-3 (f32) or 2e-2 (a module with f16 or bf16); the "
                    "number is the worst relative error."]
    return "\n".join(out) + "\n"


# ---- checking the peers against reference.py (small configurations) ----------------

def verify_peers(a):
    """Runs every peer on the small configurations (on the GPU, else the CPU)
    and compares with reference.py's float64 numpy; exit 1 on a mismatch."""
    import numpy as np
    import reference
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    tols = {"f32": 1e-4, "f16": 1e-2, "bf16": 3e-2}
    bad = 0
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    for wl, w in gen.WORKLOADS.items():
        for cfg in w["configs"]:
            if not cfg.startswith("small"):
                continue
            path = os.path.join(WORKLOADS_DIR, "%s.%s.mlir" % (wl, cfg))
            with open(path) as f:
                text = f.read()
            binding = {n: v[1] for n, v in w.get("dynamic", {}).items()}
            row = Row("workload", wl, cfg, "%s.%s" % (wl, cfg), path, binding, text)
            if a.only and not re.search(a.only, row.label):
                continue
            try:
                ins = row_inputs(row, a.seed)
                vals = {}
                for name, dt, arr in ins:
                    vals[name] = bf16_to_f32(arr).astype(np.float64) if dt == "bf16" else arr.astype(
                        np.int64 if arr.dtype.kind == "i" else np.float64)
                expected = reference.REFERENCES[wl](w["configs"][cfg], vals)
                tin = {name: to_torch(name, dt, arr, dev) for name, dt, arr in ins}
                with torch.inference_mode():
                    fn = PEERS[wl](w["configs"][cfg], tin)
                    outs = [to_numpy_f32(o).astype(np.float64) for o in fn(tin)]
                tol = tols[gen.tolerance_dtype(wl, w["configs"][cfg])]
                worst, why = 0.0, None
                if len(outs) != len(expected):
                    why = "%d outputs, reference %d" % (len(outs), len(expected))
                for i, (o, e) in enumerate(zip(outs, expected)):
                    if why:
                        break
                    if o.shape != e.shape:
                        why = "output %d shape %s, reference %s" % (i, o.shape, e.shape)
                        break
                    rel = float(np.max(np.abs(o - e))) / max(float(np.max(np.abs(e))), 1e-30)
                    worst = max(worst, rel)
                    if not rel <= tol:
                        why = "output %d rel err %.3g > %g" % (i, rel, tol)
            except Exception as e:  # noqa: BLE001
                why = short_error(e)
            print("%s %-35s %s" % ("FAIL" if why else "PASS", row.label, why or "rel err %.2g" % worst))
            bad += bool(why)
    print("peers on %s: %s" % (dev, "all match reference.py" if not bad else "%d mismatches" % bad))
    return 1 if bad else 0


# ---- main ----------------------------------------------------------------------------

ARGS = None


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vtc-run", default=os.path.join(ROOT, "build", "vtc-run"),
                    help="the vtc-run binary (default: build/vtc-run of this checkout)")
    ap.add_argument("--vtc-target", default="cuda",
                    help="vtc-run's --target (default cuda; cpu runs the harness end to end without vtc's GPU path)")
    ap.add_argument("--vtc-pipeline", metavar="PIPELINE",
                    help="vtc-run's --pass-pipeline instead of the target's default (an ablation or an option, e.g. "
                         "'builtin.module(lower-graph-to-te{conv=im2col},lower-te-to-gir{hierarchy=gpu})')")
    ap.add_argument("--only", metavar="REGEX", help="run the rows whose label matches (re.search), e.g. "
                                                     "'^mem\\.', 'llama3', 'gemm.*M=384'; see --list")
    ap.add_argument("--runs", type=int, default=20, help="timed calls per measurement (default 20)")
    ap.add_argument("--warmup", type=int, default=3, help="PyTorch warm-up calls (default 3)")
    ap.add_argument("--skip-compile", action="store_true", help="no torch.compile column")
    ap.add_argument("--compile-mode", default="default",
                    help="torch.compile mode (default 'default'; e.g. max-autotune-no-cudagraphs)")
    ap.add_argument("--compile-ro", action="store_true",
                    help="also time torch.compile(mode='reduce-overhead') (CUDA graphs) as a column")
    ap.add_argument("--vtc-arg", action="append", default=[], dest="vtc_args", metavar="ARG",
                    help="one more vtc-run argument (may repeat), e.g. --vtc-arg=--cuda-graphs=off")
    ap.add_argument("--quick", action="store_true",
                    help="the memory-bound kernels and one configuration (one binding) per workload")
    ap.add_argument("--full-sweep", action="store_true",
                    help="every dynamic size of the papers (M: %s; N: %s) instead of %s" % (
                        DYNAMIC_FULL["M"], DYNAMIC_FULL["N"], DYNAMIC_DEFAULT))
    ap.add_argument("--workloads-only", action="store_true", help="leave out the memory-bound kernels")
    ap.add_argument("--timeout", type=float, default=90, help="seconds per vtc-run call (default 90)")
    ap.add_argument("--seed", type=int, default=0, help="added to each row's input seed (default 0)")
    ap.add_argument("--out", metavar="FILE", help="also write the markdown report to FILE")
    ap.add_argument("--keep", metavar="DIR", help="keep the inputs, modules and vtc outputs under DIR")
    ap.add_argument("--list", action="store_true", help="list the rows (label, shapes) and exit; no torch needed")
    ap.add_argument("--print-inputs", nargs="?", const="", metavar="REGEX",
                    help="make the inputs of the rows (matching REGEX, or --only) and print their shapes, "
                         ".npy dtypes and ranges; no torch needed")
    ap.add_argument("--verify-peers", action="store_true",
                    help="check the PyTorch peers against reference.py on the small configurations and exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="echo vtc-run's commands and output to stderr")
    a = ap.parse_args(argv)
    if a.runs < 1 or a.warmup < 0:
        ap.error("--runs must be >= 1 and --warmup >= 0")
    return a


def main(argv):
    global ARGS
    a = ARGS = parse_args(argv)
    if a.print_inputs is not None and a.print_inputs:
        a.only = a.print_inputs
    rows = select_rows(a)
    if a.list:
        print(cmd_list(rows))
        return 0
    if a.print_inputs is not None:
        return cmd_print_inputs(rows, a.seed)
    err = import_torch()
    if a.verify_peers:
        if torch is None:
            print(err)
            return EXIT_NO_GPU
        return verify_peers(a)
    if err:
        print(err)
        return EXIT_NO_GPU
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch._dynamo.config.cache_size_limit = max(64, torch._dynamo.config.cache_size_limit)

    start = time.time()
    state = {"compiled": {}, "vtc_error": None}
    if not os.path.exists(a.vtc_run):
        state["vtc_error"] = "vtc not run: %s not found" % a.vtc_run
    else:
        names, e = vtc_targets(a.vtc_run)
        if e:
            state["vtc_error"] = "vtc not run: " + e
        elif a.vtc_target not in names:
            state["vtc_error"] = "vtc not run: vtc-run has no %s target (targets: %s)" % (a.vtc_target,
                                                                                        ", ".join(names))
    if state["vtc_error"]:
        sys.stderr.write("bench_gpu: %s\n" % state["vtc_error"])

    copy_gbs, copy_ms = copy_bandwidth(a.runs)
    torch.cuda.empty_cache()  # the copy's 2 GiB back to the device, for vtc-run's own allocations
    sys.stderr.write("copy bandwidth: %.0f GB/s\n" % copy_gbs)
    workdir = a.keep or tempfile.mkdtemp(prefix="bench-gpu-")
    os.makedirs(workdir, exist_ok=True)
    results = []
    try:
        for i, row in enumerate(rows):
            t0 = time.time()
            res = run_row(a, row, state, workdir)
            results.append((row, res))
            sys.stderr.write("[%d/%d] %-45s vtc %s  eager %s  compile %s  %s  (%.1f s)%s\n" % (
                i + 1, len(rows), row.label, fmt_ms(res.vtc_ms), fmt_ms(res.eager_ms), fmt_ms(res.compile_ms),
                res.agree, time.time() - t0, ("  " + "; ".join(res.notes)) if res.notes else ""))
            sys.stderr.flush()
    finally:
        if not a.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    text = report(a, copy_gbs, copy_ms, results, time.time() - start, state["vtc_error"])
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
