// Fragment layouts, transposed and asynchronous copies on NVPTX, one small
// kernel each (one warp), FileCheck'd here; test/unit/test_gir_tensor_core.c runs
// every @t_* entry in the gir interpreter and, on a GPU, compares the
// compiled kernels with it.
// RUN: vtc-translate %s --target=nvptx -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX

// ldmatrix: A row-major (plain), B K x N (.trans), B stored N x K and read
// transposed (plain), A stored K x M and read transposed (.trans); two 32x32
// fragments are four x4 loads each.
// An unmasked cp.async copies all 16 bytes.
// CHECK-LABEL: define ptx_kernel void @ld_a(
// CHECK-COUNT-4: call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3)
// CHECK-COUNT-4: @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(
// CHECK-NOT: call {{.*}}ldmatrix
// CHECK-LABEL: define ptx_kernel void @ld_b(
// CHECK-COUNT-4: @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(
// CHECK-LABEL: define ptx_kernel void @ld_bt(
// CHECK-COUNT-4: @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(
// CHECK-LABEL: define ptx_kernel void @ld_at(
// CHECK-COUNT-4: @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(
// A 16x8 mma_b of 16-bit elements is one x2.
// CHECK-LABEL: define ptx_kernel void @ld_b_x2(
// CHECK: @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(
// Fragments from global memory are per-lane gathers.
// CHECK-LABEL: define ptx_kernel void @gather_frags(
// CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(
// CHECK: call <2 x float> @llvm.masked.gather.v2f32.v2p0(
// CHECK-LABEL: define ptx_kernel void @mma_f16(
// CHECK: @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(
// The bias along the columns: one shuffle per element from the lane that
// holds the column.
// CHECK: call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %{{.*}}, i32 %
// CHECK-LABEL: define ptx_kernel void @mma_bf16(
// CHECK: @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32
// CHECK-LABEL: define ptx_kernel void @mma_tf32(
// CHECK: call i32 @llvm.nvvm.f2tf32.rna(float
// CHECK: @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32
// CHECK-LABEL: define ptx_kernel void @mma_f16acc(
// CHECK: @llvm.nvvm.mma.m16n8k16.row.col.f16.f16(
// CHECK-LABEL: define ptx_kernel void @repattern(
// CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
// A masked cp.async gives the source bytes (16, 8 or 0 here); 48 chunks
// of 16 bytes take two rounds of the warp.
// CHECK-LABEL: define ptx_kernel void @cp_async_tail(
// CHECK-COUNT-2: call void @llvm.nvvm.cp.async.cg.shared.global.16.s(
// CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
// CHECK-LABEL: define ptx_kernel void @ffma(
// B's rows: one vector per k (a lane's 2 columns); A gathered.
// CHECK: load <2 x float>, ptr %{{.*}}, align 8
// CHECK: call <2 x float> @llvm.fmuladd.v2f32(
// CHECK: store.vec:
// CHECK: store.part:

