// sm_90's warpgroup MMA in gir: swizzled gir.copy_async, gir.wgmma (A and
// B from shared memory; B as K x N in 64-wide column panels, or N x K with
// transpose_b), gir.wgmma_fence / _commit / _wait. Round trip (custom,
// custom -> custom, generic -> custom) and the generic form
// (invalid-wgmma.mlir: the verifier's errors).
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: gir.kernel @warpgroup(
// CHECK: gir.copy_async %{{.*}} to %{{.*}} {swizzle = 128 : i64} : !gir.slice<global, 16x64xf16, ?> -> !gir.slice<shared, 16x64xf16>
// CHECK: gir.wgmma_fence
// CHECK: %[[D:.*]] = gir.wgmma %{{.*}}, %{{.*}}, %{{.*}} {panel_stride = 4096 : i64, swizzle = 128 : i64} : !gir.slice<shared, 64x16xf16, 64>, !gir.slice<shared, 16x64xf16>, !gir.slice<register, 16x128xf32, mma_acc>
// CHECK: gir.wgmma %{{.*}}, %{{.*}}, %[[D]] {swizzle = 128 : i64, transpose_a, transpose_b} : !gir.slice<shared, 16x64xf16>, !gir.slice<shared, 128x16xf16, 64>, !gir.slice<register, 16x128xf32, mma_acc>
// CHECK: gir.wgmma_commit
// CHECK-NEXT: gir.wgmma_wait 1
// GENERIC: "gir.copy_async"(%{{.*}}, %{{.*}}) {swizzle = 128 : i64}
// GENERIC: "gir.wgmma_fence"() : () -> ()
// GENERIC: "gir.wgmma"(%{{.*}}, %{{.*}}, %{{.*}}) {panel_stride = 4096 : i64, swizzle = 128 : i64} : (!gir.slice<shared, 64x16xf16, 64>, !gir.slice<shared, 16x64xf16>, !gir.slice<register, 16x128xf32, mma_acc>) -> !gir.slice<register, 16x128xf32, mma_acc>
// GENERIC: "gir.wgmma_commit"() : () -> ()
// GENERIC: "gir.wgmma_wait"() {pending = 1 : i64} : () -> ()
gir.kernel @warpgroup(%g: !gir.buffer<global, ?x64xf16>, %n: index) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %s = gir.alloc() : !gir.buffer<shared, 2x128x64xf16>
  %src = gir.view %g[%c0] stride %c64 valid(%n, %c64) : !gir.buffer<global, ?x64xf16> -> !gir.slice<global, 16x64xf16, ?>
  %dst = gir.view %s[%c0] : !gir.buffer<shared, 2x128x64xf16> -> !gir.slice<shared, 16x64xf16>
  gir.copy_async %src to %dst {swizzle = 128} : !gir.slice<global, 16x64xf16, ?> -> !gir.slice<shared, 16x64xf16>
  gir.async_commit
  gir.async_wait 0
  gir.wgmma_fence
  gir.sync block %s : !gir.buffer<shared, 2x128x64xf16>
  %a = gir.view %s[%c0] : !gir.buffer<shared, 2x128x64xf16> -> !gir.slice<shared, 64x16xf16, 64>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 2x128x64xf16> -> !gir.slice<shared, 16x64xf16>
  %z = arith.constant 0.0 : f32
  %acc = gir.broadcast %z : f32 -> !gir.slice<register, 16x128xf32, mma_acc>
  %d = gir.wgmma %a, %b, %acc {swizzle = 128, panel_stride = 4096} : !gir.slice<shared, 64x16xf16, 64>, !gir.slice<shared, 16x64xf16>, !gir.slice<register, 16x128xf32, mma_acc>
  %at = gir.view %s[%c0] : !gir.buffer<shared, 2x128x64xf16> -> !gir.slice<shared, 16x64xf16>
  %bt = gir.view %s[%c0] : !gir.buffer<shared, 2x128x64xf16> -> !gir.slice<shared, 128x16xf16, 64>
  %e = gir.wgmma %at, %bt, %d {swizzle = 128, transpose_a, transpose_b} : !gir.slice<shared, 16x64xf16>, !gir.slice<shared, 128x16xf16, 64>, !gir.slice<register, 16x128xf32, mma_acc>
  gir.wgmma_commit
  gir.wgmma_wait 1
}
