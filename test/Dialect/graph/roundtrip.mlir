// The graph dialect's custom form, for every op and its attributes:
// `%r = graph.op %a, %b {attrs} : (ta, tb) -> tr` (MLIR's `operands attr-dict
// : functional-type(operands, results)`), `%r:2 = graph.split ...` for several
// results, `graph.constant dense<...> : tensor<...>` for constants. Printed,
// printed again after re-parsing, and in the generic form mlir-opt reads.
// Attributes at their ONNX default (the op table's) are left out of the custom
// form, as MLIR's attr-dict leaves out default-valued attributes; the generic
// form prints every attribute the op has.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s
// A default left out is absent after re-parsing, and means the same:
// RUN: vtc-opt %s | vtc-opt --print-generic | FileCheck %s --check-prefix=REPARSED
// IR dumps print the custom form too:
// RUN: vtc-opt %s --graph-infer-shapes --print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: IR Dump After graph-infer-shapes
// DUMP: %0 = graph.matmul %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
// DUMP: %5:2 = graph.split %arg0 {axis = 1 : i64, split = [1, 2]}

// CHECK-LABEL: func.func @compute(
// GENERIC-LABEL: "func.func"() ({
// GENERIC-NEXT: ^bb0(
func.func @compute(%x: tensor<2x3x4xf32>, %w: tensor<4x5xf32>, %img: tensor<1x4x8x8xf16>, %k: tensor<8x2x3x3xf16>,
                   %bias: tensor<8xf16>, %c: tensor<2x3x4xi1>, %i: tensor<2x3x4xi32>, %q: tensor<1x8x4x16xbf16>,
                   %kv: tensor<1x2x6x16xbf16>, %v4: tensor<4xf32>) {
  // CHECK-NEXT: %0 = graph.matmul %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  // GENERIC-NEXT: %0 = "graph.matmul"(%arg0, %arg1) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %mm = graph.matmul %x, %w : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK-NEXT: %1 = graph.conv2d %arg2, %arg3, %arg4 {group = 2 : i64, pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<1x4x8x8xf16>, tensor<8x2x3x3xf16>, tensor<8xf16>) -> tensor<1x8x4x4xf16>
  // REPARSED: "graph.conv2d"(%arg2, %arg3, %arg4) {group = 2 : i64, pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<1x4x8x8xf16>, tensor<8x2x3x3xf16>, tensor<8xf16>) -> tensor<1x8x4x4xf16>
  // GENERIC-NEXT: %1 = "graph.conv2d"(%arg2, %arg3, %arg4) {auto_pad = "NOTSET", dilations = [1, 1], group = 2 : i64, pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<1x4x8x8xf16>, tensor<8x2x3x3xf16>, tensor<8xf16>) -> tensor<1x8x4x4xf16>
  %cv = graph.conv2d %img, %k, %bias {strides = [2, 2], pads = [1, 1, 1, 1], dilations = [1, 1], group = 2, auto_pad = "NOTSET"} : (tensor<1x4x8x8xf16>, tensor<8x2x3x3xf16>, tensor<8xf16>) -> tensor<1x8x4x4xf16>
  // CHECK-NEXT: %2 = graph.constant dense<1.000000e+00> : tensor<8x4x3x3xf16>
  // GENERIC-NEXT: %2 = "graph.constant"() {value = dense<1.000000e+00> : tensor<8x4x3x3xf16>} : () -> tensor<8x4x3x3xf16>
  %kk = graph.constant dense<1.0> : tensor<8x4x3x3xf16>
  // CHECK-NEXT: %3 = graph.conv2d %arg2, %2 {auto_pad = "SAME_UPPER", dilations = [2, 1]} : (tensor<1x4x8x8xf16>, tensor<8x4x3x3xf16>) -> tensor<1x8x8x8xf16>
  // GENERIC-NEXT: %3 = "graph.conv2d"(%arg2, %2) {auto_pad = "SAME_UPPER", dilations = [2, 1]} : (tensor<1x4x8x8xf16>, tensor<8x4x3x3xf16>) -> tensor<1x8x8x8xf16>
  %cv2 = graph.conv2d %img, %kk {dilations = [2, 1], auto_pad = "SAME_UPPER"} : (tensor<1x4x8x8xf16>, tensor<8x4x3x3xf16>) -> tensor<1x8x8x8xf16>
  // CHECK-NEXT: %4 = graph.relu %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %4 = "graph.relu"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u0 = graph.relu %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %5 = graph.gelu %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %5 = "graph.gelu"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u1 = graph.gelu %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %6 = graph.silu %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %6 = "graph.silu"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u2 = graph.silu %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %7 = graph.sigmoid %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %7 = "graph.sigmoid"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u3 = graph.sigmoid %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %8 = graph.tanh %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %8 = "graph.tanh"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u4 = graph.tanh %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %9 = graph.exp %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %9 = "graph.exp"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u5 = graph.exp %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %10 = graph.log %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %10 = "graph.log"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u6 = graph.log %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %11 = graph.sqrt %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %11 = "graph.sqrt"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u7 = graph.sqrt %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %12 = graph.rsqrt %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %12 = "graph.rsqrt"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u8 = graph.rsqrt %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %13 = graph.erf %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %13 = "graph.erf"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %u9 = graph.erf %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %14 = graph.neg %arg6 : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // GENERIC-NEXT: %14 = "graph.neg"(%arg6) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %u10 = graph.neg %i : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // CHECK-NEXT: %15 = graph.abs %arg6 : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // GENERIC-NEXT: %15 = "graph.abs"(%arg6) : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %u11 = graph.abs %i : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // CHECK-NEXT: %16 = graph.constant dense<5.000000e-01> : tensor<3x1xf32>
  // GENERIC-NEXT: %16 = "graph.constant"() {value = dense<5.000000e-01> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %col = graph.constant dense<0.5> : tensor<3x1xf32>
  // CHECK-NEXT: %17 = graph.constant dense<{{\[\[\[}}2.500000e-01, 5.000000e-01, 7.500000e-01, 1.000000e+00]], {{\[\[}}-1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00]]]> : tensor<2x1x4xf32>
  // GENERIC-NEXT: %17 = "graph.constant"() {value = dense<{{\[\[\[}}2.500000e-01, 5.000000e-01, 7.500000e-01, 1.000000e+00]], {{\[\[}}-1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00]]]> : tensor<2x1x4xf32>} : () -> tensor<2x1x4xf32>
  %row = graph.constant dense<[[[0.25, 0.5, 0.75, 1.0]], [[-1.0, -2.0, -3.0, -4.0]]]> : tensor<2x1x4xf32>
  // CHECK-NEXT: %18 = graph.add %arg0, %arg9 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %18 = "graph.add"(%arg0, %arg9) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %b0 = graph.add %x, %v4 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %19 = graph.sub %16, %17 : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %19 = "graph.sub"(%16, %17) : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  %b1 = graph.sub %col, %row : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %20 = graph.mul %arg0, %arg0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %20 = "graph.mul"(%arg0, %arg0) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %b2 = graph.mul %x, %x : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %21 = graph.div %arg0, %arg0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %21 = "graph.div"(%arg0, %arg0) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %b3 = graph.div %x, %x : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %22 = graph.pow %arg0, %arg6 : (tensor<2x3x4xf32>, tensor<2x3x4xi32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %22 = "graph.pow"(%arg0, %arg6) : (tensor<2x3x4xf32>, tensor<2x3x4xi32>) -> tensor<2x3x4xf32>
  %b4 = graph.pow %x, %i : (tensor<2x3x4xf32>, tensor<2x3x4xi32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %23 = graph.max %arg0, %arg0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %23 = "graph.max"(%arg0, %arg0) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %b5 = graph.max %x, %x : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %24 = graph.min %arg0, %arg0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %24 = "graph.min"(%arg0, %arg0) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %b6 = graph.min %x, %x : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %25 = graph.where %arg5, %arg0, %arg9 : (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %25 = "graph.where"(%arg5, %arg0, %arg9) : (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %wh = graph.where %c, %x, %v4 : (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %26 = graph.cast %arg0 {to = bf16} : (tensor<2x3x4xf32>) -> tensor<2x3x4xbf16>
  // GENERIC-NEXT: %26 = "graph.cast"(%arg0) {to = bf16} : (tensor<2x3x4xf32>) -> tensor<2x3x4xbf16>
  %ca = graph.cast %x {to = bf16} : (tensor<2x3x4xf32>) -> tensor<2x3x4xbf16>
  // CHECK-NEXT: %27 = graph.softmax %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // REPARSED: %27 = "graph.softmax"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %27 = "graph.softmax"(%arg0) {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %sm = graph.softmax %x {axis = -1} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %28 = graph.softmax %arg0 {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %28 = "graph.softmax"(%arg0) {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %sm1 = graph.softmax %x {axis = 1} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %29 = graph.layer_norm %arg0, %arg9, %arg9 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // REPARSED-NEXT: %28 = "graph.softmax"(%arg0) {axis = 1 : i64}
  // REPARSED-NEXT: %29 = "graph.layer_norm"(%arg0, %arg9, %arg9) : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %29 = "graph.layer_norm"(%arg0, %arg9, %arg9) {axis = -1 : i64, epsilon = 1.000000e-05 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %ln = graph.layer_norm %x, %v4, %v4 {axis = -1, epsilon = 1.0e-05} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %30 = graph.layer_norm %arg0, %arg9 {epsilon = 9.9999999999999998E-13 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %30 = "graph.layer_norm"(%arg0, %arg9) {epsilon = 9.9999999999999998E-13 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %ln2 = graph.layer_norm %x, %v4 {epsilon = 1.0e-12} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %31 = graph.rms_norm %arg0, %arg9 {axis = 2 : i64, epsilon = 9.99999997E-7 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %31 = "graph.rms_norm"(%arg0, %arg9) {axis = 2 : i64, epsilon = 9.99999997E-7 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %rn = graph.rms_norm %x, %v4 {axis = 2, epsilon = 1.0e-06 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %32 = graph.reduce_sum %arg0 {axes = [1], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  // GENERIC-NEXT: %32 = "graph.reduce_sum"(%arg0) {axes = [1], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %r0 = graph.reduce_sum %x {axes = [1], keepdims = false} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: %33 = graph.reduce_mean %arg0 {axes = [-1]} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  // GENERIC-NEXT: %33 = "graph.reduce_mean"(%arg0) {axes = [-1], keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  %r1 = graph.reduce_mean %x {axes = [-1], keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  // CHECK-NEXT: %34 = graph.reduce_max %arg0 : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  // GENERIC-NEXT: %34 = "graph.reduce_max"(%arg0) : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %r2 = graph.reduce_max %x : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  // CHECK-NEXT: %35 = graph.reduce_min %arg5 {axes = [0, 2], keepdims = false} : (tensor<2x3x4xi1>) -> tensor<3xi1>
  // GENERIC-NEXT: %35 = "graph.reduce_min"(%arg5) {axes = [0, 2], keepdims = false, noop_with_empty_axes = false} : (tensor<2x3x4xi1>) -> tensor<3xi1>
  %r3 = graph.reduce_min %c {axes = [0, 2], keepdims = false, noop_with_empty_axes = false} : (tensor<2x3x4xi1>) -> tensor<3xi1>
  // CHECK-NEXT: %36 = graph.reduce_sum %arg0 {axes = [], noop_with_empty_axes = true} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %36 = "graph.reduce_sum"(%arg0) {axes = [], noop_with_empty_axes = true} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %r4 = graph.reduce_sum %x {axes = [], noop_with_empty_axes = true} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %37 = graph.attention %arg7, %arg8, %arg8 {causal = true, scale = 2.500000e-01 : f64} : (tensor<1x8x4x16xbf16>, tensor<1x2x6x16xbf16>, tensor<1x2x6x16xbf16>) -> tensor<1x8x4x16xbf16>
  // GENERIC-NEXT: %37 = "graph.attention"(%arg7, %arg8, %arg8) {causal = true, scale = 2.500000e-01 : f64} : (tensor<1x8x4x16xbf16>, tensor<1x2x6x16xbf16>, tensor<1x2x6x16xbf16>) -> tensor<1x8x4x16xbf16>
  %at = graph.attention %q, %kv, %kv {causal = true, scale = 0.25} : (tensor<1x8x4x16xbf16>, tensor<1x2x6x16xbf16>, tensor<1x2x6x16xbf16>) -> tensor<1x8x4x16xbf16>
  // CHECK-NEXT: %38 = graph.attention %arg7, %arg8, %arg8 : (tensor<1x8x4x16xbf16>, tensor<1x2x6x16xbf16>, tensor<1x2x6x16xbf16>) -> tensor<1x8x4x16xbf16>
  // GENERIC-NEXT: %38 = "graph.attention"(%arg7, %arg8, %arg8) {causal = false} : (tensor<1x8x4x16xbf16>, tensor<1x2x6x16xbf16>, tensor<1x2x6x16xbf16>) -> tensor<1x8x4x16xbf16>
  %at2 = graph.attention %q, %kv, %kv {causal = false} : (tensor<1x8x4x16xbf16>, tensor<1x2x6x16xbf16>, tensor<1x2x6x16xbf16>) -> tensor<1x8x4x16xbf16>
  // CHECK-NEXT: %39 = graph.constant dense<[1, 2]> : tensor<2xi64>
  // GENERIC-NEXT: %39 = "graph.constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %ci = graph.constant dense<[1, 2]> : tensor<2xi64>
  // CHECK-NEXT: %40 = graph.constant {note = "kept"} dense<[true, false]> : tensor<2xi1>
  // GENERIC-NEXT: %40 = "graph.constant"() {note = "kept", value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %cb = graph.constant {note = "kept"} dense<[true, false]> : tensor<2xi1>
  // CHECK-NEXT: %41 = graph.constant {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> tensor<?xf32>
  // GENERIC-NEXT: %41 = "graph.constant"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> tensor<?xf32>
  %cd = graph.constant {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<?xf32>
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @movement(
// GENERIC-LABEL: "func.func"() ({
// GENERIC-NEXT: ^bb0(
func.func @movement(%x: tensor<2x3x4xf32>, %y: tensor<2x5x4xf32>, %z: tensor<1x8x2x3xi64>, %g: tensor<5xi32>,
                    %si: tensor<2x1xi64>, %su: tensor<2x3x4xf32>, %e: tensor<1x3x1xf32>) {
  // CHECK-NEXT: %0 = graph.reshape %arg0 {shape = [6, -1]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // GENERIC-NEXT: %0 = "graph.reshape"(%arg0) {shape = [6, -1]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %rs = graph.reshape %x {shape = [6, -1]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK-NEXT: %1 = graph.reshape %arg0 {shape = [0, 12]} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  // GENERIC-NEXT: %1 = "graph.reshape"(%arg0) {allowzero = false, shape = [0, 12]} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %rs0 = graph.reshape %x {shape = [0, 12], allowzero = false} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  // CHECK-NEXT: %2 = graph.reshape %arg0 {allowzero = true, shape = [2, 12]} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  // GENERIC-NEXT: %2 = "graph.reshape"(%arg0) {allowzero = true, shape = [2, 12]} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %rs1 = graph.reshape %x {shape = [2, 12], allowzero = true} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  // CHECK-NEXT: %3 = graph.transpose %arg0 {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // GENERIC-NEXT: %3 = "graph.transpose"(%arg0) {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %tr = graph.transpose %x {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // CHECK-NEXT: %4 = graph.transpose %arg0 : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  // GENERIC-NEXT: %4 = "graph.transpose"(%arg0) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  %trd = graph.transpose %x : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  // CHECK-NEXT: %5:2 = graph.split %arg0 {axis = 1 : i64, split = [1, 2]} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  // GENERIC-NEXT: %5:2 = "graph.split"(%arg0) {axis = 1 : i64, split = [1, 2]} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  %sp:2 = graph.split %x {axis = 1, split = [1, 2]} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  // CHECK-NEXT: %6:2 = graph.split %arg0 : (tensor<2x3x4xf32>) -> (tensor<1x3x4xf32>, tensor<1x3x4xf32>)
  // GENERIC-NEXT: %6:2 = "graph.split"(%arg0) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> (tensor<1x3x4xf32>, tensor<1x3x4xf32>)
  %sp2:2 = graph.split %x {axis = 0} : (tensor<2x3x4xf32>) -> (tensor<1x3x4xf32>, tensor<1x3x4xf32>)
  // CHECK-NEXT: %7 = graph.concat %arg0, %arg1, %5#1 {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x2x4xf32>) -> tensor<2x10x4xf32>
  // GENERIC-NEXT: %7 = "graph.concat"(%arg0, %arg1, %5#1) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x2x4xf32>) -> tensor<2x10x4xf32>
  %cc = graph.concat %x, %y, %sp#1 {axis = 1} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x2x4xf32>) -> tensor<2x10x4xf32>
  // CHECK-NEXT: %8 = graph.concat %arg0 {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %8 = "graph.concat"(%arg0) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %cc1 = graph.concat %x {axis = 0} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: %9 = graph.slice %arg0 {axes = [2], ends = [-100], starts = [-1], steps = [-2]} : (tensor<2x3x4xf32>) -> tensor<2x3x2xf32>
  // GENERIC-NEXT: %9 = "graph.slice"(%arg0) {axes = [2], ends = [-100], starts = [-1], steps = [-2]} : (tensor<2x3x4xf32>) -> tensor<2x3x2xf32>
  %sl = graph.slice %x {starts = [-1], ends = [-100], axes = [2], steps = [-2]} : (tensor<2x3x4xf32>) -> tensor<2x3x2xf32>
  // CHECK-NEXT: %10 = graph.slice %arg0 {ends = [1, 3], starts = [0, 1]} : (tensor<2x3x4xf32>) -> tensor<1x2x4xf32>
  // GENERIC-NEXT: %10 = "graph.slice"(%arg0) {ends = [1, 3], starts = [0, 1]} : (tensor<2x3x4xf32>) -> tensor<1x2x4xf32>
  %sl2 = graph.slice %x {starts = [0, 1], ends = [1, 3]} : (tensor<2x3x4xf32>) -> tensor<1x2x4xf32>
  // CHECK-NEXT: %11 = graph.expand %arg6 {shape = [2, 1, 3, 4]} : (tensor<1x3x1xf32>) -> tensor<2x1x3x4xf32>
  // GENERIC-NEXT: %11 = "graph.expand"(%arg6) {shape = [2, 1, 3, 4]} : (tensor<1x3x1xf32>) -> tensor<2x1x3x4xf32>
  %ex = graph.expand %e {shape = [2, 1, 3, 4]} : (tensor<1x3x1xf32>) -> tensor<2x1x3x4xf32>
  // CHECK-NEXT: %12 = graph.squeeze %arg6 {axes = [0, -1]} : (tensor<1x3x1xf32>) -> tensor<3xf32>
  // GENERIC-NEXT: %12 = "graph.squeeze"(%arg6) {axes = [0, -1]} : (tensor<1x3x1xf32>) -> tensor<3xf32>
  %sq = graph.squeeze %e {axes = [0, -1]} : (tensor<1x3x1xf32>) -> tensor<3xf32>
  // CHECK-NEXT: %13 = graph.squeeze %arg6 : (tensor<1x3x1xf32>) -> tensor<3xf32>
  // GENERIC-NEXT: %13 = "graph.squeeze"(%arg6) : (tensor<1x3x1xf32>) -> tensor<3xf32>
  %sq2 = graph.squeeze %e : (tensor<1x3x1xf32>) -> tensor<3xf32>
  // CHECK-NEXT: %14 = graph.unsqueeze %arg0 {axes = [1]} : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
  // GENERIC-NEXT: %14 = "graph.unsqueeze"(%arg0) {axes = [1]} : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
  %us = graph.unsqueeze %x {axes = [1]} : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
  // CHECK-NEXT: %15 = graph.flatten %arg0 {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // GENERIC-NEXT: %15 = "graph.flatten"(%arg0) {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %fl = graph.flatten %x {axis = 2} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // CHECK-NEXT: %16 = graph.flatten %arg0 : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  // GENERIC-NEXT: %16 = "graph.flatten"(%arg0) {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  %fl1 = graph.flatten %x {axis = 1} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  // CHECK-NEXT: %17 = graph.gather %arg0, %arg3 {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<5xi32>) -> tensor<2x3x5xf32>
  // GENERIC-NEXT: %17 = "graph.gather"(%arg0, %arg3) {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<5xi32>) -> tensor<2x3x5xf32>
  %ga = graph.gather %x, %g {axis = 2} : (tensor<2x3x4xf32>, tensor<5xi32>) -> tensor<2x3x5xf32>
  // CHECK-NEXT: %18 = graph.gather %arg0, %arg3 : (tensor<2x3x4xf32>, tensor<5xi32>) -> tensor<5x3x4xf32>
  // GENERIC-NEXT: %18 = "graph.gather"(%arg0, %arg3) {axis = 0 : i64} : (tensor<2x3x4xf32>, tensor<5xi32>) -> tensor<5x3x4xf32>
  %ga0 = graph.gather %x, %g {axis = 0} : (tensor<2x3x4xf32>, tensor<5xi32>) -> tensor<5x3x4xf32>
  // CHECK-NEXT: %19 = graph.constant dense<0.000000e+00> : tensor<4x3x4xf32>
  // GENERIC-NEXT: %19 = "graph.constant"() {value = dense<0.000000e+00> : tensor<4x3x4xf32>} : () -> tensor<4x3x4xf32>
  %zero = graph.constant dense<0.0> : tensor<4x3x4xf32>
  // CHECK-NEXT: %20 = graph.scatter_nd %19, %arg4, %arg5 : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  // GENERIC-NEXT: %20 = "graph.scatter_nd"(%19, %arg4, %arg5) : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  %sc = graph.scatter_nd %zero, %si, %su : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  // CHECK-NEXT: %21 = graph.scatter_nd %19, %arg4, %arg5 {reduction = "add"} : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  // GENERIC-NEXT: %21 = "graph.scatter_nd"(%19, %arg4, %arg5) {reduction = "add"} : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  %sc2 = graph.scatter_nd %zero, %si, %su {reduction = "add"} : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  // CHECK-NEXT: %22 = graph.scatter_nd %19, %arg4, %arg5 : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  // GENERIC-NEXT: %22 = "graph.scatter_nd"(%19, %arg4, %arg5) {reduction = "none"} : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  %sc3 = graph.scatter_nd %zero, %si, %su {reduction = "none"} : (tensor<4x3x4xf32>, tensor<2x1xi64>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  // CHECK-NEXT: %23 = graph.tile %arg0 {repeats = [1, 2, 3]} : (tensor<2x3x4xf32>) -> tensor<2x6x12xf32>
  // GENERIC-NEXT: %23 = "graph.tile"(%arg0) {repeats = [1, 2, 3]} : (tensor<2x3x4xf32>) -> tensor<2x6x12xf32>
  %ti = graph.tile %x {repeats = [1, 2, 3]} : (tensor<2x3x4xf32>) -> tensor<2x6x12xf32>
  // CHECK-NEXT: %24 = graph.pad %arg0 {mode = "reflect", pads = [0, 1, 2, 0, 1, 2]} : (tensor<2x3x4xf32>) -> tensor<2x5x8xf32>
  // GENERIC-NEXT: %24 = "graph.pad"(%arg0) {mode = "reflect", pads = [0, 1, 2, 0, 1, 2]} : (tensor<2x3x4xf32>) -> tensor<2x5x8xf32>
  %pd = graph.pad %x {pads = [0, 1, 2, 0, 1, 2], mode = "reflect"} : (tensor<2x3x4xf32>) -> tensor<2x5x8xf32>
  // CHECK-NEXT: %25 = graph.pad %arg0 {axes = [-1], pads = [1, 1], value = 2.500000e+00 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  // GENERIC-NEXT: %25 = "graph.pad"(%arg0) {axes = [-1], mode = "constant", pads = [1, 1], value = 2.500000e+00 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  %pd2 = graph.pad %x {pads = [1, 1], axes = [-1], value = 2.5, mode = "constant"} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  // CHECK-NEXT: %26 = graph.pad %arg0 {axes = [-1], pads = [1, 1]} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  // GENERIC-NEXT: %26 = "graph.pad"(%arg0) {axes = [-1], pads = [1, 1], value = 0.000000e+00 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  %pd3 = graph.pad %x {pads = [1, 1], axes = [-1], value = 0.0} : (tensor<2x3x4xf32>) -> tensor<2x3x6xf32>
  // CHECK-NEXT: %27 = graph.depth_to_space %arg2 {blocksize = 2 : i64, mode = "CRD"} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
  // GENERIC-NEXT: %27 = "graph.depth_to_space"(%arg2) {blocksize = 2 : i64, mode = "CRD"} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
  %ds = graph.depth_to_space %z {blocksize = 2, mode = "CRD"} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
  // CHECK-NEXT: %28 = graph.depth_to_space %arg2 {blocksize = 2 : i64} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
  // GENERIC-NEXT: %28 = "graph.depth_to_space"(%arg2) {blocksize = 2 : i64, mode = "DCR"} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
  %ds2 = graph.depth_to_space %z {blocksize = 2, mode = "DCR"} : (tensor<1x8x2x3xi64>) -> tensor<1x2x4x6xi64>
  // CHECK-NEXT: %29 = graph.space_to_depth %27 {blocksize = 2 : i64} : (tensor<1x2x4x6xi64>) -> tensor<1x8x2x3xi64>
  // GENERIC-NEXT: %29 = "graph.space_to_depth"(%27) {blocksize = 2 : i64} : (tensor<1x2x4x6xi64>) -> tensor<1x8x2x3xi64>
  %sd = graph.space_to_depth %ds {blocksize = 2} : (tensor<1x2x4x6xi64>) -> tensor<1x8x2x3xi64>
  // CHECK-NEXT: %30 = graph.identity %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // GENERIC-NEXT: %30 = "graph.identity"(%arg0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %id = graph.identity %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @dynamic(
// GENERIC-LABEL: "func.func"() ({
// GENERIC-NEXT: ^bb0(
func.func @dynamic(%a: tensor<?x3x?xf32>, %b: tensor<?x5xf32>) -> tensor<?x3x5xf32> {
  // CHECK-NEXT: %0 = graph.matmul %arg0, %arg1 : (tensor<?x3x?xf32>, tensor<?x5xf32>) -> tensor<?x3x5xf32>
  // GENERIC-NEXT: %0 = "graph.matmul"(%arg0, %arg1) : (tensor<?x3x?xf32>, tensor<?x5xf32>) -> tensor<?x3x5xf32>
  %0 = graph.matmul %a, %b : (tensor<?x3x?xf32>, tensor<?x5xf32>) -> tensor<?x3x5xf32>
  return %0 : tensor<?x3x5xf32>
}


// The generic form parses to the same ops, printed in the custom form.
// CHECK-LABEL: func.func @generic_input(
func.func @generic_input(%x: tensor<2x3x4xf32>, %y: tensor<2x5x4xf32>) -> tensor<2x8x4xf32> {
  // CHECK-NEXT: %0:2 = graph.split %arg1 {axis = 1 : i64, split = [3, 2]} : (tensor<2x5x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x2x4xf32>)
  %s:2 = "graph.split"(%y) {axis = 1, split = [3, 2]} : (tensor<2x5x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x2x4xf32>)
  // CHECK-NEXT: %1 = graph.constant dense<1.000000e+00> : tensor<2x1x4xf32>
  %c = "graph.constant"() {value = dense<1.0> : tensor<2x1x4xf32>} : () -> tensor<2x1x4xf32>
  // CHECK-NEXT: %2 = graph.concat %arg0, %0#1, %0#0, %1 {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x2x4xf32>, tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x9x4xf32>
  %0 = "graph.concat"(%x, %s#1, %s#0, %c) {axis = 1} : (tensor<2x3x4xf32>, tensor<2x2x4xf32>, tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x9x4xf32>
  // CHECK-NEXT: %3 = graph.slice %2 {axes = [1], ends = [8], starts = [0]} : (tensor<2x9x4xf32>) -> tensor<2x8x4xf32>
  %1 = "graph.slice"(%0) {starts = [0], ends = [8], axes = [1]} : (tensor<2x9x4xf32>) -> tensor<2x8x4xf32>
  // CHECK-NEXT: return %3 : tensor<2x8x4xf32>
  return %1 : tensor<2x8x4xf32>
}
