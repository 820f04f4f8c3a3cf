#!/usr/bin/env python3
# Numeric tests of the graph dialect's reference kernels (dialects/graph/
# kernels*.c) against small, independent numpy references, plus .npy reader
# error handling. Every case writes its inputs as .npy, runs kernel_driver,
# and compares the .npy it writes.
#
# How to run (numpy is needed: use /usr/bin/python3, not a pyenv python):
#   gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined \
#       -I. runtime/*.c dialects/graph/kernels*.c \
#       test/graph_kernels/kernel_driver.c -lm -o /tmp/kernel_driver
#   /usr/bin/python3 test/graph_kernels/test_kernels.py /tmp/kernel_driver [-v] [-k SUBSTRING]
# It prints one line per case, then "N passed, M failed"; exit status 1 if
# anything failed. The C tests beside it build the same way (same sources,
# with test_tensor.c, test_shapes.c or fuzz_kernels.c instead of the driver)
# and take no arguments (fuzz_kernels: [ITERATIONS] [SEED]).
import math
import os
import struct
import subprocess
import sys
import tempfile
import warnings

import numpy as np

np.seterr(all='ignore')  # inf, NaN and overflowing casts are deliberate here
warnings.simplefilter('ignore', RuntimeWarning)
RNG = np.random.default_rng(20240611)
NP_DTYPE = {'f32': np.float32, 'f16': np.float16, 'f64': np.float64, 'i32': np.int32,
            'i64': np.int64, 'i1': np.bool_, 'bf16': np.uint16}
DTYPE_OF_NP = {np.dtype(v): k for k, v in NP_DTYPE.items()}
FLOATS = ['f32', 'f16', 'bf16', 'f64']
INTS = ['i32', 'i64']
# (rtol, atol) for comparing a kernel's rounded output with a float64 reference:
# a few ulps of the output type.
TOL = {'f64': (1e-12, 1e-12), 'f32': (1e-5, 1e-6), 'f16': (2e-3, 1e-4), 'bf16': (1.6e-2, 1e-3)}
I64_MIN, I64_MAX = -2**63, 2**63 - 1

# ---- bf16 (not a numpy dtype: stored as uint16 bit patterns, see runtime/npy.h) ----


def bf16_round(x):
    """float64 -> nearest bf16 value (ties to even), as float64; frexp based, so
    it shares nothing with the bit-level C implementation."""
    x = np.asarray(x, np.float64)
    with np.errstate(invalid='ignore', over='ignore'):
        _, e = np.frexp(x)
        e = np.maximum(e, -125)  # below 2^-126 the quantum is fixed (subnormals)
        q = np.ldexp(np.rint(np.ldexp(x, 8 - e)), e - 8)
        q = np.where(np.abs(q) > 3.3895313892515355e38, np.copysign(np.inf, x), q)
    return np.where(np.isfinite(x), q, x)


def bf16_bits(x):
    r = bf16_round(x).astype(np.float32)  # exact: bf16 values are float32 values
    return (r.view(np.uint32) >> 16).astype(np.uint16)


def bf16_decode(bits):
    return (np.asarray(bits).astype(np.uint32) << 16).view(np.float32).astype(np.float64)


class T:
    """A typed tensor: `arr` is its storage as written to .npy."""

    def __init__(self, dtype, values=None, storage=None):
        self.dtype = dtype
        if storage is not None:
            self.arr = np.asarray(storage)
        elif dtype == 'bf16':
            self.arr = bf16_bits(values)
        else:
            self.arr = np.asarray(values).astype(NP_DTYPE[dtype])

    @property
    def f64(self):
        return decode(self.arr, self.dtype)


class Approx:
    """An expected float result, compared with the output type's tolerance."""

    def __init__(self, dtype, values, tol=None):
        self.dtype, self.values, self.tol = dtype, np.asarray(values, np.float64), tol


def decode(arr, dtype):
    return bf16_decode(arr) if dtype == 'bf16' else np.asarray(arr).astype(np.float64)


def rand(dtype, shape, lo=-3.0, hi=3.0):
    if dtype in INTS:
        return T(dtype, RNG.integers(int(lo), int(hi) + 1, size=shape))
    if dtype == 'i1':
        return T(dtype, RNG.random(shape) < 0.5)
    return T(dtype, RNG.uniform(lo, hi, size=shape))


def storage_like(t, arr):
    return T(t.dtype, storage=arr)

# ---- the runner ----------------------------------------------------------------


class Runner:
    def __init__(self, driver, tmp, verbose, pattern):
        self.driver, self.tmp, self.verbose, self.pattern = driver, tmp, verbose, pattern
        self.passed = self.failed = 0
        self.count = 0

    def report(self, name, ok, why=''):
        if ok:
            self.passed += 1
            print(f'PASS  {name}')
        else:
            self.failed += 1
            print(f'FAIL  {name}: {why}')

    def call(self, op, paths, attrs, nout):
        self.count += 1
        outs = [os.path.join(self.tmp, f'c{self.count}_out{i}.npy') for i in range(nout)]
        args = [self.driver, op] + [f'{k}={fmt_attr(v)}' for k, v in (attrs or {}).items()] + paths
        for o in outs:
            args += ['-o', o]
        if self.verbose:
            print('  $ ' + ' '.join(args))
        proc = subprocess.run(args, capture_output=True, text=True, timeout=120)
        return proc, outs

    def write_inputs(self, inputs):
        paths = []
        for i, t in enumerate(inputs):
            p = os.path.join(self.tmp, f'c{self.count + 1}_in{i}.npy')
            np.save(p, t.arr)
            paths.append(p)
        return paths

    def wanted(self, name):
        return self.pattern is None or self.pattern in name

    def run(self, name, op, inputs, attrs=None, expect=None):
        """expect: a T (exact), an Approx, or a list of those (several outputs)."""
        if not self.wanted(name):
            return
        expects = expect if isinstance(expect, list) else [expect]
        proc, outs = self.call(op, self.write_inputs(inputs), attrs, len(expects))
        if proc.returncode != 0:
            return self.report(name, False, f'exit {proc.returncode}: {proc.stderr.strip()}')
        for o, e in zip(outs, expects):
            why = compare(np.load(o), e)
            if why:
                return self.report(name, False, why)
        self.report(name, True)

    def error(self, name, op, inputs, attrs, needle, paths=None, nout=1):
        """Expects exit status 1 and `needle` in the message."""
        if not self.wanted(name):
            return
        proc, _ = self.call(op, paths if paths is not None else self.write_inputs(inputs), attrs, nout)
        msg = proc.stderr.strip()
        bad = 'runtime error' in msg or 'Sanitizer' in msg
        ok = proc.returncode == 1 and needle in msg and not bad
        self.report(name, ok, f'exit {proc.returncode}, wanted "{needle}" in: {msg}')

    def raw(self, name, data):
        path = os.path.join(self.tmp, f'raw{self.count + 1}.npy')
        with open(path, 'wb') as f:
            f.write(data)
        return path


