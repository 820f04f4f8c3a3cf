// lower-te-to-gir{group-shared-loads}: a reduction kernel computes the
// outputs that read one element of a load together (vtc_te_find_load_group,
// vtc.txt 4.2 "a load map that divides an output dim reads the shared
// element once per unit"): GQA's query heads h read the K row of head
// h floordiv 4, so a work item computes heads 4g..4g+3 with four
// accumulators and loads the K row once. The outputs' reduction order is
// unchanged (bit-identical to the ungrouped kernel).
// The IR below is at max-group=8 (four heads x two positions); the
// default, 16, takes four positions (G16).
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive max-group=8' %s 2>&1 | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive' %s 2>&1 | FileCheck %s --check-prefix=G16
// G16: remark: lower-te-to-gir: per work item 4 outputs along dim 1 share input #1's load, 4 outputs along dim 2 share input #0's load
// G16: gir.kernel @scores_k0(
// G16: %{{.*}}:16 = gir.for
// G16-COUNT-16: gir.reduce sum width
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive group-shared-loads=false' --pass-statistics %s 2>&1 | FileCheck %s --check-prefix=OFF
// STATS: 2 grouped-kernels
// A contraction's plain kernel that a static choice of rKernel erases says
// nothing (the default contractions=vortex launches Vortex's kernel for
// @pairs, an f32 GEMM).
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=VORTEX
// VORTEX: per work item 4 outputs along dim 1
// VORTEX-NOT: along dim 0
// VORTEX: (S) 1 grouped-kernels
// The groups change no value: the same bits with and without them, on the
// CPU and through the gir interpreter of the GPU kernels.
// RUN: vtc-run %s --entry=scores --target=cpu --pass-pipeline='builtin.module(lower-te-to-gir{contractions=naive})' 2>/dev/null | grep -o 'fnv=.*' > %t.on
// RUN: vtc-run %s --entry=scores --target=cpu --pass-pipeline='builtin.module(lower-te-to-gir{contractions=naive group-shared-loads=false})' 2>/dev/null | grep -o 'fnv=.*' > %t.off
// RUN: diff %t.on %t.off
// RUN: vtc-run %s --entry=scores --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu contractions=naive})' 2>/dev/null | grep -o 'fnv=.*' > %t.gon
// RUN: vtc-run %s --entry=scores --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{hierarchy=gpu contractions=naive group-shared-loads=false})' 2>/dev/null | grep -o 'fnv=.*' > %t.goff
// RUN: diff %t.gon %t.goff
// RUN: vtc-run %s --entry=pairs --target=cpu --pass-pipeline='builtin.module(lower-te-to-gir{contractions=naive})' 2>/dev/null | grep -o 'fnv=.*' > %t.pon
// RUN: vtc-run %s --entry=pairs --target=cpu --pass-pipeline='builtin.module(lower-te-to-gir{contractions=naive group-shared-loads=false})' 2>/dev/null | grep -o 'fnv=.*' > %t.poff
// RUN: diff %t.pon %t.poff
// OFF-NOT: remark: lower-te-to-gir: {{.*}} share
// OFF: (S) 0 grouped-kernels

