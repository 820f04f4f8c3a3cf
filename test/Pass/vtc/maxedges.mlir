// MAXEDGES (Algorithm 2) is exhaustive over at most 16 candidate edges;
// the concat's result here has 17 (one per input, all results and so
// physical): greedy by weight, with a remark; it still covers the result.
// RUN: vtc-opt --vtc-print-strategy %s -o /dev/null 2>&1 | FileCheck %s

func.func @wide(%x0: tensor<2x4xf32>, %x1: tensor<2x4xf32>, %x2: tensor<2x4xf32>, %x3: tensor<2x4xf32>, %x4: tensor<2x4xf32>, %x5: tensor<2x4xf32>, %x6: tensor<2x4xf32>, %x7: tensor<2x4xf32>, %x8: tensor<2x4xf32>, %x9: tensor<2x4xf32>, %x10: tensor<2x4xf32>, %x11: tensor<2x4xf32>, %x12: tensor<2x4xf32>, %x13: tensor<2x4xf32>, %x14: tensor<2x4xf32>, %x15: tensor<2x4xf32>, %x16: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x68xf32>) {
  %r0 = graph.relu %x0 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r1 = graph.relu %x1 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r2 = graph.relu %x2 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r3 = graph.relu %x3 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r4 = graph.relu %x4 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r5 = graph.relu %x5 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r6 = graph.relu %x6 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r7 = graph.relu %x7 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r8 = graph.relu %x8 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r9 = graph.relu %x9 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r10 = graph.relu %x10 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r11 = graph.relu %x11 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r12 = graph.relu %x12 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r13 = graph.relu %x13 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r14 = graph.relu %x14 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r15 = graph.relu %x15 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r16 = graph.relu %x16 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: remark: vtc: concat.0 has 17 candidate edges: MAXEDGES is greedy above 16
  // CHECK: strategy concat.0: virtual of relu.0 e0 (read),{{.*}} relu.16 e16 (read): Type II, d = 2, chunk 16 B
  %c = graph.concat %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16 {axis = 1} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x68xf32>
  %o = graph.relu %c : (tensor<2x68xf32>) -> tensor<2x68xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %o : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x68xf32>
}
// CHECK: strategy total: {{.*}}, 1 virtual tensors, 1 data-movement ops eliminated
