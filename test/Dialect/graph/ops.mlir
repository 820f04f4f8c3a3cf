// Round trip of every graph op: parse, print, parse again; and the generic form.
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --print-generic %s | vtc-opt --print-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @compute
// GENERIC-LABEL: sym_name = "compute"
func.func @compute(%x: tensor<2x3x4xf32>, %w: tensor<4x5xf32>, %img: tensor<1x4x8x8xf16>, %k: tensor<8x2x3x3xf16>,
                   %bias: tensor<8xf16>, %c: tensor<2x3x4xi1>, %i: tensor<2x3x4xi32>, %q: tensor<1x8x4x16xbf16>,
                   %kv: tensor<1x2x6x16xbf16>) {
  // CHECK: "graph.matmul"(%{{.*}}, %{{.*}}) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  // GENERIC: "graph.matmul"
  %0 = "graph.matmul"(%x, %w) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: "graph.conv2d"({{.*}}) {dilations = [1, 1], group = 2 : i64, pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<1x4x8x8xf16>, tensor<8x2x3x3xf16>, tensor<8xf16>) -> tensor<1x8x4x4xf16>
  %1 = "graph.conv2d"(%img, %k, %bias) {strides = [2, 2], pads = [1, 1, 1, 1], dilations = [1, 1], group = 2} : (tensor<1x4x8x8xf16>, tensor<8x2x3x3xf16>, tensor<8xf16>) -> tensor<1x8x4x4xf16>
  // CHECK: "graph.conv2d"({{.*}}) : (tensor<1x4x8x8xf16>, tensor<8x4x3x3xf16>) -> tensor<1x8x6x6xf16>
  %kk = "graph.constant"() {value = dense<1.0> : tensor<8x4x3x3xf16>} : () -> tensor<8x4x3x3xf16>
  %2 = "graph.conv2d"(%img, %kk) : (tensor<1x4x8x8xf16>, tensor<8x4x3x3xf16>) -> tensor<1x8x6x6xf16>
  // CHECK: "graph.relu"
  // CHECK: "graph.gelu"
  // CHECK: "graph.silu"
  // CHECK: "graph.sigmoid"
  // CHECK: "graph.tanh"
  // CHECK: "graph.exp"
  // CHECK: "graph.log"
  // CHECK: "graph.sqrt"
  // CHECK: "graph.rsqrt"
  // CHECK: "graph.erf"
  // CHECK: "graph.neg"
  // CHECK: "graph.abs"
  %u0 = "graph.relu"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u1 = "graph.gelu"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u2 = "graph.silu"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u3 = "graph.sigmoid"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u4 = "graph.tanh"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u5 = "graph.exp"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u6 = "graph.log"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u7 = "graph.sqrt"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u8 = "graph.rsqrt"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u9 = "graph.erf"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u10 = "graph.neg"(%i) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %u11 = "graph.abs"(%i) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // CHECK: "graph.add"({{.*}}) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: "graph.sub"({{.*}}) : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: "graph.mul"
  // CHECK: "graph.div"
  // CHECK: "graph.pow"({{.*}}) : (tensor<2x3x4xf32>, tensor<2x3x4xi32>) -> tensor<2x3x4xf32>
  // CHECK: "graph.max"
  // CHECK: "graph.min"
  %v = "graph.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %col = "graph.constant"() {value = dense<0.5> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %row = "graph.constant"() {value = dense<0.25> : tensor<2x1x4xf32>} : () -> tensor<2x1x4xf32>
  %b0 = "graph.add"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %b1 = "graph.sub"(%col, %row) : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  %b2 = "graph.mul"(%x, %x) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %b3 = "graph.div"(%x, %x) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %b4 = "graph.pow"(%x, %i) : (tensor<2x3x4xf32>, tensor<2x3x4xi32>) -> tensor<2x3x4xf32>
  %b5 = "graph.max"(%x, %x) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %b6 = "graph.min"(%x, %x) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: "graph.where"({{.*}}) : (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %wh = "graph.where"(%c, %x, %v) : (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: "graph.cast"(%{{.*}}) {to = bf16} : (tensor<2x3x4xf32>) -> tensor<2x3x4xbf16>
  %ca = "graph.cast"(%x) {to = bf16} : (tensor<2x3x4xf32>) -> tensor<2x3x4xbf16>
  // CHECK: "graph.softmax"(%{{.*}}) {axis = -1 : i64}
  %sm = "graph.softmax"(%x) {axis = -1} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: "graph.layer_norm"({{.*}}) {axis = -1 : i64, epsilon = 1.000000e-05 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %ln = "graph.layer_norm"(%x, %v, %v) {axis = -1, epsilon = 1.0e-5 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: "graph.rms_norm"({{.*}}) {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %rn = "graph.rms_norm"(%x, %v) {axis = 2} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: "graph.reduce_sum"(%{{.*}}) {axes = [1], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  // CHECK: "graph.reduce_mean"(%{{.*}}) {axes = [-1]} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  // CHECK: "graph.reduce_max"(%{{.*}}) : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  // CHECK: "graph.reduce_min"(%{{.*}}) {axes = [0, 2], keepdims = false} : (tensor<2x3x4xi1>) -> tensor<3xi1>
  %r0 = "graph.reduce_sum"(%x) {axes = [1], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %r1 = "graph.reduce_mean"(%x) {axes = [-1]} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  %r2 = "graph.reduce_max"(%x) : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %r3 = "graph.reduce_min"(%c) {axes = [0, 2], keepdims = false} : (tensor<2x3x4xi1>) -> tensor<3xi1>
  // CHECK: "graph.attention"({{.*}}) {causal = true, scale = 2.500000e-01 : f64} : (tensor<1x8x4x16xbf16>, tensor<1x2x6x16xbf16>, tensor<1x2x6x16xbf16>) -> tensor<1x8x4x16xbf16>
  %at = "graph.attention"(%q, %kv, %kv) {causal = true, scale = 0.25 : f64} : (tensor<1x8x4x16xbf16>, tensor<1x2x6x16xbf16>, tensor<1x2x6x16xbf16>) -> tensor<1x8x4x16xbf16>
  // CHECK: "graph.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %ci = "graph.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  return
}

// CHECK-LABEL: func.func @movement
func.func @movement(%x: tensor<2x3x4xf32>, %y: tensor<2x5x4xf32>, %img: tensor<1x8x2x3xi64>, %idx: tensor<5xi32>,
                    %nd: tensor<2x1xi64>, %upd: tensor<2x3x4xf32>, %one: tensor<1x3x1xf32>) {
  // CHECK: "graph.reshape"(%{{.*}}) {shape = [6, -1]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %0 = "graph.reshape"(%x) {shape = [6, -1]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK: "graph.transpose"(%{{.*}}) {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = "graph.transpose"(%x) {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // CHECK: %{{.*}}:2 = "graph.split"(%{{.*}}) {axis = 1 : i64, split = [1, 2]} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  %2:2 = "graph.split"(%x) {axis = 1, split = [1, 2]} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  // CHECK: "graph.concat"({{.*}}) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x8x4xf32>
  %3 = "graph.concat"(%x, %y) {axis = 1} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x8x4xf32>
  // CHECK: "graph.slice"(%{{.*}}) {axes = [2], ends = [-100], starts = [-1], steps = [-2]} : (tensor<2x3x4xf32>) -> tensor<2x3x2xf32>
  %4 = "graph.slice"(%x) {starts = [-1], ends = [-100], axes = [2], steps = [-2]} : (tensor<2x3x4xf32>) -> tensor<2x3x2xf32>
  // CHECK: "graph.expand"(%{{.*}}) {shape = [2, 1, 3, 4]} : (tensor<1x3x1xf32>) -> tensor<2x1x3x4xf32>
  %5 = "graph.expand"(%one) {shape = [2, 1, 3, 4]} : (tensor<1x3x1xf32>) -> tensor<2x1x3x4xf32>
  // CHECK: "graph.squeeze"(%{{.*}}) {axes = [0, -1]} : (tensor<1x3x1xf32>) -> tensor<3xf32>
  %6 = "graph.squeeze"(%one) {axes = [0, -1]} : (tensor<1x3x1xf32>) -> tensor<3xf32>
  // CHECK: "graph.unsqueeze"(%{{.*}}) {axes = [1]} : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
  %7 = "graph.unsqueeze"(%x) {axes = [1]} : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
  // CHECK: "graph.flatten"(%{{.*}}) {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %8 = "graph.flatten"(%x) {axis = 2} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK: "graph.gather"(%{{.*}}, %{{.*}}) {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<5xi32>) -> tensor<2x3x5xf32>
  %9 = "graph.gather"(%x, %idx) {axis = 2} : (tensor<2x3x4xf32>, tensor<5xi32>) -> tensor<2x3x5xf32>
  // CHECK: "graph.scatter_nd"({{.*}}) : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  %cache = "graph.constant"() {value = dense<0.0> : tensor<4x3x4xf32>} : () -> tensor<4x3x4xf32>
  %10 = "graph.scatter_nd"(%cache, %nd, %upd) : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  // CHECK: "graph.tile"(%{{.*}}) {repeats = [1, 2, 3]} : (tensor<2x3x4xf32>) -> tensor<2x6x12xf32>
  %11 = "graph.tile"(%x) {repeats = [1, 2, 3]} : (tensor<2x3x4xf32>) -> tensor<2x6x12xf32>
  // CHECK: "graph.pad"(%{{.*}}) {mode = "reflect", pads = [0, 1, 2, 0, 1, 2]} : (tensor<2x3x4xf32>) -> tensor<2x5x8xf32>
  %12 = "graph.pad"(%x) {pads = [0, 1, 2, 0, 1, 2], mode = "reflect"} : (tensor<2x3x4xf32>) -> tensor<2x5x8xf32>
  // CHECK: "graph.pad"(%{{.*}}) {axes = [-1], pads = [1, 1], value = 2.500000e+00 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  %13 = "graph.pad"(%x) {pads = [1, 1], value = 2.5 : f64, axes = [-1]} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  // CHECK: "graph.depth_to_space"(%{{.*}}) {blocksize = 2 : i64, mode = "CRD"} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
  %14 = "graph.depth_to_space"(%img) {blocksize = 2, mode = "CRD"} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
  // CHECK: "graph.space_to_depth"(%{{.*}}) {blocksize = 2 : i64} : (tensor<1x2x4x6xi64>) -> tensor<1x8x2x3xi64>
  %15 = "graph.space_to_depth"(%14) {blocksize = 2} : (tensor<1x2x4x6xi64>) -> tensor<1x8x2x3xi64>
  // CHECK: "graph.identity"(%{{.*}}) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %16 = "graph.identity"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// Dynamic dimensions are accepted everywhere.
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%x: tensor<?x3x?xf32>, %w: tensor<?x5xf32>) -> tensor<?x3x5xf32> {
  // CHECK: "graph.matmul"(%{{.*}}, %{{.*}}) : (tensor<?x3x?xf32>, tensor<?x5xf32>) -> tensor<?x3x5xf32>
  %0 = "graph.matmul"(%x, %w) : (tensor<?x3x?xf32>, tensor<?x5xf32>) -> tensor<?x3x5xf32>
  return %0 : tensor<?x3x5xf32>
}