// CHECK: remark: lower-te-to-gir: per work item 4 outputs along dim 1 share input #1's load, 2 outputs along dim 2 share input #0's load
// CHECK: remark: lower-te-to-gir: per work item 2 outputs along dim 0 share input #1's load
// CHECK-NOT: remark: lower-te-to-gir: {{.*}} share
// The scores: four heads (one K row) times two positions (one q row) per
// work item, 2 x 2 x 32 = 128 work items of 8 outputs; per step of the
// row-reduce lanes (d) four q slices and two K slices feed the eight
// accumulators, each K slice read once.
// CHECK-LABEL: gir.kernel @scores_k0(
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: arith.ceildivui %[[C128]], %{{.*}} : index
// CHECK: %[[ACC:.*]]:8 = gir.for %{{.*}} iter_args(%[[A0:[^ ]*]] = %{{[0-9]+}}, %[[A1:[^ ]*]] = %{{[0-9]+}}, %[[A2:[^ ]*]] = %{{[0-9]+}}, %{{.*}}) -> (
// CHECK-COUNT-4: gir.view %arg0[%{{.*}}] : !gir.buffer<global, 2x1024xbf16>
// CHECK-NOT: gir.view %arg0
// CHECK: gir.view %arg1[%{{.*}}] : !gir.buffer<global, 2x64x2x128xbf16>
// CHECK-NEXT: %[[K0:.*]] = gir.copy %{{.*}} : !gir.slice<global, 1x128xbf16> -> !gir.slice<register, 1x128xbf16>
// CHECK: gir.view %arg1[%{{.*}}] : !gir.buffer<global, 2x64x2x128xbf16>
// CHECK-NEXT: %[[K1:.*]] = gir.copy %{{.*}} : !gir.slice<global, 1x128xbf16> -> !gir.slice<register, 1x128xbf16>
// CHECK-NOT: gir.view %arg1
// CHECK: gir.elementwise(%[[A0]], %[[Q0:[^,]*]], %[[K0]])
// CHECK-NEXT: ^bb0
// CHECK: gir.elementwise(%[[A1]], %[[Q0]], %[[K1]])
// CHECK-NEXT: ^bb0
// CHECK: gir.elementwise(%[[A2]], %{{.*}}, %[[K0]])
// CHECK: gir.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK-COUNT-8: gir.reduce sum width
// CHECK-COUNT-8: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, 1x1xbf16> -> !gir.slice<global, 1x1xbf16>
// CHECK: gir.kernel @misaligned_k0(
// CHECK-NOT: iter_args(%{{[^)]*}}, %
// CHECK: gir.kernel @pairs_k0(
// CHECK: iter_args(%{{.*}}, %{{.*}}) -> (!gir.slice<register, 1x64xf32>, !gir.slice<register, 1x64xf32>)
func.func @scores(%q: tensor<2x1024xbf16>, %k: tensor<2x64x2x128xbf16>) -> tensor<2x8x64xbf16> {
  %s = te.compute(%q, %k) shape () -> (2, 8, 64) reduce () -> (128) combiner sum init 0.0 : (tensor<2x1024xbf16>, tensor<2x64x2x128xbf16>) -> tensor<2x8x64xbf16> {
  ^bb0(%b: index, %h: index, %c: index, %d: index):
    %x = te.load %q[(d0, d1, d2, d3) -> (d0, d1 * 128 + d3)] : tensor<2x1024xbf16> -> bf16
    %y = te.load %k[(d0, d1, d2, d3) -> (d0, d2, d1 floordiv 4, d3)] : tensor<2x64x2x128xbf16> -> bf16
    %m = arith.mulf %x, %y : bf16
    te.yield %m : bf16
  }
  return %s : tensor<2x8x64xbf16>
}

// (h + 1) floordiv 4 is not one value over the aligned groups of four
// heads (nor of two): no group; q is read per output along c too, so no
// other dim groups either.
func.func @misaligned(%q: tensor<2x64x1024xbf16>, %k: tensor<2x64x3x128xbf16>) -> tensor<2x8x64xbf16> {
  %s = te.compute(%q, %k) shape () -> (2, 8, 64) reduce () -> (128) combiner sum init 0.0 : (tensor<2x64x1024xbf16>, tensor<2x64x3x128xbf16>) -> tensor<2x8x64xbf16> {
  ^bb0(%b: index, %h: index, %c: index, %d: index):
    %x = te.load %q[(d0, d1, d2, d3) -> (d0, d2, d1 * 128 + d3)] : tensor<2x64x1024xbf16> -> bf16
    %y = te.load %k[(d0, d1, d2, d3) -> (d0, d2, (d1 + 1) floordiv 4, d3)] : tensor<2x64x3x128xbf16> -> bf16
    %m = arith.mulf %x, %y : bf16
    te.yield %m : bf16
  }
  return %s : tensor<2x8x64xbf16>
}

// A load that ignores dim 0 (the batch of a product with one weight):
// 2 rows per work item (the extent), the larger input (w) decides.
func.func @pairs(%x: tensor<2x32xf32>, %w: tensor<32x64xf32>) -> tensor<2x64xf32> {
  %o = te.compute(%x, %w) shape () -> (2, 64) reduce () -> (32) combiner sum init 0.0 : (tensor<2x32xf32>, tensor<32x64xf32>) -> tensor<2x64xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<2x32xf32> -> f32
    %b = te.load %w[(d0, d1, d2) -> (d2, d1)] : tensor<32x64xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  return %o : tensor<2x64xf32>
}
