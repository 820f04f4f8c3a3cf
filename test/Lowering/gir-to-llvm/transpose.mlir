// gir.transpose on a CPU: the rows padded to P x P (P = 4 here: 2 x 3 ->
// 3 x 2), log2(P) stages of two-source shuffles that swap off-diagonal
// blocks (2 x 2 blocks, then single elements), then the first `width` rows
// cut to `num` lanes. 14 x 16 on AVX-512 becomes vpermt2ps without touching
// the stack. A GPU kernel gets a located error (not implemented there).
// RUN: split-file %s %t
// RUN: vtc-translate %t/small.mlir -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %t/tile.mlir -O3 --mcpu=skylake-avx512 --emit=asm | FileCheck %s --check-prefix=ASM
// RUN: not vtc-translate %t/gpu.mlir --emit=ptx 2>&1 | FileCheck %s --check-prefix=GPU

// CHECK-LABEL: define internal void @t.unit(
// CHECK: %[[R0:.*]] = shufflevector <3 x float> %{{.*}}, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 poison>
// CHECK: %[[R1:.*]] = shufflevector <3 x float> %{{.*}}, <3 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 poison>
// Stage 1 (s = 2): rows 0 and 1 against the poison rows 2 and 3.
// CHECK: %[[A:.*]] = shufflevector <4 x float> %[[R0]], <4 x float> poison, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
// CHECK: %[[B:.*]] = shufflevector <4 x float> %[[R0]], <4 x float> poison, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
// CHECK: %[[C:.*]] = shufflevector <4 x float> %[[R1]], <4 x float> poison, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
// CHECK: %[[D:.*]] = shufflevector <4 x float> %[[R1]], <4 x float> poison, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
// Stage 2 (s = 1): [a0 b0 ..], [a1 b1 ..], [a2 b2 ..].
// CHECK: %[[T0:.*]] = shufflevector <4 x float> %[[A]], <4 x float> %[[C]], <4 x i32> <i32 0, i32 4, i32 2, i32 6>
// CHECK: %[[T1:.*]] = shufflevector <4 x float> %[[A]], <4 x float> %[[C]], <4 x i32> <i32 1, i32 5, i32 3, i32 7>
// CHECK: %[[T2:.*]] = shufflevector <4 x float> %[[B]], <4 x float> %[[D]], <4 x i32> <i32 0, i32 4, i32 2, i32 6>
// CHECK: %[[O0:.*]] = shufflevector <4 x float> %[[T0]], <4 x float> poison, <2 x i32> <i32 0, i32 1>
// CHECK: %[[O1:.*]] = shufflevector <4 x float> %[[T1]], <4 x float> poison, <2 x i32> <i32 0, i32 1>
// CHECK: %[[O2:.*]] = shufflevector <4 x float> %[[T2]], <4 x float> poison, <2 x i32> <i32 0, i32 1>
// CHECK: store <2 x float> %[[O0]]
// CHECK: store <2 x float> %[[O1]]
// CHECK: store <2 x float> %[[O2]]

// ASM-LABEL: t.chunk:
// ASM-NOT: rsp
// ASM: vpermt2ps
// ASM-NOT: rsp
// ASM: .Lfunc_end

// GPU: gpu.mlir:5:8: error: 'gir.transpose' op is not supported by the NVPTX translation yet

//--- small.mlir
gir.kernel @t(%x: !gir.buffer<global, 2x3xf32>, %y: !gir.buffer<global, 3x2xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %vx = gir.view %x[%c0] : !gir.buffer<global, 2x3xf32> -> !gir.slice<global, 2x3xf32>
  %r = gir.copy %vx : !gir.slice<global, 2x3xf32> -> !gir.slice<register, 2x3xf32>
  %t = gir.transpose %r : !gir.slice<register, 2x3xf32> -> !gir.slice<register, 3x2xf32>
  %vy = gir.view %y[%c0] : !gir.buffer<global, 3x2xf32> -> !gir.slice<global, 3x2xf32>
  gir.copy %t to %vy : !gir.slice<register, 3x2xf32> -> !gir.slice<global, 3x2xf32>
}
//--- tile.mlir
gir.kernel @t(%x: !gir.buffer<global, ?xf32>, %y: !gir.buffer<global, ?xf32>, %ld: index) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %vx = gir.view %x[%c0] stride %ld : !gir.buffer<global, ?xf32> -> !gir.slice<global, 14x16xf32, ?>
  %r = gir.copy %vx : !gir.slice<global, 14x16xf32, ?> -> !gir.slice<register, 14x16xf32>
  %t = gir.transpose %r : !gir.slice<register, 14x16xf32> -> !gir.slice<register, 16x14xf32>
  %vy = gir.view %y[%c0] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 16x14xf32>
  gir.copy %t to %vy : !gir.slice<register, 16x14xf32> -> !gir.slice<global, 16x14xf32>
}
//--- gpu.mlir
gir.kernel @t(%x: !gir.buffer<global, 64xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 64xf32> -> !gir.slice<global, 2x32xf32>
  %r = gir.copy %v : !gir.slice<global, 2x32xf32> -> !gir.slice<register, 2x32xf32>
  %t = gir.transpose %r : !gir.slice<register, 2x32xf32> -> !gir.slice<register, 32x2xf32>
}