def fmt_attr(v):
    if isinstance(v, (list, tuple)):
        return ','.join(str(int(x)) for x in v)
    if isinstance(v, bool):
        return '1' if v else '0'
    return repr(v) if isinstance(v, float) else str(v)


def compare(got, e):
    dtype = DTYPE_OF_NP.get(got.dtype)
    if dtype != e.dtype:
        return f'dtype {got.dtype} ({dtype}), expected {e.dtype}'
    want_shape = e.values.shape if isinstance(e, Approx) else e.arr.shape
    if got.shape != want_shape:
        return f'shape {got.shape}, expected {want_shape}'
    g = decode(got, dtype)
    if isinstance(e, Approx):
        rtol, atol = e.tol or TOL.get(dtype, (0, 0))
        ok = np.allclose(g, e.values, rtol=rtol, atol=atol, equal_nan=True)
        ref = e.values
    elif dtype in INTS or dtype == 'i1':
        ok, ref = np.array_equal(got, e.arr), e.arr
    else:
        ref = decode(e.arr, dtype)
        ok = np.array_equal(g, ref, equal_nan=True)
    if ok:
        return ''
    diff = np.nanmax(np.abs(g - ref)) if g.size else 0
    return f'values differ (max abs diff {diff}); got {g.ravel()[:6]}, want {np.asarray(ref).ravel()[:6]}'


def approx(dtype, values, tol=None):
    return Approx(dtype, values, tol)

# ---- element-wise ----------------------------------------------------------------


erf = np.vectorize(math.erf, otypes=[np.float64])
UNARY = {
    'relu': (lambda x: np.maximum(x, 0), (-3, 3)),
    'gelu': (lambda x: 0.5 * x * (1 + erf(x / math.sqrt(2))), (-4, 4)),
    'silu': (lambda x: x / (1 + np.exp(-x)), (-6, 6)),
    'sigmoid': (lambda x: 1 / (1 + np.exp(-x)), (-8, 8)),
    'tanh': (np.tanh, (-3, 3)),
    'exp': (np.exp, (-4, 4)),
    'log': (np.log, (0.05, 20)),
    'sqrt': (np.sqrt, (0, 50)),
    'rsqrt': (lambda x: 1 / np.sqrt(x), (0.05, 50)),
    'erf': (erf, (-3, 3)),
    'neg': (np.negative, (-5, 5)),
    'abs': (np.abs, (-5, 5)),
}
BINARY = {'add': np.add, 'sub': np.subtract, 'mul': np.multiply, 'div': np.divide,
          'pow': np.power, 'max': np.maximum, 'min': np.minimum}
BCAST = [((2, 3, 4), (2, 3, 4)), ((3, 1, 5), (4, 5)), ((), (2, 3)), ((2, 1), (1, 3)), ((1,), (3, 1, 2))]


def binary_inputs(op, dtype, sa, sb):
    if op == 'pow':
        return rand(dtype, sa, 0.5, 3), (rand(dtype, sb, 0, 3) if dtype in INTS else rand(dtype, sb, -2, 2))
    a = rand(dtype, sa, -9, 9) if dtype in INTS else rand(dtype, sa)
    if op == 'div':
        mag = rand(dtype, sb, 1, 5) if dtype in INTS else rand(dtype, sb, 0.5, 3)
        sign = np.where(RNG.random(sb) < 0.5, -1, 1)
        return a, T(dtype, mag.f64 * sign)
    return a, (rand(dtype, sb, -9, 9) if dtype in INTS else rand(dtype, sb))


def binary_expected(op, dtype, a, b):
    r = BINARY[op](a.f64, b.f64)
    if dtype in INTS:
        return T(dtype, np.trunc(r))
    return approx(dtype, r)


def test_elementwise(R):
    for op, (fn, (lo, hi)) in UNARY.items():
        for dt in FLOATS:
            x = rand(dt, (3, 5), lo, hi)
            R.run(f'{op} {dt}', op, [x], expect=approx(dt, fn(x.f64)))
    for op in ['relu', 'neg', 'abs']:
        for dt in INTS:
            x = rand(dt, (4, 3), -7, 7)
            R.run(f'{op} {dt}', op, [x], expect=T(dt, UNARY[op][0](x.f64)))
    x = rand('f32', (), -2, 2)
    R.run('gelu scalar', 'gelu', [x], expect=approx('f32', UNARY['gelu'][0](x.f64)))
    x = T('f32', np.zeros((0, 3)))
    R.run('exp empty', 'exp', [x], expect=approx('f32', np.zeros((0, 3))))
    for op in BINARY:
        for sa, sb in BCAST:
            a, b = binary_inputs(op, 'f32', sa, sb)
            R.run(f'{op} f32 {sa}x{sb}', op, [a, b], expect=binary_expected(op, 'f32', a, b))
        for dt in ['f16', 'bf16', 'f64'] + INTS:
            a, b = binary_inputs(op, dt, (2, 1, 3), (4, 1))
            R.run(f'{op} {dt}', op, [a, b], expect=binary_expected(op, dt, a, b))
    a, b = rand('f32', (2, 3)), rand('i32', (3,), 0, 3)
    R.run('pow f32 ** i32', 'pow', [a, b], expect=approx('f32', np.power(a.f64, b.f64)))
    a, b = T('f32', [1.0, np.nan, 3.0]), T('f32', [np.nan, 2.0, 1.0])
    R.run('max propagates nan', 'max', [a, b], expect=approx('f32', [np.nan, np.nan, 3.0]))
    a, b = T('i32', [7, -7, 0, 2**31 - 1]), T('i32', [0, 0, 0, -1])
    R.run('div i32 by zero saturates', 'div', [a, b], expect=T('i32', [2**31 - 1, -2**31, 0, -(2**31 - 1)]))
    for dt in ['f32', 'i64', 'i1', 'bf16']:
        c, x, y = rand('i1', (2, 1, 4)), rand(dt, (3, 4)), rand(dt, (2, 3, 1))
        R.run(f'where {dt} 3-way broadcast', 'where', [c, x, y],
              expect=T(dt, storage=np.where(c.arr, x.arr, y.arr)))
    big = T('i64', [2**62 + 1, -(2**62) - 3])
    R.run('where i64 exact', 'where', [T('i1', [True, True]), big, big], expect=big)


def sat_int(values, dtype):
    lo, hi = (-2**31, 2**31 - 1) if dtype == 'i32' else (I64_MIN, I64_MAX)
    out = []
    for v in np.asarray(values, np.float64).ravel():
        out.append(0 if math.isnan(v) else hi if v >= hi else lo if v <= lo else int(v))
    return T(dtype, np.array(out, dtype=NP_DTYPE[dtype]).reshape(np.shape(values)))


