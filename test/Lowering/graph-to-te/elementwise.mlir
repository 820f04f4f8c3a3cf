// lower-graph-to-te on element-wise ops: one one-relies-on-one TE each (no
// reduce), loads through broadcast maps, the scalar formula of the kernels.
// RUN: vtc-opt --lower-graph-to-te %s | FileCheck %s
// RUN: vtc-opt --lower-graph-to-te %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK-NOT: graph.
  // CHECK: te.compute(%arg0) shape () -> (2, 3) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
  // CHECK-NEXT: %[[X:.*]] = te.load %arg0[(d0, d1) -> (d0, d1)] : tensor<2x3xf32> -> f32
  // CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT: %[[N:.*]] = arith.cmpf olt, %[[X]], %[[Z]] : f32
  // CHECK-NEXT: %[[R:.*]] = arith.select %[[N]], %[[Z]], %[[X]] : f32
  // CHECK-NEXT: te.yield %[[R]] : f32
  %0 = "graph.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // gelu: 0.5 x (1 + erf(x / sqrt 2))
  // CHECK: te.compute
  // CHECK: arith.divf %{{.*}}, %{{.*}} : f32
  // CHECK: math.erf
  // CHECK: arith.mulf
  // CHECK: arith.addf
  // CHECK: arith.mulf
  %1 = "graph.gelu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: te.compute
  // CHECK: math.sigmoid
  // CHECK-NEXT: arith.mulf
  %2 = "graph.silu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: te.compute
  // CHECK: math.sigmoid
  // CHECK-NEXT: te.yield
  %3 = "graph.sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: math.tanh
  %4 = "graph.tanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: math.exp
  %5 = "graph.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: math.log
  %6 = "graph.log"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: math.sqrt
  %7 = "graph.sqrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: math.rsqrt
  %8 = "graph.rsqrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: math.erf
  %9 = "graph.erf"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: arith.negf
  %10 = "graph.neg"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: math.absf
  %11 = "graph.abs"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @unary_int
func.func @unary_int(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  // CHECK: arith.cmpi slt
  // CHECK: arith.select
  %0 = "graph.relu"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK: %[[Z:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: arith.subi %[[Z]], %{{.*}} : i32
  %1 = "graph.neg"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK: math.absi
  %2 = "graph.abs"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// Broadcasting: a missing or size-1 dim reads index 0 (or no index).
// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<2x3x4xf32>, %v: tensor<4xf32>, %c: tensor<3x1xf32>, %i: tensor<2x3x4xi32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  // CHECK: te.compute(%arg0, %arg1) shape () -> (2, 3, 4) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: te.load %arg0[(d0, d1, d2) -> (d0, d1, d2)]
  // CHECK-NEXT: te.load %arg1[(d0, d1, d2) -> (d2)]
  // CHECK-NEXT: arith.addf
  %0 = "graph.add"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: te.compute(%arg2, %arg0)
  // CHECK: te.load %arg2[(d0, d1, d2) -> (d1, 0)]
  // CHECK: arith.subf
  %1 = "graph.sub"(%c, %x) : (tensor<3x1xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: arith.mulf
  %2 = "graph.mul"(%x, %c) : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  // CHECK: arith.divf
  %3 = "graph.div"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // The exponent is converted to the base's type.
  // CHECK: te.compute(%arg0, %arg3)
  // CHECK: arith.sitofp %{{.*}} : i32 to f32
  // CHECK-NEXT: math.powf
  %4 = "graph.pow"(%x, %i) : (tensor<2x3x4xf32>, tensor<2x3x4xi32>) -> tensor<2x3x4xf32>
  // max and min propagate NaN, as the kernels do.
  // CHECK: arith.maximumf
  %5 = "graph.max"(%x, %v) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  // CHECK: arith.minimumf
  %6 = "graph.min"(%x, %c) : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// Integer division: truncating, x / 0 saturates, MIN / -1 saturates.
// CHECK-LABEL: func.func @div_int
func.func @div_int(%a: tensor<4xi64>, %b: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  // CHECK: arith.cmpi eq
  // CHECK: arith.divsi
  // CHECK: arith.select
  %0 = "graph.div"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  // CHECK: arith.maxsi
  %1 = "graph.max"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %0, %1 : tensor<4xi64>, tensor<4xi64>
}

// CHECK-LABEL: func.func @where
func.func @where(%c: tensor<2x3xi1>, %x: tensor<2x3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK: te.compute(%arg0, %arg1, %arg2) shape () -> (2, 3)
  // CHECK: %[[C:.*]] = te.load %arg0[(d0, d1) -> (d0, d1)] : tensor<2x3xi1> -> i1
  // CHECK-NEXT: %[[X:.*]] = te.load %arg1
  // CHECK-NEXT: %[[Y:.*]] = te.load %arg2[(d0, d1) -> (d1)]
  // CHECK-NEXT: arith.select %[[C]], %[[X]], %[[Y]] : f32
  %0 = "graph.where"(%c, %x, %v) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @cast
func.func @cast(%x: tensor<4xf32>, %i: tensor<4xi64>, %c: tensor<4xi1>) -> (tensor<4xbf16>, tensor<4xf16>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>) {
  // CHECK: arith.truncf %{{.*}} : f32 to bf16
  %0 = "graph.cast"(%x) {to = bf16} : (tensor<4xf32>) -> tensor<4xbf16>
  // bf16 to f16 goes through f32.
  // CHECK: arith.extf %{{.*}} : bf16 to f32
  // CHECK-NEXT: arith.truncf %{{.*}} : f32 to f16
  %1 = "graph.cast"(%0) {to = f16} : (tensor<4xbf16>) -> tensor<4xf16>
  // Float to integer saturates and takes NaN to 0, as the kernels store.
  // CHECK: arith.extf %{{.*}} : f32 to f64
  // CHECK: arith.cmpf uno
  // CHECK: arith.maximumf
  // CHECK-NEXT: arith.minimumf
  // CHECK-NEXT: arith.fptosi %{{.*}} : f64 to i32
  %2 = "graph.cast"(%x) {to = i32} : (tensor<4xf32>) -> tensor<4xi32>
  // To i1: nonzero (NaN included) is true.
  // CHECK: arith.cmpf une
  %3 = "graph.cast"(%x) {to = i1} : (tensor<4xf32>) -> tensor<4xi1>
  // Narrowing integers saturates.
  // CHECK: arith.maxsi
  // CHECK-NEXT: arith.constant 2147483647 : i64
  // CHECK-NEXT: arith.minsi
  // CHECK-NEXT: arith.trunci %{{.*}} : i64 to i32
  %4 = "graph.cast"(%i) {to = i32} : (tensor<4xi64>) -> tensor<4xi32>
  // CHECK: arith.uitofp %{{.*}} : i1 to f32
  %5 = "graph.cast"(%c) {to = f32} : (tensor<4xi1>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xbf16>, tensor<4xf16>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @constant
func.func @constant() -> tensor<2xf32> {
  // CHECK: %[[K:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  // CHECK-NEXT: return %[[K]]
  %0 = "graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
