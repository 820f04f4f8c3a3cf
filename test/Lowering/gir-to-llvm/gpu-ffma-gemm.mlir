// C = A x B in f32 on CUDA cores, written by hand in gir with the structure
// of benchmarks/gpu/reference/gemm_ref.cu's ffma128x128 (Vortex's CUDA-core
// rKernel, vortex.txt section 6.1):
//   L2: one group (CTA) per 128x128 tile of C;
//   L1: the group stages 128x8 of A (transposed: k-major, so a lane's rows
//       are adjacent) and 8x128 of B per k-tile in two shared stages, the
//       next k-tile loaded into registers while this one is computed;
//   L0: 8 warps on 32x64 warp tiles, each lane an 8x8 thread tile (the
//       ffma layouts: lanes as a 4x8 grid), 64 FFMAs per k from two 8-float
//       vector loads, no exchange between lanes.
// Any M, N, K: every tail is masked.
// RUN: vtc-translate %s --target=nvptx -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
// gpu-tensor-core-ptxas.test assembles it; test/unit/test_gir_tensor_core.c
// runs it in the interpreter against C (and on a GPU when there is one).

// CHECK-LABEL: define ptx_kernel void @sgemm(
// A lane's 8 rows of A at one k and its 8 columns of B: one vector each.
// CHECK: load <8 x float>, ptr %{{.*}}, align 16
// CHECK: load <8 x float>, ptr %{{.*}}, align 16
// CHECK-COUNT-8: call <8 x float> @llvm.fmuladd.v8f32(<8 x float>
// CHECK: call void @llvm.nvvm.barrier0()
// The epilogue: a row of the lane's tile at once when it is inside `valid`.
// CHECK: store.vec:
// CHECK: store <8 x float> %{{.*}}, ptr %{{.*}}, align 4
// CHECK: store.part:
// CHECK: call void @llvm.masked.scatter.v8f32.v8p0(<8 x float>

// PTX-LABEL: .visible .entry sgemm(
// PTX: .maxntid 256, 1, 1
// Two stages of A^T and of B, 8 KiB each: static shared memory.
// PTX-COUNT-2: .shared .align 16 .b8 vtc_shared{{.*}}[8192];
// PTX: bar.sync 0;
// PTX-COUNT-4: ld.shared.v4.f32
// PTX-COUNT-64: fma.rn.f32