def test_cast(R):
    specials = [0.0, -0.0, 1.5, -2.75, 65504.0, 65519.99, 65520.0, 1e-8, 2**-25, 2**-24 * 1.5,
                1 + 2**-11, 1 + 3 * 2**-11, np.inf, -np.inf, np.nan, 1e30, -1e-30]
    tie_f64 = [1 + 2**-11 + 2**-40, 1 + 2**-11, 1 + 2**-8 + 2**-45, 1 + 2**-8, 3 * 2**-135, 2**-134]
    x = T('f32', specials + list(RNG.uniform(-100, 100, 20)))
    R.run('cast f32->f16', 'cast', [x], {'to': 'f16'}, T('f16', x.arr.astype(np.float16)))
    R.run('cast f32->bf16', 'cast', [x], {'to': 'bf16'}, T('bf16', bf16_round(x.f64)))
    x = T('f64', specials + tie_f64)
    R.run('cast f64->f16 (no double rounding)', 'cast', [x], {'to': 'f16'}, T('f16', x.arr.astype(np.float16)))
    R.run('cast f64->bf16 (no double rounding)', 'cast', [x], {'to': 'bf16'}, T('bf16', bf16_round(x.f64)))
    R.run('cast f64->f32', 'cast', [x], {'to': 'f32'}, T('f32', x.arr.astype(np.float32)))
    h = T('f16', storage=np.arange(0, 65536, 7, dtype=np.uint32).astype(np.uint16).view(np.float16))
    R.run('cast f16->f32 (every 7th pattern)', 'cast', [h], {'to': 'f32'}, T('f32', h.arr.astype(np.float32)))
    R.run('cast f16->f64', 'cast', [h], {'to': 'f64'}, T('f64', h.arr.astype(np.float64)))
    R.run('cast f16->bf16', 'cast', [h], {'to': 'bf16'}, T('bf16', bf16_round(h.f64)))
    b = T('bf16', storage=np.arange(0, 65536, 5, dtype=np.uint32).astype(np.uint16))
    R.run('cast bf16->f32', 'cast', [b], {'to': 'f32'}, T('f32', b.f64))
    R.run('cast bf16->f16', 'cast', [b], {'to': 'f16'}, T('f16', b.f64.astype(np.float16)))
    fi = [0.0, -0.0, 2.7, -2.7, 1e10, -1e10, np.nan, 2147483647.5, -2147483648.9, 123456.99]
    R.run('cast f32->i32 (trunc, saturate)', 'cast', [T('f32', fi)], {'to': 'i32'}, sat_int(np.float32(fi), 'i32'))
    fl = [1e19, -1e19, 9.2e18, -3.5, np.nan, np.inf, -np.inf]
    R.run('cast f64->i64 (saturate)', 'cast', [T('f64', fl)], {'to': 'i64'}, sat_int(fl, 'i64'))
    big = T('i64', [2**40, -2**40, 5, -5, 2**31 - 1, -2**31])
    R.run('cast i64->i32 (saturate)', 'cast', [big], {'to': 'i32'},
          T('i32', [2**31 - 1, -2**31, 5, -5, 2**31 - 1, -2**31]))
    xi = rand('i32', (3, 4), -3000, 3000)
    R.run('cast i32->f16', 'cast', [xi], {'to': 'f16'}, T('f16', xi.arr.astype(np.float16)))
    R.run('cast i32->i64', 'cast', [xi], {'to': 'i64'}, T('i64', xi.arr))
    R.run('cast i32->i1', 'cast', [xi], {'to': 'i1'}, T('i1', xi.arr != 0))
    xb = T('f32', [0.0, -0.0, np.nan, 0.5, -3.0])
    R.run('cast f32->i1 (nan is true)', 'cast', [xb], {'to': 'i1'}, T('i1', [False, False, True, True, True]))
    c = rand('i1', (2, 5))
    R.run('cast i1->f32', 'cast', [c], {'to': 'f32'}, T('f32', c.arr))
    R.run('cast i1->i64', 'cast', [c], {'to': 'i64'}, T('i64', c.arr))
    R.run('cast f64->f64 (same)', 'cast', [x], {'to': 'f64'}, x)

# ---- matmul and conv2d -------------------------------------------------------------


def test_matmul(R):
    shapes = [((3, 4), (4, 5)), ((2, 3, 4), (4, 5)), ((2, 1, 3, 4), (3, 4, 2)), ((4,), (4, 5)),
              ((3, 4), (4,)), ((4,), (4,)), ((1, 3, 4), (5, 4, 2)), ((2, 3, 1), (1, 4)), ((0, 4), (4, 3)),
              ((2, 3, 4), (4,)), ((4,), (2, 4, 3)), ((3, 0), (0, 2))]
    for sa, sb in shapes:
        a, b = rand('f32', sa), rand('f32', sb)
        R.run(f'matmul f32 {sa}x{sb}', 'matmul', [a, b], expect=approx('f32', np.matmul(a.f64, b.f64)))
    for dt in ['f16', 'bf16', 'f64', 'i32', 'i64']:
        a, b = rand(dt, (2, 3, 5), -4, 4), rand(dt, (1, 5, 2), -4, 4)
        r = np.matmul(a.f64, b.f64)
        R.run(f'matmul {dt}', 'matmul', [a, b], expect=T(dt, r) if dt in INTS else approx(dt, r))


