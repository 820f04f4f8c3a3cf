#!/usr/bin/env python3
# Numeric tests of the graph reference interpreter (dialects/graph/
# interpreter*.c) against independent numpy references, through vtc-run:
# every case builds a small graph module (generic form) around one op, or a
# few, writes random seeded inputs as .npy, runs
#   vtc-run case.mlir --input ... --output ...
# and compares the outputs. It covers every graph op, broadcasting, size-1
# dims, negative axes, the ONNX attribute defaults the interpreter fills in,
# f32/f16/bf16/f64/i32/i64/i1 where they apply, `?` dims in the signature,
# and run-time errors reported at the op's location. For data-movement ops it
# also checks the op's mapping (vtc-opt --graph-print-mapping) element by
# element against the interpreter's result.
#
# The numpy references and helpers (T, rand, approx, compare, ref_*) are those
# of test/graph_kernels/test_kernels.py, imported, not copied.
#
# Usage (numpy needed: /usr/bin/python3):
#   test_interpreter.py VTC_RUN [-v] [-k SUBSTRING]
# It prints one line per case, then "N passed, M failed"; exit 1 on failure.
import math
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..'))
sys.path.insert(0, os.path.join(SRC, 'test', 'graph_kernels'))
import test_kernels as K  # noqa: E402
from test_kernels import (BINARY, FLOATS, INTS, UNARY, T, approx, binary_expected, binary_inputs,  # noqa: E402
                          compare, py_slice, rand, ref_attention, ref_conv2d, ref_d2s, ref_norm, ref_pad,
                          ref_s2d, ref_softmax, resolve_reshape, sat_int, storage_like)

K.RNG = np.random.default_rng(20240612)  # the helpers draw from K.RNG

# ---- writing modules ----------------------------------------------------------------


class Ty:
    """A type attribute (cast's `to`)."""

    def __init__(self, text):
        self.text = text


class Raw:
    """Attribute text used verbatim."""

    def __init__(self, text):
        self.text = text


def mlir_attr(v):
    if isinstance(v, (Ty, Raw)):
        return v.text
    if isinstance(v, bool):
        return 'true' if v else 'false'
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return f'{v:.17e} : f64'
    if isinstance(v, str):
        return '"' + v + '"'
    if isinstance(v, (list, tuple)):
        return '[' + ', '.join(str(int(x)) for x in v) + ']'
    raise TypeError(v)


def attr_dict(attrs):
    if not attrs:
        return ''
    return ' {' + ', '.join(f'{k} = {mlir_attr(v)}' for k, v in attrs.items()) + '}'


def ttype(shape, dtype, dyn=()):
    dims = ''.join(('?' if i in dyn else str(d)) + 'x' for i, d in enumerate(shape))
    return f'tensor<{dims}{dtype}>'


def shape_dtype(e):
    if isinstance(e, K.Approx):
        return e.values.shape, e.dtype
    return e.arr.shape, e.dtype


def one_op_module(op, inputs, attrs, expects, dyn=None, result_dyn=False):
    """A @main that applies graph.<op> to its arguments and returns every result.
    dyn maps an argument number to the axes written `?`; result_dyn writes
    every result dim `?`."""
    dyn = dyn or {}
    args = [ttype(t.arr.shape, t.dtype, dyn.get(i, ())) for i, t in enumerate(inputs)]
    res = []
    for e in expects:
        s, d = shape_dtype(e)
        res.append(ttype(s, d, range(len(s)) if result_dyn else ()))
    sig = ', '.join(f'%a{i}: {a}' for i, a in enumerate(args))
    n = len(res)
    lhs = '%r' if n == 1 else f'%r:{n}'
    rets = ['%r'] if n == 1 else [f'%r#{i}' for i in range(n)]
    rtypes = res[0] if n == 1 else '(' + ', '.join(res) + ')'
    operands = ', '.join(f'%a{i}' for i in range(len(inputs)))
    return (f'func.func @main({sig}) -> ({", ".join(res)}) {{\n'
            f'  {lhs} = "graph.{op}"({operands}){attr_dict(attrs)} : ({", ".join(args)}) -> {rtypes}\n'
            f'  return {", ".join(rets)} : {", ".join(res)}\n}}\n')

# ---- the runner ---------------------------------------------------------------------


