// lower-te-to-gir{unroll-reductions}: on a GPU, a plain kernel's innermost
// reduction loop carries an unroll hint, so that several rows' loads are in
// flight before their FMAs (decode attention's P.V: one 256-byte V row a
// warp per iteration otherwise). 4 by default, on loops of 16 trips or
// more; none on the CPU; unroll-reductions=1 is the ablation. The hint
// reaches LLVM as llvm.loop.unroll.count: with unroll-reductions=8 the PTX
// has 8 rows' loads in one block (LLVM unrolls it by 2 alone).
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive' %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive unroll-reductions=1' %s | FileCheck %s --check-prefix=OFF
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive unroll-reductions=8' %s | FileCheck %s --check-prefix=EIGHT
// RUN: vtc-opt --lower-te-to-gir='contractions=naive' %s | FileCheck %s --check-prefix=CPU
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive' %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive unroll-reductions=8' %s | vtc-translate --target=nvptx --emit=llvm -O0 | FileCheck %s --check-prefix=LLVM
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive unroll-reductions=8' %s | vtc-translate --target=nvptx --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: vtc-opt --lower-te-to-gir='hierarchy=gpu contractions=naive unroll-reductions=1' %s | vtc-translate --target=nvptx --emit=ptx | FileCheck %s --check-prefix=PTX-OFF
// RUN: not vtc-opt --lower-te-to-gir='hierarchy=gpu unroll-reductions=65' %s 2>&1 | FileCheck %s --check-prefix=BAD

// P.V of one head: out[d] = sum over 64 positions of p[pos] * v[pos, d].
// CHECK-LABEL: gir.kernel @pv_k0
// CHECK: gir.for {{.*}} attributes {unroll = 4 : i64}
// OFF-LABEL: gir.kernel @pv_k0
// OFF-NOT: unroll
// EIGHT: attributes {unroll = 8 : i64}
// CPU-NOT: unroll
// LLVM-LABEL: define ptx_kernel void @pv_k0(
// LLVM: br label %for.header{{[0-9]*}}, !llvm.loop ![[ID:[0-9]+]]
// LLVM: ![[ID]] = distinct !{![[ID]], ![[HINT:[0-9]+]]}
// LLVM: ![[HINT]] = !{!"llvm.loop.unroll.count", i32 8}
// PTX-LABEL: .entry pv_k0(
// PTX-COUNT-8: ld.global.v4.f32
// PTX: add.s64 {{.*}}, 8;
// PTX-OFF-LABEL: .entry pv_k0(
// PTX-OFF-COUNT-2: ld.global.v4.f32
// PTX-OFF-NOT: ld.global.v4.f32
// PTX-OFF: ret;
func.func @pv(%p: tensor<64xf32>, %v: tensor<64x128xf32>) -> tensor<128xf32> {
  %y = te.compute(%p, %v) shape () -> (128) reduce () -> (64) combiner sum init 0.0 : (tensor<64xf32>, tensor<64x128xf32>) -> tensor<128xf32> {
  ^bb0(%d: index, %k: index):
    %a = te.load %p[(d0, d1) -> (d1)] : tensor<64xf32> -> f32
    %b = te.load %v[(d0, d1) -> (d1, d0)] : tensor<64x128xf32> -> f32
    %m = arith.mulf %a, %b : f32
    te.yield %m : f32
  }
  return %y : tensor<128xf32>
}

// A reduction of three trips has no hint (LLVM unrolls it whole).
// CHECK-LABEL: gir.kernel @short_k0
// CHECK-NOT: unroll
// CHECK: return
func.func @short(%v: tensor<3x128xf32>) -> tensor<128xf32> {
  %y = te.compute(%v) shape () -> (128) reduce () -> (3) combiner sum init 0.0 : (tensor<3x128xf32>) -> tensor<128xf32> {
  ^bb0(%d: index, %k: index):
    %b = te.load %v[(d0, d1) -> (d1, d0)] : tensor<3x128xf32> -> f32
    te.yield %b : f32
  }
  return %y : tensor<128xf32>
}

// BAD: error: lower-te-to-gir: unroll-reductions must be in [0, 64] (got 65)
