// The `souffle` pipeline alias (vtc_pass_def.expand, as MLIR's
// PassPipelineRegistration): horizontal, vertical, the long reductions split
// (split-reductions, item 5's partials at the TE level), then with global-sync=true
// (off by default) the partition into subprograms, each switch its
// ablation; the printed pipeline is the expansion.
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle)' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle{global-sync=true})' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=V3
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle{horizontal=false})' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VONLY
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle{horizontal=false vertical=false global-sync=false split-reductions=false},cse)' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle{contractions=true})' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONTR
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle{global-sync=false contractions=true})' %s | FileCheck %s
// RUN: vtc-opt --pass-pipeline='builtin.module(souffle{global-sync=true contractions=true})' %s | FileCheck %s --check-prefix=SUB
// RUN: not vtc-opt --pass-pipeline='builtin.module(souffle{horizontal=maybe})' %s 2>&1 | FileCheck %s --check-prefix=BAD
// BOTH: builtin.module(souffle-horizontal{{.*}},souffle-vertical{{.*}},te-split-reduction{bodies=any{{.*}}})
// BOTH-NOT: souffle-partition
// V3: builtin.module(souffle-horizontal{{.*}},souffle-vertical{{.*}},souffle-partition{{.*}})
// VONLY: builtin.module(souffle-vertical{{.*}})
// VONLY-NOT: souffle-horizontal
// NONE: builtin.module(cse{{.*}})
// CONTR: builtin.module(souffle-horizontal{{{.*}}contractions=true{{.*}}},souffle-vertical{{.*}})
// BAD: error: invalid value 'maybe' for option 'horizontal' of pass 'souffle'

// Two GEMMs of one input (merged along the columns with contractions=true;
// by default each keeps its rKernel), each result cast
// (composed into the sum that reads both).
// CHECK-LABEL: func.func @two
// CHECK-NEXT: %[[M:.*]] = te.compute(%arg0, %arg1, %arg2) shape () -> (4, 16) reduce () -> (8) combiner sum
// CHECK-NEXT: ^bb0
// CHECK: te.compute(%[[M]]) shape () -> (4, 8) : (tensor<4x16xf32>) -> tensor<4x8xf16>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: te.load %[[M]][(d0, d1) -> (d0, d1)]
// CHECK-NEXT: arith.truncf
// CHECK-NEXT: te.load %[[M]][(d0, d1) -> (d0, d1 + 8)]
// CHECK-NEXT: arith.truncf
// CHECK-NEXT: arith.addf
// CHECK-NOT: te.compute
// With global-sync=true the two TEs left share one subprogram,
// which returns the sum:
// SUB-LABEL: func.func @two
// SUB-NEXT: %[[R:.*]] = "te.subprogram"(%arg0, %arg1, %arg2) ({
// SUB-NEXT: ^bb0(%[[X:.*]]: tensor<4x8xf32>, %[[W1:.*]]: tensor<8x8xf32>, %[[W2:.*]]: tensor<8x8xf32>):
// SUB-NEXT: %[[M:.*]] = te.compute(%[[X]], %[[W1]], %[[W2]])
// SUB: %[[S:.*]] = te.compute(%[[M]])
// SUB: "te.return"(%[[S]]) : (tensor<4x8xf16>) -> ()
// SUB-NEXT: }) : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf16>
// SUB-NEXT: return %[[R]]
func.func @two(%x: tensor<4x8xf32>, %w1: tensor<8x8xf32>, %w2: tensor<8x8xf32>) -> tensor<4x8xf16> {
  %a = te.compute(%x, %w1) shape () -> (4, 8) reduce () -> (8) combiner sum init 0.0 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %u = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<4x8xf32> -> f32
    %v = te.load %w1[(d0, d1, d2) -> (d2, d1)] : tensor<8x8xf32> -> f32
    %p = arith.mulf %u, %v : f32
    te.yield %p : f32
  }
  %b = te.compute(%x, %w2) shape () -> (4, 8) reduce () -> (8) combiner sum init 0.0 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %u = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<4x8xf32> -> f32
    %v = te.load %w2[(d0, d1, d2) -> (d2, d1)] : tensor<8x8xf32> -> f32
    %p = arith.mulf %u, %v : f32
    te.yield %p : f32
  }
  %ca = te.compute(%a) shape () -> (4, 8) : (tensor<4x8xf32>) -> tensor<4x8xf16> {
  ^bb0(%i: index, %j: index):
    %u = te.load %a[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    %t = arith.truncf %u : f32 to f16
    te.yield %t : f16
  }
  %cb = te.compute(%b) shape () -> (4, 8) : (tensor<4x8xf32>) -> tensor<4x8xf16> {
  ^bb0(%i: index, %j: index):
    %u = te.load %b[(d0, d1) -> (d0, d1)] : tensor<4x8xf32> -> f32
    %t = arith.truncf %u : f32 to f16
    te.yield %t : f16
  }
  %s = te.compute(%ca, %cb) shape () -> (4, 8) : (tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16> {
  ^bb0(%i: index, %j: index):
    %u = te.load %ca[(d0, d1) -> (d0, d1)] : tensor<4x8xf16> -> f16
    %v = te.load %cb[(d0, d1) -> (d0, d1)] : tensor<4x8xf16> -> f16
    %r = arith.addf %u, %v : f16
    te.yield %r : f16
  }
  return %s : tensor<4x8xf16>
}
