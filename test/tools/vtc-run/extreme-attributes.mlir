// Attributes and values at the edges of int64 run on every target with the
// reference's results: slice steps near -2^63 (the lowering's element
// count once overflowed: UBSan) and starts/ends far outside the dims, and
// f64 -> i64 casts at and beyond 2^63 (the lowering saturated to 2^63 - 1024
// instead of INT64_MAX).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(7, dtype=np.float32)); np.save('%t/big.npy', np.array([9.3e18, -9.3e18, 9223372036854774784.0, 1e300, -1e300, float('nan'), 2.5, -2.5]))"

// SLICE: values: [5]
// SLICE-NEXT: result 1: tensor<3xf32>
// SLICE-NEXT: values: [6, 3, 0]
// SLICE-NEXT: result 2: tensor<7xf32>
// SLICE-NEXT: values: [0, 1, 2, 3, 4, 5, 6]
// RUN: vtc-run %s --entry=slices --target=interp --print-values -- %t/x.npy | FileCheck %s --check-prefix=SLICE
// RUN: vtc-run %s --entry=slices --target=te --print-values -- %t/x.npy | FileCheck %s --check-prefix=SLICE
// RUN: vtc-run %s --entry=slices --target=gir --print-values -- %t/x.npy | FileCheck %s --check-prefix=SLICE
// RUN: vtc-run %s --entry=slices --target=cpu --print-values -- %t/x.npy | FileCheck %s --check-prefix=SLICE
func.func @slices(%a: tensor<7xf32>) -> (tensor<1xf32>, tensor<3xf32>, tensor<7xf32>) {
  %0 = "graph.slice"(%a) {starts = [5], ends = [2], steps = [-9223372036854775807]} : (tensor<7xf32>) -> tensor<1xf32>
  %1 = "graph.slice"(%a) {starts = [9223372036854775807], ends = [-9223372036854775808], steps = [-3]} : (tensor<7xf32>) -> tensor<3xf32>
  %2 = "graph.slice"(%a) {starts = [-9223372036854775808], ends = [9223372036854775807], steps = [1]} : (tensor<7xf32>) -> tensor<7xf32>
  return %0, %1, %2 : tensor<1xf32>, tensor<3xf32>, tensor<7xf32>
}

// CAST: values: [9223372036854775807, -9223372036854775808, 9223372036854774784, 9223372036854775807, -9223372036854775808, 0, 2, -2]
// RUN: vtc-run %s --entry=cast --target=interp --print-values -- %t/big.npy | FileCheck %s --check-prefix=CAST
// RUN: vtc-run %s --entry=cast --target=te --print-values -- %t/big.npy | FileCheck %s --check-prefix=CAST
// RUN: vtc-run %s --entry=cast --target=gir --print-values -- %t/big.npy | FileCheck %s --check-prefix=CAST
// RUN: vtc-run %s --entry=cast --target=cpu --print-values -- %t/big.npy | FileCheck %s --check-prefix=CAST
func.func @cast(%a: tensor<8xf64>) -> tensor<8xi64> {
  %0 = "graph.cast"(%a) {to = i64} : (tensor<8xf64>) -> tensor<8xi64>
  return %0 : tensor<8xi64>
}
