// VTC Fig. 7: c = concat(a, b) can be a view of a (edge 1) and of b (edge
// 2) at once, their boxes are disjoint; stored into d (edge 3) it covers
// all of c, which overlaps both. S(c) = {(1, 3), (2, 3)}.
// RUN: vtc-opt --vtc-print-vtog %s -o /dev/null 2>&1 | FileCheck %s
// RUN: vtc-opt --vtc-print-strategy %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTG

func.func @fig7(%x: tensor<4x16xf32>, %y: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %a = graph.relu %x : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %b = graph.relu %y : (tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: vtog edge e0: concat.0 -> relu.0 (concat read): Type I, d = 1, chunk 256 B
  // CHECK: vtog edge e0 map: [0, 4) x [0, ?): S = [16, 1], b(I) = 0
  // CHECK: vtog edge e1: concat.0 -> relu.1 (concat read): Type I, d = 1, chunk 256 B
  // CHECK: vtog edge e1 map: [4, 8) x [0, ?): S = [16, 1], b(I) = -64
  // CHECK: vtog edge e2: relu.0 -> concat.0 (concat write): Type I, d = 1, chunk 256 B
  // CHECK: vtog edge e3: relu.1 -> concat.0 (concat write): Type I, d = 1, chunk 256 B
  // CHECK: vtog edge e3 map: S = [16, 1], b(I) = 64
  %c = graph.concat %a, %b {axis = 0} : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  // CHECK: vtog edge e4: transpose.0 -> concat.0 (transpose read): Type II, d = 3, chunk 4 B
  // CHECK: vtog edge e5: concat.0 -> transpose.0 (transpose write): Type II, d = 3, chunk 4 B
  // CHECK: vtog edge e5 map: S = [1, 8], b(I) = 0
  %d = graph.transpose %c : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %e = graph.relu %d : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %f = graph.transpose %e : (tensor<16x8xf32>) -> tensor<8x16xf32>
  // Edges 1-3 and 2-3 conflict, 1-2 do not; e4 and e5 make a cycle, never both taken.
  // CHECK-DAG: vtog conflict e0, e5: boxes overlap
  // CHECK-DAG: vtog conflict e1, e5: boxes overlap
  // CHECK-NOT: vtog conflict e0, e1
  // Here a and b are stored into c (edges 2-3 of the other direction).
  // PTG-LABEL: strategy relu.0: virtual of concat.0 e2 (write): Type I, d = 1, chunk 256 B
  // PTG: strategy relu.1: virtual of concat.0 e3 (write): Type I, d = 1, chunk 256 B
  // PTG: strategy relu.1 map to concat.0: S = [16, 1], b(I) = 64
  // PTG: strategy concat.0: physical
  return %f : tensor<8x16xf32>
}

// With a and b results (physical), c takes edges 1 and 2 together.
func.func @fig7_results(%x: tensor<4x16xf32>, %y: tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<8x16xf32>) {
  %a = graph.relu %x : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %b = graph.relu %y : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %c = graph.concat %a, %b {axis = 0} : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %d = graph.relu %c : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // PTG-LABEL: strategy relu.0: physical
  // PTG: strategy concat.0: virtual of relu.0 e0 (read), relu.1 e1 (read): Type I, d = 1, chunk 256 B
  // PTG: strategy concat.0 map to relu.0: [0, 4) x [0, ?): S = [16, 1], b(I) = 0
  // PTG: strategy concat.0 map to relu.1: [4, 8) x [0, ?): S = [16, 1], b(I) = -64
  return %a, %b, %d : tensor<4x16xf32>, tensor<4x16xf32>, tensor<8x16xf32>
}