class Runner:
    def __init__(self, vtc_run, vtc_opt, tmp, verbose, pattern):
        self.vtc_run, self.vtc_opt, self.tmp = vtc_run, vtc_opt, tmp
        self.verbose, self.pattern = verbose, pattern
        self.passed = self.failed = self.count = 0

    def report(self, name, ok, why=''):
        if ok:
            self.passed += 1
            print(f'PASS  {name}')
        else:
            self.failed += 1
            print(f'FAIL  {name}: {why}')

    def wanted(self, name):
        return self.pattern is None or self.pattern in name

    def files(self, module, inputs, nout):
        self.count += 1
        base = os.path.join(self.tmp, f'c{self.count}')
        with open(base + '.mlir', 'w') as f:
            f.write(module)
        ins = []
        for i, t in enumerate(inputs):
            ins.append(f'{base}_in{i}.npy')
            np.save(ins[-1], t.arr)
        outs = [f'{base}_out{i}.npy' for i in range(nout)]
        return base + '.mlir', ins, outs

    def vtc(self, mlir, ins, outs, extra=()):
        args = [self.vtc_run, mlir] + [f'--input={p}' for p in ins] + [f'--output={p}' for p in outs] + list(extra)
        if self.verbose:
            print('  $ ' + ' '.join(args))
        return subprocess.run(args, capture_output=True, text=True, timeout=120)

    def module(self, name, module, inputs, expect, check_mapping=False):
        """Runs @main of `module` on inputs; expect is a T, an Approx or a list."""
        if not self.wanted(name):
            return
        expects = expect if isinstance(expect, list) else [expect]
        mlir, ins, outs = self.files(module, inputs, len(expects))
        proc = self.vtc(mlir, ins, outs)
        if proc.returncode != 0:
            return self.report(name, False, f'exit {proc.returncode}: {proc.stderr.strip()}\n{module}')
        got = [np.load(o) for o in outs]
        for i, (g, e) in enumerate(zip(got, expects)):
            why = compare(g, e)
            if why:
                return self.report(name, False, f'result {i}: {why}\n{module}')
        if check_mapping:
            why = self.check_mapping(mlir, inputs, got)
            if why:
                return self.report(name, False, f'mapping: {why}\n{module}')
        self.report(name, True)

    def op(self, name, op, inputs, attrs=None, expect=None, dyn=None, result_dyn=False):
        expects = expect if isinstance(expect, list) else [expect]
        mod = one_op_module(op, inputs, attrs, expects, dyn, result_dyn)
        self.module(name, mod, inputs, expect, check_mapping=op in MOVEMENT and not dyn and self.vtc_opt)

    def error(self, name, module, inputs, needle, line=None):
        """Expects exit status 1 and `needle` in the message (at `line` when given)."""
        if not self.wanted(name):
            return
        mlir, ins, _ = self.files(module, inputs, 0)
        proc = self.vtc(mlir, ins, [])
        msg = proc.stderr.strip()
        where = f'{os.path.basename(mlir)}:{line}:' if line else ''
        ok = (proc.returncode == 1 and needle in msg and where in msg and 'Sanitizer' not in msg
              and 'runtime error' not in msg)
        self.report(name, ok, f'exit {proc.returncode}, wanted "{where}...{needle}" in: {msg}')

    # ---- the mapping check ----------------------------------------------------------

    def check_mapping(self, mlir, inputs, outputs):
        """Evaluates every piece that vtc-opt --graph-print-mapping prints at
        every output index: the interpreter's output element must equal the
        mapped input element (or the fill value)."""
        proc = subprocess.run([self.vtc_opt, '--graph-print-mapping', mlir, '-o', os.devnull],
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            return f'vtc-opt failed: {proc.stderr.strip()}'
        pieces, fills = {}, {}
        for m in re.finditer(r'remark: result (\d+): (.*)', proc.stderr):
            r, text = int(m.group(1)), m.group(2)
            if text.startswith('index-dependent') or text.startswith('no static mapping'):
                return ''
            fm = re.match(r'otherwise: fill (\S+)', text)
            if fm:
                fills[r] = float(fm.group(1))
                continue
            pm = re.match(r'piece \d+: input (\d+)(?: if (.*?))?: \((.*?)\) -> \((.*)\) \+ \[(.*)\]$', text)
            if not pm:
                return f'cannot parse mapping remark: {text}'
            box = None
            if pm.group(2):
                # `[lo, hi)` per dim; `?` (a bound the op leaves open) never excludes.
                box = [tuple(math.inf * (1 if k else -1) if x.strip() == '?' else int(x)
                             for k, x in enumerate(b.strip()[1:-1].split(',')))
                       for b in pm.group(2).split(' x ')]
            dims = [d.strip() for d in pm.group(3).split(',') if d.strip()]
            exprs = split_top(pm.group(4))
            bias = [int(x) for x in pm.group(5).split(',') if x.strip()]
            pieces.setdefault(r, []).append((int(pm.group(1)), box, dims, exprs, bias))
        for r, out in enumerate(outputs):
            if r not in pieces:
                return f'no mapping printed for result {r}'
            compiled = []
            for inp, box, dims, exprs, bias in pieces[r]:
                code = [compile(affine_to_py(e), '<map>', 'eval') for e in exprs]
                compiled.append((inp, box, dims, code, bias))
            for idx in np.ndindex(out.shape):
                env = None
                for inp, box, dims, code, bias in compiled:
                    if box and not all(lo <= x < hi for x, (lo, hi) in zip(idx, box)):
                        continue
                    env = dict(zip(dims, idx))
                    src = tuple(eval(c, {}, env) + b for c, b in zip(code, bias))
                    want = inputs[inp].arr[src]
                    break
                if env is None:
                    if r not in fills:
                        return f'result {r} index {idx}: no piece covers it and there is no fill'
                    want = T(inputs[0].dtype, fills[r]).arr
                got = out[idx]
                if not (np.array_equal(got, want) or (np.isnan(got.astype(np.float64)) and np.isnan(want.astype(np.float64)))):
                    return f'result {r} index {idx}: interpreter {got}, mapping says {want}'
        return ''


def split_top(text):
    """Splits `a, (b, c), d` at top-level commas."""
    out, depth, cur = [], 0, ''
    for ch in text:
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
            continue
        depth += ch == '('
        depth -= ch == ')'
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def affine_to_py(e):
    # floordiv and mod are Python's // and % (both floor toward -inf);
    # ceildiv is -(-a // b).
    e = re.sub(r'(\S+) ceildiv (\S+)', r'(-(-(\1) // (\2)))', e)
    return e.replace('floordiv', '//').replace('mod', '%')


MOVEMENT = {'reshape', 'transpose', 'split', 'concat', 'slice', 'expand', 'squeeze', 'unsqueeze', 'flatten',
            'gather', 'scatter_nd', 'tile', 'pad', 'depth_to_space', 'space_to_depth', 'identity'}

# ---- compute ops ----------------------------------------------------------------------


def test_unary(R):
    for op, (fn, (lo, hi)) in UNARY.items():
        for dt in FLOATS:
            x = rand(dt, (2, 3), lo, hi)
            R.op(f'{op} {dt}', op, [x], expect=approx(dt, fn(x.f64)))
    for op in ['relu', 'neg', 'abs']:
        for dt in INTS:
            x = rand(dt, (3, 4), -7, 7)
            R.op(f'{op} {dt}', op, [x], expect=T(dt, UNARY[op][0](x.f64)))
    x = rand('f32', (), -2, 2)
    R.op('tanh scalar', 'tanh', [x], expect=approx('f32', np.tanh(x.f64)))
    x = rand('f32', (3, 1, 4), -2, 2)
    R.op('sigmoid dynamic dims', 'sigmoid', [x], expect=approx('f32', UNARY['sigmoid'][0](x.f64)),
         dyn={0: (0, 2)}, result_dyn=True)


def test_binary(R):
    shapes = [((2, 3, 4), (2, 3, 4)), ((3, 1, 5), (4, 5)), ((), (2, 3)), ((2, 1), (1, 3))]
    for op in BINARY:
        for sa, sb in shapes:
            a, b = binary_inputs(op, 'f32', sa, sb)
            R.op(f'{op} f32 {sa}x{sb}', op, [a, b], expect=binary_expected(op, 'f32', a, b))
        for dt in ['f16', 'bf16'] + INTS:
            a, b = binary_inputs(op, dt, (2, 1, 3), (4, 1))
            R.op(f'{op} {dt} broadcast', op, [a, b], expect=binary_expected(op, dt, a, b))
    a, b = rand('f32', (2, 3)), rand('i32', (3,), 0, 3)
    R.op('pow f32 ** i32', 'pow', [a, b], expect=approx('f32', np.power(a.f64, b.f64)))
    a, b = binary_inputs('add', 'f32', (3, 4), (4,))
    R.op('add dynamic lhs rows', 'add', [a, b], expect=binary_expected('add', 'f32', a, b), dyn={0: (0,)})
    a, b = binary_inputs('mul', 'f32', (3, 1), (1, 4))
    R.op('mul dynamic size-1 broadcast', 'mul', [a, b], expect=binary_expected('mul', 'f32', a, b),
         dyn={0: (0,), 1: (1,)}, result_dyn=True)


def test_where_cast(R):
    for dt in ['f32', 'i64', 'i1', 'bf16', 'f16']:
        c, x, y = rand('i1', (2, 1, 4)), rand(dt, (3, 4)), rand(dt, (2, 3, 1))
        R.op(f'where {dt} 3-way broadcast', 'where', [c, x, y], expect=T(dt, storage=np.where(c.arr, x.arr, y.arr)))
    x = T('f32', [0.0, -0.0, 1.5, -2.75, 65504.0, 65520.0, 1e-8, np.inf, -np.inf, np.nan, 1e30])
    R.op('cast f32->f16', 'cast', [x], {'to': Ty('f16')}, T('f16', x.arr.astype(np.float16)))
    R.op('cast f32->bf16', 'cast', [x], {'to': Ty('bf16')}, T('bf16', K.bf16_round(x.f64)))
    R.op('cast f32->f64', 'cast', [x], {'to': Ty('f64')}, T('f64', x.arr.astype(np.float64)))
    fi = [0.0, 2.7, -2.7, 1e10, -1e10, np.nan, 123456.99]
    R.op('cast f32->i32 (trunc, saturate)', 'cast', [T('f32', fi)], {'to': Ty('i32')}, sat_int(np.float32(fi), 'i32'))
    xi = rand('i32', (3, 4), -3000, 3000)
    R.op('cast i32->i64', 'cast', [xi], {'to': Ty('i64')}, T('i64', xi.arr))
    R.op('cast i32->i1', 'cast', [xi], {'to': Ty('i1')}, T('i1', xi.arr != 0))
    c = rand('i1', (2, 5))
    R.op('cast i1->f32', 'cast', [c], {'to': Ty('f32')}, T('f32', c.arr))
    b = rand('bf16', (4, 3))
    R.op('cast bf16->f32 dynamic', 'cast', [b], {'to': Ty('f32')}, T('f32', b.f64), dyn={0: (0, 1)})


def test_matmul(R):
    shapes = [((3, 4), (4, 5)), ((2, 3, 4), (4, 5)), ((2, 1, 3, 4), (3, 4, 2)), ((4,), (4, 5)), ((3, 4), (4,)),
              ((4,), (4,)), ((1, 3, 4), (5, 4, 2)), ((2, 3, 1), (1, 4))]
    for sa, sb in shapes:
        a, b = rand('f32', sa), rand('f32', sb)
        R.op(f'matmul f32 {sa}x{sb}', 'matmul', [a, b], expect=approx('f32', np.matmul(a.f64, b.f64)))
    for dt in ['f16', 'bf16', 'f64', 'i32', 'i64']:
        a, b = rand(dt, (2, 3, 5), -4, 4), rand(dt, (1, 5, 2), -4, 4)
        r = np.matmul(a.f64, b.f64)
        R.op(f'matmul {dt}', 'matmul', [a, b], expect=T(dt, r) if dt in INTS else approx(dt, r))
    a, b = rand('f32', (2, 5, 8)), rand('f32', (8, 3))
    R.op('matmul dynamic M (Vortex)', 'matmul', [a, b], expect=approx('f32', a.f64 @ b.f64), dyn={0: (0, 1)},
         result_dyn=True)


def conv(R, name, dt, xs, ws, bias=True, attrs=None, ref_kw=None, dyn=None):
    x, w = rand(dt, xs), rand(dt, ws)
    b = rand(dt, (ws[0],)) if bias else None
    ref = ref_conv2d(x.f64, w.f64, b.f64 if bias else None, **(ref_kw or {}))
    R.op(f'conv2d {name} {dt}', 'conv2d', [x, w] + ([b] if bias else []), attrs, approx(dt, ref), dyn=dyn)


def test_conv2d(R):
    conv(R, 'defaults', 'f32', (1, 2, 5, 5), (3, 2, 3, 3))
    conv(R, 'pads stride 2', 'f32', (2, 3, 7, 6), (4, 3, 3, 3), attrs={'pads': [1, 1, 1, 1], 'strides': [2, 2]},
         ref_kw={'pads': (1, 1, 1, 1), 'strides': (2, 2)})
    conv(R, 'asym pads dilation', 'f32', (1, 2, 9, 8), (2, 2, 3, 2),
         attrs={'pads': [1, 0, 2, 1], 'strides': [2, 1], 'dilations': [2, 1]},
         ref_kw={'pads': (1, 0, 2, 1), 'strides': (2, 1), 'dilations': (2, 1)})
    conv(R, 'group 2', 'f32', (1, 4, 6, 6), (6, 2, 3, 3), attrs={'group': 2, 'pads': [1, 1, 1, 1]},
         ref_kw={'group': 2, 'pads': (1, 1, 1, 1)})
    conv(R, 'depthwise', 'f32', (2, 3, 5, 5), (3, 1, 3, 3), attrs={'group': 3, 'pads': [1, 1, 1, 1]},
         ref_kw={'group': 3, 'pads': (1, 1, 1, 1)})
    conv(R, '1x1 no bias', 'f32', (2, 4, 3, 3), (5, 4, 1, 1), bias=False)
    t, b = K.same_pads(7, 4, 2, 1, True)
    l, r = K.same_pads(6, 3, 2, 1, True)
    conv(R, 'SAME_UPPER', 'f32', (1, 2, 7, 6), (2, 2, 4, 3), attrs={'auto_pad': 'SAME_UPPER', 'strides': [2, 2]},
         ref_kw={'pads': (t, l, b, r), 'strides': (2, 2)})
    conv(R, 'VALID', 'f32', (1, 2, 6, 5), (2, 2, 3, 3), attrs={'auto_pad': 'VALID', 'pads': [5, 5, 5, 5]})
    conv(R, 'pads', 'f16', (1, 3, 6, 6), (4, 3, 3, 3), attrs={'pads': [1, 1, 1, 1]}, ref_kw={'pads': (1, 1, 1, 1)})
    conv(R, 'stride', 'bf16', (1, 3, 6, 6), (4, 3, 3, 3), attrs={'strides': [2, 2]}, ref_kw={'strides': (2, 2)})
    conv(R, 'dynamic batch', 'f32', (3, 2, 5, 5), (2, 2, 3, 3), dyn={0: (0,)})


def test_norms_softmax(R):
    for shape, axis in [((2, 3, 4), -1), ((2, 3, 4), 1), ((5,), 0), ((2, 3, 4), -3), ((3, 1), 1)]:
        x = rand('f32', shape)
        R.op(f'softmax {shape} axis={axis}', 'softmax', [x], {'axis': axis}, approx('f32', ref_softmax(x.f64, axis)))
    for dt in ['f16', 'bf16', 'f64']:
        x = rand(dt, (3, 7))
        R.op(f'softmax {dt} default axis', 'softmax', [x], {}, approx(dt, ref_softmax(x.f64, -1)))
    x = rand('f32', (4, 6))
    R.op('softmax dynamic', 'softmax', [x], {}, approx('f32', ref_softmax(x.f64, -1)), dyn={0: (0, 1)})
    cases = [('f32', (2, 3, 8), -1, (8,), True), ('f32', (2, 3, 8), 1, (3, 8), True),
             ('f32', (4, 6), -1, (6,), False), ('f16', (3, 16), -1, (16,), True), ('bf16', (3, 16), -1, (16,), True)]
    for dt, xs, axis, ps, with_bias in cases:
        x, s = rand(dt, xs), rand(dt, ps)
        b = rand(dt, ps) if with_bias else None
        ref = ref_norm(x.f64, s.f64, b.f64 if b else None, axis, 1e-5, False)
        R.op(f'layer_norm {dt} {xs} axis={axis}{" bias" if b else ""}', 'layer_norm', [x, s] + ([b] if b else []),
             {'axis': axis}, approx(dt, ref))
    x, s = rand('f32', (3, 8)), rand('f32', (8,))
    R.op('layer_norm defaults (axis -1, epsilon 1e-5)', 'layer_norm', [x, s], {},
         approx('f32', ref_norm(x.f64, s.f64, None, -1, 1e-5, False)))
    for dt, xs, axis, ps, _ in cases[:3] + cases[3:]:
        x, s = rand(dt, xs), rand(dt, ps)
        ref = ref_norm(x.f64, s.f64, None, axis, 1e-6, True)
        R.op(f'rms_norm {dt} {xs} axis={axis}', 'rms_norm', [x, s], {'axis': axis, 'epsilon': 1e-6}, approx(dt, ref))
    x, s = rand('f32', (5, 8)), rand('f32', (8,))
    R.op('rms_norm dynamic rows', 'rms_norm', [x, s], {}, approx('f32', ref_norm(x.f64, s.f64, None, -1, 1e-5, True)),
         dyn={0: (0,)})


def test_reduce(R):
    x = rand('f32', (2, 3, 4))
    fns = {'sum': np.sum, 'mean': np.mean, 'max': np.max, 'min': np.min}
    for axes, keep in [([1], True), ([0, 2], False), ([-1], True), ([-3, -2], False)]:
        for op, fn in fns.items():
            ref = fn(x.f64, axis=tuple(axes), keepdims=keep)
            R.op(f'reduce_{op} axes={axes} keepdims={keep}', f'reduce_{op}', [x], {'axes': axes, 'keepdims': keep},
                 approx('f32', ref))
    for op, fn in fns.items():
        R.op(f'reduce_{op} defaults (all axes, keepdims)', f'reduce_{op}', [x], {},
             approx('f32', fn(x.f64, keepdims=True)))
    R.op('reduce_sum noop_with_empty_axes', 'reduce_sum', [x], {'noop_with_empty_axes': True}, approx('f32', x.f64))
    xi = rand('i32', (3, 5), -50, 50)
    R.op('reduce_sum i32', 'reduce_sum', [xi], {'axes': [1]}, T('i32', xi.arr.sum(1, keepdims=True)))
    xl = rand('i64', (3, 5), -50, 50)
    R.op('reduce_max i64', 'reduce_max', [xl], {'axes': [0], 'keepdims': False}, T('i64', xl.arr.max(0)))
    c = rand('i1', (3, 4))
    R.op('reduce_min i1', 'reduce_min', [c], {'axes': [1], 'keepdims': False}, T('i1', c.arr.all(1)))
    for dt in ['f16', 'bf16', 'f64']:
        y = rand(dt, (4, 6))
        R.op(f'reduce_mean {dt}', 'reduce_mean', [y], {'axes': [1]}, approx(dt, y.f64.mean(1, keepdims=True)))
    y = rand('f32', (5, 6))
    R.op('reduce_sum dynamic rows', 'reduce_sum', [y], {'axes': [0]}, approx('f32', y.f64.sum(0, keepdims=True)),
         dyn={0: (0,)})


def test_attention(R):
    cases = [('plain default scale', 'f32', (2, 2, 4, 8), (2, 2, 4, 8), 8, {}),
             ('causal', 'f32', (1, 2, 5, 4), (1, 2, 5, 4), 4, {'causal': True}),
             ('causal kv cache', 'f32', (1, 2, 3, 4), (1, 2, 7, 4), 4, {'causal': True}),
             ('gqa 4/2', 'f32', (2, 4, 4, 8), (2, 2, 4, 8), 8, {'causal': True}),
             ('mqa scale Dv!=D', 'f32', (1, 6, 3, 4), (1, 1, 5, 4), 6, {'scale': 0.5}),
             ('f16', 'f16', (1, 2, 4, 8), (1, 2, 6, 8), 8, {'causal': True}),
             ('bf16', 'bf16', (1, 2, 4, 8), (1, 1, 4, 8), 8, {})]
    for name, dt, qs, ks, dv, attrs in cases:
        q, k, v = rand(dt, qs), rand(dt, ks), rand(dt, ks[:3] + (dv,))
        ref = ref_attention(q.f64, k.f64, v.f64, bool(attrs.get('causal')), attrs.get('scale'))
        R.op(f'attention {name}', 'attention', [q, k, v], attrs, approx(dt, ref))
    q, k, v = rand('f32', (1, 2, 3, 4)), rand('f32', (1, 2, 6, 4)), rand('f32', (1, 2, 6, 4))
    R.op('attention dynamic kv length', 'attention', [q, k, v], {'causal': True},
         approx('f32', ref_attention(q.f64, k.f64, v.f64, True)), dyn={1: (2,), 2: (2,)})

# ---- data movement (exact) ----------------------------------------------------------------


def test_movement(R):
    for dt in ['f32', 'f16', 'bf16', 'f64', 'i32', 'i64', 'i1']:
        x = rand(dt, (2, 3))
        R.op(f'identity {dt}', 'identity', [x], expect=x)
    for shape, dt in [([4, -1], 'f32'), ([0, -1], 'i64'), ([0, 0, 2, 2], 'bf16'), ([2, 1, 3, 1, 4], 'i1')]:
        x = rand(dt, (2, 3, 4))
        R.op(f'reshape {shape} {dt}', 'reshape', [x], {'shape': shape},
             storage_like(x, x.arr.reshape(resolve_reshape(x.arr.shape, shape))))
    x = rand('f32', (3, 2, 4))
    R.op('reshape dynamic [0, -1]', 'reshape', [x], {'shape': [0, -1]}, storage_like(x, x.arr.reshape(3, 8)),
         dyn={0: (0,)})
    for perm, dt in [(None, 'f32'), ([0, 2, 1], 'bf16'), ([2, 0, 3, 1], 'i64'), ([1, 0], 'i1')]:
        x = rand(dt, (2, 3, 4, 5)[:len(perm)] if perm else (2, 3, 4))
        R.op(f'transpose {perm} {dt}', 'transpose', [x], {'perm': perm} if perm else {},
             storage_like(x, np.transpose(x.arr, perm)))
    x = rand('f32', (2, 3, 4))
    R.op('transpose dynamic', 'transpose', [x], {'perm': [2, 0, 1]}, storage_like(x, np.transpose(x.arr, (2, 0, 1))),
         dyn={0: (0, 2)}, result_dyn=True)
    x = rand('f32', (6, 4))
    R.op('split axis 0 [1,2,3]', 'split', [x], {'axis': 0, 'split': [1, 2, 3]},
         [storage_like(x, p) for p in np.split(x.arr, [1, 3], axis=0)])
    R.op('split axis -1 equal (default sizes)', 'split', [x], {'axis': -1},
         [storage_like(x, p) for p in np.split(x.arr, 2, axis=-1)])
    y = rand('f16', (2, 7))
    R.op('split 7 into 3 (last smaller)', 'split', [y], {'axis': 1},
         [storage_like(y, p) for p in np.split(y.arr, [3, 6], axis=1)])
    y = rand('i32', (6, 2))
    R.op('split default axis 0', 'split', [y], {}, [storage_like(y, p) for p in np.split(y.arr, 3, axis=0)])
    a, b, c = rand('f32', (2, 1, 3)), rand('f32', (2, 4, 3)), rand('f32', (2, 2, 3))
    R.op('concat 3 inputs axis 1', 'concat', [a, b, c], {'axis': 1},
         storage_like(a, np.concatenate([a.arr, b.arr, c.arr], 1)))
    a, b = rand('i64', (2, 3)), rand('i64', (2, 5))
    R.op('concat axis -1 i64', 'concat', [a, b], {'axis': -1}, storage_like(a, np.concatenate([a.arr, b.arr], -1)))
    a, b = rand('bf16', (3, 2)), rand('bf16', (1, 2))
    R.op('concat dynamic', 'concat', [a, b], {'axis': 0}, storage_like(a, np.concatenate([a.arr, b.arr])),
         dyn={0: (0,)}, result_dyn=True)
    x = rand('f32', (5, 6, 4))
    for name, st, en, ax, sp in [('basic', [1, 2], [4, 5], None, None), ('negative', [-3], [-1], [1], None),
                                 ('steps', [0, 1], [5, 6], [0, 1], [2, 3]),
                                 ('negative step', [4], [-2**63], [0], [-1]),
                                 ('axes negative', [1, 0], [3, 2], [-1, 0], None)]:
        attrs = {'starts': st, 'ends': en}
        if ax is not None:
            attrs['axes'] = ax
        if sp is not None:
            attrs['steps'] = sp
        axes = [a % 3 for a in ax] if ax is not None else None
        R.op(f'slice {name}', 'slice', [x], attrs, storage_like(x, py_slice(x.arr, st, en, axes, sp)))
    R.op('slice dynamic', 'slice', [x], {'starts': [1], 'ends': [3], 'axes': [1]},
         storage_like(x, x.arr[:, 1:3]), dyn={0: (0,)})
    for xs, shape, dt in [((3, 1), [2, 3, 4], 'f32'), ((1,), [2, 2], 'i1'), ((2, 1, 3), [4, 1], 'bf16')]:
        x = rand(dt, xs)
        R.op(f'expand {xs}->{shape} {dt}', 'expand', [x], {'shape': shape},
             storage_like(x, np.broadcast_to(x.arr, np.broadcast_shapes(xs, tuple(shape))).copy()))
    x = rand('f32', (1, 2, 1, 6, 8))
    R.op('expand GQA kv (VTC Figure 2)', 'expand', [x], {'shape': [1, 2, 4, 6, 8]},
         storage_like(x, np.broadcast_to(x.arr, (1, 2, 4, 6, 8)).copy()))
    x = rand('f16', (1, 3, 1, 2))
    R.op('squeeze all (default)', 'squeeze', [x], {}, storage_like(x, np.squeeze(x.arr)))
    R.op('squeeze [-2, 0]', 'squeeze', [x], {'axes': [-2, 0]}, storage_like(x, np.squeeze(x.arr, (-2, 0))))
    x = rand('i32', (3, 4))
    for axes in [[0], [-1], [1, -1]]:
        R.op(f'unsqueeze {axes}', 'unsqueeze', [x], {'axes': axes},
             storage_like(x, np.expand_dims(x.arr, tuple(axes))))
    x = rand('f32', (2, 3, 4))
    R.op('flatten default axis 1', 'flatten', [x], {}, storage_like(x, x.arr.reshape(2, 12)))
    R.op('flatten axis -1', 'flatten', [x], {'axis': -1}, storage_like(x, x.arr.reshape(6, 4)))
    R.op('flatten axis 0', 'flatten', [x], {'axis': 0}, storage_like(x, x.arr.reshape(1, 24)))
    for xs, reps, dt in [((2, 3), [2, 1], 'f32'), ((2, 1, 2), [1, 3, 2], 'i64'), ((2, 3), [0, 2], 'f16')]:
        x = rand(dt, xs)
        R.op(f'tile {xs} {reps} {dt}', 'tile', [x], {'repeats': reps}, storage_like(x, np.tile(x.arr, reps)))
    for xs, b, mode, dt in [((1, 8, 2, 3), 2, None, 'f32'), ((2, 8, 2, 3), 2, 'CRD', 'i64'),
                            ((1, 18, 2, 2), 3, 'DCR', 'bf16')]:
        x = rand(dt, xs)
        attrs = {'blocksize': b}
        if mode:
            attrs['mode'] = mode
        R.op(f'depth_to_space {xs} b={b} {mode or "default DCR"}', 'depth_to_space', [x], attrs,
             storage_like(x, ref_d2s(x.arr, b, mode or 'DCR')))
    for xs, b, dt in [((1, 2, 4, 6), 2, 'f32'), ((2, 1, 6, 3), 3, 'i32')]:
        x = rand(dt, xs)
        R.op(f'space_to_depth {xs} b={b}', 'space_to_depth', [x], {'blocksize': b}, storage_like(x, ref_s2d(x.arr, b)))


def test_pad(R):
    cases = [('constant 1.5', 'f32', (2, 3), [1, 2, 0, 1], 'constant', 1.5, None),
             ('defaults (constant 0)', 'i32', (2, 3), [0, 1, 2, 0], None, 0.0, None),
             ('reflect', 'f32', (3, 4), [2, 1, 2, 3], 'reflect', 0.0, None),
             ('edge', 'bf16', (2, 3), [2, 2, 1, 3], 'edge', 0.0, None),
             ('wrap', 'i64', (2, 3), [1, 4, 3, 2], 'wrap', 0.0, None),
             ('negative pads crop', 'f16', (4, 5), [-1, 2, 1, -2], 'constant', 2.0, None),
             ('axes', 'f32', (2, 3, 4), [1, 2, 0, 1], 'edge', 0.0, [-1, 0]),
             ('4-D constant', 'f32', (1, 2, 3, 3), [0, 0, 1, 1, 0, 0, 1, 1], 'constant', -1.0, None)]
    for name, dt, xs, pads, mode, value, axes in cases:
        x = rand(dt, xs)
        attrs = {'pads': pads}
        if mode:
            attrs['mode'] = mode
        if value:
            attrs['value'] = value
        if axes is not None:
            attrs['axes'] = axes
        ref = ref_pad(x.f64, pads, mode or 'constant', value, axes)
        R.op(f'pad {name}', 'pad', [x], attrs, T(dt, ref) if dt in INTS else approx(dt, ref, (0, 0)))


def test_gather_scatter(R):
    x = rand('f32', (5, 4))
    idx = T('i64', [0, -1, 3, 3, -5])
    R.op('gather default axis 0, negative indices', 'gather', [x, idx], {}, storage_like(x, np.take(x.arr, idx.arr, 0)))
    x = rand('f16', (2, 5, 3))
    idx = T('i32', [[0, 4], [-2, 1], [2, 2]])
    R.op('gather axis 1 i32 2-D indices', 'gather', [x, idx], {'axis': 1}, storage_like(x, np.take(x.arr, idx.arr, 1)))
    R.op('gather axis -1 scalar index', 'gather', [x, T('i64', 2)], {'axis': -1}, storage_like(x, np.take(x.arr, 2, -1)))
    x = rand('f32', (6, 3))
    idx = T('i64', [5, 0, 2, 2])
    R.op('gather dynamic rows and indices', 'gather', [x, idx], {'axis': 0}, storage_like(x, x.arr[idx.arr]),
         dyn={0: (0,), 1: (0,)}, result_dyn=True)

    def ref_scatter(data, indices, updates, reduction='none'):
        out = data.copy()
        for u in np.ndindex(indices.shape[:-1]):
            at = tuple(int(i) for i in indices[u])
            if reduction == 'none':
                out[at] = updates[u]
            else:
                fn = {'add': np.add, 'mul': np.multiply, 'max': np.maximum, 'min': np.minimum}[reduction]
                out[at] = fn(out[at], updates[u])
        return out
    d, i, u = T('f32', [1, 2, 3, 4, 5, 6, 7, 8]), T('i64', [[4], [3], [1], [7]]), T('f32', [9, 10, 11, 12])
    R.op('scatter_nd ONNX example 1', 'scatter_nd', [d, i, u], {}, T('f32', ref_scatter(d.arr, i.arr, u.arr)))
    d, i, u = rand('f32', (4, 4, 4)), T('i64', [[0], [2]]), rand('f32', (2, 4, 4))
    R.op('scatter_nd slices', 'scatter_nd', [d, i, u], {}, T('f32', ref_scatter(d.arr, i.arr, u.arr)))
    d = rand('i64', (3, 4), -9, 9)
    i, u = T('i32', [[0, 1], [2, -1], [0, 1]]), T('i64', [5, 6, 7])
    exp = d.arr.copy()
    exp[0, 1], exp[2, 3] = 7, 6
    R.op('scatter_nd duplicate last wins, negative index', 'scatter_nd', [d, i, u], {}, T('i64', exp))
    for red in ['add', 'mul', 'max', 'min']:
        d, u, i = rand('f32', (3, 4)), rand('f32', (3, 4)), T('i64', [[1], [0], [1]])
        R.op(f'scatter_nd reduction={red}', 'scatter_nd', [d, i, u], {'reduction': red},
             approx('f32', ref_scatter(d.f64, i.arr, u.f64, red)))
    # The KV-cache write of VTC Figure 2: new keys scattered at positions.
    cache, pos, new = rand('f32', (8, 2, 4)), T('i64', [[5], [6]]), rand('f32', (2, 2, 4))
    R.op('scatter_nd kv cache write', 'scatter_nd', [cache, pos, new], {},
         T('f32', ref_scatter(cache.arr, pos.arr, new.arr)))

# ---- ONNX's other element-wise ops (issue 12) -------------------------------------------------

SELU_ALPHA, SELU_GAMMA = 1.67326319217681884765625, 1.05070102214813232421875
# name: (numpy reference given x and the attributes, input range, attributes)
ONNX_UNARY = {
    'reciprocal': (lambda x, a: 1 / x, (0.25, 4), {}),
    'floor': (lambda x, a: np.floor(x), (-5, 5), {}),
    'ceil': (lambda x, a: np.ceil(x), (-5, 5), {}),
    'round': (lambda x, a: np.round(x), (-5, 5), {}),  # numpy rounds half to even, as ONNX
    'sin': (lambda x, a: np.sin(x), (-3, 3), {}),
    'cos': (lambda x, a: np.cos(x), (-3, 3), {}),
    'tan': (lambda x, a: np.tan(x), (-1.2, 1.2), {}),
    'asin': (lambda x, a: np.arcsin(x), (-0.99, 0.99), {}),
    'acos': (lambda x, a: np.arccos(x), (-0.99, 0.99), {}),
    'atan': (lambda x, a: np.arctan(x), (-5, 5), {}),
    'sinh': (lambda x, a: np.sinh(x), (-3, 3), {}),
    'cosh': (lambda x, a: np.cosh(x), (-3, 3), {}),
    'asinh': (lambda x, a: np.arcsinh(x), (-5, 5), {}),
    'acosh': (lambda x, a: np.arccosh(x), (1.01, 5), {}),
    'atanh': (lambda x, a: np.arctanh(x), (-0.95, 0.95), {}),
    'sign': (lambda x, a: np.sign(x), (-3, 3), {}),
    'softplus': (lambda x, a: np.logaddexp(0, x), (-30, 30), {}),
    'softsign': (lambda x, a: x / (1 + np.abs(x)), (-5, 5), {}),
    'hard_swish': (lambda x, a: x * np.clip(x / 6 + 0.5, 0, 1), (-5, 5), {}),
    'hard_sigmoid': (lambda x, a: np.clip(a['alpha'] * x + a['beta'], 0, 1), (-5, 5), {'alpha': 0.3, 'beta': 0.4}),
    'elu': (lambda x, a: np.where(x < 0, a['alpha'] * (np.exp(x) - 1), x), (-3, 3), {'alpha': 0.7}),
    'selu': (lambda x, a: SELU_GAMMA * np.where(x <= 0, SELU_ALPHA * (np.exp(x) - 1), x), (-3, 3), {}),
    'celu': (lambda x, a: np.maximum(0, x) + np.minimum(0, a['alpha'] * (np.exp(x / a['alpha']) - 1)), (-3, 3),
             {'alpha': 1.3}),
    'leaky_relu': (lambda x, a: np.where(x < 0, a['alpha'] * x, x), (-3, 3), {'alpha': 0.1}),
    'thresholded_relu': (lambda x, a: np.where(x > a['alpha'], x, 0), (-3, 3), {'alpha': 0.4}),
    'shrink': (lambda x, a: np.where(x < -a['lambd'], x + a['bias'], np.where(x > a['lambd'], x - a['bias'], 0)),
               (-2, 2), {'bias': 0.2, 'lambd': 0.6}),
}


def test_onnx_elementwise(R):
    for op, (fn, (lo, hi), attrs) in ONNX_UNARY.items():
        for dt in ['f32', 'f16'] if op in ('floor', 'sign', 'elu') else ['f32']:
            x = rand(dt, (3, 5), lo, hi)
            if op == 'round':
                x = T(dt, np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 0.49, -3.7]))
            R.op(f'{op} {dt}', op, [x], attrs, approx(dt, fn(x.f64, attrs)))
    R.op('selu defaults', 'selu', [x := rand('f32', (4,), -2, 2)], {},
         approx('f32', ONNX_UNARY['selu'][0](x.f64, {})))
    x = rand('i32', (3, 4), -5, 5)
    R.op('sign i32', 'sign', [x], {}, T('i32', np.sign(x.arr)))
    b = rand('i1', (2, 5))
    R.op('not i1', 'not', [b], {}, T('i1', ~b.arr))
    special = T('f32', [0.0, np.nan, np.inf, -np.inf, -1.5, 3e38])
    R.op('is_nan', 'is_nan', [special], {}, T('i1', np.isnan(special.arr)))
    R.op('is_inf', 'is_inf', [special], {}, T('i1', np.isinf(special.arr)))
    R.op('is_inf positive only', 'is_inf', [special], {'detect_negative': 0},
         T('i1', np.isposinf(special.arr)))
    R.op('is_inf negative only', 'is_inf', [special], {'detect_positive': 0},
         T('i1', np.isneginf(special.arr)))
    cmp = {'equal': np.equal, 'less': np.less, 'less_equal': np.less_equal, 'greater': np.greater,
           'greater_equal': np.greater_equal}
    for op, fn in cmp.items():
        for dt in ['f32', 'i64']:
            a, b = rand(dt, (2, 3, 4), -3, 3), rand(dt, (3, 1), -3, 3)
            R.op(f'{op} {dt} broadcast', op, [a, b], {}, T('i1', fn(a.f64, b.f64)))
    big = T('i64', [2**62 + 1, 2**62, -(2**62) - 1])
    R.op('equal i64 above 2^53 (exact)', 'equal', [big, T('i64', [2**62, 2**62, -(2**62) - 1])], {},
         T('i1', [False, True, True]))
    a, b = rand('i1', (3, 4)), rand('i1', (4,))
    R.op('equal i1', 'equal', [a, b], {}, T('i1', a.arr == b.arr))
    for op, fn in {'and': np.logical_and, 'or': np.logical_or, 'xor': np.logical_xor}.items():
        R.op(f'{op} i1 broadcast', op, [a, b], {}, T('i1', fn(a.arr, b.arr)))
    for dt in ['f32', 'i32', 'i64']:
        a = rand(dt, (3, 4), -9, 9)
        bv = rand(dt, (4,), 1, 4).f64 * np.array([1, -1, 1, -1])
        bt = T(dt, bv)
        if dt == 'f32':
            R.op('mod f32', 'mod', [a, bt], {}, approx(dt, np.mod(a.f64, bv)))
            R.op('fmod f32', 'fmod', [a, bt], {}, approx(dt, np.fmod(a.f64, bv)))
        else:
            R.op(f'mod {dt}', 'mod', [a, bt], {}, T(dt, np.mod(a.arr, bt.arr)))
            R.op(f'fmod {dt}', 'fmod', [a, bt], {}, T(dt, np.fmod(a.arr, bt.arr)))
    a, z = T('i32', [7, -7, 5]), T('i32', [0, 0, 3])
    R.op('mod i32 by zero is 0', 'mod', [a, z], {}, T('i32', [0, 0, 2]))
    x, slope = rand('f32', (2, 3, 4)), rand('f32', (4,), 0, 1)
    R.op('prelu f32 broadcast slope', 'prelu', [x, slope], {},
         approx('f32', np.where(x.f64 < 0, slope.f64 * x.f64, x.f64)))

