// gir.atomic: round trip (custom and generic forms) and the interpreter.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=histogram --print-values | FileCheck %s --check-prefix=HIST
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=extremes --print-values | FileCheck %s --check-prefix=EXT

// CHECK-LABEL: gir.kernel @hist
// CHECK: gir.atomic add %{{.*}}, %{{.*}} : !gir.slice<global, 1x4xf32>, !gir.slice<register, 1x4xf32>
// CHECK: gir.atomic max %{{.*}}, %{{.*}} : !gir.slice<global, 1x4xf32>, f32
// CHECK: gir.atomic min %{{.*}}, %{{.*}} : !gir.slice<global, 1x4xi32>, i32
// GENERIC: "gir.atomic"(%{{.*}}, %{{.*}}) {kind = "add"} : (!gir.slice<global, 1x4xf32>, !gir.slice<register, 1x4xf32>) -> ()

// 8 units (2 groups of 4) add u + 1 to each of 4 bins (36 = 1 + ... + 8),
// take the max of u * (-1)^u (6), the min of 10 - u (i32: 3).
// HIST: result 0: tensor<4xf32>
// HIST-NEXT: values: [36, 36, 36, 36]
// HIST: result 1: tensor<4xf32>
// HIST-NEXT: values: [6, 6, 6, 6]
// HIST: result 2: tensor<4xi32>
// HIST-NEXT: values: [3, 3, 3, 3]
gir.kernel @hist(%s: !gir.buffer<global, 4xf32>, %m: !gir.buffer<global, 4xf32>, %n: !gir.buffer<global, 4xi32>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %u = gir.id unit
  %u1 = arith.addi %u, %c1 : index
  %ui = arith.index_cast %u1 : index to i32
  %uf = arith.sitofp %ui : i32 to f32
  %r = gir.broadcast %uf : f32 -> !gir.slice<register, 1x4xf32>
  %sv = gir.view %s[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  gir.atomic add %sv, %r : !gir.slice<global, 1x4xf32>, !gir.slice<register, 1x4xf32>
  %odd = arith.remsi %u, %c2 : index
  %sgn0 = arith.muli %odd, %c2 : index
  %sgn = arith.subi %c1, %sgn0 : index
  %mu = arith.muli %u, %sgn : index
  %mi = arith.index_cast %mu : index to i32
  %mf = arith.sitofp %mi : i32 to f32
  %mv = gir.view %m[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  gir.atomic max %mv, %mf : !gir.slice<global, 1x4xf32>, f32
  %d = arith.subi %c10, %u : index
  %di = arith.index_cast %d : index to i32
  %nv = gir.view %n[%c0] : !gir.buffer<global, 4xi32> -> !gir.slice<global, 1x4xi32>
  gir.atomic min %nv, %di : !gir.slice<global, 1x4xi32>, i32
}

gir.kernel @fill(%s: !gir.buffer<global, 4xf32>, %m: !gir.buffer<global, 4xf32>, %n: !gir.buffer<global, 4xi32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %lo = arith.constant -100.0 : f32
  %hi = arith.constant 100 : i32
  %zr = gir.broadcast %z : f32 -> !gir.slice<register, 1x4xf32>
  %lr = gir.broadcast %lo : f32 -> !gir.slice<register, 1x4xf32>
  %hr = gir.broadcast %hi : i32 -> !gir.slice<register, 1x4xi32>
  %sv = gir.view %s[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %mv = gir.view %m[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %nv = gir.view %n[%c0] : !gir.buffer<global, 4xi32> -> !gir.slice<global, 1x4xi32>
  gir.copy %zr to %sv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %lr to %mv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %hr to %nv : !gir.slice<register, 1x4xi32> -> !gir.slice<global, 1x4xi32>
}

func.func @histogram() -> (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = gir.alloc() : !gir.buffer<global, 4xf32>
  %m = gir.alloc() : !gir.buffer<global, 4xf32>
  %n = gir.alloc() : !gir.buffer<global, 4xi32>
  gir.launch @fill[%c1](%s, %m, %n) : (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xi32>)
  gir.launch @hist[%c2](%s, %m, %n) : (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xi32>)
  return %s, %m, %n : !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xi32>
}

// Float max/min with negative values and NaN: max(-3, -7) = -3, min = -7;
// a NaN operand wins (as gir.reduce's max/min); a masked view (valid 1 x 1)
// leaves elements 2 and 3 alone.
// EXT: result 0: tensor<4xf32>
// EXT-NEXT: values: [-3, nan, 5, 5]
// EXT: result 1: tensor<4xf32>
// EXT-NEXT: values: [-7, nan, 5, 5]
gir.kernel @ext(%x: !gir.buffer<global, 4xf32>, %y: !gir.buffer<global, 4xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %five = arith.constant 5.0 : f32
  %m3 = arith.constant -3.0 : f32
  %m7 = arith.constant -7.0 : f32
  %zero = arith.constant 0.0 : f32
  %nan = arith.divf %zero, %zero : f32
  %init = gir.broadcast %five : f32 -> !gir.slice<register, 1x4xf32>
  %xa = gir.view %x[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %ya = gir.view %y[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %init to %xa : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %init to %ya : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  %x0 = gir.view %x[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
  %y0 = gir.view %y[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
  gir.atomic min %x0, %m7 : !gir.slice<global, 1x1xf32>, f32
  gir.atomic max %x0, %m3 : !gir.slice<global, 1x1xf32>, f32
  gir.atomic min %y0, %m3 : !gir.slice<global, 1x1xf32>, f32
  gir.atomic min %y0, %m7 : !gir.slice<global, 1x1xf32>, f32
  %xm = gir.view %x[%c1] valid(%c1, %c1) : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x3xf32>
  %ym = gir.view %y[%c1] valid(%c1, %c1) : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x3xf32>
  gir.atomic max %xm, %nan : !gir.slice<global, 1x3xf32>, f32
  gir.atomic min %ym, %nan : !gir.slice<global, 1x3xf32>, f32
}

func.func @extremes() -> (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>) {
  %c1 = arith.constant 1 : index
  %x = gir.alloc() : !gir.buffer<global, 4xf32>
  %y = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @ext[%c1](%x, %y) : (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>)
  return %x, %y : !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>
}
