// --target=cpu compiles @main with the default pipeline (lower-graph-to-te,
// lower-te-to-gir), gir-to-llvm for the host, the JIT at O3, and calls it
// through libffi. Every op here is exactly rounded (add, mul, max, where,
// casts, data movement, integer sums), so on the same seeded inputs each
// result line (shape, sums, FNV hash of the bytes) equals the reference
// interpreter's, for f32, f16, bf16, i32, i1 and a `?` dim at two sizes.
// RUN: vtc-run %s --seed=7 --shape=0:5x8 --input-range=0:-20:20 --target=interp | grep '^result' > %t.interp5
// RUN: vtc-run %s --seed=7 --shape=0:5x8 --input-range=0:-20:20 --target=cpu | grep '^result' > %t.cpu5
// RUN: diff %t.interp5 %t.cpu5
// RUN: FileCheck %s < %t.cpu5
// RUN: vtc-run %s --seed=8 --shape=0:1x8 --input-range=0:-20:20 --target=interp | grep '^result' > %t.interp1
// RUN: vtc-run %s --seed=8 --shape=0:1x8 --input-range=0:-20:20 --target=cpu | grep '^result' > %t.cpu1
// RUN: diff %t.interp1 %t.cpu1
// RUN: FileCheck %s --check-prefix=ONE < %t.cpu1

// CHECK: result 0: tensor<5x8xf32>
// CHECK-NEXT: result 1: tensor<8x5xf16>
// CHECK-NEXT: result 2: tensor<5x8xbf16>
// CHECK-NEXT: result 3: tensor<8xi32>
// CHECK-NEXT: result 4: tensor<5x8xi1>
// ONE: result 0: tensor<1x8xf32>
// ONE: result 4: tensor<1x8xi1>

// Values known by hand, from .npy inputs: x = arange(6).reshape(2, 3),
// y = [[1, -1], [0.5, 2], [-2, 0.25]] (test basic.mlir's inputs; there the
// reference interpreter gives the same values).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t/y.npy', np.array([[1, -1], [0.5, 2], [-2, 0.25]], np.float32))"
// RUN: vtc-run %S/basic.mlir --target=cpu --print-values --output-dir=%t/out -- %t/x.npy %t/y.npy | FileCheck %s --check-prefix=VALUES
// VALUES:      result 0: tensor<2x2xf32> sum=0.25 abs_sum=17.25 fnv=0x
// VALUES-NEXT:   values: {{\[\[}}-3.5, 2.5], [-5, 6.25]]
// VALUES-NEXT: result 1: tensor<2x3xf32> sum=15.75 abs_sum=15.75 fnv=0x
// VALUES-NEXT:   values: {{\[\[}}1, 1.5, 0], [2, 6, 5.25]]
// Without --report-memory the cpu target prints no memory line.
// VALUES-NOT: peak intermediate bytes
// RUN: %python -c "import numpy as np; x = np.load('%t/x.npy'); y = np.load('%t/y.npy'); assert np.array_equal(np.load('%t/out/result0.npy'), x @ y); assert np.array_equal(np.load('%t/out/result1.npy'), np.maximum(x + y.T, 0))"

// --pass-pipeline replaces the default pipeline (inputs are still made for
// the signature as written); it must end in gir host functions, else the
// compile step says what it found.
// RUN: vtc-run %s --seed=7 --shape=0:5x8 --input-range=0:-20:20 --target=cpu --pass-pipeline='lower-graph-to-te,canonicalize,lower-te-to-gir,cse' --check | FileCheck %s --check-prefix=PIPE
// PIPE: check: ok (5 results
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --shape=0:5x8 --target=cpu --pass-pipeline=lower-graph-to-te 2>&1 | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: target-cpu.mlir:[[@LINE+6]]:1: error: cannot compile @main for the CPU: argument #0 of @main has type tensor<?x8xf32>: the CPU target passes only global buffers of {{.*}} (run lower-te-to-gir first)

// The target table lists it.
// RUN: vtc-run --list-targets | FileCheck %s --check-prefix=LIST
// LIST: cpu {{.*}}VTC's passes, lower-te-to-gir

func.func @main(%x: tensor<?x8xf32>, %y: tensor<8xf32>, %c: tensor<8xi1>) -> (tensor<?x8xf32>, tensor<8x?xf16>, tensor<?x8xbf16>, tensor<8xi32>, tensor<?x8xi1>) {
  %0 = "graph.add"(%x, %y) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %1 = "graph.mul"(%0, %x) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %2 = "graph.max"(%1, %y) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %3 = "graph.where"(%c, %2, %x) : (tensor<8xi1>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %t = "graph.transpose"(%3) {perm = [1, 0]} : (tensor<?x8xf32>) -> tensor<8x?xf32>
  %h = "graph.cast"(%t) {to = f16} : (tensor<8x?xf32>) -> tensor<8x?xf16>
  %b = "graph.cast"(%3) {to = bf16} : (tensor<?x8xf32>) -> tensor<?x8xbf16>
  %s = "graph.mul"(%x, %y) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %i = "graph.cast"(%s) {to = i32} : (tensor<?x8xf32>) -> tensor<?x8xi32>
  %r = "graph.reduce_sum"(%i) {axes = [0], keepdims = false} : (tensor<?x8xi32>) -> tensor<8xi32>
  %m = "graph.relu"(%3) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %g = "graph.cast"(%m) {to = i1} : (tensor<?x8xf32>) -> tensor<?x8xi1>
  return %3, %h, %b, %r, %g : tensor<?x8xf32>, tensor<8x?xf16>, tensor<?x8xbf16>, tensor<8xi32>, tensor<?x8xi1>
}