def ref_pool(x, kind, k, strides=(1, 1), pads=(0, 0, 0, 0), dil=(1, 1), ceil=False, include_pad=False):
    """ONNX's reference formulation: pad (with -inf, 0 or NaN), then each
    window's slice clipped to the padded array, max / mean / nanmean."""
    n, c, h, w = x.shape
    fill = -np.inf if kind == 'max' else (0.0 if include_pad else np.nan)
    xp = np.full((n, c, h + pads[0] + pads[2], w + pads[1] + pads[3]), fill)
    xp[:, :, pads[0]:pads[0] + h, pads[1]:pads[1] + w] = x
    out_hw = []
    for i, size in enumerate((h, w)):
        num = size + pads[i] + pads[i + 2] - ((k[i] - 1) * dil[i] + 1)
        out_hw.append((-(-num // strides[i]) if ceil else num // strides[i]) + 1)
    out = np.zeros((n, c) + tuple(out_hw))
    for oh in range(out_hw[0]):
        for ow in range(out_hw[1]):
            rows = [oh * strides[0] + j * dil[0] for j in range(k[0])]
            cols = [ow * strides[1] + j * dil[1] for j in range(k[1])]
            rows = [r for r in rows if r < xp.shape[2]]
            cols = [q for q in cols if q < xp.shape[3]]
            win = xp[:, :, rows][:, :, :, cols].reshape(n, c, -1)
            out[:, :, oh, ow] = win.max(-1) if kind == 'max' else np.nanmean(win, -1)
    return out


def test_onnx_ops(R):
    x = rand('f32', (2, 3, 7, 6))
    cases = [('3x3', {}, {}), ('stride 2 pads', {'strides': [2, 2], 'pads': [1, 1, 1, 1]},
                                {'strides': (2, 2), 'pads': (1, 1, 1, 1)}),
             ('ceil_mode', {'strides': [2, 2], 'ceil_mode': 1}, {'strides': (2, 2), 'ceil': True}),
             ('asym pads', {'pads': [0, 1, 2, 0]}, {'pads': (0, 1, 2, 0)})]
    for name, attrs, kw in cases:
        a = dict(attrs, kernel_shape=[3, 3])
        R.op(f'max_pool2d {name}', 'max_pool2d', [x], a, approx('f32', ref_pool(x.f64, 'max', (3, 3), **kw)))
        R.op(f'avg_pool2d {name}', 'avg_pool2d', [x], a, approx('f32', ref_pool(x.f64, 'avg', (3, 3), **kw)))
        R.op(f'avg_pool2d {name} count_include_pad', 'avg_pool2d', [x], dict(a, count_include_pad=1),
             approx('f32', ref_pool(x.f64, 'avg', (3, 3), include_pad=True, **kw)))
    R.op('max_pool2d dilations', 'max_pool2d', [x], {'kernel_shape': [2, 2], 'dilations': [2, 2]},
         approx('f32', ref_pool(x.f64, 'max', (2, 2), dil=(2, 2))))
    R.op('max_pool2d SAME_UPPER f16', 'max_pool2d', [h := rand('f16', (1, 2, 5, 5))],
         {'kernel_shape': [2, 2], 'auto_pad': 'SAME_UPPER'}, approx('f16', ref_pool(h.f64, 'max', (2, 2), pads=(0, 0, 1, 1))))
    R.op('avg_pool2d SAME_LOWER stride 2', 'avg_pool2d', [x],
         {'kernel_shape': [3, 3], 'strides': [2, 2], 'auto_pad': 'SAME_LOWER'},
         approx('f32', ref_pool(x.f64, 'avg', (3, 3), strides=(2, 2), pads=(1, 1, 1, 1))))
    y = rand('f32', (3, 4, 5))
    for op, fn in [('argmax', np.argmax), ('argmin', np.argmin)]:
        for axis, keep in [(1, True), (-1, False), (0, True)]:
            R.op(f'{op} axis={axis} keepdims={keep}', op, [y], {'axis': axis, 'keepdims': int(keep)},
                 T('i64', fn(y.arr, axis=axis) if not keep else np.expand_dims(fn(y.arr, axis=axis), axis)))
        ties = T('f32', [[1, 3, 3, 0], [2, 2, 1, 2]])
        for last in [0, 1]:
            r = fn(ties.arr[:, ::-1], axis=1) if last else fn(ties.arr, axis=1)
            if last:
                r = 3 - r
            R.op(f'{op} ties select_last_index={last}', op, [ties], {'axis': 1, 'keepdims': 0, 'select_last_index': last},
                 T('i64', r))
        nan = T('f32', [[1, np.nan, 3, np.nan], [2, 5, 1, 2]])
        R.op(f'{op} NaN wins', op, [nan], {'axis': 1, 'keepdims': 0}, T('i64', fn(nan.arr, axis=1)))
        xi = rand('i64', (4, 6), -50, 50)
        R.op(f'{op} i64', op, [xi], {'axis': 1}, T('i64', np.expand_dims(fn(xi.arr, axis=1), 1)))
    for dt in ['f32', 'i64']:
        z = rand(dt, (3, 5), -4, 4)
        for excl in [0, 1]:
            for rev in [0, 1]:
                v = z.f64[:, ::-1] if rev else z.f64
                cs = np.cumsum(v, axis=1)
                if excl:
                    cs = np.concatenate([np.zeros((3, 1)), cs[:, :-1]], axis=1)
                if rev:
                    cs = cs[:, ::-1]
                R.op(f'cumsum {dt} exclusive={excl} reverse={rev}', 'cumsum', [z], {'axis': 1, 'exclusive': excl, 'reverse': rev},
                     T(dt, cs) if dt == 'i64' else approx(dt, cs))
    data = rand('f32', (3, 4, 5))
    for axis in [0, 1, -1]:
        shape = [2, 3, 4]
        ax = axis % 3
        ind = RNG_INT(-data.arr.shape[ax], data.arr.shape[ax], shape)
        # indices may be smaller than data off the axis: data's leading part
        sub = data.arr[tuple(slice(None) if i == ax else slice(0, n) for i, n in enumerate(shape))]
        R.op(f'gather_elements axis={axis}', 'gather_elements', [data, T('i64', ind)], {'axis': axis},
             storage_like(data, np.take_along_axis(sub, np.where(ind < 0, ind + data.arr.shape[ax], ind), axis=ax)))
    p = rand('f32', (2, 3, 4), 0.5, 1.5)
    for axes, keep in [([1], True), ([0, 2], False)]:
        R.op(f'reduce_prod axes={axes}', 'reduce_prod', [p], {'axes': axes, 'keepdims': keep},
             approx('f32', np.prod(p.f64, axis=tuple(axes), keepdims=keep)))
    q = rand('i32', (3, 4), -3, 3)
    R.op('reduce_prod i32', 'reduce_prod', [q], {'axes': [1]}, T('i32', np.prod(q.arr.astype(np.int64), axis=1, keepdims=True)))


def ref_resize(x, sizes, scales, mode, coord, nearest):
    """ONNX's reference Resize (onnx/backend/test/case/node/resize.py), nearest
    and linear: 1-D interpolation along each dim in turn, neighbours taken
    from the edge-padded data."""
    def source(xo, scale, n):
        w = scale * n
        if coord == 'align_corners':
            return 0.0 if w == 1 else xo * (n - 1) / (w - 1)
        if coord == 'asymmetric':
            return xo / scale
        if coord == 'pytorch_half_pixel':
            return -0.5 if w == 1 else (xo + 0.5) / scale - 0.5
        if coord == 'tf_half_pixel_for_nn':
            return (xo + 0.5) / scale
        return (xo + 0.5) / scale - 0.5

    def coeffs(ratio):
        if mode == 'linear':
            return np.array([1 - ratio, ratio])
        if float(ratio).is_integer():
            return np.array([0, 1])
        return np.array({'round_prefer_floor': [ratio <= 0.5, ratio > 0.5],
                         'round_prefer_ceil': [ratio < 0.5, ratio >= 0.5],
                         'floor': [1, 0], 'ceil': [0, 1]}[nearest], dtype=np.float64)

    def interp_1d(data, scale, xo):
        xs = source(xo, scale, len(data))
        base = math.floor(xs)
        ratio = 1.0 if float(xs).is_integer() else xs - base
        padded = np.pad(data, 1, mode='edge')
        xp = xs + 1
        order = sorted(range(len(padded)), key=lambda i: (abs(xp - i), i))[:2]
        return float(np.dot(coeffs(ratio), padded[sorted(order)]))

    out = x
    for d in range(x.ndim):
        moved = np.moveaxis(out, d, -1)
        res = np.zeros(moved.shape[:-1] + (sizes[d],))
        for idx in np.ndindex(moved.shape[:-1]):
            for xo in range(sizes[d]):
                res[idx + (xo,)] = interp_1d(moved[idx], scales[d], xo)
        out = np.moveaxis(res, -1, d)
    return out


def test_resize(R):
    x = rand('f32', (1, 2, 4, 5))
    cases = [('nearest', 'half_pixel', 'round_prefer_floor', [1, 2, 8, 10], [1.0, 1.0, 2.0, 2.0]),
             ('nearest', 'asymmetric', 'floor', [1, 2, 6, 7], [1.0, 1.0, 1.5, 1.4]),
             ('nearest', 'align_corners', 'round_prefer_ceil', [1, 2, 3, 3], [1.0, 1.0, 0.75, 0.6]),
             ('nearest', 'tf_half_pixel_for_nn', 'ceil', [1, 2, 2, 3], [1.0, 1.0, 0.5, 0.6]),
             ('linear', 'half_pixel', 'round_prefer_floor', [1, 2, 8, 10], [1.0, 1.0, 2.0, 2.0]),
             ('linear', 'align_corners', 'round_prefer_floor', [1, 2, 7, 3], [1.0, 1.0, 1.75, 0.6]),
             ('linear', 'pytorch_half_pixel', 'round_prefer_floor', [1, 2, 1, 3], [1.0, 1.0, 0.25, 0.6]),
             ('linear', 'asymmetric', 'round_prefer_floor', [1, 3, 6, 5], [1.0, 1.5, 1.5, 1.0])]
    for mode, coord, nearest, sizes, scales in cases:
        attrs = {'mode': mode, 'coordinate_transformation_mode': coord, 'nearest_mode': nearest, 'sizes': sizes,
                 'scales': Raw('[' + ', '.join(f'{v:.17e}' for v in scales) + ']')}
        R.op(f'resize {mode} {coord} {nearest} {sizes}', 'resize', [x], attrs,
             approx('f32', ref_resize(x.f64, sizes, scales, mode, coord, nearest)))
    xi = rand('i64', (2, 3), -9, 9)
    R.op('resize nearest i64', 'resize', [xi], {'mode': 'nearest', 'sizes': [4, 6], 'scales': Raw('[2.0, 2.0]')},
         T('i64', ref_resize(xi.f64, [4, 6], [2.0, 2.0], 'nearest', 'half_pixel', 'round_prefer_floor')))


def RNG_INT(lo, hi, shape):
    return K.RNG.integers(lo, hi, size=shape)

# ---- graphs of several ops -------------------------------------------------------------------


def test_graphs(R):
    # A constant, broadcasting and a chain: softmax(x @ w + b) along the last axis.
    x, w = rand('f32', (2, 3, 4)), rand('f32', (4, 5))
    bvals = [0.5, -1.0, 0.25, 2.0, 0.0]
    mod = ('func.func @main(%x: tensor<2x3x4xf32>, %w: tensor<4x5xf32>) -> tensor<2x3x5xf32> {\n'
           '  %b = "graph.constant"() {value = dense<[0.5, -1.0, 0.25, 2.0, 0.0]> : tensor<5xf32>} : () -> tensor<5xf32>\n'
           '  %0 = "graph.matmul"(%x, %w) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>\n'
           '  %1 = "graph.add"(%0, %b) : (tensor<2x3x5xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>\n'
           '  %2 = "graph.softmax"(%1) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>\n'
           '  return %2 : tensor<2x3x5xf32>\n}\n')
    R.module('graph: softmax(x @ w + const)', mod, [x, w],
             approx('f32', ref_softmax(x.f64 @ w.f64 + np.array(bvals), -1)))
    # Splat and i1 / bf16 constants.
    mod = ('func.func @main(%x: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xi1>) {\n'
           '  %c = "graph.constant"() {value = dense<1.5> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>\n'
           '  %m = "graph.constant"() {value = dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>} '
           ': () -> tensor<2x3xi1>\n'
           '  %0 = "graph.mul"(%x, %c) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>\n'
           '  return %0, %m : tensor<2x3xbf16>, tensor<2x3xi1>\n}\n')
    x = rand('bf16', (2, 3))
    R.module('graph: splat bf16 and i1 constants', mod, [x],
             [approx('bf16', x.f64 * 1.5), T('i1', [[True, False, True], [False, False, True]])])
    # GQA head expansion as VTC Figure 2 writes it: unsqueeze, expand, reshape.
    kv = rand('f32', (1, 2, 6, 8))
    mod = ('func.func @main(%kv: tensor<1x2x6x8xf32>) -> tensor<1x8x6x8xf32> {\n'
           '  %0 = "graph.unsqueeze"(%kv) {axes = [2]} : (tensor<1x2x6x8xf32>) -> tensor<1x2x1x6x8xf32>\n'
           '  %1 = "graph.expand"(%0) {shape = [1, 2, 4, 6, 8]} : (tensor<1x2x1x6x8xf32>) -> tensor<1x2x4x6x8xf32>\n'
           '  %2 = "graph.reshape"(%1) {shape = [1, 8, 6, 8]} : (tensor<1x2x4x6x8xf32>) -> tensor<1x8x6x8xf32>\n'
           '  return %2 : tensor<1x8x6x8xf32>\n}\n')
    R.module('graph: GQA unsqueeze-expand-reshape', mod, [kv], storage_like(kv, np.repeat(kv.arr, 4, axis=1)))
    # A function call with dynamic dims bound in the callee.
    x = rand('f32', (5, 4))
    mod = ('func.func @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {\n'
           '  %0 = call @act(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>\n'
           '  %1 = "graph.mul"(%0, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>\n'
           '  return %1 : tensor<?x4xf32>\n}\n'
           'func.func @act(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {\n'
           '  %0 = "graph.gelu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>\n'
           '  return %0 : tensor<?x4xf32>\n}\n')
    R.module('graph: call with dynamic dims', mod, [x], approx('f32', UNARY['gelu'][0](x.f64) * x.f64))

# ---- errors at run time ------------------------------------------------------------------------


def test_errors(R):
    mod = ('func.func @main(%x: tensor<3x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {\n'
           '  %0 = "graph.gather"(%x, %i) {axis = 0} : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>\n'
           '  return %0 : tensor<2x2xf32>\n}\n')
    R.error('error: gather index out of range at the op', mod, [rand('f32', (3, 2)), T('i64', [0, 3])],
            'out of range', line=2)
    mod = ('func.func @main(%x: tensor<4xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) -> tensor<4xf32> {\n'
           '  %0 = "graph.scatter_nd"(%x, %i, %u) : (tensor<4xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<4xf32>\n'
           '  return %0 : tensor<4xf32>\n}\n')
    R.error('error: scatter_nd index out of range at the op', mod, [rand('f32', (4,)), T('i64', [[4]]),
                                                                     rand('f32', (1,))], 'out of range', line=2)
    mod = ('func.func @main(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {\n'
           '  %0 = "graph.add"(%x, %y) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>\n'
           '  return %0 : tensor<?x3xf32>\n}\n')
    R.error('error: dynamic dims that do not broadcast at run time', mod, [rand('f32', (2, 3)), rand('f32', (4, 3))],
            'broadcast', line=2)
    mod = ('func.func @main(%x: tensor<?xf32>) -> tensor<2x?xf32> {\n'
           '  %0 = "graph.reshape"(%x) {shape = [2, -1]} : (tensor<?xf32>) -> tensor<2x?xf32>\n'
           '  return %0 : tensor<2x?xf32>\n}\n')
    R.error('error: reshape of a dynamic input that does not divide', mod, [rand('f32', (5,))], 'reshape', line=2)
    mod = ('func.func @main(%x: tensor<?xf32>) -> tensor<3xf32> {\n'
           '  %0 = "graph.relu"(%x) : (tensor<?xf32>) -> tensor<3xf32>\n'
           '  return %0 : tensor<3xf32>\n}\n')
    R.error('error: result disagrees with its declared type', mod, [rand('f32', (4,))],
            "internal error: result #0 is tensor<4xf32>, but its declared type is tensor<3xf32>", line=2)
    mod = ('func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n'
           '  return %x : tensor<2x3xf32>\n}\n')
    R.error('error: input of the wrong shape', mod, [rand('f32', (3, 2))], 'dimension 0 is 3, expected 2', line=1)
    R.error('error: input of the wrong dtype', mod, [rand('f16', (2, 3))], 'element type is f16, expected f32', line=1)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit('usage: test_interpreter.py VTC_RUN [-v] [-k SUBSTRING]')
    vtc_run = os.path.abspath(args[0])
    if not os.access(vtc_run, os.X_OK):
        sys.exit(f'test_interpreter.py: {vtc_run} is not an executable vtc-run')
    vtc_opt = os.path.join(os.path.dirname(vtc_run), 'vtc-opt')
    if not os.access(vtc_opt, os.X_OK):
        print(f'note: {vtc_opt} not found: the mapping checks are skipped')
        vtc_opt = None
    verbose = '-v' in args
    pattern = args[args.index('-k') + 1] if '-k' in args else None
    np.seterr(all='ignore')
    with tempfile.TemporaryDirectory(prefix='vtc_interp_') as tmp:
        R = Runner(vtc_run, vtc_opt, tmp, verbose, pattern)
        for fn in [test_unary, test_binary, test_where_cast, test_matmul, test_conv2d, test_norms_softmax,
                   test_reduce, test_attention, test_movement, test_pad, test_gather_scatter, test_graphs,
                   test_onnx_elementwise, test_onnx_ops, test_resize, test_errors]:
            fn(R)
    print(f'{R.passed} passed, {R.failed} failed')
    sys.exit(1 if R.failed else 0)


if __name__ == '__main__':
    main()
