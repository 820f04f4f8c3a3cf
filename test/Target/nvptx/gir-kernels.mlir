// gir -> LLVM for NVPTX (lowering/gir-to-llvm, the GPU mapping of
// gir_to_llvm.h): a kernel is a PTX .entry with .maxntid = group x 32, the
// unit is the warp (tid.x / 32), a slice's width is spread over the lanes
// in runs of V adjacent elements (V = 1, 2 or 4: run k of lane l starts at
// (32 k + l) V), an unmasked segment moves as one vector access per run,
// width reductions end in butterfly shuffles,
// broadcasts and mma read single elements with shfl.idx, a change of pattern
// goes through per-warp shared memory, block syncs are bar.sync.
// RUN: vtc-translate %s --target=nvptx -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: vtc-translate %s --emit=ptx --mcpu=sm_80 | FileCheck %s --check-prefix=SM80
// The same PTX is assembled by ptxas in ptxas.test.

// CHECK-LABEL: define ptx_kernel void @row_sum(ptr %0, i64 %1, i64 %2, ptr %3, i64 %4)
// CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK: %lane = and i32 %{{.*}}, 31
// CHECK: %unit_in_group = zext i32
// CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// CHECK: call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
// 64 elements per segment: a run of two per lane, at 2 lane and 2 lane + 1;
// `valid` cuts the row, so the copy is a masked gather.
// CHECK: for.body:
// CHECK: mul i64 %{{.*}}, 2
// CHECK: %pos = add <2 x i64> %{{.*}}, <i64 0, i64 1>
// CHECK: call <2 x float> @llvm.masked.gather.v2f32.v2p0(<2 x ptr>
// CHECK: for.exit:
// A lane's two positions are added in order (contract: an FMA with the
// product that made them, where there is one).
// CHECK: %[[P0:.*]] = extractelement <2 x float> %{{.*}}, i32 0
// CHECK: %[[P1:.*]] = extractelement <2 x float> %{{.*}}, i32 1
// CHECK: fadd contract float %[[P0]], %[[P1]]
// CHECK-COUNT-5: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1,
// The 1x1 result is stored by lane 0 only.
// CHECK: icmp ult <1 x i64> %pos{{.*}}, <i64 1>
// CHECK: call void @llvm.masked.scatter.v1f32.v1p0(<1 x float>

// CHECK-LABEL: define ptx_kernel void @block_exchange(
// 1x128 unmasked at a multiple of 128: one 16-byte load and store per lane.
// CHECK: load <4 x float>, ptr %{{.*}}, align 16
// CHECK: ptr addrspacecast (ptr addrspace(3) @vtc_shared to ptr)
// CHECK-NEXT: store <4 x float> %{{.*}}, ptr %{{.*}}, align 16
// CHECK: call void @llvm.nvvm.barrier0()
// Re-patterning 4x32 into 1x128: through the warp's part of a scratch.
// CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
// CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(
// CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)

// CHECK-LABEL: define ptx_kernel void @bf16_runs(
// A 1x256 bf16 row at an even offset: two runs of four per lane, 4-byte
// aligned (the offset is only known to be even), at (32 k + lane) 4.
// CHECK: %[[R0:.*]] = load <4 x i16>, ptr %{{.*}}, align 4
// CHECK: %[[R1:.*]] = load <4 x i16>, ptr %{{.*}}, align 4
// Element 13 to every lane: run 3 (13 / 4) is lane 3's, slot 1 (13 mod 4).
// CHECK: extractelement <8 x i16> %{{.*}}, i32 1
// CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %{{.*}}, i32 3, i32 31)
// Element 200: run 50 is lane 18's second run (slot 4 + 0).
// CHECK: extractelement <8 x i16> %{{.*}}, i32 4
// CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %{{.*}}, i32 18, i32 31)
// The output at a multiple of 256: 8-byte aligned stores.
// CHECK: store <4 x i16> %{{.*}}, ptr %{{.*}}, align 8
// CHECK: store <4 x i16> %{{.*}}, ptr %{{.*}}, align 8