gir.kernel @sgemm(%A: !gir.buffer<global, ?x?xf32>, %B: !gir.buffer<global, ?x?xf32>, %C: !gir.buffer<global, ?x?xf32>) parallel gpu group 8 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %M = gir.dim %A, 0 : !gir.buffer<global, ?x?xf32>
  %K = gir.dim %A, 1 : !gir.buffer<global, ?x?xf32>
  %N = gir.dim %B, 1 : !gir.buffer<global, ?x?xf32>
  // L2: this group's 128x128 tile of C.
  %g = gir.id group
  %n127 = arith.addi %N, %c127 : index
  %ntiles = arith.divui %n127, %c128 : index
  %tm = arith.divui %g, %ntiles : index
  %tn = arith.remui %g, %ntiles : index
  %m0 = arith.muli %tm, %c128 : index
  %n0 = arith.muli %tn, %c128 : index
  // This warp: a 32x64 tile of the CTA's (4 x 2 warps), and what it stages
  // per k-tile: 16 rows of A (as 8 k-rows of 16 in A^T) and row w of B.
  %w = gir.id unit_in_group
  %wm = arith.divui %w, %c2 : index
  %wn = arith.remui %w, %c2 : index
  %wmr = arith.muli %wm, %c32 : index
  %wnc = arith.muli %wn, %c64 : index
  %arow = arith.muli %w, %c16 : index
  %am = arith.addi %m0, %arow : index
  %arows = arith.subi %M, %am : index
  %abase = arith.muli %am, %K : index
  %ncols = arith.subi %N, %n0 : index
  %k7 = arith.addi %K, %c8 : index
  %k8 = arith.subi %k7, %c1 : index
  %ktiles = arith.divui %k8, %c8 : index
  // L1: two stages of A^T (8 x 128) and B (8 x 128).
  %As = gir.alloc() : !gir.buffer<shared, 2x8x128xf32>
  %Bs = gir.alloc() : !gir.buffer<shared, 2x8x128xf32>
  // k-tile 0 into stage 0.
  %a0g = gir.view %A[%abase] stride %K valid(%arows, %K) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 16x8xf32, ?>
  %a0r = gir.copy %a0g {transpose} : !gir.slice<global, 16x8xf32, ?> -> !gir.slice<register, 8x16xf32>
  %a0s = gir.view %As[%arow] : !gir.buffer<shared, 2x8x128xf32> -> !gir.slice<shared, 8x16xf32, 128>
  gir.copy %a0r to %a0s : !gir.slice<register, 8x16xf32> -> !gir.slice<shared, 8x16xf32, 128>
  %bk0 = arith.subi %K, %w : index
  %b0o0 = arith.muli %w, %N : index
  %b0o = arith.addi %b0o0, %n0 : index
  %b0g = gir.view %B[%b0o] valid(%bk0, %ncols) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x128xf32>
  %b0r = gir.copy %b0g : !gir.slice<global, 1x128xf32> -> !gir.slice<register, 1x128xf32>
  %b0so = arith.muli %w, %c128 : index
  %b0s = gir.view %Bs[%b0so] : !gir.buffer<shared, 2x8x128xf32> -> !gir.slice<shared, 1x128xf32>
  gir.copy %b0r to %b0s : !gir.slice<register, 1x128xf32> -> !gir.slice<shared, 1x128xf32>
  gir.sync block %As, %Bs : !gir.buffer<shared, 2x8x128xf32>, !gir.buffer<shared, 2x8x128xf32>
  %zero = arith.constant 0.0 : f32
  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 32x64xf32, ffma_acc>
  %acc = gir.for %kt = %c0 to %ktiles step %c1 iter_args(%c = %acc0) -> (!gir.slice<register, 32x64xf32, ffma_acc>) {
    %s = arith.remui %kt, %c2 : index
    %ns = arith.subi %c1, %s : index
    // k-tile kt + 1 into registers (nothing past K: the views are masked).
    %nk = arith.addi %kt, %c1 : index
    %k0 = arith.muli %nk, %c8 : index
    %kleft = arith.subi %K, %k0 : index
    %aoff = arith.addi %abase, %k0 : index
    %ag = gir.view %A[%aoff] stride %K valid(%arows, %kleft) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 16x8xf32, ?>
    %ar = gir.copy %ag {transpose} : !gir.slice<global, 16x8xf32, ?> -> !gir.slice<register, 8x16xf32>
    %bk = arith.addi %k0, %w : index
    %bkleft = arith.subi %K, %bk : index
    %bo0 = arith.muli %bk, %N : index
    %bo = arith.addi %bo0, %n0 : index
    %bg = gir.view %B[%bo] valid(%bkleft, %ncols) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x128xf32>
    %br = gir.copy %bg : !gir.slice<global, 1x128xf32> -> !gir.slice<register, 1x128xf32>
    // L0 on stage s: per k, the lane's 8 rows of A and 8 columns of B.
    %st = arith.muli %s, %c1024 : index
    %aw = arith.addi %st, %wmr : index
    %bw = arith.addi %st, %wnc : index
    %c2s = gir.for %kk = %c0 to %c8 step %c1 iter_args(%ck = %c) -> (!gir.slice<register, 32x64xf32, ffma_acc>) {
      %krow = arith.muli %kk, %c128 : index
      %ao = arith.addi %aw, %krow : index
      %av = gir.view %As[%ao] : !gir.buffer<shared, 2x8x128xf32> -> !gir.slice<shared, 1x32xf32>
      %a = gir.copy %av {transpose} : !gir.slice<shared, 1x32xf32> -> !gir.slice<register, 32x1xf32, ffma_a>
      %bo2 = arith.addi %bw, %krow : index
      %bv = gir.view %Bs[%bo2] : !gir.buffer<shared, 2x8x128xf32> -> !gir.slice<shared, 1x64xf32>
      %b = gir.copy %bv : !gir.slice<shared, 1x64xf32> -> !gir.slice<register, 1x64xf32, ffma_b>
      %d = gir.mma %a, %b, %ck : !gir.slice<register, 32x1xf32, ffma_a>, !gir.slice<register, 1x64xf32, ffma_b>, !gir.slice<register, 32x64xf32, ffma_acc>
      gir.yield %d : !gir.slice<register, 32x64xf32, ffma_acc>
    }
    // k-tile kt + 1 into the other stage (read in iteration kt - 1, before the last sync).
    %nst = arith.muli %ns, %c1024 : index
    %aso = arith.addi %nst, %arow : index
    %asv = gir.view %As[%aso] : !gir.buffer<shared, 2x8x128xf32> -> !gir.slice<shared, 8x16xf32, 128>
    gir.copy %ar to %asv : !gir.slice<register, 8x16xf32> -> !gir.slice<shared, 8x16xf32, 128>
    %bso0 = arith.addi %nst, %b0so : index
    %bsv = gir.view %Bs[%bso0] : !gir.buffer<shared, 2x8x128xf32> -> !gir.slice<shared, 1x128xf32>
    gir.copy %br to %bsv : !gir.slice<register, 1x128xf32> -> !gir.slice<shared, 1x128xf32>
    gir.sync block %As, %Bs : !gir.buffer<shared, 2x8x128xf32>, !gir.buffer<shared, 2x8x128xf32>
    gir.yield %c2s : !gir.slice<register, 32x64xf32, ffma_acc>
  }
  // The epilogue: the lane's 8x8 tile, row by row, inside `valid`.
  %crow = arith.addi %m0, %wmr : index
  %ccol = arith.addi %n0, %wnc : index
  %crows = arith.subi %M, %crow : index
  %ccols = arith.subi %N, %ccol : index
  %crn = arith.muli %crow, %N : index
  %coff = arith.addi %crn, %ccol : index
  %cv = gir.view %C[%coff] stride %N valid(%crows, %ccols) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 32x64xf32, ?>
  gir.copy %acc to %cv : !gir.slice<register, 32x64xf32, ffma_acc> -> !gir.slice<global, 32x64xf32, ?>
}

func.func @main(%A: !gir.buffer<global, ?x?xf32>, %B: !gir.buffer<global, ?x?xf32>) -> !gir.buffer<global, ?x?xf32> {
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %M = gir.dim %A, 0 : !gir.buffer<global, ?x?xf32>
  %K = gir.dim %A, 1 : !gir.buffer<global, ?x?xf32>
  %Kb = gir.dim %B, 0 : !gir.buffer<global, ?x?xf32>
  %N = gir.dim %B, 1 : !gir.buffer<global, ?x?xf32>
  gir.assert eq(%K, %Kb) "sgemm: A has {0} columns but B has {1} rows"
  %C = gir.alloc(%M, %N) : !gir.buffer<global, ?x?xf32>
  %m127 = arith.addi %M, %c127 : index
  %mt = arith.divui %m127, %c128 : index
  %n127 = arith.addi %N, %c127 : index
  %nt = arith.divui %n127, %c128 : index
  %groups = arith.muli %mt, %nt : index
  gir.launch @sgemm[%groups](%A, %B, %C) : (!gir.buffer<global, ?x?xf32>, !gir.buffer<global, ?x?xf32>, !gir.buffer<global, ?x?xf32>)
  return %C : !gir.buffer<global, ?x?xf32>
}
