// The IR of VTC's views realised by load composition: lower-graph-to-te
// carries vtc-virtualize's annotation to the view's TE ({vtc.view}), and
// souffle-vertical{producers=vtc-views} composes only those TEs into their
// consumers. The transpose read by relu is a read view: its TE goes and
// relu loads %arg0 through the transposed map. The second transpose is a
// write view (neg's result stored through its inverse) whose result is
// returned: nothing reads it, so it stays. neg is no view, so it is not
// composed (producers=all, Souffle's own setting, would compose it).
// RUN: vtc-opt %s --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te)' | FileCheck %s --check-prefix=MARKED
// RUN: vtc-opt %s --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views})' | FileCheck %s --check-prefix=VIEWS
// RUN: vtc-opt %s --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=all})' | FileCheck %s --check-prefix=ALL
// RUN: vtc-opt %s --pass-pipeline='builtin.module(vtc-virtualize{strategy=none},lower-graph-to-te,souffle-vertical{producers=vtc-views})' | FileCheck %s --check-prefix=NONE

// MARKED: %[[T:.*]] = te.compute(%arg0) shape () -> (6, 4) {vtc.view = "read"}
// MARKED-NEXT: ^bb0
// MARKED-NEXT: te.load %arg0[(d0, d1) -> (d1, d0)]
// MARKED: te.compute(%[[T]]) shape () -> (6, 4) :
// MARKED: %[[N:.*]] = te.compute(%arg0) shape () -> (4, 6) :
// MARKED: te.compute(%[[N]]) shape () -> (6, 4) {vtc.view = "write"}

// VIEWS-NOT: vtc.view = "read"
// VIEWS: %[[R:.*]] = te.compute(%arg0) shape () -> (6, 4) :
// VIEWS-NEXT: ^bb0
// VIEWS-NEXT: te.load %arg0[(d0, d1) -> (d1, d0)]
// VIEWS: arith.cmpf olt
// VIEWS: %[[N:.*]] = te.compute(%arg0) shape () -> (4, 6) :
// VIEWS: arith.negf
// VIEWS: %[[U:.*]] = te.compute(%[[N]]) shape () -> (6, 4) {vtc.view = "write"}
// VIEWS: return %[[R]], %[[U]]

// ALL: %[[R:.*]] = te.compute(%arg0) shape () -> (6, 4) :
// ALL: %[[U:.*]] = te.compute(%arg0) shape () -> (6, 4) {vtc.view = "write"}
// ALL: te.load %arg0[(d0, d1) -> (d1, d0)]
// ALL-NEXT: arith.negf
// ALL: return %[[R]], %[[U]]

// Without views nothing is marked and nothing composed: four TEs.
// NONE-NOT: vtc.view
// NONE-COUNT-4: te.compute
// NONE-NOT: te.compute

func.func @main(%x: tensor<4x6xf32>) -> (tensor<6x4xf32>, tensor<6x4xf32>) {
  %t = graph.transpose %x {perm = [1, 0]} : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %r = graph.relu %t : (tensor<6x4xf32>) -> tensor<6x4xf32>
  %n = graph.neg %x : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %u = graph.transpose %n {perm = [1, 0]} : (tensor<4x6xf32>) -> tensor<6x4xf32>
  return %r, %u : tensor<6x4xf32>, tensor<6x4xf32>
}