// CHECK-LABEL: define ptx_kernel void @joint_sums(
// Four width sums ready together reduce jointly: 2 + 1 shuffles while the
// lanes halve the values (bits 16 and 8 pick the half a lane keeps), 3
// for the rest of the butterfly (value i ends in lane 8 i). A result that
// only goes to memory, directly or through element-wise ops with scalars,
// stays in its lane and is stored by it: %s0, %s1 (times 2 where it is),
// %s2. %s3 is also broadcast, so it comes to every lane from lane 24:
// 7 shuffles instead of 20.
// CHECK-COUNT-2: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 16, i32 31)
// CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 8, i32 31)
// CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 4, i32 31)
// CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 2, i32 31)
// CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 1, i32 31)
// CHECK-NEXT: %[[HELD:[0-9]+]] = fadd float
// CHECK-NEXT: %[[S3:.*]] = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %[[HELD]], i32 24, i32 31)
// CHECK-NOT: @llvm.nvvm.shfl
// CHECK: %holder = icmp eq i32 %lane, 0
// CHECK: call void @llvm.masked.scatter.v1f32.v1p0(
// CHECK: fmul <1 x float> %{{.*}}, <float 2.000000e+00>
// CHECK: %holder{{.*}} = icmp eq i32 %lane, 8
// CHECK: call void @llvm.masked.scatter.v1f32.v1p0(
// CHECK: %holder{{.*}} = icmp eq i32 %lane, 16
// CHECK: call void @llvm.masked.scatter.v1f32.v1p0(
// CHECK-NOT: icmp eq i32 %lane, 24
// CHECK: ret void

// CHECK-LABEL: define ptx_kernel void @joint_ready_only(
// The sums of %r0 and %r1 reduce together (value 1 ends in lane 16); the
// third one's operand needs the first sum, so it is reduced alone, after.
// CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 16, i32 31)
// CHECK-COUNT-4: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 {{8|4|2|1}}, i32 31)
// CHECK: call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %{{.*}}, i32 0, i32 31)
// The first sum is read as a scalar without a shuffle: every lane holds it.
// CHECK-NOT: shfl.sync.idx
// CHECK-COUNT-5: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 {{16|8|4|2|1}}, i32 31)
// CHECK-NOT: @llvm.nvvm.shfl
// The second sum only goes to memory: lane 16, which holds it, stores it.
// CHECK: icmp eq i32 %lane, 16
// CHECK: ret void

// CHECK-LABEL: define ptx_kernel void @joint_max_padded(
// Width 40 pads each lane's two positions past the width: one mask for both
// maxima, the padding as -inf, then the joint butterfly.
// CHECK-COUNT-2: call <2 x float> @llvm.masked.gather.v2f32.v2p0(
// CHECK: %[[IN:in_width[0-9]*]] = icmp ult <2 x i64> %{{.*}}, <i64 40, i64 40>
// CHECK-NEXT: select <2 x i1> %[[IN]], <2 x float> %{{.*}}, <2 x float> <float 0xFFF0000000000000, float 0xFFF0000000000000>
// CHECK: select <2 x i1> %[[IN]], <2 x float> %{{.*}}, <2 x float> <float 0xFFF0000000000000, float 0xFFF0000000000000>
// CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 16, i32 31)
// CHECK: call float @llvm.maximum.f32(
// CHECK-COUNT-4: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 {{8|4|2|1}}, i32 31)
// Both maxima only go to memory: lanes 0 and 16 store them.
// CHECK-NOT: shfl.sync.idx
// CHECK: icmp eq i32 %lane, 0
// CHECK: icmp eq i32 %lane, 16
// CHECK: ret void

// CHECK-LABEL: define ptx_kernel void @held_masked(
// A held result stored into a masked view: the holder's lane, and only
// where the view's valid width keeps the element.
// CHECK-NOT: shfl.sync.idx
// CHECK: %holder = icmp eq i32 %lane, 0
// CHECK: %[[MINE:holder[0-9]*]] = icmp eq i32 %lane, 16
// CHECK: %[[IN:.*]] = and <1 x i1> %{{.*}}, %{{.*}}
// CHECK: call void @llvm.masked.scatter.v1f32.v1p0(<1 x float> %{{.*}}, <1 x ptr> %{{.*}}, i32 4, <1 x i1> %[[IN]])
// CHECK: ret void

