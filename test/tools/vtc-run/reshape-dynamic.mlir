// Reshapes and flattens that merge or split dynamic dims (lower-graph-to-te
// lowers them by the row-major linearise/delinearise over symbolic shapes,
// with floordiv/mod by symbols), end to end on the te interpreter and the
// CPU, each against the reference interpreter, at several sizes of the `?`
// dims (N even, M any, zero included). cpu_check.py runs this module too.
// DEFINE: %{dims} = --dim=0.0=2 --dim=1.0=2 --dim=2.1=1 --dim=3.0=8 --dim=4.0=2 --dim=5.0=1 --dim=5.1=2 --dim=6.0=2 --dim=6.1=1 --dim=7.1=1 --dim=8.0=2 --dim=8.1=1 --dim=9.2=1 --dim=10.1=1 --dim=11.0=4
// RUN: vtc-run %s --target=te --check %{dims} | FileCheck %s
// RUN: vtc-run %s --target=cpu --check %{dims} | FileCheck %s
// REDEFINE: %{dims} = --dim=0.0=4 --dim=1.0=4 --dim=2.1=5 --dim=3.0=16 --dim=4.0=4 --dim=5.0=5 --dim=5.1=4 --dim=6.0=4 --dim=6.1=5 --dim=7.1=5 --dim=8.0=4 --dim=8.1=5 --dim=9.2=5 --dim=10.1=5 --dim=11.0=4
// RUN: vtc-run %s --target=te --check %{dims} | FileCheck %s --check-prefixes=CHECK,SHAPES
// RUN: vtc-run %s --target=cpu --check %{dims} | FileCheck %s --check-prefixes=CHECK,SHAPES
// REDEFINE: %{dims} = --dim=0.0=10 --dim=1.0=10 --dim=2.1=3 --dim=3.0=40 --dim=4.0=10 --dim=5.0=3 --dim=5.1=10 --dim=6.0=10 --dim=6.1=3 --dim=7.1=3 --dim=8.0=10 --dim=8.1=3 --dim=9.2=3 --dim=10.1=3 --dim=11.0=4
// RUN: vtc-run %s --target=te --check %{dims} | FileCheck %s
// RUN: vtc-run %s --target=cpu --check %{dims} | FileCheck %s
// REDEFINE: %{dims} = --dim=0.0=0 --dim=1.0=0 --dim=2.1=2 --dim=3.0=0 --dim=4.0=0 --dim=5.0=2 --dim=5.1=0 --dim=6.0=0 --dim=6.1=2 --dim=7.1=0 --dim=8.0=0 --dim=8.1=2 --dim=9.2=0 --dim=10.1=2 --dim=11.0=4
// RUN: vtc-run %s --target=te --check %{dims} | FileCheck %s
// RUN: vtc-run %s --target=cpu --check %{dims} | FileCheck %s

// N = 4, M = 5:
// SHAPES: result 0: tensor<32xf32>
// SHAPES: result 1: tensor<4x2x2xf32>
// SHAPES: result 2: tensor<2x8xf32>
// SHAPES: result 3: tensor<10xf32>
// SHAPES: result 4: tensor<4x4xf32>
// SHAPES: result 5: tensor<4x4xf32>
// SHAPES: result 6: tensor<6x4xf32>
// SHAPES: result 7: tensor<20xf32>
// SHAPES: result 8: tensor<4x20xf32>
// SHAPES: result 9: tensor<3x20xf32>
// SHAPES: result 10: tensor<15x4xf32>
// SHAPES: result 11: tensor<20x3xf32>
// SHAPES: result 12: tensor<60x1xf32>
// SHAPES: result 13: tensor<6x5xf32>
// SHAPES: result 14: tensor<10x3xf32>
// SHAPES: result 15: tensor<2x6xf32>
// SHAPES: result 16: tensor<8x2x2xf32>
// SHAPES: result 17: tensor<1x60xf32>
// CHECK: check: ok (18 results match the reference interpreter)

