#!/usr/bin/env python3
"""Generates a func/arith module in MLIR's generic form with N operations
(default 1,000,000), for timing parse + verify + print against mlir-opt.

The module is F functions of about N/F ops each: chains of integer and
float arithmetic, comparisons, selects and casts, with constants, so both
tools see a realistic mix of operand counts, attributes and types.

Usage: gen.py [--ops N] [--funcs F] > module.mlir
"""
import argparse
import sys

BODY = [
    # (template, result type) with {a},{b} previous i32 values, {f},{g} f32 values
    '"arith.addi"({a}, {b}) : (i32, i32) -> i32',
    '"arith.muli"({a}, {b}) : (i32, i32) -> i32',
    '"arith.subi"({a}, {b}) : (i32, i32) -> i32',
    '"arith.addf"({f}, {g}) : (f32, f32) -> f32',
    '"arith.mulf"({f}, {g}) : (f32, f32) -> f32',
    '"arith.cmpi"({a}, {b}) {{predicate = 2 : i64}} : (i32, i32) -> i1',
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=1_000_000)
    ap.add_argument("--funcs", type=int, default=1000)
    args = ap.parse_args()
    per_func = max(8, args.ops // args.funcs)
    out = sys.stdout
    w = out.write
    w('"builtin.module"() ({\n')
    total = 0
    for fn in range(args.funcs):
        w('  "func.func"() ({\n  ^bb0(%arg0: i32, %arg1: f32):\n')
        ints = ["%arg0"]
        floats = ["%arg1"]
        n = 0
        def emit(text, ty):
            nonlocal n
            name = f"%{n}"
            w(f"    {name} = {text}\n")
            n += 1
            (ints if ty == "i32" else floats if ty == "f32" else []).append(name)
            return name
        emit('"arith.constant"() {value = 7 : i32} : () -> i32', "i32")
        emit('"arith.constant"() {value = 1.500000e+00 : f32} : () -> f32', "f32")
        while n < per_func - 2:
            k = n % 8
            a, b = ints[-1], ints[-2]
            f, g = floats[-1], floats[-2]
            if k < 3:
                emit(BODY[k].format(a=a, b=b), "i32")
            elif k < 5:
                emit(BODY[k].format(f=f, g=g), "f32")
            elif k == 5:
                c = emit(BODY[5].format(a=a, b=b), "i1")
                emit(f'"arith.select"({c}, {a}, {b}) : (i1, i32, i32) -> i32', "i32")
            else:
                emit(f'"arith.sitofp"({a}) : (i32) -> f32', "f32")
        w(f'    "func.return"({ints[-1]}) : (i32) -> ()\n')
        w(f'  }}) {{function_type = (i32, f32) -> i32, sym_name = "f{fn}"}} : () -> ()\n')
        total += n + 2
    w("}) : () -> ()\n")
    print(f"// {total} operations", file=sys.stderr)


if __name__ == "__main__":
    main()
