// souffle-vertical on data movement, numerically: concat (a piecewise map
// whose select uses its indices) -> relu -> reshape (floordiv/mod) ->
// transpose -> strided slice, composed into one TE; the te interpreter
// must match the graph reference interpreter (vtc-run --check), and the
// compiled CPU code too.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical)' %s | FileCheck %s
// RUN: vtc-run --target=te --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical)' --check %s | FileCheck %s --check-prefix=NUM
// RUN: vtc-run --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,souffle,lower-te-to-gir)' --check %s | FileCheck %s --check-prefix=NUM
// CHECK-LABEL: func.func @main
// CHECK:     te.compute
// CHECK-NOT: te.compute
// CHECK:     arith.floordivsi
// CHECK:     arith.cmpi
// CHECK:     return
// NUM: check: ok
func.func @main(%a: tensor<2x6xf32>, %b: tensor<4x6xf32>) -> tensor<3x2xf32> {
  %c = graph.concat %a, %b {axis = 0} : (tensor<2x6xf32>, tensor<4x6xf32>) -> tensor<6x6xf32>
  %r = graph.relu %c : (tensor<6x6xf32>) -> tensor<6x6xf32>
  %s = graph.reshape %r {shape = [4, 9]} : (tensor<6x6xf32>) -> tensor<4x9xf32>
  %t = graph.transpose %s {perm = [1, 0]} : (tensor<4x9xf32>) -> tensor<9x4xf32>
  %u = graph.slice %t {starts = [1, 0], ends = [9, 4], axes = [0, 1], steps = [3, 2]} : (tensor<9x4xf32>) -> tensor<3x2xf32>
  return %u : tensor<3x2xf32>
}