// CHECK-LABEL: define ptx_kernel void @many_rows(
// 40 row sums in one op: a chunk of 32 (31 exchanges) and one of 8 (7, then
// 2 plain steps), each result brought to every lane.
// CHECK-COUNT-31: call float @llvm.nvvm.shfl.sync.bfly.f32(
// CHECK-COUNT-32: call float @llvm.nvvm.shfl.sync.idx.f32(
// CHECK-COUNT-9: call float @llvm.nvvm.shfl.sync.bfly.f32(
// CHECK-COUNT-8: call float @llvm.nvvm.shfl.sync.idx.f32(
// CHECK-NOT: @llvm.nvvm.shfl
// CHECK: ret void

// CHECK-LABEL: define ptx_kernel void @matmul(
// CHECK: for.body:
// A[i][k] to every lane: shfl.idx from lane k % 32.
// CHECK: call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %{{.*}}, i32 3, i32 31)
// CHECK: call <1 x float> @llvm.fmuladd.v1f32(

// CHECK: !nvvm.annotations =
// CHECK-DAG: !{ptr @row_sum, !"kernel", i32 1}
// CHECK-DAG: !{ptr @row_sum, !"maxntidx", i32 64}
// CHECK-DAG: !{ptr @matmul, !"maxntidx", i32 32}

// PTX: .target sm_90
// PTX-LABEL: .visible .entry row_sum(
// PTX: .maxntid 64, 1, 1
// PTX: shfl.sync.bfly.b32
// PTX-LABEL: .visible .entry block_exchange(
// PTX: bar.sync 0;
// PTX: bar.warp.sync -1;
// PTX-LABEL: .visible .entry bf16_runs(
// PTX: ld.global.u32 {{.*}}+256]
// PTX: mul.rn.bf16x2
// PTX: st.global.v4.u16 {{.*}}+256]
// PTX-LABEL: .visible .entry matmul(
// PTX: shfl.sync.idx.b32
// PTX: fma.rn.f32
// SM80: .target sm_80

