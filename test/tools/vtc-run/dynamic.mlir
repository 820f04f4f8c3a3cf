// Dynamic dims are bound at run time: from .npy inputs, or from --dim and
// --shape for random inputs; static dims must still match.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.arange(12, dtype=np.float32).reshape(4, 3)); np.save('%t/b.npy', np.arange(3, dtype=np.float32).reshape(1, 3))"
// RUN: vtc-run %s --print-values -- %t/a.npy | FileCheck %s --check-prefix=NPY4
// RUN: vtc-run %s --print-values -- %t/b.npy | FileCheck %s --check-prefix=NPY1
// RUN: vtc-run %s --dim=0.0=5 | FileCheck %s --check-prefix=DIM
// RUN: vtc-run %s --shape=0:2x3 | FileCheck %s --check-prefix=SHAPE
// RUN: not vtc-run %s --shape=0:2x4 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not vtc-run %s --dim=0.2=4 2>&1 | FileCheck %s --check-prefix=AXIS

// reduce over the rows, then a reshape with -1 and 0 resolved at run time.
// NPY4: result 0: tensor<4x3xf32> sum=66 abs_sum=66
// NPY4-NEXT: values: {{\[\[}}0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]
// NPY4-NEXT: result 1: tensor<1x3xf32> sum=66
// NPY4-NEXT: values: {{\[\[}}18, 22, 26]]
// NPY4-NEXT: result 2: tensor<12xf32> sum=66
// NPY1: result 0: tensor<1x3xf32> sum=3
// NPY1: result 1: tensor<1x3xf32> sum=3
// NPY1: result 2: tensor<3xf32> sum=3
// DIM: result 0: tensor<5x3xf32>
// DIM: result 2: tensor<15xf32>
// SHAPE: result 0: tensor<2x3xf32>
// STATIC: error: --shape gives dim 1 of argument %x (#0) of @main as 4, but its type says 3
// AXIS: error: --dim names axis 2 of argument %x (#0) of @main, which has rank 2
func.func @main(%x: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<1x3xf32>, tensor<?xf32>) {
  %0 = "graph.identity"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "graph.reduce_sum"(%x) {axes = [0]} : (tensor<?x3xf32>) -> tensor<1x3xf32>
  %2 = "graph.reshape"(%x) {shape = [-1]} : (tensor<?x3xf32>) -> tensor<?xf32>
  return %0, %1, %2 : tensor<?x3xf32>, tensor<1x3xf32>, tensor<?xf32>
}
