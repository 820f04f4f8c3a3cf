// Round trip of the tensor-core forms: fragment layouts of register slices,
// gir.copy {transpose}, gir.mma {tf32}, gir.copy_async, gir.async_commit,
// gir.async_wait and gir.assume_multiple (custom form, custom -> custom,
// generic -> custom), and their generic form.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: gir.kernel @stage(%arg0: !gir.buffer<global, ?x?xf16>, %arg1: index) parallel gpu group 4 lanes 32 {
// CHECK: %[[K8:.*]] = gir.assume_multiple %arg1, 8
// CHECK: %[[G:.*]] = gir.view %arg0[%{{.*}}] stride %[[K8]] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 64x32xf16, ?>
// CHECK: %[[S:.*]] = gir.view %{{.*}}[%{{.*}}] : !gir.buffer<shared, 2x64x40xf16> -> !gir.slice<shared, 64x32xf16, 40>
// CHECK: gir.copy_async %[[G]] to %[[S]] : !gir.slice<global, 64x32xf16, ?> -> !gir.slice<shared, 64x32xf16, 40>
// CHECK-NEXT: gir.async_commit
// CHECK-NEXT: gir.async_wait 1
// CHECK: gir.copy %{{.*}} : !gir.slice<shared, 64x16xf16, 40> -> !gir.slice<register, 64x16xf16, mma_a>
// CHECK: gir.copy %{{.*}} {transpose} : !gir.slice<shared, 32x16xf16, 40> -> !gir.slice<register, 16x32xf16, mma_b>
// CHECK: gir.broadcast %{{.*}} : f32 -> !gir.slice<register, 64x32xf32, mma_acc>
// CHECK: gir.mma %{{.*}}, %{{.*}}, %{{.*}} : !gir.slice<register, 64x16xf16, mma_a>, !gir.slice<register, 16x32xf16, mma_b>, !gir.slice<register, 64x32xf32, mma_acc>
// CHECK: gir.elementwise(%{{.*}}) : (!gir.slice<register, 64x32xf32, mma_acc>) -> !gir.slice<register, 64x32xbf16, mma_acc> {
// CHECK: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, 64x32xbf16, mma_acc> -> !gir.slice<shared, 64x32xbf16>
// CHECK: gir.mma %{{.*}}, %{{.*}}, %{{.*}} {tf32} : !gir.slice<register, 16x8xf32, mma_a>, !gir.slice<register, 8x8xf32, mma_b>, !gir.slice<register, 16x8xf32, mma_acc>
// CHECK: gir.sync warp %{{.*}} : !gir.slice<register, 16x8xf32, mma_acc> -> !gir.slice<register, 16x8xf32>

// CHECK-LABEL: gir.kernel @thread_tiles(
// CHECK: gir.copy %{{.*}} {transpose} : !gir.slice<shared, 1x32xf32> -> !gir.slice<register, 32x1xf32, ffma_a>
// CHECK: gir.copy %{{.*}} : !gir.slice<shared, 1x64xf32> -> !gir.slice<register, 1x64xf32, ffma_b>
// CHECK: gir.mma %{{.*}}, %{{.*}}, %{{.*}} : !gir.slice<register, 32x1xf32, ffma_a>, !gir.slice<register, 1x64xf32, ffma_b>, !gir.slice<register, 32x64xf32, ffma_acc>

