// The tensor-core GEMM written by hand in gir (below): its LLVM IR and PTX.
// gpu-tensor-core-ptxas.test assembles it for sm_80 and sm_90 (no spills);
// test/unit/test_gir_tensor_core.c runs it in the gir interpreter against C (and on
// a GPU when there is one).
// RUN: vtc-translate %s --target=nvptx -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: vtc-translate %s --emit=ptx --mcpu=sm_80 | FileCheck %s --check-prefix=SM80

// The stages are 74 KiB: dynamic shared memory, A's stages first, B's after.
// CHECK: @vtc_dynamic_shared = external addrspace(3) global [0 x i8], align 1024
// CHECK-LABEL: define ptx_kernel void @gemm(
// Each warp's share of a 32x32 A k-tile is 128 16-byte chunks, 4 per lane,
// with the source bytes left inside `valid`.
// CHECK-COUNT-4: call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %{{.*}})
// CHECK: getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @vtc_dynamic_shared to ptr), i64 40960)
// CHECK: call void @llvm.nvvm.cp.async.commit.group()
// CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 2)
// CHECK-NEXT: call void @llvm.nvvm.barrier0()
// A 64x16 A fragment: four ldmatrix.x4, one per 16x16 tile; the 16x64 B
// fragment: four ldmatrix.x4.trans, two 16x8 tiles each.
// CHECK-COUNT-4: call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3)
// CHECK-COUNT-4: call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3)
// One mma.sync per 16x8 tile of the 64x64 accumulator and k-step of 16.
// CHECK-COUNT-32: call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half>
// The epilogue: two adjacent columns as one store when both are inside `valid`.
// CHECK: store.pair:
// CHECK: store <2 x i16> %{{.*}}, ptr %{{.*}}, align 4
// CHECK: store.single:
// CHECK: call void @llvm.masked.scatter.v2i16.v2p0(<2 x i16>

// PTX: .target sm_90
// PTX: .extern .shared .align 1024 .b8 vtc_dynamic_shared[];
// PTX-LABEL: .visible .entry gemm(
// PTX: .maxntid 128, 1, 1
// PTX: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 2;
// PTX-NEXT: bar.sync 0;
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}{{(\+[0-9]+)?}}];
// PTX-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-COUNT-64: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: cvt.rn.f16.f32
// PTX: st.global.b32
// PTX: st.global.u16
// SM80: .target sm_80
// SM80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// SM80: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16

