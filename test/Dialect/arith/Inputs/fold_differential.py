#!/usr/bin/env python3
"""Differential test of arith constant folding against MLIR: random constant
expressions over every integer width (i1..i64, index) with every integer
binary op and cmpi predicate, the float binary ops and cmpf predicates, and
the casts, folded by `vtc-opt --canonicalize` and `mlir-opt-19 --canonicalize`.
Each returned value must fold to the same constant in both (or stay unfolded
in both). Floats are compared by value: the two printers format them
differently.

Usage: fold_differential.py FIRST_SEED LAST_SEED TMPFILE [MLIR_OPT]"""
import random
import re
import shutil
import struct
import subprocess
import sys

INT_TYPES = ['i1', 'i8', 'i16', 'i32', 'i64', 'index']
INT_BINARY = ['addi', 'subi', 'muli', 'divsi', 'divui', 'remsi', 'remui', 'floordivsi', 'ceildivsi',
              'ceildivui', 'andi', 'ori', 'xori', 'shli', 'shrsi', 'shrui', 'maxsi', 'minsi', 'maxui', 'minui']
CMPI = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']
FLOAT_BINARY = ['addf', 'subf', 'mulf', 'divf', 'remf', 'maximumf', 'minimumf', 'maxnumf', 'minnumf']
CMPF = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une',
        'uno', 'true']
FLOATS = ['0.0', '-0.0', '1.0', '-1.5', '2.5', '3.0', '0.5', '-7.25', '100.0', '1.0e10', '-3.0e-3']


def width(t):
    return 64 if t == 'index' else int(t[1:])


def rand_int(t):
    if t == 'i1':
        return random.choice([0, 1])
    w = width(t)
    special = [0, 1, -1, 2, -2, (1 << (w - 1)) - 1, -(1 << (w - 1)), 3, 7, w, w - 1]
    if random.random() < 0.6:
        return random.choice(special)
    return random.randrange(-(1 << (w - 1)), 1 << (w - 1))


def int_const(t, v):
    if t == 'i1':
        return 'true' if v & 1 else 'false'
    w = width(t)
    v &= (1 << w) - 1
    if v >> (w - 1):
        v -= 1 << w
    return '%d : %s' % (v, t)


class Gen:
    def __init__(self):
        self.lines, self.rets, self.types, self.n = [], [], [], 0

    def val(self):
        self.n += 1
        return '%%v%d' % self.n

    def const(self, text):
        v = self.val()
        self.lines.append('%s = arith.constant %s' % (v, text))
        return v

    def result(self, text, type_):
        v = self.val()
        self.lines.append('%s = %s' % (v, text))
        self.rets.append(v)
        self.types.append(type_)