func.func @main(%a: tensor<?x8xf32>, %b: tensor<?x4xf32>, %c: tensor<2x?xf32>, %d: tensor<?xf32>, %e: tensor<?x6xf32>,
                %f: tensor<?x?xf32>, %g: tensor<?x?x4xf32>, %h: tensor<3x?x4xf32>, %i: tensor<?x?x3xf32>,
                %j: tensor<3x4x?xf32>, %k: tensor<2x?x3xf32>, %s: tensor<?x3xf32>)
    -> (tensor<?xf32>, tensor<?x2x2xf32>, tensor<2x?xf32>, tensor<?xf32>, tensor<?x4xf32>, tensor<4x?xf32>,
        tensor<?x4xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<3x?xf32>, tensor<?x4xf32>, tensor<?x3xf32>,
        tensor<?x1xf32>, tensor<6x?xf32>, tensor<?x3xf32>, tensor<2x6xf32>, tensor<?x2x2xf32>, tensor<1x?xf32>) {
  // A static dim merged into a dynamic one, split off again, merged across.
  %0 = "graph.reshape"(%a) {shape = [-1]} : (tensor<?x8xf32>) -> tensor<?xf32>
  %1 = "graph.reshape"(%b) {shape = [-1, 2, 2]} : (tensor<?x4xf32>) -> tensor<?x2x2xf32>
  %2 = "graph.reshape"(%b) {shape = [2, -1]} : (tensor<?x4xf32>) -> tensor<2x?xf32>
  // The dynamic dim inner; a dynamic dim split into dynamic and static.
  %3 = "graph.reshape"(%c) {shape = [-1]} : (tensor<2x?xf32>) -> tensor<?xf32>
  %4 = "graph.reshape"(%d) {shape = [-1, 4]} : (tensor<?xf32>) -> tensor<?x4xf32>
  %5 = "graph.reshape"(%d) {shape = [4, -1]} : (tensor<?xf32>) -> tensor<4x?xf32>
  %6 = "graph.reshape"(%e) {shape = [-1, 4]} : (tensor<?x6xf32>) -> tensor<?x4xf32>
  // Two dynamic dims merged; a copied dynamic dim beside a merge.
  %7 = "graph.reshape"(%f) {shape = [-1]} : (tensor<?x?xf32>) -> tensor<?xf32>
  %8 = "graph.reshape"(%g) {shape = [0, -1]} : (tensor<?x?x4xf32>) -> tensor<?x?xf32>
  // Flatten on either side of the dynamic dim.
  %9 = "graph.flatten"(%h) {axis = 1} : (tensor<3x?x4xf32>) -> tensor<3x?xf32>
  %10 = "graph.flatten"(%h) {axis = 2} : (tensor<3x?x4xf32>) -> tensor<?x4xf32>
  %11 = "graph.flatten"(%i) {axis = -1} : (tensor<?x?x3xf32>) -> tensor<?x3xf32>
  %12 = "graph.flatten"(%j) {axis = 3} : (tensor<3x4x?xf32>) -> tensor<?x1xf32>
  // Symbolic strides on both sides of one group.
  %13 = "graph.reshape"(%k) {shape = [6, -1]} : (tensor<2x?x3xf32>) -> tensor<6x?xf32>
  %14 = "graph.reshape"(%k) {shape = [-1, 3]} : (tensor<2x?x3xf32>) -> tensor<?x3xf32>
  // A static result fixes the dynamic dim (4); a reshape of a reshape.
  %15 = "graph.reshape"(%s) {shape = [2, 6]} : (tensor<?x3xf32>) -> tensor<2x6xf32>
  %16 = "graph.reshape"(%0) {shape = [-1, 2, 2]} : (tensor<?xf32>) -> tensor<?x2x2xf32>
  %17 = "graph.flatten"(%j) {axis = 0} : (tensor<3x4x?xf32>) -> tensor<1x?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17
      : tensor<?xf32>, tensor<?x2x2xf32>, tensor<2x?xf32>, tensor<?xf32>, tensor<?x4xf32>, tensor<4x?xf32>,
        tensor<?x4xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<3x?xf32>, tensor<?x4xf32>, tensor<?x3xf32>,
        tensor<?x1xf32>, tensor<6x?xf32>, tensor<?x3xf32>, tensor<2x6xf32>, tensor<?x2x2xf32>, tensor<1x?xf32>
}