// C = A x B in f16 with f32 accumulation, written by hand in gir with the
// structure of Vortex's tensor-core rKernel (vortex.txt section 6.1, Table
// 1) and of benchmarks/gpu/reference/gemm_ref.cu's tc128x128w64x64s4:
//   L2: one group (CTA) per 128x128 tile of C, row-major over the tiles;
//   L1: the group stages A (128x32) and B (32x128) k-tiles in shared memory
//       through a 4-stage cp.async pipeline; rows padded by 8 halves (A: 40,
//       B: 136) so ldmatrix reads are free of bank conflicts; 74 KiB, so
//       dynamic shared memory;
//   L0: 4 warps on 64x64 warp tiles of mma.sync m16n8k16 fragments, loaded
//       from shared memory by ldmatrix (.trans for B), the accumulators
//       carried by the k loop.
// Any M; K and N multiples of 8 (16-byte rows for cp.async), which @main
// checks. Tails are masked: cp.async zero-fills outside `valid`, the
// epilogue stores only inside it.
gir.kernel @gemm(%A: !gir.buffer<global, ?x?xf16>, %B: !gir.buffer<global, ?x?xf16>, %C: !gir.buffer<global, ?x?xf16>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %c136 = arith.constant 136 : index
  %c2560 = arith.constant 2560 : index
  %c2176 = arith.constant 2176 : index
  %c5120 = arith.constant 5120 : index
  %c4352 = arith.constant 4352 : index
  %M = gir.dim %A, 0 : !gir.buffer<global, ?x?xf16>
  %Kd = gir.dim %A, 1 : !gir.buffer<global, ?x?xf16>
  %Nd = gir.dim %B, 1 : !gir.buffer<global, ?x?xf16>
  %K = gir.assume_multiple %Kd, 8
  %N = gir.assume_multiple %Nd, 8
  // L2: this group's 128x128 tile of C.
  %g = gir.id group
  %n127 = arith.addi %N, %c127 : index
  %ntiles = arith.divui %n127, %c128 : index
  %tm = arith.divui %g, %ntiles : index
  %tn = arith.remui %g, %ntiles : index
  %m0 = arith.muli %tm, %c128 : index
  %n0 = arith.muli %tn, %c128 : index
  // This warp: its 64x64 tile of the CTA tile, and the rows it stages
  // (A: 32 of 128, B: 8 of 32 per k-tile).
  %w = gir.id unit_in_group
  %wm = arith.divui %w, %c2 : index
  %wn = arith.remui %w, %c2 : index
  %arow = arith.muli %w, %c32 : index
  %brow = arith.muli %w, %c8 : index
  %am = arith.addi %m0, %arow : index
  %arows = arith.subi %M, %am : index
  %ncols = arith.subi %N, %n0 : index
  %abase = arith.muli %am, %K : index
  %adst = arith.muli %arow, %c40 : index
  %bdst = arith.muli %brow, %c136 : index
  %k31 = arith.addi %K, %c32 : index
  %k32 = arith.subi %k31, %c1 : index
  %ktiles = arith.divui %k32, %c32 : index
  // L1: 4 stages of A (128 x 32, pitch 40) and B (32 x 128, pitch 136).
  %As = gir.alloc() : !gir.buffer<shared, 4x128x40xf16>
  %Bs = gir.alloc() : !gir.buffer<shared, 4x32x136xf16>
  // The prologue: k-tiles 0, 1, 2 into stages 0, 1, 2 (empty k-tiles
  // past K are zero-filled and never read).
  gir.for %s = %c0 to %c3 step %c1 {
    %k0 = arith.muli %s, %c32 : index
    %kleft = arith.subi %K, %k0 : index
    %aoff = arith.addi %abase, %k0 : index
    %asrc = gir.view %A[%aoff] stride %K valid(%arows, %kleft) : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 32x32xf16, ?>
    %ast = arith.muli %s, %c5120 : index
    %aso = arith.addi %ast, %adst : index
    %adv = gir.view %As[%aso] : !gir.buffer<shared, 4x128x40xf16> -> !gir.slice<shared, 32x32xf16, 40>
    gir.copy_async %asrc to %adv : !gir.slice<global, 32x32xf16, ?> -> !gir.slice<shared, 32x32xf16, 40>
    %bk = arith.addi %k0, %brow : index
    %bkleft = arith.subi %K, %bk : index
    %bkn = arith.muli %bk, %N : index
    %boff = arith.addi %bkn, %n0 : index
    %bsrc = gir.view %B[%boff] stride %N valid(%bkleft, %ncols) : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 8x128xf16, ?>
    %bst = arith.muli %s, %c4352 : index
    %bso = arith.addi %bst, %bdst : index
    %bdv = gir.view %Bs[%bso] : !gir.buffer<shared, 4x32x136xf16> -> !gir.slice<shared, 8x128xf16, 136>
    gir.copy_async %bsrc to %bdv : !gir.slice<global, 8x128xf16, ?> -> !gir.slice<shared, 8x128xf16, 136>
    gir.async_commit
  }
  // L0 offsets of this warp's fragments in a stage.
  %wmr = arith.muli %wm, %c2560 : index
  %wnc = arith.muli %wn, %c64 : index
  %zero = arith.constant 0.0 : f32
  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 64x64xf32, mma_acc>
  %acc = gir.for %kt = %c0 to %ktiles step %c1 iter_args(%c = %acc0) -> (!gir.slice<register, 64x64xf32, mma_acc>) {
    // k-tile kt has landed (at most 2 younger groups in flight) for every warp.
    gir.async_wait 2
    gir.sync block %As, %Bs : !gir.buffer<shared, 4x128x40xf16>, !gir.buffer<shared, 4x32x136xf16>
    // Stage kt + 3 into the stage that k-tile kt - 1 used (read before the sync).
    %nk = arith.addi %kt, %c3 : index
    %ns = arith.remui %nk, %c4 : index
    %k0 = arith.muli %nk, %c32 : index
    %kleft = arith.subi %K, %k0 : index
    %aoff = arith.addi %abase, %k0 : index
    %asrc = gir.view %A[%aoff] stride %K valid(%arows, %kleft) : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 32x32xf16, ?>
    %ast = arith.muli %ns, %c5120 : index
    %aso = arith.addi %ast, %adst : index
    %adv = gir.view %As[%aso] : !gir.buffer<shared, 4x128x40xf16> -> !gir.slice<shared, 32x32xf16, 40>
    gir.copy_async %asrc to %adv : !gir.slice<global, 32x32xf16, ?> -> !gir.slice<shared, 32x32xf16, 40>
    %bk = arith.addi %k0, %brow : index
    %bkleft = arith.subi %K, %bk : index
    %bkn = arith.muli %bk, %N : index
    %boff = arith.addi %bkn, %n0 : index
    %bsrc = gir.view %B[%boff] stride %N valid(%bkleft, %ncols) : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 8x128xf16, ?>
    %bst = arith.muli %ns, %c4352 : index
    %bso = arith.addi %bst, %bdst : index
    %bdv = gir.view %Bs[%bso] : !gir.buffer<shared, 4x32x136xf16> -> !gir.slice<shared, 8x128xf16, 136>
    gir.copy_async %bsrc to %bdv : !gir.slice<global, 8x128xf16, ?> -> !gir.slice<shared, 8x128xf16, 136>
    gir.async_commit
    // Two k-steps of 16 on stage kt mod 4.
    %cs = arith.remui %kt, %c4 : index
    %ca = arith.muli %cs, %c5120 : index
    %cb = arith.muli %cs, %c4352 : index
    %a0o = arith.addi %ca, %wmr : index
    %b0r = arith.addi %cb, %wnc : index
    %a0v = gir.view %As[%a0o] : !gir.buffer<shared, 4x128x40xf16> -> !gir.slice<shared, 64x16xf16, 40>
    %a0 = gir.copy %a0v : !gir.slice<shared, 64x16xf16, 40> -> !gir.slice<register, 64x16xf16, mma_a>
    %b0v = gir.view %Bs[%b0r] : !gir.buffer<shared, 4x32x136xf16> -> !gir.slice<shared, 16x64xf16, 136>
    %b0 = gir.copy %b0v : !gir.slice<shared, 16x64xf16, 136> -> !gir.slice<register, 16x64xf16, mma_b>
    %c1s = gir.mma %a0, %b0, %c : !gir.slice<register, 64x16xf16, mma_a>, !gir.slice<register, 16x64xf16, mma_b>, !gir.slice<register, 64x64xf32, mma_acc>
    %a1o = arith.addi %a0o, %c16 : index
    %b1r = arith.addi %b0r, %c2176 : index
    %a1v = gir.view %As[%a1o] : !gir.buffer<shared, 4x128x40xf16> -> !gir.slice<shared, 64x16xf16, 40>
    %a1 = gir.copy %a1v : !gir.slice<shared, 64x16xf16, 40> -> !gir.slice<register, 64x16xf16, mma_a>
    %b1v = gir.view %Bs[%b1r] : !gir.buffer<shared, 4x32x136xf16> -> !gir.slice<shared, 16x64xf16, 136>
    %b1 = gir.copy %b1v : !gir.slice<shared, 16x64xf16, 136> -> !gir.slice<register, 16x64xf16, mma_b>
    %c2s = gir.mma %a1, %b1, %c1s : !gir.slice<register, 64x16xf16, mma_a>, !gir.slice<register, 16x64xf16, mma_b>, !gir.slice<register, 64x64xf32, mma_acc>
    gir.yield %c2s : !gir.slice<register, 64x64xf32, mma_acc>
  }
  // The epilogue: to f16 in the accumulator layout, then stored (masked).
  %h = gir.elementwise(%acc) : (!gir.slice<register, 64x64xf32, mma_acc>) -> !gir.slice<register, 64x64xf16, mma_acc> {
  ^bb0(%x: f32):
    %y = arith.truncf %x : f32 to f16
    gir.yield %y : f16
  }
  %wr = arith.muli %wm, %c64 : index
  %crow = arith.addi %m0, %wr : index
  %ccol = arith.addi %n0, %wnc : index
  %crows = arith.subi %M, %crow : index
  %ccols = arith.subi %N, %ccol : index
  %crn = arith.muli %crow, %N : index
  %coff = arith.addi %crn, %ccol : index
  %cv = gir.view %C[%coff] stride %N valid(%crows, %ccols) : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 64x64xf16, ?>
  gir.copy %h to %cv : !gir.slice<register, 64x64xf16, mma_acc> -> !gir.slice<global, 64x64xf16, ?>
}

