// Integer results agree on every target, bit for bit: the te interpreter
// kept i64 values in f64 (2^60 + 1 came back as 2^60), and compiled code
// shifted by the width or more (LLVM poison: any value) where arith's
// evaluator, and so both interpreters, give 0, or the sign for shrsi.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/big.npy', np.array([2**60 + 1, -(2**62) - 3, 2**63 - 1, -(2**63), 12345678901234567, 1, -1, 0], np.int64)); np.save('%t/x.npy', np.array([-5, 7, -9, 3], np.int32)); np.save('%t/s.npy', np.array([1, 31, 32, 40], np.int32))"

// RUN: vtc-run %s --entry=copy_sum --target=te --print-values -- %t/big.npy | FileCheck %s --check-prefix=BIG
// RUN: vtc-run %s --entry=copy_sum --target=gir --print-values -- %t/big.npy | FileCheck %s --check-prefix=BIG
// RUN: vtc-run %s --entry=copy_sum --target=cpu --print-values -- %t/big.npy | FileCheck %s --check-prefix=BIG
// BIG: values: [1152921504606846977, -4611686018427387907, 9223372036854775807, -9223372036854775808, 12345678901234567, 1, -1, 0]
// The sum wraps as the compiled code's does: 2^60 + 1 - 2^62 - 3 + (2^63 - 1) - 2^63 + 12345678901234567 + 1 - 1.
// BIG: values: -3446418834919306364
func.func @copy_sum(%a: tensor<8xi64>) -> (tensor<8xi64>, tensor<i64>) {
  %c = te.compute(%a) shape () -> (8) : (tensor<8xi64>) -> tensor<8xi64> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<8xi64> -> i64
    te.yield %x : i64
  }
  %s = te.compute(%a) shape () -> () reduce () -> (8) combiner sum init 0 : (tensor<8xi64>) -> tensor<i64> {
  ^bb0(%k: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<8xi64> -> i64
    te.yield %x : i64
  }
  return %c, %s : tensor<8xi64>, tensor<i64>
}

// RUN: vtc-run %s --entry=shifts --target=te --print-values -- %t/x.npy %t/s.npy | FileCheck %s --check-prefix=SHIFT
// RUN: vtc-run %s --entry=shifts --target=gir --print-values -- %t/x.npy %t/s.npy | FileCheck %s --check-prefix=SHIFT
// RUN: vtc-run %s --entry=shifts --target=cpu --print-values -- %t/x.npy %t/s.npy | FileCheck %s --check-prefix=SHIFT
// SHIFT: values: [-10, -2147483648, 0, 0]
// SHIFT: values: [-3, 0, -1, 0]
// SHIFT: values: [2147483645, 0, 0, 0]
func.func @shifts(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %l = te.compute(%a, %b) shape () -> (4) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xi32> -> i32
    %y = te.load %b[(d0) -> (d0)] : tensor<4xi32> -> i32
    %z = arith.shli %x, %y : i32
    te.yield %z : i32
  }
  %r = te.compute(%a, %b) shape () -> (4) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xi32> -> i32
    %y = te.load %b[(d0) -> (d0)] : tensor<4xi32> -> i32
    %z = arith.shrsi %x, %y : i32
    te.yield %z : i32
  }
  %u = te.compute(%a, %b) shape () -> (4) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<4xi32> -> i32
    %y = te.load %b[(d0) -> (d0)] : tensor<4xi32> -> i32
    %z = arith.shrui %x, %y : i32
    te.yield %z : i32
  }
  return %l, %r, %u : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}
