// --check runs the graph reference interpreter on the module as written and
// the same inputs, and compares every result (vtc-run --help, CHECK):
// rel_err = max|got - ref| / max|ref| against the tolerance of the result's
// dtype or the function's lowest-precision float type (f32 1e-4, f16 1e-2,
// bf16 3e-2, integers exact). exp and softmax go through gir-to-llvm's f32
// approximation of exp, so they are close to the interpreter's f64 libm
// results but not bit-exact.
// RUN: vtc-run %s --target=cpu --check --input-range=0:-4:4 | FileCheck %s
// CHECK: result 0: tensor<64x64xf32>
// CHECK: result 1: tensor<64x64xf32>
// CHECK: check: result 0: rel_err={{[0-9.e-]+}} (max_abs_err={{[0-9.e-]+}}, max_abs_ref=54.{{[0-9]+}}) tol=0.0001: ok
// CHECK: check: result 1: rel_err={{[0-9.e-]+}} ({{.*}}) tol=0.0001: ok
// CHECK: check: ok (2 results match the reference interpreter)

// A mismatch fails loudly: --check-rtol=0 asks for bit-exact results, which
// the approximated exp does not give. Each result says MISMATCH with its
// worst element, stdout ends with `check: MISMATCH`, stderr has the error
// and the exit status is 1.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --target=cpu --check-rtol=0 --input-range=0:-4:4 > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: FileCheck %s --check-prefix=STDERR < %t.err
// BAD: check: result 0: rel_err={{[0-9.e-]+}} ({{.*}}) tol=0: MISMATCH
// BAD-NEXT: check: result 0: worst at flat index {{[0-9]+}}: got {{.*}}, reference {{.*}} ({{[0-9]+}} of 4096 elements over the tolerance, 0 NaN/inf mismatches)
// BAD: check: result 1: {{.*}} tol=0: MISMATCH
// BAD: check: MISMATCH
// BAD-NOT: check: ok
// STDERR: vtc-run: error: check: MISMATCH: 2 of 2 results of @main differ from the reference interpreter beyond the tolerance
// The same tolerance the default check applies passes when given explicitly.
// RUN: vtc-run %s --target=cpu --check-rtol=1e-4 --input-range=0:-4:4 | FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT: check: ok

// Workloads: bf16 (the KV-cache decode: bf16 tolerance, valid scatter
// indices in [0, 2)), a dynamic GEMM at two sizes, and the fp16-matmul BERT
// layer (f32 result, compared at f16 tolerance: the function computes in f16).
// RUN: vtc-run %vtc_src/benchmarks/workloads/llama3-decode-kv.small.mlir --seed=3 --input-range=4:0:2 --target=cpu --check | FileCheck %s --check-prefix=BF16
// BF16: check: result 0: {{.*}} tol=0.03: ok
// BF16: check: result 2: {{.*}} tol=0.03: ok
// BF16: check: ok (3 results
// RUN: vtc-run %vtc_src/benchmarks/workloads/bert-gemm-dynamic.small.mlir --shape=0:1x24 --target=cpu --check | FileCheck %s --check-prefix=DYN
// RUN: vtc-run %vtc_src/benchmarks/workloads/bert-gemm-dynamic.small.mlir --shape=0:33x24 --target=cpu --check | FileCheck %s --check-prefix=DYN
// DYN: check: result 0: {{.*}} tol=0.0001: ok
// DYN: check: ok (1 results
// RUN: vtc-run %vtc_src/benchmarks/workloads/bert-layer.small.mlir --target=cpu --check | FileCheck %s --check-prefix=HALF
// HALF: result 0: tensor<{{.*}}xf32>
// HALF: check: result 0: {{.*}} tol=0.01: ok

// --check works with every target: the te interpreter matches too, and so
// does the reference interpreter itself, exactly.
// RUN: vtc-run %s --target=te --check --input-range=0:-4:4 | FileCheck %s --check-prefix=TE
// TE: check: ok (2 results
// RUN: vtc-run %s --target=interp --check-rtol=0 | FileCheck %s --check-prefix=SELF
// SELF: check: result 0: rel_err=0 {{.*}}: ok
// SELF: check: ok

func.func @main(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %0 = "graph.exp"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = "graph.softmax"(%x) {axis = -1} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0, %1 : tensor<64x64xf32>, tensor<64x64xf32>
}