def same_pads(size, k, s, d, upper):
    out = -(-size // s)
    total = max(0, (out - 1) * s + (k - 1) * d + 1 - size)
    small = total // 2
    return (small, total - small) if upper else (total - small, small)


def ref_conv2d(x, w, b=None, strides=(1, 1), pads=(0, 0, 0, 0), dilations=(1, 1), group=1):
    n, _, h, wd = x.shape
    m, cg, kh, kw = w.shape
    pt, pl, pb, pr = pads
    xp = np.pad(x, ((0, 0), (0, 0), (pt, pb), (pl, pr)))
    (sh, sw), (dh, dw) = strides, dilations
    oh = (h + pt + pb - dh * (kh - 1) - 1) // sh + 1
    ow = (wd + pl + pr - dw * (kw - 1) - 1) // sw + 1
    out = np.zeros((n, m, oh, ow))
    mg = m // group
    for g in range(group):
        xs = xp[:, g * cg:(g + 1) * cg]
        for i in range(kh):
            for j in range(kw):
                patch = xs[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh, j * dw:j * dw + sw * (ow - 1) + 1:sw]
                out[:, g * mg:(g + 1) * mg] += np.einsum('nchw,mc->nmhw', patch, w[g * mg:(g + 1) * mg, :, i, j])
    if b is not None:
        out += b[None, :, None, None]
    return out


def conv_case(R, name, dt, xs, ws, bias=True, **kw):
    x, w = rand(dt, xs), rand(dt, ws)
    b = rand(dt, (ws[0],)) if bias else None
    attrs = {k: v for k, v in kw.items()}
    ref_kw = dict(kw)
    if 'auto_pad' in kw:
        ref_kw.pop('auto_pad')
        s = kw.get('strides', (1, 1))
        d = kw.get('dilations', (1, 1))
        if kw['auto_pad'] == 'VALID':
            ref_kw['pads'] = (0, 0, 0, 0)
        else:
            up = kw['auto_pad'] == 'SAME_UPPER'
            (t, bo), (l, r) = (same_pads(xs[2 + i], ws[2 + i], s[i], d[i], up) for i in range(2))
            ref_kw['pads'] = (t, l, bo, r)
    ref = ref_conv2d(x.f64, w.f64, b.f64 if bias else None, **ref_kw)
    R.run(f'conv2d {name} {dt}', 'conv2d', [x, w] + ([b] if bias else []), attrs, approx(dt, ref))


def test_conv2d(R):
    conv_case(R, 'basic 3x3', 'f32', (1, 2, 5, 5), (3, 2, 3, 3))
    conv_case(R, 'pads 1 stride 2', 'f32', (2, 3, 7, 6), (4, 3, 3, 3), pads=(1, 1, 1, 1), strides=(2, 2))
    conv_case(R, 'asym pads, stride, dilation', 'f32', (1, 2, 9, 8), (2, 2, 3, 2), pads=(1, 0, 2, 1),
              strides=(2, 1), dilations=(2, 1))
    conv_case(R, 'group 2', 'f32', (1, 4, 6, 6), (6, 2, 3, 3), group=2, pads=(1, 1, 1, 1))
    conv_case(R, 'depthwise', 'f32', (2, 3, 5, 5), (3, 1, 3, 3), group=3, pads=(1, 1, 1, 1))
    conv_case(R, 'depthwise multiplier 2', 'f32', (1, 3, 6, 5), (6, 1, 3, 3), group=3, strides=(2, 2))
    conv_case(R, '1x1 no bias', 'f32', (2, 4, 3, 3), (5, 4, 1, 1), bias=False)
    conv_case(R, 'rectangular kernel', 'f32', (1, 2, 6, 7), (3, 2, 2, 3), bias=False, pads=(0, 1, 1, 0))
    conv_case(R, 'SAME_UPPER stride 2', 'f32', (1, 2, 7, 6), (2, 2, 4, 3), auto_pad='SAME_UPPER', strides=(2, 2))
    conv_case(R, 'SAME_LOWER', 'f32', (1, 2, 6, 6), (2, 2, 4, 4), auto_pad='SAME_LOWER')
    conv_case(R, 'VALID', 'f32', (1, 2, 6, 5), (2, 2, 3, 3), auto_pad='VALID', pads=(5, 5, 5, 5))
    conv_case(R, 'dilation 2 pads 2', 'f64', (1, 3, 8, 8), (4, 3, 3, 3), dilations=(2, 2), pads=(2, 2, 2, 2))
    conv_case(R, 'basic', 'f16', (1, 3, 6, 6), (4, 3, 3, 3), pads=(1, 1, 1, 1))
    conv_case(R, 'basic', 'bf16', (1, 3, 6, 6), (4, 3, 3, 3), group=1, strides=(2, 2))

# ---- reductions, softmax, normalisation, attention -----------------------------------


def test_reduce(R):
    x = rand('f32', (2, 3, 4))
    cases = [([1], 1), ([0, 2], 0), ([-1], 1), ([], 1), ([], 0), ([-3, -2], 0)]
    fns = {'sum': np.sum, 'mean': np.mean, 'max': np.max, 'min': np.min}
    for axes, keep in cases:
        for op, fn in fns.items():
            ax = tuple(axes) if axes else None
            ref = fn(x.f64, axis=ax, keepdims=bool(keep))
            R.run(f'reduce_{op} axes={axes} keepdims={keep}', f'reduce_{op}', [x], {'axes': axes, 'keepdims': keep},
                  approx('f32', ref))
    R.run('reduce_sum noop_with_empty_axes', 'reduce_sum', [x], {'axes': [], 'noop_with_empty_axes': 1},
          approx('f32', x.f64))
    R.run('reduce_sum default (all, keepdims)', 'reduce_sum', [x], {}, approx('f32', x.f64.sum(keepdims=True)))
    xi = rand('i32', (3, 5), -50, 50)
    R.run('reduce_sum i32', 'reduce_sum', [xi], {'axes': [1]}, T('i32', xi.arr.sum(1, keepdims=True)))
    xl = rand('i64', (3, 5), -50, 50)
    R.run('reduce_max i64', 'reduce_max', [xl], {'axes': [0], 'keepdims': 0}, T('i64', xl.arr.max(0)))
    xm = T('i32', [[1, 2], [2, 2]])
    R.run('reduce_mean i32 truncates', 'reduce_mean', [xm], {'axes': [1], 'keepdims': 0}, T('i32', [1, 2]))
    for dt in ['f16', 'bf16', 'f64']:
        y = rand(dt, (4, 6))
        R.run(f'reduce_mean {dt}', 'reduce_mean', [y], {'axes': [1]}, approx(dt, y.f64.mean(1, keepdims=True)))
        R.run(f'reduce_min {dt}', 'reduce_min', [y], {'axes': [0]}, approx(dt, y.f64.min(0, keepdims=True)))
    c = rand('i1', (3, 4))
    R.run('reduce_max i1', 'reduce_max', [c], {'axes': [1], 'keepdims': 0}, T('i1', c.arr.any(1)))
    e = T('f32', np.zeros((3, 0)))
    R.run('reduce_sum over empty', 'reduce_sum', [e], {'axes': [1]}, approx('f32', np.zeros((3, 1))))
    R.run('reduce_max over empty', 'reduce_max', [e], {'axes': [1], 'keepdims': 0}, approx('f32', [-np.inf] * 3))


def ref_softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def test_softmax(R):
    for shape, axis in [((2, 3, 4), -1), ((2, 3, 4), 1), ((5,), 0), ((2, 3, 4), -3), ((3, 1), 1)]:
        x = rand('f32', shape)
        R.run(f'softmax {shape} axis={axis}', 'softmax', [x], {'axis': axis}, approx('f32', ref_softmax(x.f64, axis)))
    x = rand('f32', (2, 5), 500, 1000)
    R.run('softmax large logits', 'softmax', [x], {'axis': -1}, approx('f32', ref_softmax(x.f64, -1)))
    for dt in ['f16', 'bf16', 'f64']:
        x = rand(dt, (3, 7))
        R.run(f'softmax {dt}', 'softmax', [x], {}, approx(dt, ref_softmax(x.f64, -1)))


def ref_norm(x, scale, bias, axis, eps, rms):
    axes = tuple(range(axis % x.ndim, x.ndim))
    mean = 0 if rms else x.mean(axis=axes, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
    y = (x - mean) / np.sqrt(var + eps) * scale
    return y + bias if bias is not None else y


def test_norms(R):
    cases = [('f32', (2, 3, 8), -1, (8,), True), ('f32', (2, 3, 8), 1, (3, 8), True),
             ('f32', (4, 6), -1, (6,), False), ('f32', (2, 3, 8), -2, (1, 8), True),
             ('f16', (3, 16), -1, (16,), True), ('bf16', (3, 16), -1, (16,), True), ('f64', (2, 5), 0, (2, 5), True)]
    for dt, xs, axis, ps, with_bias in cases:
        x, s = rand(dt, xs), rand(dt, ps)
        b = rand(dt, ps) if with_bias else None
        eps = 1e-3 if dt == 'f64' else 1e-5
        ref = ref_norm(x.f64, s.f64, b.f64 if b else None, axis, eps, False)
        R.run(f'layer_norm {dt} {xs} axis={axis} scale={ps}', 'layer_norm', [x, s] + ([b] if b else []),
              {'axis': axis, 'epsilon': eps}, approx(dt, ref))
    for dt, xs, axis, ps, _ in cases[:3] + cases[4:6]:
        x, s = rand(dt, xs), rand(dt, ps)
        ref = ref_norm(x.f64, s.f64, None, axis, 1e-6, True)
        R.run(f'rms_norm {dt} {xs} axis={axis}', 'rms_norm', [x, s], {'axis': axis, 'epsilon': 1e-6}, approx(dt, ref))


def ref_attention(q, k, v, causal=False, scale=None):
    hq, sq, d = q.shape[1], q.shape[2], q.shape[3]
    hkv, skv = k.shape[1], k.shape[2]
    k, v = np.repeat(k, hq // hkv, axis=1), np.repeat(v, hq // hkv, axis=1)
    s = (q @ np.swapaxes(k, -1, -2)) * (scale if scale is not None else 1 / math.sqrt(d))
    if causal:
        i, j = np.arange(sq)[:, None], np.arange(skv)[None, :]
        s = np.where(j <= i + skv - sq, s, -np.inf)
    m = s.max(-1, keepdims=True)
    p = np.exp(s - np.where(np.isfinite(m), m, 0))
    den = p.sum(-1, keepdims=True)
    p = np.divide(p, den, out=np.zeros_like(p), where=den > 0)
    return p @ v


def test_attention(R):
    cases = [('plain', 'f32', (2, 2, 4, 8), (2, 2, 4, 8), 8, {}),
             ('causal square', 'f32', (1, 2, 5, 4), (1, 2, 5, 4), 4, {'causal': 1}),
             ('causal kv cache (Sq<Skv)', 'f32', (1, 2, 3, 4), (1, 2, 7, 4), 4, {'causal': 1}),
             ('causal Sq>Skv (empty rows)', 'f32', (1, 1, 5, 4), (1, 1, 3, 4), 4, {'causal': 1}),
             ('gqa 4/2 causal', 'f32', (2, 4, 4, 8), (2, 2, 4, 8), 8, {'causal': 1}),
             ('mqa 6/1 scale Dv!=D', 'f32', (1, 6, 3, 4), (1, 1, 5, 4), 6, {'scale': 0.5}),
             ('f16', 'f16', (1, 2, 4, 8), (1, 2, 6, 8), 8, {'causal': 1}),
             ('bf16', 'bf16', (1, 2, 4, 8), (1, 1, 4, 8), 8, {}),
             ('f64', 'f64', (2, 1, 3, 5), (2, 1, 3, 5), 5, {})]
    for name, dt, qs, ks, dv, attrs in cases:
        q, k, v = rand(dt, qs), rand(dt, ks), rand(dt, ks[:3] + (dv,))
        ref = ref_attention(q.f64, k.f64, v.f64, bool(attrs.get('causal')), attrs.get('scale'))
        R.run(f'attention {name}', 'attention', [q, k, v], attrs, approx(dt, ref))

# ---- data movement (exact: compared bit for bit) ---------------------------------------


def resolve_reshape(in_shape, shape, allowzero=False):
    out = [in_shape[i] if (s == 0 and not allowzero) else s for i, s in enumerate(shape)]
    if -1 in out:
        known = int(np.prod([d for d in out if d != -1]))
        out[out.index(-1)] = int(np.prod(in_shape)) // known
    return tuple(out)


def test_shape_ops(R):
    for dt in ['f32', 'f16', 'bf16', 'f64', 'i32', 'i64', 'i1']:
        x = rand(dt, (2, 3, 4))
        R.run(f'identity {dt} (npy round trip)', 'identity', [x], expect=x)
    x = rand('f32', ())
    R.run('identity scalar', 'identity', [x], expect=x)
    for shape, az, dt in [([4, -1], 0, 'f32'), ([0, -1], 0, 'i64'), ([0, 0, 2, 2], 0, 'bf16'), ([-1], 0, 'f16'),
                          ([2, 1, 3, 1, 4], 0, 'i1')]:
        x = rand(dt, (2, 3, 4))
        R.run(f'reshape {shape} {dt}', 'reshape', [x], {'shape': shape, 'allowzero': az},
              storage_like(x, x.arr.reshape(resolve_reshape(x.arr.shape, shape))))
    z = T('f32', np.zeros((0, 3)))
    R.run('reshape allowzero', 'reshape', [z], {'shape': [3, 0], 'allowzero': 1}, T('f32', np.zeros((3, 0))))
    for perm, dt in [(None, 'f32'), ([0, 2, 1], 'bf16'), ([2, 0, 3, 1], 'i64'), ([1, 0], 'i1')]:
        x = rand(dt, (2, 3, 4, 5)[:len(perm)] if perm else (2, 3, 4))
        attrs = {'perm': perm} if perm else {}
        R.run(f'transpose {perm} {dt}', 'transpose', [x], attrs, storage_like(x, np.transpose(x.arr, perm)))
    x = rand('f16', (1, 3, 1, 2))
    R.run('squeeze all', 'squeeze', [x], {}, storage_like(x, np.squeeze(x.arr)))
    R.run('squeeze [0]', 'squeeze', [x], {'axes': [0]}, storage_like(x, np.squeeze(x.arr, 0)))
    R.run('squeeze [-2, 0]', 'squeeze', [x], {'axes': [-2, 0]}, storage_like(x, np.squeeze(x.arr, (-2, 0))))
    x = rand('i32', (3, 4))
    for axes in [[0], [-1], [0, 3], [1, -1]]:
        R.run(f'unsqueeze {axes}', 'unsqueeze', [x], {'axes': axes},
              storage_like(x, np.expand_dims(x.arr, tuple(axes))))
    x = rand('f32', (2, 3, 4))
    for axis in [1, 0, -1, 3]:
        s = x.arr.shape
        R.run(f'flatten axis={axis}', 'flatten', [x], {'axis': axis},
              storage_like(x, x.arr.reshape(int(np.prod(s[:axis])), int(np.prod(s[axis:])))))
    for xs, shape, dt in [((3, 1), [2, 3, 4], 'f32'), ((1,), [2, 2], 'i1'), ((2, 1, 3), [4, 1], 'bf16'),
                          ((3,), [], 'i64')]:
        x = rand(dt, xs)
        R.run(f'expand {xs}->{shape} {dt}', 'expand', [x], {'shape': shape},
              storage_like(x, np.broadcast_to(x.arr, np.broadcast_shapes(xs, tuple(shape))).copy()))
    for xs, reps, dt in [((2, 3), [2, 1], 'f32'), ((2, 1, 2), [1, 3, 2], 'i64'), ((2, 3), [0, 2], 'f16')]:
        x = rand(dt, xs)
        R.run(f'tile {xs} {reps} {dt}', 'tile', [x], {'repeats': reps}, storage_like(x, np.tile(x.arr, reps)))


def ref_d2s(x, b, mode):
    n, c, h, w = x.shape
    if mode == 'DCR':
        y = x.reshape(n, b, b, c // (b * b), h, w).transpose(0, 3, 4, 1, 5, 2)
    else:
        y = x.reshape(n, c // (b * b), b, b, h, w).transpose(0, 1, 4, 2, 5, 3)
    return y.reshape(n, c // (b * b), h * b, w * b)


def ref_s2d(x, b):
    n, c, h, w = x.shape
    y = x.reshape(n, c, h // b, b, w // b, b).transpose(0, 3, 5, 1, 2, 4)
    return y.reshape(n, c * b * b, h // b, w // b)


def test_block_ops(R):
    for xs, b, mode, dt in [((1, 8, 2, 3), 2, 'DCR', 'f32'), ((2, 8, 2, 3), 2, 'CRD', 'i64'),
                            ((1, 18, 2, 2), 3, 'DCR', 'bf16'), ((1, 18, 2, 2), 3, 'CRD', 'f16')]:
        x = rand(dt, xs)
        R.run(f'depth_to_space {xs} b={b} {mode}', 'depth_to_space', [x], {'blocksize': b, 'mode': mode},
              storage_like(x, ref_d2s(x.arr, b, mode)))
    for xs, b, dt in [((1, 2, 4, 6), 2, 'f32'), ((2, 1, 6, 3), 3, 'i32')]:
        x = rand(dt, xs)
        R.run(f'space_to_depth {xs} b={b}', 'space_to_depth', [x], {'blocksize': b}, storage_like(x, ref_s2d(x.arr, b)))
    x = rand('f32', (2, 4, 3, 5))
    y = ref_s2d(ref_d2s(x.arr, 2, 'DCR'), 2)
    R.run('space_to_depth inverts DCR', 'space_to_depth', [T('f32', ref_d2s(x.arr, 2, 'DCR'))], {'blocksize': 2},
          storage_like(x, y))


def test_split_concat(R):
    x = rand('f32', (6, 4))
    parts = np.split(x.arr, [1, 3], axis=0)
    R.run('split axis 0 [1,2,3]', 'split', [x], {'axis': 0, 'split': [1, 2, 3]}, [storage_like(x, p) for p in parts])
    parts = np.split(x.arr, 2, axis=-1)
    R.run('split axis -1 equal', 'split', [x], {'axis': -1}, [storage_like(x, p) for p in parts])
    y = rand('f16', (2, 7))
    parts = np.split(y.arr, [3, 6], axis=1)
    R.run('split 7 into 3 (last smaller)', 'split', [y], {'axis': 1}, [storage_like(y, p) for p in parts])
    parts = np.split(y.arr, [0, 7], axis=1)
    R.run('split with empty parts', 'split', [y], {'axis': 1, 'split': [0, 7, 0]}, [storage_like(y, p) for p in parts])
    a, b, c = rand('f32', (2, 1, 3)), rand('f32', (2, 4, 3)), rand('f32', (2, 2, 3))
    R.run('concat 3 inputs axis 1', 'concat', [a, b, c], {'axis': 1},
          storage_like(a, np.concatenate([a.arr, b.arr, c.arr], 1)))
    a, b = rand('i64', (2, 3)), rand('i64', (2, 5))
    R.run('concat axis -1 i64', 'concat', [a, b], {'axis': -1}, storage_like(a, np.concatenate([a.arr, b.arr], -1)))
    a, b = rand('bf16', (0, 3)), rand('bf16', (2, 3))
    R.run('concat with empty input', 'concat', [a, b], {'axis': 0}, storage_like(a, np.concatenate([a.arr, b.arr])))
    a = rand('i1', (3,))
    R.run('concat single input', 'concat', [a], {'axis': 0}, a)


def py_slice(x, starts, ends, axes=None, steps=None):
    idx = [slice(None)] * x.ndim
    for i, (s, e) in enumerate(zip(starts, ends)):
        ax = axes[i] if axes is not None else i
        idx[ax] = slice(s, e, steps[i] if steps is not None else 1)
    return x[tuple(idx)]


def test_slice(R):
    x = rand('f32', (5, 6, 4))
    cases = [('basic', [1, 2], [4, 5], None, None), ('negative', [-3], [-1], [1], None),
             ('steps 2', [0, 1], [5, 6], [0, 1], [2, 3]), ('neg step to start', [4], [I64_MIN], [0], [-1]),
             ('neg step -2 clamp', [100], [-100], [1], [-2]), ('axes unordered, negative', [1, 0], [3, 2], [-1, 0], None),
             ('clamp past end', [2], [I64_MAX], [2], None), ('empty', [3], [1], [0], None),
             ('empty neg step', [1], [3], [0], [-1]), ('start beyond dim', [10], [20], [1], None)]
    for name, st, en, ax, sp in cases:
        attrs = {'starts': st, 'ends': en}
        if ax is not None:
            attrs['axes'] = ax
        if sp is not None:
            attrs['steps'] = sp
        axes = [a % 3 for a in ax] if ax is not None else None
        R.run(f'slice {name}', 'slice', [x], attrs, storage_like(x, py_slice(x.arr, st, en, axes, sp)))
    y = rand('bf16', (7,))
    R.run('slice bf16 -3 step', 'slice', [y], {'starts': [-1], 'ends': [-8], 'steps': [-3]},
          storage_like(y, y.arr[-1:-8:-3]))


def test_gather_scatter(R):
    x = rand('f32', (5, 4))
    idx = T('i64', [0, -1, 3, 3, -5])
    R.run('gather axis 0 i64 negative', 'gather', [x, idx], {'axis': 0}, storage_like(x, np.take(x.arr, idx.arr, 0)))
    x = rand('f16', (2, 5, 3))
    idx = T('i32', [[0, 4], [-2, 1], [2, 2]])
    R.run('gather axis 1 i32 2-D indices', 'gather', [x, idx], {'axis': 1}, storage_like(x, np.take(x.arr, idx.arr, 1)))
    idx = T('i64', 2)
    R.run('gather axis -1 scalar index', 'gather', [x, idx], {'axis': -1}, storage_like(x, np.take(x.arr, 2, -1)))
    xi = rand('i64', (4,), -1000, 1000)
    R.run('gather i64 data', 'gather', [xi, T('i32', [[3], [0]])], {}, storage_like(xi, xi.arr[[[3], [0]]]))

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
    d = T('f32', [1, 2, 3, 4, 5, 6, 7, 8])
    i = T('i64', [[4], [3], [1], [7]])
    u = T('f32', [9, 10, 11, 12])
    R.run('scatter_nd ONNX example 1', 'scatter_nd', [d, i, u], {}, T('f32', ref_scatter(d.arr, i.arr, u.arr)))
    d = rand('f32', (4, 4, 4))
    i = T('i64', [[0], [2]])
    u = rand('f32', (2, 4, 4))
    R.run('scatter_nd slices (ONNX example 2)', 'scatter_nd', [d, i, u], {}, T('f32', ref_scatter(d.arr, i.arr, u.arr)))
    d = rand('i64', (3, 4), -9, 9)
    i = T('i32', [[0, 1], [2, -1], [0, 1]])
    u = T('i64', [5, 6, 7])
    exp = d.arr.copy()
    exp[0, 1], exp[2, 3] = 7, 6
    R.run('scatter_nd duplicate (last wins), negative index', 'scatter_nd', [d, i, u], {}, T('i64', exp))
    for red in ['add', 'mul', 'max', 'min']:
        d, u = rand('f32', (3, 4)), rand('f32', (3, 4))
        i = T('i64', [[1], [0], [1]])
        R.run(f'scatter_nd reduction={red}', 'scatter_nd', [d, i, u], {'reduction': red},
              approx('f32', ref_scatter(d.f64, i.arr, u.f64, red)))


def ref_pad(x, pads, mode, value=0.0, axes=None):
    axes = list(range(x.ndim)) if axes is None else [a % x.ndim for a in axes]
    n = len(axes)
    widths = [(0, 0)] * x.ndim
    for k, a in enumerate(axes):
        widths[a] = (pads[k], pads[n + k])
    pos = [(max(b, 0), max(e, 0)) for b, e in widths]
    if mode == 'wrap':
        # A torus, as ONNX says: numpy.pad's wrap is not periodic when a pad
        # exceeds the dimension on both sides.
        y = x
        for a, (b, e) in enumerate(pos):
            y = np.take(y, np.arange(-b, x.shape[a] + e) % x.shape[a], axis=a)
    else:
        kw = {'constant_values': value} if mode == 'constant' else {}
        y = np.pad(x, pos, mode=mode, **kw)
    crop = tuple(slice(-min(b, 0), y.shape[i] + min(e, 0)) for i, (b, e) in enumerate(widths))
    return y[crop]


def test_pad(R):
    cases = [('constant 1.5', 'f32', (2, 3), [1, 2, 0, 1], 'constant', 1.5, None),
             ('constant default', 'i32', (2, 3), [0, 1, 2, 0], 'constant', 0.0, None),
             ('reflect', 'f32', (3, 4), [2, 1, 2, 3], 'reflect', 0.0, None),
             ('reflect wider than dim', 'f64', (3,), [5, 7], 'reflect', 0.0, None),
             ('reflect size-1 dim', 'f32', (1, 3), [2, 1, 1, 1], 'reflect', 0.0, None),
             ('edge', 'bf16', (2, 3), [2, 2, 1, 3], 'edge', 0.0, None),
             ('wrap', 'i64', (2, 3), [1, 4, 3, 2], 'wrap', 0.0, None),
             ('wrap one side', 'f32', (2, 3), [1, 0, 0, 2], 'wrap', 0.0, None),
             ('negative pads crop', 'f16', (4, 5), [-1, 2, 1, -2], 'constant', 2.0, None),
             ('axes', 'f32', (2, 3, 4), [1, 2, 0, 1], 'edge', 0.0, [-1, 0]),
             ('4-D constant', 'f32', (1, 2, 3, 3), [0, 0, 1, 1, 0, 0, 1, 1], 'constant', -1.0, None)]
    for name, dt, xs, pads, mode, value, axes in cases:
        x = rand(dt, xs)
        attrs = {'pads': pads, 'mode': mode, 'value': value}
        if axes is not None:
            attrs['axes'] = axes
        ref = ref_pad(x.f64, pads, mode, value, axes)
        R.run(f'pad {name}', 'pad', [x], attrs, T(dt, ref) if dt in INTS else approx(dt, ref, (0, 0)))

# ---- errors -------------------------------------------------------------------------------


def test_errors(R):
    f = lambda *s: rand('f32', s)
    R.error('error: add no broadcast', 'add', [f(2, 3), f(4)], {}, 'do not broadcast')
    R.error('error: add mixed dtypes', 'add', [f(2), rand('f16', (2,))], {}, 'element type')
    R.error('error: matmul contraction', 'matmul', [f(2, 3), f(4, 5)], {}, 'contraction')
    R.error('error: matmul scalar', 'matmul', [f(), f(3)], {}, 'rank 1')
    R.error('error: conv2d channels', 'conv2d', [f(1, 3, 5, 5), f(2, 2, 3, 3)], {}, 'channels')
    R.error('error: conv2d kernel too big', 'conv2d', [f(1, 1, 2, 2), f(1, 1, 3, 3)], {}, 'exceeds')
    R.error('error: conv2d stride 0', 'conv2d', [f(1, 1, 4, 4), f(1, 1, 3, 3)], {'strides': [0, 1]}, 'strides')
    R.error('error: gather index out of range', 'gather', [f(3, 2), T('i64', [0, 3])], {}, 'out of range')
    R.error('error: gather float indices', 'gather', [f(3, 2), f(2)], {}, 'indices')
    R.error('error: reshape count', 'reshape', [f(2, 3)], {'shape': [4, 2]}, 'cannot reshape')
    R.error('error: reshape two -1', 'reshape', [f(2, 3)], {'shape': [-1, -1]}, 'more than one -1')
    R.error('error: transpose perm', 'transpose', [f(2, 3)], {'perm': [0, 0]}, 'permutation')
    R.error('error: sqrt on i32', 'sqrt', [rand('i32', (2,))], {}, 'unsupported element type')
    R.error('error: where float condition', 'where', [f(2), f(2), f(2)], {}, 'condition')
    R.error('error: split sizes', 'split', [f(5, 2)], {'split': [2, 2]}, 'add up', nout=2)
    R.error('error: concat rank', 'concat', [f(2, 3), f(2)], {'axis': 0}, 'rank')
    R.error('error: concat dims', 'concat', [f(2, 3), f(3, 3)], {'axis': 1}, 'dimension 0')
    R.error('error: scatter_nd updates', 'scatter_nd', [f(4, 3), T('i64', [[1]]), f(2)], {}, 'updates')
    R.error('error: scatter_nd index', 'scatter_nd', [f(4), T('i64', [[4]]), f(1)], {}, 'out of range')
    R.error('error: attention heads', 'attention', [f(1, 3, 2, 4), f(1, 2, 2, 4), f(1, 2, 2, 4)], {}, 'multiple')
    R.error('error: attention head size', 'attention', [f(1, 2, 2, 4), f(1, 2, 2, 5), f(1, 2, 2, 4)], {}, 'head sizes')
    R.error('error: slice step 0', 'slice', [f(4)], {'starts': [0], 'ends': [2], 'steps': [0]}, 'step')
    R.error('error: squeeze non-1', 'squeeze', [f(2, 3)], {'axes': [0]}, 'cannot squeeze')
    R.error('error: unsqueeze duplicate', 'unsqueeze', [f(2, 3)], {'axes': [0, -4]}, 'twice')
    R.error('error: depth_to_space channels', 'depth_to_space', [f(1, 6, 2, 2)], {'blocksize': 2}, 'multiple')
    R.error('error: space_to_depth height', 'space_to_depth', [f(1, 1, 3, 4)], {'blocksize': 2}, 'height')
    R.error('error: reduce duplicate axes', 'reduce_sum', [f(2, 3)], {'axes': [1, -1]}, 'twice')
    R.error('error: reduce axis range', 'reduce_sum', [f(2, 3)], {'axes': [2]}, 'out of range')
    R.error('error: softmax axis', 'softmax', [f(2, 3)], {'axis': -3}, 'out of range')
    R.error('error: layer_norm scale', 'layer_norm', [f(2, 3), f(4)], {}, 'does not broadcast')
    R.error('error: pad count', 'pad', [f(2, 3)], {'pads': [1, 1]}, 'entries')
    R.error('error: pad reflect empty', 'pad', [f(0, 3)], {'pads': [1, 0, 0, 0], 'mode': 'reflect'}, 'empty')
    R.error('error: tile repeats', 'tile', [f(2, 3)], {'repeats': [2]}, 'repeats')
    R.error('error: expand', 'expand', [f(3)], {'shape': [2, 4]}, 'do not broadcast')
    R.error('error: unknown attribute', 'relu', [f(2)], {'alpha': 1}, 'unknown attribute')

# ---- .npy reading -----------------------------------------------------------------------


def npy_image(header, data=b'', version=(1, 0), hlen=None):
    h = header.encode('utf-8')
    pad = 64 - (len(h) + (10 if version[0] == 1 else 12) + 1) % 64
    h = h + b' ' * (pad % 64) + b'\n'
    n = len(h) if hlen is None else hlen
    size = struct.pack('<H', n) if version[0] == 1 else struct.pack('<I', n)
    return b'\x93NUMPY' + bytes(version) + size + h + data


def test_npy(R):
    good = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }"
    four = struct.pack('<2f', 1.5, -2.0)
    bad = [('bad magic', b'\x93NUMPX\x01\x00' + npy_image(good, four)[8:], 'bad magic'),
           ('empty file', b'', 'bad magic'),
           ('version 4.0', npy_image(good, four, (4, 0)), 'version 4.0'),
           ('version 1.1', npy_image(good, four, (1, 1)), 'version 1.1'),
           ('header past end', npy_image(good, four, hlen=5000), 'past the end'),
           ('preamble cut', b'\x93NUMPY\x02\x00\x10', 'preamble'),
           ('missing key', npy_image("{'descr': '<f4', 'fortran_order': False, }", four), "missing key 'shape'"),
           ('extra key', npy_image("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}", four),
            'unexpected key'),
           ('duplicate key', npy_image("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,)}",
                                       four), 'duplicate'),
           ('no colon', npy_image("{'descr' '<f4', 'fortran_order': False, 'shape': (2,), }", four), 'malformed'),
           ('not a dict', npy_image("['descr', '<f4']", four), 'malformed'),
           ('unterminated', npy_image("{'descr': '<f4", four), 'malformed'),
           ('fortran order', npy_image("{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }", four),
            'fortran_order'),
           ('big-endian', npy_image("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", four), 'big-endian'),
           ('unknown descr', npy_image("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", four),
            'unsupported dtype'),
           ('structured descr', npy_image("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }",
                                          four), 'descr'),
           ('truncated data', npy_image(good, four[:6]), 'truncated'),
           ('trailing data', npy_image(good, four + b'\0\0\0\0'), 'size mismatch'),
           ('shape without comma', npy_image("{'descr': '<f4', 'fortran_order': False, 'shape': (2), }", four),
            'trailing comma'),
           ('negative dim', npy_image("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", four),
            'non-negative'),
           ('rank 9', npy_image("{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,2), }", four),
            'more than 8'),
           ('huge shape', npy_image("{'descr': '<f8', 'fortran_order': False, "
                                    "'shape': (4294967296, 4294967296, 4294967296), }", four), 'too large'),
           ('text after dict', npy_image(good + ' x', four), 'after the closing')]
    for name, data, needle in bad:
        R.error(f'npy: {name}', 'identity', [], {}, needle, paths=[R.raw(name, data)])
    R.error('npy: missing file', 'identity', [], {}, 'cannot read', paths=[os.path.join(R.tmp, 'nope.npy')])
    x = rand('f32', (3, 2))
    for version in [(2, 0), (3, 0)]:
        path = os.path.join(R.tmp, f'v{version[0]}.npy')
        with open(path, 'wb') as fh:
            np.lib.format.write_array(fh, x.arr, version=version)
        if R.wanted(f'npy: version {version}'):
            proc, outs = R.call('identity', [path], {}, 1)
            ok = proc.returncode == 0 and np.array_equal(np.load(outs[0]), x.arr)
            R.report(f'npy: read version {version[0]}.0', ok, proc.stderr)
    odd = npy_image("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", b'\x00\x02\x01')
    if R.wanted('npy: bool bytes'):
        proc, outs = R.call('identity', [R.raw('bool', odd)], {}, 1)
        ok = proc.returncode == 0 and np.array_equal(np.load(outs[0]).view(np.uint8), [0, 1, 1])
        R.report('npy: bool bytes other than 0/1 read as true', ok, proc.stderr)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit('usage: test_kernels.py KERNEL_DRIVER [-v] [-k SUBSTRING]')
    driver = os.path.abspath(args[0])
    if not os.access(driver, os.X_OK):
        sys.exit(f'test_kernels.py: {driver} is not an executable kernel_driver')
    verbose = '-v' in args
    pattern = args[args.index('-k') + 1] if '-k' in args else None
    with tempfile.TemporaryDirectory(prefix='vtc_kernels_') as tmp:
        R = Runner(driver, tmp, verbose, pattern)
        for fn in [test_elementwise, test_cast, test_matmul, test_conv2d, test_reduce, test_softmax, test_norms,
                   test_attention, test_shape_ops, test_block_ops, test_split_concat, test_slice,
                   test_gather_scatter, test_pad, test_errors, test_npy]:
            fn(R)
    print(f'{R.passed} passed, {R.failed} failed')
    sys.exit(1 if R.failed else 0)


if __name__ == '__main__':
    main()