// Row sums of a ?x? matrix: one warp per row, the row read 64 at a time.
gir.kernel @row_sum(%x: !gir.buffer<global, ?x?xf32>, %y: !gir.buffer<global, ?xf32>) parallel gpu group 2 lanes 32 {
  %row = gir.id unit
  %cols = gir.dim %x, 1 : !gir.buffer<global, ?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 1x64xf32>
  %base = arith.muli %row, %cols : index
  %acc = gir.for %k = %c0 to %cols step %c64 iter_args(%a = %acc0) -> (!gir.slice<register, 1x64xf32>) {
    %off = arith.addi %base, %k : index
    %rem = arith.subi %cols, %k : index
    %v = gir.view %x[%off] valid(%c1, %rem) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x64xf32>
    %r = gir.copy %v : !gir.slice<global, 1x64xf32> -> !gir.slice<register, 1x64xf32>
    %s = gir.elementwise(%a, %r) : (!gir.slice<register, 1x64xf32>, !gir.slice<register, 1x64xf32>) -> !gir.slice<register, 1x64xf32> {
    ^bb0(%p: f32, %q: f32):
      %z = arith.addf %p, %q : f32
      gir.yield %z : f32
    }
    gir.yield %s : !gir.slice<register, 1x64xf32>
  }
  %sum = gir.reduce sum width %acc : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 1x1xf32>
  %out = gir.view %y[%row] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %sum to %out : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

// Each warp of a block writes 128 elements to shared memory, the block
// syncs, each warp reads its neighbour's as 4x32 and re-cuts them to 1x128.
gir.kernel @block_exchange(%x: !gir.buffer<global, 256xf32>, %y: !gir.buffer<global, 256xf32>) parallel gpu group 2 lanes 32 {
  %w = gir.id unit_in_group
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %smem = gir.alloc() : !gir.buffer<shared, 256xf32>
  %off = arith.muli %w, %c128 : index
  %gv = gir.view %x[%off] : !gir.buffer<global, 256xf32> -> !gir.slice<global, 1x128xf32>
  %sv = gir.view %smem[%off] : !gir.buffer<shared, 256xf32> -> !gir.slice<shared, 1x128xf32>
  gir.copy %gv to %sv : !gir.slice<global, 1x128xf32> -> !gir.slice<shared, 1x128xf32>
  gir.sync block %smem : !gir.buffer<shared, 256xf32>
  %other = arith.subi %c1, %w : index
  %ooff = arith.muli %other, %c128 : index
  %ov = gir.view %smem[%ooff] : !gir.buffer<shared, 256xf32> -> !gir.slice<shared, 4x32xf32>
  %r = gir.copy %ov : !gir.slice<shared, 4x32xf32> -> !gir.slice<register, 4x32xf32>
  %t = gir.sync warp %r : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 1x128xf32>
  %yv = gir.view %y[%off] : !gir.buffer<global, 256xf32> -> !gir.slice<global, 1x128xf32>
  gir.copy %t to %yv : !gir.slice<register, 1x128xf32> -> !gir.slice<global, 1x128xf32>
}

// A bf16 row scaled by two of its own elements, read as scalars.
gir.kernel @bf16_runs(%x: !gir.buffer<global, 4x258xbf16>, %y: !gir.buffer<global, 4x256xbf16>) parallel gpu group 1 lanes 32 {
  %row = gir.id unit
  %c258 = arith.constant 258 : index
  %c256 = arith.constant 256 : index
  %xo = arith.muli %row, %c258 : index
  %yo = arith.muli %row, %c256 : index
  %xv = gir.view %x[%xo] : !gir.buffer<global, 4x258xbf16> -> !gir.slice<global, 1x256xbf16>
  %r = gir.copy %xv : !gir.slice<global, 1x256xbf16> -> !gir.slice<register, 1x256xbf16>
  %a = gir.extract %r[0, 13] : !gir.slice<register, 1x256xbf16>
  %b = gir.extract %r[0, 200] : !gir.slice<register, 1x256xbf16>
  %s = gir.elementwise(%r, %a, %b) : (!gir.slice<register, 1x256xbf16>, bf16, bf16) -> !gir.slice<register, 1x256xbf16> {
  ^bb0(%p: bf16, %q: bf16, %u: bf16):
    %m = arith.mulf %p, %q : bf16
    %n = arith.mulf %m, %u : bf16
    gir.yield %n : bf16
  }
  %yv = gir.view %y[%yo] : !gir.buffer<global, 4x256xbf16> -> !gir.slice<global, 1x256xbf16>
  gir.copy %s to %yv : !gir.slice<register, 1x256xbf16> -> !gir.slice<global, 1x256xbf16>
}

// Row sums of four 128-element rows, one result each.
gir.kernel @joint_sums(%x: !gir.buffer<global, 4x128xf32>, %y: !gir.buffer<global, 4xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c384 = arith.constant 384 : index
  %v0 = gir.view %x[%c0] : !gir.buffer<global, 4x128xf32> -> !gir.slice<global, 1x128xf32>
  %v1 = gir.view %x[%c128] : !gir.buffer<global, 4x128xf32> -> !gir.slice<global, 1x128xf32>
  %v2 = gir.view %x[%c256] : !gir.buffer<global, 4x128xf32> -> !gir.slice<global, 1x128xf32>
  %v3 = gir.view %x[%c384] : !gir.buffer<global, 4x128xf32> -> !gir.slice<global, 1x128xf32>
  %r0 = gir.copy %v0 : !gir.slice<global, 1x128xf32> -> !gir.slice<register, 1x128xf32>
  %r1 = gir.copy %v1 : !gir.slice<global, 1x128xf32> -> !gir.slice<register, 1x128xf32>
  %r2 = gir.copy %v2 : !gir.slice<global, 1x128xf32> -> !gir.slice<register, 1x128xf32>
  %r3 = gir.copy %v3 : !gir.slice<global, 1x128xf32> -> !gir.slice<register, 1x128xf32>
  %s0 = gir.reduce sum width %r0 : !gir.slice<register, 1x128xf32> -> !gir.slice<register, 1x1xf32>
  %o0 = gir.view %y[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s0 to %o0 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  %s1 = gir.reduce sum width %r1 : !gir.slice<register, 1x128xf32> -> !gir.slice<register, 1x1xf32>
  %two = arith.constant 2.0 : f32
  %d1 = gir.elementwise(%s1, %two) : (!gir.slice<register, 1x1xf32>, f32) -> !gir.slice<register, 1x1xf32> {
  ^bb0(%p: f32, %q: f32):
    %m = arith.mulf %p, %q : f32
    gir.yield %m : f32
  }
  %o1 = gir.view %y[%c1] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %d1 to %o1 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  %s2 = gir.reduce sum width %r2 : !gir.slice<register, 1x128xf32> -> !gir.slice<register, 1x1xf32>
  %o2 = gir.view %y[%c2] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s2 to %o2 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  %s3 = gir.reduce sum width %r3 : !gir.slice<register, 1x128xf32> -> !gir.slice<register, 1x1xf32>
  %o3 = gir.view %y[%c3] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s3 to %o3 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  %a3 = gir.extract %s3[0, 0] : !gir.slice<register, 1x1xf32>
  %b3 = gir.broadcast %a3 : f32 -> !gir.slice<register, 1x128xf32>
  gir.copy %b3 to %v3 : !gir.slice<register, 1x128xf32> -> !gir.slice<global, 1x128xf32>
}

gir.kernel @joint_ready_only(%x: !gir.buffer<global, 3x64xf32>, %y: !gir.buffer<global, 3xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v0 = gir.view %x[%c0] : !gir.buffer<global, 3x64xf32> -> !gir.slice<global, 1x64xf32>
  %v1 = gir.view %x[%c64] : !gir.buffer<global, 3x64xf32> -> !gir.slice<global, 1x64xf32>
  %v2 = gir.view %x[%c128] : !gir.buffer<global, 3x64xf32> -> !gir.slice<global, 1x64xf32>
  %r0 = gir.copy %v0 : !gir.slice<global, 1x64xf32> -> !gir.slice<register, 1x64xf32>
  %r1 = gir.copy %v1 : !gir.slice<global, 1x64xf32> -> !gir.slice<register, 1x64xf32>
  %r2 = gir.copy %v2 : !gir.slice<global, 1x64xf32> -> !gir.slice<register, 1x64xf32>
  %s0 = gir.reduce sum width %r0 : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 1x1xf32>
  %a = gir.extract %s0[0, 0] : !gir.slice<register, 1x1xf32>
  %e = gir.elementwise(%r2, %a) : (!gir.slice<register, 1x64xf32>, f32) -> !gir.slice<register, 1x64xf32> {
  ^bb0(%p: f32, %q: f32):
    %m = arith.mulf %p, %q : f32
    gir.yield %m : f32
  }
  %s1 = gir.reduce sum width %r1 : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 1x1xf32>
  %s2 = gir.reduce sum width %e : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 1x1xf32>
  %o0 = gir.view %y[%c0] : !gir.buffer<global, 3xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s0 to %o0 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  %o1 = gir.view %y[%c1] : !gir.buffer<global, 3xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s1 to %o1 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  %o2 = gir.view %y[%c2] : !gir.buffer<global, 3xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s2 to %o2 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

gir.kernel @joint_max_padded(%x: !gir.buffer<global, 2x40xf32>, %y: !gir.buffer<global, 2xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %v0 = gir.view %x[%c0] : !gir.buffer<global, 2x40xf32> -> !gir.slice<global, 1x40xf32>
  %v1 = gir.view %x[%c40] : !gir.buffer<global, 2x40xf32> -> !gir.slice<global, 1x40xf32>
  %r0 = gir.copy %v0 : !gir.slice<global, 1x40xf32> -> !gir.slice<register, 1x40xf32>
  %r1 = gir.copy %v1 : !gir.slice<global, 1x40xf32> -> !gir.slice<register, 1x40xf32>
  %s0 = gir.reduce max width %r0 : !gir.slice<register, 1x40xf32> -> !gir.slice<register, 1x1xf32>
  %s1 = gir.reduce max width %r1 : !gir.slice<register, 1x40xf32> -> !gir.slice<register, 1x1xf32>
  %o0 = gir.view %y[%c0] : !gir.buffer<global, 2xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s0 to %o0 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  %o1 = gir.view %y[%c1] : !gir.buffer<global, 2xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s1 to %o1 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

gir.kernel @held_masked(%x: !gir.buffer<global, 2x64xf32>, %y: !gir.buffer<global, 2xf32>, %n: index) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %v0 = gir.view %x[%c0] : !gir.buffer<global, 2x64xf32> -> !gir.slice<global, 1x64xf32>
  %v1 = gir.view %x[%c64] : !gir.buffer<global, 2x64xf32> -> !gir.slice<global, 1x64xf32>
  %r0 = gir.copy %v0 : !gir.slice<global, 1x64xf32> -> !gir.slice<register, 1x64xf32>
  %r1 = gir.copy %v1 : !gir.slice<global, 1x64xf32> -> !gir.slice<register, 1x64xf32>
  %s0 = gir.reduce sum width %r0 : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 1x1xf32>
  %s1 = gir.reduce sum width %r1 : !gir.slice<register, 1x64xf32> -> !gir.slice<register, 1x1xf32>
  %o0 = gir.view %y[%c0] : !gir.buffer<global, 2xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s0 to %o0 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  %o1 = gir.view %y[%c1] valid(%c1, %n) : !gir.buffer<global, 2xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %s1 to %o1 : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

gir.kernel @many_rows(%x: !gir.buffer<global, 40x64xf32>, %y: !gir.buffer<global, 40xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 40x64xf32> -> !gir.slice<global, 40x64xf32>
  %r = gir.copy %v : !gir.slice<global, 40x64xf32> -> !gir.slice<register, 40x64xf32>
  %s = gir.reduce sum width %r : !gir.slice<register, 40x64xf32> -> !gir.slice<register, 40x1xf32>
  %o = gir.view %y[%c0] : !gir.buffer<global, 40xf32> -> !gir.slice<global, 40x1xf32>
  gir.copy %s to %o : !gir.slice<register, 40x1xf32> -> !gir.slice<global, 40x1xf32>
}

gir.kernel @matmul(%a: !gir.buffer<global, 8x12xf32>, %b: !gir.buffer<global, 12x32xf32>, %c: !gir.buffer<global, 8x32xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0.0 : f32
  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 8x32xf32>
  %acc = gir.for %k = %c0 to %c12 step %c4 iter_args(%cc = %acc0) -> (!gir.slice<register, 8x32xf32>) {
    %av = gir.view %a[%k] : !gir.buffer<global, 8x12xf32> -> !gir.slice<global, 8x4xf32, 12>
    %c32 = arith.constant 32 : index
    %bo = arith.muli %k, %c32 : index
    %bv = gir.view %b[%bo] : !gir.buffer<global, 12x32xf32> -> !gir.slice<global, 4x32xf32>
    %ar = gir.copy %av : !gir.slice<global, 8x4xf32, 12> -> !gir.slice<register, 8x4xf32>
    %br = gir.copy %bv : !gir.slice<global, 4x32xf32> -> !gir.slice<register, 4x32xf32>
    %d = gir.mma %ar, %br, %cc : !gir.slice<register, 8x4xf32>, !gir.slice<register, 4x32xf32>, !gir.slice<register, 8x32xf32>
    gir.yield %d : !gir.slice<register, 8x32xf32>
  }
  %cv = gir.view %c[%c0] : !gir.buffer<global, 8x32xf32> -> !gir.slice<global, 8x32xf32>
  gir.copy %acc to %cv : !gir.slice<register, 8x32xf32> -> !gir.slice<global, 8x32xf32>
}
