// --pass-pipeline runs passes before the run: canonicalization removes the
// transpose pair and the identity, and the numbers do not change.
// RUN: vtc-run %s --seed=1 --trace 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: vtc-run %s --seed=1 --trace --pass-pipeline='builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=CANON
// RUN: vtc-run %s --seed=1 | grep '^result' > %t.a
// RUN: vtc-run %s --seed=1 --pass-pipeline='builtin.module(canonicalize)' | grep '^result' > %t.b
// RUN: diff %t.a %t.b
// RUN: not vtc-run %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=BAD

// PLAIN: graph.transpose
// PLAIN: graph.transpose
// PLAIN: graph.identity
// PLAIN: graph.exp
// CANON-NOT: graph.transpose
// CANON-NOT: graph.identity
// CANON: graph.exp
// BAD: error:
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.transpose"(%x) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "graph.transpose"(%0) {perm = [1, 0]} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %2 = "graph.identity"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "graph.exp"(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}
