// gir.atomic on both mappings: relaxed atomicrmw add/fadd/max/min per
// element, and a compare-and-swap loop around llvm.maximum/llvm.minimum for
// float max/min (NaN propagates; atomicrmw fmax would drop it). The CPU run
// has 256 groups on the pool's threads hitting the same 4 bins.
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s
// RUN: vtc-run %s --target=cpu --entry=run --print-values | FileCheck %s --check-prefix=EXEC
// RUN: sed 's/parallel cpu/parallel gpu/' %s > %t.gpu.mlir
// RUN: vtc-translate %t.gpu.mlir --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: define internal void @bins.unit(
// CHECK: atomicrmw fadd ptr %{{.*}}, float %{{.*}} monotonic
// CHECK: atomicrmw add ptr %{{.*}}, i64 %{{.*}} monotonic
// CHECK: atomicrmw max ptr %{{.*}}, i32 %{{.*}} monotonic
// CHECK: atomicrmw min ptr %{{.*}}, i32 %{{.*}} monotonic
// CHECK: load atomic i32, ptr %{{.*}} monotonic
// CHECK: call float @llvm.maximum.f32(
// CHECK: cmpxchg ptr %{{.*}}, i32 %{{.*}}, i32 %{{.*}} monotonic monotonic
// CHECK: call double @llvm.minimum.f64(
// CHECK: cmpxchg ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}} monotonic monotonic

// PTX-LABEL: .entry bins(
// PTX-DAG: atom.global.add.f32
// PTX-DAG: atom.global.add.u64
// PTX-DAG: atom.global.max.s32
// PTX-DAG: atom.global.min.s32
// PTX-DAG: atom.global.cas.b32
// PTX-DAG: atom.global.cas.b64

