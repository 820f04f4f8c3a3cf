// lower-te-to-gir{min-unit-work} on the CPU: a plain kernel with static
// sizes is launched on at most one unit per min-unit-work of its work
// (points x (flops + loads + 1 store)), so a small one runs on the calling
// thread instead of waking the pool: the tanh of 256 elements (256 x 3 =
// 768: one unit), the add of 64 x 1024 (65536 x 4 = 262144: 17 units, not
// max-units' 256); a `?` size keeps min(items, max-units). min-unit-work=0
// is the ablation; a negative value is a located error. The compiled code
// computes what the reference interpreter does either way.
// RUN: vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir)' | FileCheck %s
// RUN: vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{min-unit-work=0})' | FileCheck %s --check-prefix=OFF
// RUN: not vtc-opt %s --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{min-unit-work=-1})' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: vtc-run %s --target=cpu --check --dim=c.0=37 | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=cpu --check --dim=c.0=37 --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{min-unit-work=0})' | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main
// CHECK-DAG:   %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG:   %[[MAX:.*]] = arith.constant 256 : index
// CHECK-DAG:   %[[SEVENTEEN:.*]] = arith.constant 17 : index
// CHECK:       gir.launch @main_k0[%[[ONE]]]
// CHECK:       gir.launch @main_k1[%[[SEVENTEEN]]]
// CHECK:       %[[N:.*]] = arith.minui %{{.*}}, %[[MAX]] : index
// CHECK:       gir.launch @main_k2[%[[N]]]

// OFF-LABEL: func.func @main
// OFF-DAG:   %[[SIXTEEN:.*]] = arith.constant 16 : index
// OFF-DAG:   %[[MAX:.*]] = arith.constant 256 : index
// OFF:       gir.launch @main_k0[%[[SIXTEEN]]]
// OFF:       gir.launch @main_k1[%[[MAX]]]

// BAD: error: lower-te-to-gir: min-unit-work must be >= 0 (got -1)

// EXEC: check: ok (3 results match the reference interpreter)

func.func @main(%a: tensor<1x256xf32>, %b: tensor<64x1024xf32>, %c: tensor<?x256xf32>) -> (tensor<1x256xf32>, tensor<64x1024xf32>, tensor<?x256xf32>) {
  %x = graph.tanh %a : (tensor<1x256xf32>) -> tensor<1x256xf32>
  %y = graph.add %b, %b : (tensor<64x1024xf32>, tensor<64x1024xf32>) -> tensor<64x1024xf32>
  %z = graph.neg %c : (tensor<?x256xf32>) -> tensor<?x256xf32>
  return %x, %y, %z : tensor<1x256xf32>, tensor<64x1024xf32>, tensor<?x256xf32>
}
