// `?` dims that map to themselves still map (a dynamic batch through a
// slice, flatten or reshape); an expand of a `?` dim (is it 1?) or a tile
// (mod by a `?`) has no map and is skipped with a remark.
// RUN: vtc-opt --vtc-print-rules %s -o /dev/null 2>&1 | FileCheck %s

func.func @dynamic(%d: tensor<?x8xf32>, %e: tensor<?x4x8xf32>) {
  // CHECK: rule read: result 0 -> operand 0: Type II, d = 2, chunk 16 B
  // CHECK-NEXT: slice
  // CHECK: rule read: result 0 -> operand 0: S = [8, 1], b(I) = 2
  %0 = graph.slice %d {starts = [2], ends = [6], axes = [1]} : (tensor<?x8xf32>) -> tensor<?x4xf32>
  // CHECK: rule read: result 0 -> operand 0: Type I, d = 1, chunk 128 B
  // CHECK-NEXT: flatten
  // CHECK: rule read: result 0 -> operand 0: S = [32, 1], b(I) = 0
  // CHECK: rule write: operand 0 -> result 0: S = [32, 8, 1], b(I) = 0
  %1 = graph.flatten %e {axis = 1} : (tensor<?x4x8xf32>) -> tensor<?x32xf32>
  // CHECK: rule read: result 0 -> operand 0: S = [32, 8, 1], b(I) = 0
  // CHECK: rule write: operand 0 -> result 0: S = [32, 1], b(I) = 0
  %2 = graph.reshape %1 {shape = [-1, 4, 8]} : (tensor<?x32xf32>) -> tensor<?x4x8xf32>
  // CHECK: rule read: result 0 -> operand 0: none (`?` dims with no map)
  // CHECK-NEXT: expand
  %3 = graph.expand %d {shape = [2, 1, 8]} : (tensor<?x8xf32>) -> tensor<2x?x8xf32>
  // CHECK: rule read: result 0 -> operand 0: none (`?` dims with no map)
  // CHECK-NEXT: tile
  %4 = graph.tile %d {repeats = [1, 2]} : (tensor<?x8xf32>) -> tensor<?x16xf32>
  return
}