// 256 groups: f32 sum of 1..256 (32896, exact in f32), i64 sum of g, i32
// max of g - 100 and min of g - 100, f32 max of -(g+1) (-1) and f64 min
// of g + 0.5 (0.5); the f32 max of bin 3 also sees a NaN from group 77
// (sums over the 4 bins: 4 x 32896, 4 x 32640, 4 x 155, 4 x -100, NaN, 4 x 0.5).
// EXEC: result 0: tensor<4xf32> sum=131584 abs_sum=131584
// EXEC: result 1: tensor<4xi64> sum=130560 abs_sum=130560
// EXEC: result 2: tensor<4xi32> sum=620 abs_sum=620
// EXEC: result 3: tensor<4xi32> sum=-400 abs_sum=400
// EXEC: result 4: tensor<4xf32> sum=nan
// EXEC: result 5: tensor<4xf64> sum=2 abs_sum=2
gir.kernel @bins(%s: !gir.buffer<global, 4xf32>, %t: !gir.buffer<global, 4xi64>, %mx: !gir.buffer<global, 4xi32>, %mn: !gir.buffer<global, 4xi32>, %fx: !gir.buffer<global, 4xf32>, %dn: !gir.buffer<global, 4xf64>) parallel cpu group 1 lanes 4 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c77 = arith.constant 77 : index
  %c100 = arith.constant 100 : index
  %half = arith.constant 0.5 : f64
  %zero = arith.constant 0.0 : f32
  %g = gir.id group
  %g1 = arith.addi %g, %c1 : index
  %g1i = arith.index_cast %g1 : index to i32
  %g1f = arith.sitofp %g1i : i32 to f32
  %r = gir.broadcast %g1f : f32 -> !gir.slice<register, 1x4xf32>
  %sv = gir.view %s[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  gir.atomic add %sv, %r : !gir.slice<global, 1x4xf32>, !gir.slice<register, 1x4xf32>
  %gl = arith.index_cast %g : index to i64
  %tv = gir.view %t[%c0] : !gir.buffer<global, 4xi64> -> !gir.slice<global, 1x4xi64>
  gir.atomic add %tv, %gl : !gir.slice<global, 1x4xi64>, i64
  %gm = arith.subi %g, %c100 : index
  %gmi = arith.index_cast %gm : index to i32
  %mxv = gir.view %mx[%c0] : !gir.buffer<global, 4xi32> -> !gir.slice<global, 1x4xi32>
  gir.atomic max %mxv, %gmi : !gir.slice<global, 1x4xi32>, i32
  %mnv = gir.view %mn[%c0] : !gir.buffer<global, 4xi32> -> !gir.slice<global, 1x4xi32>
  gir.atomic min %mnv, %gmi : !gir.slice<global, 1x4xi32>, i32
  %neg = arith.negf %g1f : f32
  %is77 = arith.cmpi eq, %g, %c77 : index
  %nan = arith.divf %zero, %zero : f32
  %pick = arith.select %is77, %nan, %neg : f32
  %fxv = gir.view %fx[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x3xf32>
  gir.atomic max %fxv, %neg : !gir.slice<global, 1x3xf32>, f32
  %fx3 = gir.view %fx[%c3] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
  gir.atomic max %fx3, %pick : !gir.slice<global, 1x1xf32>, f32
  %gf = arith.sitofp %gl : i64 to f64
  %gh = arith.addf %gf, %half : f64
  %dnv = gir.view %dn[%c0] : !gir.buffer<global, 4xf64> -> !gir.slice<global, 1x4xf64>
  gir.atomic min %dnv, %gh : !gir.slice<global, 1x4xf64>, f64
}

gir.kernel @init(%s: !gir.buffer<global, 4xf32>, %t: !gir.buffer<global, 4xi64>, %mx: !gir.buffer<global, 4xi32>, %mn: !gir.buffer<global, 4xi32>, %fx: !gir.buffer<global, 4xf32>, %dn: !gir.buffer<global, 4xf64>) parallel cpu group 1 lanes 4 {
  %c0 = arith.constant 0 : index
  %zf = arith.constant 0.0 : f32
  %zl = arith.constant 0 : i64
  %lo = arith.constant -1000 : i32
  %hi = arith.constant 1000 : i32
  %nf = arith.constant -1000.0 : f32
  %pd = arith.constant 1000.0 : f64
  %a = gir.broadcast %zf : f32 -> !gir.slice<register, 1x4xf32>
  %b = gir.broadcast %zl : i64 -> !gir.slice<register, 1x4xi64>
  %c = gir.broadcast %lo : i32 -> !gir.slice<register, 1x4xi32>
  %d = gir.broadcast %hi : i32 -> !gir.slice<register, 1x4xi32>
  %e = gir.broadcast %nf : f32 -> !gir.slice<register, 1x4xf32>
  %f = gir.broadcast %pd : f64 -> !gir.slice<register, 1x4xf64>
  %sv = gir.view %s[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %tv = gir.view %t[%c0] : !gir.buffer<global, 4xi64> -> !gir.slice<global, 1x4xi64>
  %xv = gir.view %mx[%c0] : !gir.buffer<global, 4xi32> -> !gir.slice<global, 1x4xi32>
  %nv = gir.view %mn[%c0] : !gir.buffer<global, 4xi32> -> !gir.slice<global, 1x4xi32>
  %fv = gir.view %fx[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %dv = gir.view %dn[%c0] : !gir.buffer<global, 4xf64> -> !gir.slice<global, 1x4xf64>
  gir.copy %a to %sv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %b to %tv : !gir.slice<register, 1x4xi64> -> !gir.slice<global, 1x4xi64>
  gir.copy %c to %xv : !gir.slice<register, 1x4xi32> -> !gir.slice<global, 1x4xi32>
  gir.copy %d to %nv : !gir.slice<register, 1x4xi32> -> !gir.slice<global, 1x4xi32>
  gir.copy %e to %fv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %f to %dv : !gir.slice<register, 1x4xf64> -> !gir.slice<global, 1x4xf64>
}

func.func @run() -> (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xi64>, !gir.buffer<global, 4xi32>, !gir.buffer<global, 4xi32>, !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf64>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %s = gir.alloc() : !gir.buffer<global, 4xf32>
  %t = gir.alloc() : !gir.buffer<global, 4xi64>
  %mx = gir.alloc() : !gir.buffer<global, 4xi32>
  %mn = gir.alloc() : !gir.buffer<global, 4xi32>
  %fx = gir.alloc() : !gir.buffer<global, 4xf32>
  %dn = gir.alloc() : !gir.buffer<global, 4xf64>
  gir.launch @init[%c1](%s, %t, %mx, %mn, %fx, %dn) : (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xi64>, !gir.buffer<global, 4xi32>, !gir.buffer<global, 4xi32>, !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf64>)
  gir.launch @bins[%c256](%s, %t, %mx, %mn, %fx, %dn) : (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xi64>, !gir.buffer<global, 4xi32>, !gir.buffer<global, 4xi32>, !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf64>)
  return %s, %t, %mx, %mn, %fx, %dn : !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xi64>, !gir.buffer<global, 4xi32>, !gir.buffer<global, 4xi32>, !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf64>
}