def generate(g):
    r = random.random()
    if r < 0.55:
        t, op = random.choice(INT_TYPES), random.choice(INT_BINARY)
        a, b = g.const(int_const(t, rand_int(t))), g.const(int_const(t, rand_int(t)))
        g.result('arith.%s %s, %s : %s' % (op, a, b, t), t)
    elif r < 0.7:
        t = random.choice(INT_TYPES)
        a, b = g.const(int_const(t, rand_int(t))), g.const(int_const(t, rand_int(t)))
        g.result('arith.cmpi %s, %s, %s : %s' % (random.choice(CMPI), a, b, t), 'i1')
    elif r < 0.82:
        t = random.choice(['f32', 'f64'])
        a = g.const('%s : %s' % (random.choice(FLOATS), t))
        b = g.const('%s : %s' % (random.choice(FLOATS), t))
        g.result('arith.%s %s, %s : %s' % (random.choice(FLOAT_BINARY), a, b, t), t)
    elif r < 0.9:
        t = random.choice(['f16', 'bf16', 'f32', 'f64'])
        a = g.const('%s : %s' % (random.choice(FLOATS), t))
        b = g.const('%s : %s' % (random.choice(FLOATS), t))
        g.result('arith.cmpf %s, %s, %s : %s' % (random.choice(CMPF), a, b, t), 'i1')
    else:
        kind = random.choice(['extsi', 'extui', 'trunci', 'sitofp', 'uitofp', 'fptosi', 'fptoui', 'index_cast',
                              'bitcast'])
        if kind in ('extsi', 'extui'):
            ti = random.choice(['i1', 'i8', 'i16', 'i32'])
            to = random.choice([x for x in ['i8', 'i16', 'i32', 'i64'] if width(x) > width(ti)])
        elif kind == 'trunci':
            ti = random.choice(['i8', 'i16', 'i32', 'i64'])
            to = random.choice([x for x in ['i1', 'i8', 'i16', 'i32'] if width(x) < width(ti)])
        elif kind in ('sitofp', 'uitofp'):
            ti, to = random.choice(['i8', 'i16', 'i32']), random.choice(['f32', 'f64'])
        elif kind in ('fptosi', 'fptoui'):
            ti, to = random.choice(['f32', 'f64']), random.choice(['i8', 'i16', 'i32', 'i64'])
        elif kind == 'index_cast':
            ti, to = random.choice(['i8', 'i32', 'i64']), 'index'
        else:
            ti, to = random.choice([('f32', 'i32'), ('f64', 'i64'), ('i32', 'f32'), ('f16', 'i16'), ('bf16', 'i16')])
        if ti[0] in 'fb':
            a = g.const('%s : %s' % (random.choice(FLOATS), ti))
        elif kind == 'bitcast':
            a = g.const(int_const(ti, random.choice([1065353216, 0, -1077936128])))
        else:
            a = g.const(int_const(ti, rand_int(ti)))
        g.result('arith.%s %s : %s to %s' % (kind, a, ti, to), to)


def folded(tool, path):
    out = subprocess.run([tool, '--canonicalize', path], capture_output=True, text=True)
    if out.returncode:
        sys.exit('%s failed:\n%s' % (tool, out.stderr))
    consts = dict(re.findall(r'(%\S+) = arith\.constant (.*)', out.stdout))
    ret = re.search(r'return (.*) :', out.stdout).group(1).split(', ')
    return [consts.get(r, 'NOT-FOLDED') for r in ret]


def float_value(text):
    m = re.match(r'(\S+) : (f16|bf16|f32|f64)$', text)
    if not m:
        return None
    lit, ty = m.groups()
    if lit.startswith('0x'):
        bits = int(lit, 16)
        if ty == 'f64':
            return struct.unpack('<d', struct.pack('<Q', bits))[0]
        if ty == 'f32':
            return struct.unpack('<f', struct.pack('<I', bits))[0]
        return lit
    v = float(lit)
    return struct.unpack('<f', struct.pack('<f', v))[0] if ty == 'f32' else v


def same(a, b):
    fa, fb = float_value(a), float_value(b)
    if isinstance(fa, float) and isinstance(fb, float):
        return fa == fb or (fa != fa and fb != fb)
    return a == b


def main():
    first, last, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    mlir = sys.argv[4] if len(sys.argv) > 4 else '/usr/lib/llvm-19/bin/mlir-opt'
    vtc = shutil.which('vtc-opt')
    total = bad = 0
    for seed in range(first, last + 1):
        random.seed(seed)
        g = Gen()
        for _ in range(300):
            generate(g)
        with open(path, 'w') as f:
            f.write('func.func @f() -> (%s) {\n%s\n  return %s : %s\n}\n' % (
                ', '.join(g.types), '\n'.join('  ' + l for l in g.lines), ', '.join(g.rets), ', '.join(g.types)))
        for i, (a, b) in enumerate(zip(folded(vtc, path), folded(mlir, path))):
            total += 1
            if not same(a, b):
                bad += 1
                op = next(l for l in g.lines if l.startswith(g.rets[i] + ' '))
                print('MISMATCH (seed %d) %s | vtc: %s | mlir: %s' % (seed, op, a, b))
    print('compared %d folds, %d mismatches' % (total, bad))
    return 1 if bad or total == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