// GENERIC: "gir.assume_multiple"(%arg1) {multiple = 8 : i64} : (index) -> index
// GENERIC: "gir.copy_async"(%{{.*}}, %{{.*}}) : (!gir.slice<global, 64x32xf16, ?>, !gir.slice<shared, 64x32xf16, 40>) -> ()
// GENERIC: "gir.async_commit"() : () -> ()
// GENERIC: "gir.async_wait"() {pending = 1 : i64} : () -> ()
// GENERIC: "gir.copy"(%{{.*}}) {transpose} : (!gir.slice<shared, 32x16xf16, 40>) -> !gir.slice<register, 16x32xf16, mma_b>
// GENERIC: "gir.mma"(%{{.*}}, %{{.*}}, %{{.*}}) {tf32} : (!gir.slice<register, 16x8xf32, mma_a>, !gir.slice<register, 8x8xf32, mma_b>, !gir.slice<register, 16x8xf32, mma_acc>) -> !gir.slice<register, 16x8xf32, mma_acc>
gir.kernel @stage(%a: !gir.buffer<global, ?x?xf16>, %k: index) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %k8 = gir.assume_multiple %k, 8
  %s = gir.alloc() : !gir.buffer<shared, 2x64x40xf16>
  %g = gir.view %a[%c0] stride %k8 valid(%k, %k) : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 64x32xf16, ?>
  %sv = gir.view %s[%c0] : !gir.buffer<shared, 2x64x40xf16> -> !gir.slice<shared, 64x32xf16, 40>
  gir.copy_async %g to %sv : !gir.slice<global, 64x32xf16, ?> -> !gir.slice<shared, 64x32xf16, 40>
  gir.async_commit
  gir.async_wait 1
  gir.sync block %s : !gir.buffer<shared, 2x64x40xf16>
  %av = gir.view %s[%c16] : !gir.buffer<shared, 2x64x40xf16> -> !gir.slice<shared, 64x16xf16, 40>
  %fa = gir.copy %av : !gir.slice<shared, 64x16xf16, 40> -> !gir.slice<register, 64x16xf16, mma_a>
  %bv = gir.view %s[%c0] : !gir.buffer<shared, 2x64x40xf16> -> !gir.slice<shared, 32x16xf16, 40>
  %fb = gir.copy %bv {transpose} : !gir.slice<shared, 32x16xf16, 40> -> !gir.slice<register, 16x32xf16, mma_b>
  %z = arith.constant 0.0 : f32
  %acc = gir.broadcast %z : f32 -> !gir.slice<register, 64x32xf32, mma_acc>
  %d = gir.mma %fa, %fb, %acc : !gir.slice<register, 64x16xf16, mma_a>, !gir.slice<register, 16x32xf16, mma_b>, !gir.slice<register, 64x32xf32, mma_acc>
  %h = gir.elementwise(%d) : (!gir.slice<register, 64x32xf32, mma_acc>) -> !gir.slice<register, 64x32xbf16, mma_acc> {
  ^bb0(%x: f32):
    %y = arith.truncf %x : f32 to bf16
    gir.yield %y : bf16
  }
  %hb = gir.alloc() : !gir.buffer<shared, 64x32xbf16>
  %hv = gir.view %hb[%c0] : !gir.buffer<shared, 64x32xbf16> -> !gir.slice<shared, 64x32xbf16>
  gir.copy %h to %hv : !gir.slice<register, 64x32xbf16, mma_acc> -> !gir.slice<shared, 64x32xbf16>
  %t = gir.alloc() : !gir.buffer<shared, 16x8xf32>
  %tv = gir.view %t[%c0] : !gir.buffer<shared, 16x8xf32> -> !gir.slice<shared, 16x8xf32>
  %ta = gir.copy %tv : !gir.slice<shared, 16x8xf32> -> !gir.slice<register, 16x8xf32, mma_a>
  %tbv = gir.view %t[%c0] : !gir.buffer<shared, 16x8xf32> -> !gir.slice<shared, 8x8xf32>
  %tb = gir.copy %tbv : !gir.slice<shared, 8x8xf32> -> !gir.slice<register, 8x8xf32, mma_b>
  %tc = gir.copy %tv : !gir.slice<shared, 16x8xf32> -> !gir.slice<register, 16x8xf32, mma_acc>
  %td = gir.mma %ta, %tb, %tc {tf32} : !gir.slice<register, 16x8xf32, mma_a>, !gir.slice<register, 8x8xf32, mma_b>, !gir.slice<register, 16x8xf32, mma_acc>
  %tp = gir.sync warp %td : !gir.slice<register, 16x8xf32, mma_acc> -> !gir.slice<register, 16x8xf32>
}

gir.kernel @thread_tiles() parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 128xf32>
  %av = gir.view %s[%c0] : !gir.buffer<shared, 128xf32> -> !gir.slice<shared, 1x32xf32>
  %a = gir.copy %av {transpose} : !gir.slice<shared, 1x32xf32> -> !gir.slice<register, 32x1xf32, ffma_a>
  %bv = gir.view %s[%c0] : !gir.buffer<shared, 128xf32> -> !gir.slice<shared, 1x64xf32>
  %b = gir.copy %bv : !gir.slice<shared, 1x64xf32> -> !gir.slice<register, 1x64xf32, ffma_b>
  %z = arith.constant 0.0 : f32
  %c = gir.broadcast %z : f32 -> !gir.slice<register, 32x64xf32, ffma_acc>
  %d = gir.mma %a, %b, %c : !gir.slice<register, 32x1xf32, ffma_a>, !gir.slice<register, 1x64xf32, ffma_b>, !gir.slice<register, 32x64xf32, ffma_acc>
}
