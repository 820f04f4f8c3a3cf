// VTC Fig. 11: YOLOv11's C3K2 block (benchmarks/workloads/yolo11-c3k2.small).
// The split halves a, b, the bottleneck's output c and the split's input e
// all become views of Y, the concat's result: the split and the concat move
// no data; each view's chunk (a channel block of one image, 4 x 6 x 6 floats)
// is partially contiguous. Bytes saved: e (2304) + a, b, c (1152 each).
// RUN: vtc-opt --vtc-print-strategy --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s

func.func @main(%x: tensor<2x8x6x6xf32>, %cv1_w: tensor<8x8x1x1xf32>, %cv1_b: tensor<8xf32>, %m_cv1_w: tensor<2x4x3x3xf32>,
                %m_cv1_b: tensor<2xf32>, %m_cv2_w: tensor<4x2x3x3xf32>, %m_cv2_b: tensor<4xf32>, %cv2_w: tensor<16x12x1x1xf32>,
                %cv2_b: tensor<16xf32>) -> tensor<2x16x6x6xf32> {
  %cv1 = graph.conv2d %x, %cv1_w, %cv1_b : (tensor<2x8x6x6xf32>, tensor<8x8x1x1xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32>
  // CHECK: strategy silu.0: virtual of split.0#0 e{{[0-9]+}} (write), split.0#1 e{{[0-9]+}} (write): partial, d = 2, chunk 576 B
  // CHECK: strategy silu.0 map to concat.0: [0, ?) x [0, 4) x [0, ?) x [0, ?): S = [432, 36, 6, 1], b(I) = 0
  // CHECK: strategy silu.0 map to concat.0: [0, ?) x [4, 8) x [0, ?) x [0, ?): S = [432, 36, 6, 1], b(I) = 0
  %e = graph.silu %cv1 : (tensor<2x8x6x6xf32>) -> tensor<2x8x6x6xf32>
  // CHECK: strategy split.0#0: virtual of concat.0 e{{[0-9]+}} (write): partial, d = 2, chunk 576 B
  // CHECK: strategy split.0#0 map to concat.0: S = [432, 36, 6, 1], b(I) = 0
  // CHECK: strategy split.0#1: virtual of concat.0 e{{[0-9]+}} (write): partial, d = 2, chunk 576 B
  // CHECK: strategy split.0#1 map to concat.0: S = [432, 36, 6, 1], b(I) = 144
  %ab:2 = graph.split %e {axis = 1, split = [4, 4]} : (tensor<2x8x6x6xf32>) -> (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>)
  %m_cv1 = graph.conv2d %ab#1, %m_cv1_w, %m_cv1_b {pads = [1, 1, 1, 1]} : (tensor<2x4x6x6xf32>, tensor<2x4x3x3xf32>, tensor<2xf32>) -> tensor<2x2x6x6xf32>
  %t = graph.silu %m_cv1 : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
  %d = graph.conv2d %t, %m_cv2_w, %m_cv2_b {pads = [1, 1, 1, 1]} : (tensor<2x2x6x6xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<2x4x6x6xf32>
  %d_act = graph.silu %d : (tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  // CHECK: strategy add.0: virtual of concat.0 e{{[0-9]+}} (write): partial, d = 2, chunk 576 B
  // CHECK: strategy add.0 map to concat.0: S = [432, 36, 6, 1], b(I) = 288
  %c = graph.add %ab#1, %d_act : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  // CHECK: strategy concat.0: physical
  %y = graph.concat %ab#0, %ab#1, %c {axis = 1} : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<2x12x6x6xf32>
  %cv2 = graph.conv2d %y, %cv2_w, %cv2_b : (tensor<2x12x6x6xf32>, tensor<16x12x1x1xf32>, tensor<16xf32>) -> tensor<2x16x6x6xf32>
  %out = graph.silu %cv2 : (tensor<2x16x6x6xf32>) -> tensor<2x16x6x6xf32>
  return %out : tensor<2x16x6x6xf32>
}
// CHECK: strategy total: {{.*}}, 4 virtual tensors, 2 data-movement ops eliminated
// CHECK: (S) 4 virtualized
// CHECK-NEXT: (S) 2 dm-eliminated
// CHECK-NEXT: (S) 5760 bytes-saved
