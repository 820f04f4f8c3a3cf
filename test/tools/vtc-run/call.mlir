// func.call runs another graph function of the module; the callee's
// intermediates count toward the peak.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.array([[-1, 2], [3, -4]], np.float32))"
// RUN: vtc-run %s --print-values -- %t/x.npy | FileCheck %s
// RUN: not vtc-run %s --entry=rec 2>&1 | FileCheck %s --check-prefix=REC

// double(relu(x)) + x = [[-1, 6], [9, -4]]
// CHECK: result 0: tensor<2x2xf32> sum=10 abs_sum=20
// CHECK-NEXT: values: {{\[\[}}-1, 6], [9, -4]]
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = call @relu_double(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = "graph.add"(%0, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}
func.func @relu_double(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "graph.relu"(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = "graph.add"(%0, %0) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// Unbounded recursion is an error, not a stack overflow.
// REC: error: 'func.call' op call depth exceeds 200 (is the function recursive?)
func.func @rec(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = call @rec(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