// The host side: checks the shapes, allocates C, launches one group per
// 128x128 tile of C.
func.func @main(%A: !gir.buffer<global, ?x?xf16>, %B: !gir.buffer<global, ?x?xf16>) -> !gir.buffer<global, ?x?xf16> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %M = gir.dim %A, 0 : !gir.buffer<global, ?x?xf16>
  %K = gir.dim %A, 1 : !gir.buffer<global, ?x?xf16>
  %Kb = gir.dim %B, 0 : !gir.buffer<global, ?x?xf16>
  %N = gir.dim %B, 1 : !gir.buffer<global, ?x?xf16>
  gir.assert eq(%K, %Kb) "gemm: A has {0} columns but B has {1} rows"
  %rk = arith.remui %K, %c8 : index
  gir.assert eq(%rk, %c0, %K) "gemm: K = {2} is not a multiple of 8 (cp.async moves 16-byte rows)"
  %rn = arith.remui %N, %c8 : index
  gir.assert eq(%rn, %c0, %N) "gemm: N = {2} is not a multiple of 8 (cp.async moves 16-byte rows)"
  %C = gir.alloc(%M, %N) : !gir.buffer<global, ?x?xf16>
  %m127 = arith.addi %M, %c127 : index
  %mt = arith.divui %m127, %c128 : index
  %n127 = arith.addi %N, %c127 : index
  %nt = arith.divui %n127, %c128 : index
  %groups = arith.muli %mt, %nt : index
  gir.launch @gemm[%groups](%A, %B, %C) : (!gir.buffer<global, ?x?xf16>, !gir.buffer<global, ?x?xf16>, !gir.buffer<global, ?x?xf16>)
  return %C : !gir.buffer<global, ?x?xf16>
}
