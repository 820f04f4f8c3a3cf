// vtc-run's error handling: each bad input gets a clear message and the
// documented exit status (1 for errors in the module or its inputs, 2 for
// usage errors), never a crash.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/f32_2x3.npy', np.ones((2, 3), np.float32)); np.save('%t/f16_2x3.npy', np.ones((2, 3), np.float16)); np.save('%t/f32_2x4.npy', np.ones((2, 4), np.float32)); np.save('%t/f32_6.npy', np.ones(6, np.float32)); np.save('%t/i64_2.npy', np.array([0, 7]))"
// RUN: %python -c "open('%t/bad.npy', 'wb').write(b'\x93NUMPY\x01\x00garbage')"

// A missing .npy names the file.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s -- %t/nope.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: vtc-run: error: input for argument #0 of @main: {{.*}}nope.npy: cannot read

// A malformed .npy names the file and what is wrong.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s -- %t/bad.npy 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: vtc-run: error: input for argument #0 of @main: {{.*}}bad.npy:

// Wrong dtype, rank and static dim: located at the function, naming the file.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s -- %t/f16_2x3.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: errors.mlir:[[@LINE+18]]:1: error: input '{{.*}}f16_2x3.npy' does not match argument #0 of @main: element type is f16, expected f32 (the file holds tensor<2x3xf16>, the argument has type tensor<2x?xf32>)
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s -- %t/f32_6.npy 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: input '{{.*}}f32_6.npy' does not match argument #0 of @main: rank is 1, expected 2
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=static -- %t/f32_2x4.npy 2>&1 | FileCheck %s --check-prefix=DIM
// DIM: error: input '{{.*}}f32_2x4.npy' does not match argument #0 of @static: dimension 1 is 4, expected 3

// Too many inputs.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s -- %t/f32_2x3.npy %t/f32_2x3.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: @main takes 1 arguments, but 2 input files were given

// An unknown entry lists the functions there are.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: vtc-run: error: no function @nope in '{{.*}}errors.mlir' (functions: @main, @static, @gather, @scalar)

// A dynamic dim of a random input needs a size; the message names the argument and the axis.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: errors.mlir:[[@LINE+2]]:17: error: argument %x (#0) of @main has a dynamic dim 1: give its size with --dim=x.1=SIZE or --shape=x:D0x...x, or pass .npy inputs

func.func @main(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = "graph.neg"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

func.func @static(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}

// A kernel error at run time is reported at the op's location.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather -- %t/f32_2x3.npy %t/i64_2.npy 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: errors.mlir:[[@LINE+2]]:8: error: 'graph.gather' op {{.*}}out of range
func.func @gather(%x: tensor<2x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = "graph.gather"(%x, %i) {axis = 0} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// Random indices default to [0, 4); --input-range moves them out of range.
// RUN: vtc-run %s --entry=gather --input-range=1:0:2 > /dev/null
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:2:3 2>&1 | FileCheck %s --check-prefix=KERNEL

// An op outside the graph dialect has no reference semantics.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scalar 2>&1 | FileCheck %s --check-prefix=NOSEM
// NOSEM: errors.mlir:[[@LINE+2]]:8: error: 'arith.constant' op has no reference semantics: the graph interpreter runs graph ops, func.call and func.return
func.func @scalar() -> f32 {
  %0 = arith.constant 1.0 : f32
  return %0 : f32
}
// A declaration cannot be run.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=decl 2>&1 | FileCheck %s --check-prefix=DECL
// DECL: vtc-run: error: @decl in '{{.*}}errors.mlir' is not a function with a body
func.func private @decl(tensor<2xf32>) -> tensor<2xf32>

// Usage errors exit 2.
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run %s --target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: vtc-run: unknown target 'tpu'; the targets are:
// TARGET-NEXT: interp
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run %s --frobnicate 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: vtc-run: unknown option '--frobnicate'
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: vtc-run: no module file given
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run %s --dim=0.x=3 2>&1 | FileCheck %s --check-prefix=BADDIM
// BADDIM: vtc-run: invalid --dim '0.x=3': expected ARG.AXIS=SIZE
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run %s --input-range=0:3:1 2>&1 | FileCheck %s --check-prefix=BADRANGE
// BADRANGE: vtc-run: invalid --input-range '0:3:1'

// A module that does not parse or verify exits 1 with the parser's diagnostic.
// RUN: echo 'func.func @main() {' > %t/broken.mlir
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %t/broken.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: broken.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