// PTX-LABEL: .visible .entry ld_bt(
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-LABEL: .visible .entry mma_bf16(
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-LABEL: .visible .entry mma_tf32(
// PTX: cvt.rna.tf32.f32
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-LABEL: .visible .entry mma_f16acc(
// PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// PTX-LABEL: .visible .entry cp_async_tail(
// PTX: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};

// ---- ldmatrix ----------------------------------------------------------------

gir.kernel @ld_a(%x: !gir.buffer<global, 32x32xf16>, %y: !gir.buffer<global, 32x32xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 32x40xf16>
  %g = gir.view %x[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  %sv = gir.view %s[%c0] : !gir.buffer<shared, 32x40xf16> -> !gir.slice<shared, 32x32xf16, 40>
  gir.copy_async %g to %sv : !gir.slice<global, 32x32xf16> -> !gir.slice<shared, 32x32xf16, 40>
  gir.async_commit
  gir.async_wait 0
  gir.sync block %s : !gir.buffer<shared, 32x40xf16>
  %a = gir.copy %sv : !gir.slice<shared, 32x32xf16, 40> -> !gir.slice<register, 32x32xf16, mma_a>
  %o = gir.view %y[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  gir.copy %a to %o : !gir.slice<register, 32x32xf16, mma_a> -> !gir.slice<global, 32x32xf16>
}

gir.kernel @ld_b(%x: !gir.buffer<global, 32x32xf16>, %y: !gir.buffer<global, 32x32xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 32x40xf16>
  %g = gir.view %x[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  %sv = gir.view %s[%c0] : !gir.buffer<shared, 32x40xf16> -> !gir.slice<shared, 32x32xf16, 40>
  gir.copy %g to %sv : !gir.slice<global, 32x32xf16> -> !gir.slice<shared, 32x32xf16, 40>
  gir.sync block %s : !gir.buffer<shared, 32x40xf16>
  %b = gir.copy %sv : !gir.slice<shared, 32x32xf16, 40> -> !gir.slice<register, 32x32xf16, mma_b>
  %o = gir.view %y[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  gir.copy %b to %o : !gir.slice<register, 32x32xf16, mma_b> -> !gir.slice<global, 32x32xf16>
}

// B stored N x K, read as K x N: y = x^T.
gir.kernel @ld_bt(%x: !gir.buffer<global, 32x32xf16>, %y: !gir.buffer<global, 32x32xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 32x40xf16>
  %g = gir.view %x[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  %sv = gir.view %s[%c0] : !gir.buffer<shared, 32x40xf16> -> !gir.slice<shared, 32x32xf16, 40>
  gir.copy %g to %sv : !gir.slice<global, 32x32xf16> -> !gir.slice<shared, 32x32xf16, 40>
  gir.sync block %s : !gir.buffer<shared, 32x40xf16>
  %b = gir.copy %sv {transpose} : !gir.slice<shared, 32x32xf16, 40> -> !gir.slice<register, 32x32xf16, mma_b>
  %o = gir.view %y[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  gir.copy %b to %o : !gir.slice<register, 32x32xf16, mma_b> -> !gir.slice<global, 32x32xf16>
}

// A stored K x M, read as M x K: y = x^T.
gir.kernel @ld_at(%x: !gir.buffer<global, 32x32xf16>, %y: !gir.buffer<global, 32x32xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 32x40xf16>
  %g = gir.view %x[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  %sv = gir.view %s[%c0] : !gir.buffer<shared, 32x40xf16> -> !gir.slice<shared, 32x32xf16, 40>
  gir.copy %g to %sv : !gir.slice<global, 32x32xf16> -> !gir.slice<shared, 32x32xf16, 40>
  gir.sync block %s : !gir.buffer<shared, 32x40xf16>
  %a = gir.copy %sv {transpose} : !gir.slice<shared, 32x32xf16, 40> -> !gir.slice<register, 32x32xf16, mma_a>
  %o = gir.view %y[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  gir.copy %a to %o : !gir.slice<register, 32x32xf16, mma_a> -> !gir.slice<global, 32x32xf16>
}

gir.kernel @ld_b_x2(%x: !gir.buffer<global, 16x8xbf16>, %y: !gir.buffer<global, 16x8xbf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xbf16>
  %g = gir.view %x[%c0] : !gir.buffer<global, 16x8xbf16> -> !gir.slice<global, 16x8xbf16>
  %sv = gir.view %s[%c0] : !gir.buffer<shared, 16x16xbf16> -> !gir.slice<shared, 16x8xbf16, 16>
  gir.copy %g to %sv : !gir.slice<global, 16x8xbf16> -> !gir.slice<shared, 16x8xbf16, 16>
  gir.sync block %s : !gir.buffer<shared, 16x16xbf16>
  %b = gir.copy %sv : !gir.slice<shared, 16x8xbf16, 16> -> !gir.slice<register, 16x8xbf16, mma_b>
  %o = gir.view %y[%c0] : !gir.buffer<global, 16x8xbf16> -> !gir.slice<global, 16x8xbf16>
  gir.copy %b to %o : !gir.slice<register, 16x8xbf16, mma_b> -> !gir.slice<global, 16x8xbf16>
}

// ---- gathers and scatters of every fragment --------------------------------------------

// tf32 A and B from global, an accumulator stored inside valid(30, 27)
// (pairs on the edge split), and transposed.
gir.kernel @gather_frags(%x: !gir.buffer<global, 32x32xf32>, %ya: !gir.buffer<global, 32x32xf32>, %yb: !gir.buffer<global, 32x32xf32>, %yc: !gir.buffer<global, 32x32xf32>, %yt: !gir.buffer<global, 32x32xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c27 = arith.constant 27 : index
  %c30 = arith.constant 30 : index
  %g = gir.view %x[%c0] : !gir.buffer<global, 32x32xf32> -> !gir.slice<global, 32x32xf32>
  %a = gir.copy %g : !gir.slice<global, 32x32xf32> -> !gir.slice<register, 32x32xf32, mma_a>
  %b = gir.copy %g : !gir.slice<global, 32x32xf32> -> !gir.slice<register, 32x32xf32, mma_b>
  %c = gir.copy %g : !gir.slice<global, 32x32xf32> -> !gir.slice<register, 32x32xf32, mma_acc>
  %oa = gir.view %ya[%c0] : !gir.buffer<global, 32x32xf32> -> !gir.slice<global, 32x32xf32>
  gir.copy %a to %oa : !gir.slice<register, 32x32xf32, mma_a> -> !gir.slice<global, 32x32xf32>
  %ob = gir.view %yb[%c0] : !gir.buffer<global, 32x32xf32> -> !gir.slice<global, 32x32xf32>
  gir.copy %b to %ob : !gir.slice<register, 32x32xf32, mma_b> -> !gir.slice<global, 32x32xf32>
  %zero = arith.constant 0.0 : f32
  %z = gir.broadcast %zero : f32 -> !gir.slice<register, 32x32xf32, mma_acc>
  %oc = gir.view %yc[%c0] : !gir.buffer<global, 32x32xf32> -> !gir.slice<global, 32x32xf32>
  gir.copy %z to %oc : !gir.slice<register, 32x32xf32, mma_acc> -> !gir.slice<global, 32x32xf32>
  %ocm = gir.view %yc[%c0] valid(%c30, %c27) : !gir.buffer<global, 32x32xf32> -> !gir.slice<global, 32x32xf32>
  gir.copy %c to %ocm : !gir.slice<register, 32x32xf32, mma_acc> -> !gir.slice<global, 32x32xf32>
  %ot = gir.view %yt[%c0] : !gir.buffer<global, 32x32xf32> -> !gir.slice<global, 32x32xf32>
  gir.copy %c to %ot {transpose} : !gir.slice<register, 32x32xf32, mma_acc> -> !gir.slice<global, 32x32xf32>
}

// ---- mma.sync -----------------------------------------------------------------------------

// y = relu(A B * rowscale + bias), halved above the diagonal (position
// arguments); yt = its transpose; e = element [5, 9] of A B.
gir.kernel @mma_f16(%a: !gir.buffer<global, 32x32xf16>, %b: !gir.buffer<global, 32x32xf16>, %bias: !gir.buffer<global, 1x32xf32>, %rs: !gir.buffer<global, 32x1xf32>, %y: !gir.buffer<global, 32x32xf32>, %yt: !gir.buffer<global, 32x32xf32>, %e: !gir.buffer<global, 1x1xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %av = gir.view %a[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  %bv = gir.view %b[%c0] : !gir.buffer<global, 32x32xf16> -> !gir.slice<global, 32x32xf16>
  %fa = gir.copy %av : !gir.slice<global, 32x32xf16> -> !gir.slice<register, 32x32xf16, mma_a>
  %fb = gir.copy %bv : !gir.slice<global, 32x32xf16> -> !gir.slice<register, 32x32xf16, mma_b>
  %zero = arith.constant 0.0 : f32
  %z = gir.broadcast %zero : f32 -> !gir.slice<register, 32x32xf32, mma_acc>
  %d = gir.mma %fa, %fb, %z : !gir.slice<register, 32x32xf16, mma_a>, !gir.slice<register, 32x32xf16, mma_b>, !gir.slice<register, 32x32xf32, mma_acc>
  %biasv = gir.view %bias[%c0] : !gir.buffer<global, 1x32xf32> -> !gir.slice<global, 1x32xf32>
  %br = gir.copy %biasv : !gir.slice<global, 1x32xf32> -> !gir.slice<register, 1x32xf32>
  %bb = gir.broadcast num %br : !gir.slice<register, 1x32xf32> -> !gir.slice<register, 32x32xf32, mma_acc>
  %rsv = gir.view %rs[%c0] : !gir.buffer<global, 32x1xf32> -> !gir.slice<global, 32x1xf32>
  %rr = gir.copy %rsv : !gir.slice<global, 32x1xf32> -> !gir.slice<register, 32x1xf32>
  %rb = gir.broadcast width %rr : !gir.slice<register, 32x1xf32> -> !gir.slice<register, 32x32xf32, mma_acc>
  %r = gir.elementwise(%d, %rb, %bb) : (!gir.slice<register, 32x32xf32, mma_acc>, !gir.slice<register, 32x32xf32, mma_acc>, !gir.slice<register, 32x32xf32, mma_acc>) -> !gir.slice<register, 32x32xf32, mma_acc> {
  ^bb0(%p: f32, %s: f32, %q: f32, %i: index, %j: index):
    %m = arith.mulf %p, %s : f32
    %n = arith.addf %m, %q : f32
    %zz = arith.constant 0.0 : f32
    %relu = arith.maximumf %n, %zz : f32
    %half = arith.constant 0.5 : f32
    %h = arith.mulf %relu, %half : f32
    %above = arith.cmpi ult, %i, %j : index
    %v = arith.select %above, %h, %relu : f32
    gir.yield %v : f32
  }
  %yv = gir.view %y[%c0] : !gir.buffer<global, 32x32xf32> -> !gir.slice<global, 32x32xf32>
  gir.copy %r to %yv : !gir.slice<register, 32x32xf32, mma_acc> -> !gir.slice<global, 32x32xf32>
  %ytv = gir.view %yt[%c0] : !gir.buffer<global, 32x32xf32> -> !gir.slice<global, 32x32xf32>
  gir.copy %r to %ytv {transpose} : !gir.slice<register, 32x32xf32, mma_acc> -> !gir.slice<global, 32x32xf32>
  %x = gir.extract %d[5, 9] : !gir.slice<register, 32x32xf32, mma_acc>
  %xs = gir.broadcast %x : f32 -> !gir.slice<register, 1x1xf32>
  %ev = gir.view %e[%c0] : !gir.buffer<global, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %xs to %ev : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

gir.kernel @mma_bf16(%a: !gir.buffer<global, 16x32xbf16>, %b: !gir.buffer<global, 32x16xbf16>, %y: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %av = gir.view %a[%c0] : !gir.buffer<global, 16x32xbf16> -> !gir.slice<global, 16x32xbf16>
  %bv = gir.view %b[%c0] : !gir.buffer<global, 32x16xbf16> -> !gir.slice<global, 32x16xbf16>
  %fa = gir.copy %av : !gir.slice<global, 16x32xbf16> -> !gir.slice<register, 16x32xbf16, mma_a>
  %fb = gir.copy %bv : !gir.slice<global, 32x16xbf16> -> !gir.slice<register, 32x16xbf16, mma_b>
  %zero = arith.constant 0.0 : f32
  %z = gir.broadcast %zero : f32 -> !gir.slice<register, 16x16xf32, mma_acc>
  %d = gir.mma %fa, %fb, %z : !gir.slice<register, 16x32xbf16, mma_a>, !gir.slice<register, 32x16xbf16, mma_b>, !gir.slice<register, 16x16xf32, mma_acc>
  %yv = gir.view %y[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  gir.copy %d to %yv : !gir.slice<register, 16x16xf32, mma_acc> -> !gir.slice<global, 16x16xf32>
}

gir.kernel @mma_tf32(%a: !gir.buffer<global, 16x16xf32>, %b: !gir.buffer<global, 16x16xf32>, %y: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %av = gir.view %a[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %bv = gir.view %b[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %fa = gir.copy %av : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_a>
  %fb = gir.copy %bv : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_b>
  %zero = arith.constant 0.0 : f32
  %z = gir.broadcast %zero : f32 -> !gir.slice<register, 16x16xf32, mma_acc>
  %d = gir.mma %fa, %fb, %z {tf32} : !gir.slice<register, 16x16xf32, mma_a>, !gir.slice<register, 16x16xf32, mma_b>, !gir.slice<register, 16x16xf32, mma_acc>
  %yv = gir.view %y[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  gir.copy %d to %yv : !gir.slice<register, 16x16xf32, mma_acc> -> !gir.slice<global, 16x16xf32>
}

gir.kernel @mma_f16acc(%a: !gir.buffer<global, 16x16xf16>, %b: !gir.buffer<global, 16x16xf16>, %y: !gir.buffer<global, 16x16xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %av = gir.view %a[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  %bv = gir.view %b[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  %fa = gir.copy %av : !gir.slice<global, 16x16xf16> -> !gir.slice<register, 16x16xf16, mma_a>
  %fb = gir.copy %bv : !gir.slice<global, 16x16xf16> -> !gir.slice<register, 16x16xf16, mma_b>
  %zero = arith.constant 0.0 : f16
  %z = gir.broadcast %zero : f16 -> !gir.slice<register, 16x16xf16, mma_acc>
  %d = gir.mma %fa, %fb, %z : !gir.slice<register, 16x16xf16, mma_a>, !gir.slice<register, 16x16xf16, mma_b>, !gir.slice<register, 16x16xf16, mma_acc>
  %yv = gir.view %y[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  gir.copy %d to %yv : !gir.slice<register, 16x16xf16, mma_acc> -> !gir.slice<global, 16x16xf16>
}

// ---- re-patterning and cp.async tails -------------------------------------------------------

gir.kernel @repattern(%x: !gir.buffer<global, 16x16xf32>, %y: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %g = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %c = gir.copy %g : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_acc>
  %p = gir.sync warp %c : !gir.slice<register, 16x16xf32, mma_acc> -> !gir.slice<register, 16x16xf32>
  %o = gir.view %y[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  gir.copy %p to %o : !gir.slice<register, 16x16xf32> -> !gir.slice<global, 16x16xf32>
}

// 13 rows, 12 columns of a 16x24 tile land; the rest of the tile is zero
// (a chunk of 8 halves, one of 4 and 4 of zeros, one of zeros per row).
gir.kernel @cp_async_tail(%x: !gir.buffer<global, 16x24xf16>, %y: !gir.buffer<global, 16x24xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x24xf16>
  %g = gir.view %x[%c0] valid(%c13, %c12) : !gir.buffer<global, 16x24xf16> -> !gir.slice<global, 16x24xf16>
  %sv = gir.view %s[%c0] : !gir.buffer<shared, 16x24xf16> -> !gir.slice<shared, 16x24xf16>
  gir.copy_async %g to %sv : !gir.slice<global, 16x24xf16> -> !gir.slice<shared, 16x24xf16>
  gir.async_commit
  gir.async_wait 0
  gir.sync block %s : !gir.buffer<shared, 16x24xf16>
  %r = gir.copy %sv : !gir.slice<shared, 16x24xf16> -> !gir.slice<register, 16x24xf16>
  %o = gir.view %y[%c0] : !gir.buffer<global, 16x24xf16> -> !gir.slice<global, 16x24xf16>
  gir.copy %r to %o : !gir.slice<register, 16x24xf16> -> !gir.slice<global, 16x24xf16>
}

// ---- FFMA thread tiles --------------------------------------------------------------------------

// The mma_f16 epilogue on CUDA-core tiles: A gathered (a lane's rows are
// not adjacent in A), B's rows as vectors, y stored inside valid(15, 13)
// over zeros, yt transposed, e = element [5, 9] of A B.
gir.kernel @ffma(%a: !gir.buffer<global, 16x4xf32>, %b: !gir.buffer<global, 4x16xf32>, %bias: !gir.buffer<global, 1x16xf32>, %rs: !gir.buffer<global, 16x1xf32>, %y: !gir.buffer<global, 16x16xf32>, %yt: !gir.buffer<global, 16x16xf32>, %e: !gir.buffer<global, 1x1xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c13 = arith.constant 13 : index
  %c15 = arith.constant 15 : index
  %av = gir.view %a[%c0] : !gir.buffer<global, 16x4xf32> -> !gir.slice<global, 16x4xf32>
  %bv = gir.view %b[%c0] : !gir.buffer<global, 4x16xf32> -> !gir.slice<global, 4x16xf32>
  %fa = gir.copy %av : !gir.slice<global, 16x4xf32> -> !gir.slice<register, 16x4xf32, ffma_a>
  %fb = gir.copy %bv : !gir.slice<global, 4x16xf32> -> !gir.slice<register, 4x16xf32, ffma_b>
  %zero = arith.constant 0.0 : f32
  %z = gir.broadcast %zero : f32 -> !gir.slice<register, 16x16xf32, ffma_acc>
  %d = gir.mma %fa, %fb, %z : !gir.slice<register, 16x4xf32, ffma_a>, !gir.slice<register, 4x16xf32, ffma_b>, !gir.slice<register, 16x16xf32, ffma_acc>
  %biasv = gir.view %bias[%c0] : !gir.buffer<global, 1x16xf32> -> !gir.slice<global, 1x16xf32>
  %br = gir.copy %biasv : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
  %bb = gir.broadcast num %br : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 16x16xf32, ffma_acc>
  %rsv = gir.view %rs[%c0] : !gir.buffer<global, 16x1xf32> -> !gir.slice<global, 16x1xf32>
  %rr = gir.copy %rsv : !gir.slice<global, 16x1xf32> -> !gir.slice<register, 16x1xf32>
  %rb = gir.broadcast width %rr : !gir.slice<register, 16x1xf32> -> !gir.slice<register, 16x16xf32, ffma_acc>
  %r = gir.elementwise(%d, %rb, %bb) : (!gir.slice<register, 16x16xf32, ffma_acc>, !gir.slice<register, 16x16xf32, ffma_acc>, !gir.slice<register, 16x16xf32, ffma_acc>) -> !gir.slice<register, 16x16xf32, ffma_acc> {
  ^bb0(%p: f32, %s: f32, %q: f32, %i: index, %j: index):
    %m = arith.mulf %p, %s : f32
    %n = arith.addf %m, %q : f32
    %zz = arith.constant 0.0 : f32
    %relu = arith.maximumf %n, %zz : f32
    %half = arith.constant 0.5 : f32
    %h = arith.mulf %relu, %half : f32
    %above = arith.cmpi ult, %i, %j : index
    %v = arith.select %above, %h, %relu : f32
    gir.yield %v : f32
  }
  %yv = gir.view %y[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  gir.copy %z to %yv : !gir.slice<register, 16x16xf32, ffma_acc> -> !gir.slice<global, 16x16xf32>
  %ym = gir.view %y[%c0] valid(%c15, %c13) : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  gir.copy %r to %ym : !gir.slice<register, 16x16xf32, ffma_acc> -> !gir.slice<global, 16x16xf32>
  %ytv = gir.view %yt[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  gir.copy %r to %ytv {transpose} : !gir.slice<register, 16x16xf32, ffma_acc> -> !gir.slice<global, 16x16xf32>
  %x = gir.extract %d[5, 9] : !gir.slice<register, 16x16xf32, ffma_acc>
  %xs = gir.broadcast %x : f32 -> !gir.slice<register, 1x1xf32>
  %ev = gir.view %e[%c0] : !gir.buffer<global, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %xs to %ev : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

// ---- the host functions ---------------------------------------------------------------------

func.func @t_ffma(%a: !gir.buffer<global, 16x4xf32>, %b: !gir.buffer<global, 4x16xf32>, %bias: !gir.buffer<global, 1x16xf32>, %rs: !gir.buffer<global, 16x1xf32>) -> (!gir.buffer<global, 16x16xf32>, !gir.buffer<global, 16x16xf32>, !gir.buffer<global, 1x1xf32>) {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 16x16xf32>
  %yt = gir.alloc() : !gir.buffer<global, 16x16xf32>
  %e = gir.alloc() : !gir.buffer<global, 1x1xf32>
  gir.launch @ffma[%c1](%a, %b, %bias, %rs, %y, %yt, %e) : (!gir.buffer<global, 16x4xf32>, !gir.buffer<global, 4x16xf32>, !gir.buffer<global, 1x16xf32>, !gir.buffer<global, 16x1xf32>, !gir.buffer<global, 16x16xf32>, !gir.buffer<global, 16x16xf32>, !gir.buffer<global, 1x1xf32>)
  return %y, %yt, %e : !gir.buffer<global, 16x16xf32>, !gir.buffer<global, 16x16xf32>, !gir.buffer<global, 1x1xf32>
}

func.func @t_ld_a(%x: !gir.buffer<global, 32x32xf16>) -> !gir.buffer<global, 32x32xf16> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 32x32xf16>
  gir.launch @ld_a[%c1](%x, %y) : (!gir.buffer<global, 32x32xf16>, !gir.buffer<global, 32x32xf16>)
  return %y : !gir.buffer<global, 32x32xf16>
}

func.func @t_ld_b(%x: !gir.buffer<global, 32x32xf16>) -> !gir.buffer<global, 32x32xf16> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 32x32xf16>
  gir.launch @ld_b[%c1](%x, %y) : (!gir.buffer<global, 32x32xf16>, !gir.buffer<global, 32x32xf16>)
  return %y : !gir.buffer<global, 32x32xf16>
}

func.func @t_ld_bt(%x: !gir.buffer<global, 32x32xf16>) -> !gir.buffer<global, 32x32xf16> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 32x32xf16>
  gir.launch @ld_bt[%c1](%x, %y) : (!gir.buffer<global, 32x32xf16>, !gir.buffer<global, 32x32xf16>)
  return %y : !gir.buffer<global, 32x32xf16>
}

func.func @t_ld_at(%x: !gir.buffer<global, 32x32xf16>) -> !gir.buffer<global, 32x32xf16> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 32x32xf16>
  gir.launch @ld_at[%c1](%x, %y) : (!gir.buffer<global, 32x32xf16>, !gir.buffer<global, 32x32xf16>)
  return %y : !gir.buffer<global, 32x32xf16>
}

func.func @t_ld_b_x2(%x: !gir.buffer<global, 16x8xbf16>) -> !gir.buffer<global, 16x8xbf16> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 16x8xbf16>
  gir.launch @ld_b_x2[%c1](%x, %y) : (!gir.buffer<global, 16x8xbf16>, !gir.buffer<global, 16x8xbf16>)
  return %y : !gir.buffer<global, 16x8xbf16>
}

func.func @t_gather_frags(%x: !gir.buffer<global, 32x32xf32>) -> (!gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>) {
  %c1 = arith.constant 1 : index
  %ya = gir.alloc() : !gir.buffer<global, 32x32xf32>
  %yb = gir.alloc() : !gir.buffer<global, 32x32xf32>
  %yc = gir.alloc() : !gir.buffer<global, 32x32xf32>
  %yt = gir.alloc() : !gir.buffer<global, 32x32xf32>
  gir.launch @gather_frags[%c1](%x, %ya, %yb, %yc, %yt) : (!gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>)
  return %ya, %yb, %yc, %yt : !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>
}

func.func @t_mma_f16(%a: !gir.buffer<global, 32x32xf16>, %b: !gir.buffer<global, 32x32xf16>, %bias: !gir.buffer<global, 1x32xf32>, %rs: !gir.buffer<global, 32x1xf32>) -> (!gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 1x1xf32>) {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 32x32xf32>
  %yt = gir.alloc() : !gir.buffer<global, 32x32xf32>
  %e = gir.alloc() : !gir.buffer<global, 1x1xf32>
  gir.launch @mma_f16[%c1](%a, %b, %bias, %rs, %y, %yt, %e) : (!gir.buffer<global, 32x32xf16>, !gir.buffer<global, 32x32xf16>, !gir.buffer<global, 1x32xf32>, !gir.buffer<global, 32x1xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 1x1xf32>)
  return %y, %yt, %e : !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 32x32xf32>, !gir.buffer<global, 1x1xf32>
}

func.func @t_mma_bf16(%a: !gir.buffer<global, 16x32xbf16>, %b: !gir.buffer<global, 32x16xbf16>) -> !gir.buffer<global, 16x16xf32> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 16x16xf32>
  gir.launch @mma_bf16[%c1](%a, %b, %y) : (!gir.buffer<global, 16x32xbf16>, !gir.buffer<global, 32x16xbf16>, !gir.buffer<global, 16x16xf32>)
  return %y : !gir.buffer<global, 16x16xf32>
}

func.func @t_mma_tf32(%a: !gir.buffer<global, 16x16xf32>, %b: !gir.buffer<global, 16x16xf32>) -> !gir.buffer<global, 16x16xf32> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 16x16xf32>
  gir.launch @mma_tf32[%c1](%a, %b, %y) : (!gir.buffer<global, 16x16xf32>, !gir.buffer<global, 16x16xf32>, !gir.buffer<global, 16x16xf32>)
  return %y : !gir.buffer<global, 16x16xf32>
}

func.func @t_mma_f16acc(%a: !gir.buffer<global, 16x16xf16>, %b: !gir.buffer<global, 16x16xf16>) -> !gir.buffer<global, 16x16xf16> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 16x16xf16>
  gir.launch @mma_f16acc[%c1](%a, %b, %y) : (!gir.buffer<global, 16x16xf16>, !gir.buffer<global, 16x16xf16>, !gir.buffer<global, 16x16xf16>)
  return %y : !gir.buffer<global, 16x16xf16>
}

func.func @t_repattern(%x: !gir.buffer<global, 16x16xf32>) -> !gir.buffer<global, 16x16xf32> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 16x16xf32>
  gir.launch @repattern[%c1](%x, %y) : (!gir.buffer<global, 16x16xf32>, !gir.buffer<global, 16x16xf32>)
  return %y : !gir.buffer<global, 16x16xf32>
}

func.func @t_cp_async_tail(%x: !gir.buffer<global, 16x24xf16>) -> !gir.buffer<global, 16x24xf16> {
  %c1 = arith.constant 1 : index
  %y = gir.alloc() : !gir.buffer<global, 16x24xf16>
  gir.launch @cp_async_tail[%c1](%x, %y) : (!gir.buffer<global, 16x24xf16>, !gir.buffer<global, 16x24xf16>)
  return %y : !gir.buffer<global, 16x24xf16>
}
