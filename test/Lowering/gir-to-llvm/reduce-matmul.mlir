// gir -> LLVM for a row reduction (gir.for with a register accumulator,
// masked tail, llvm.vector.reduce.fadd with reassoc) and a small matmul
// (gir.mma in a gir.for: phis per accumulator segment, splat x row FMAs).
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s -O3 --mcpu=skylake-avx512 --emit=asm | FileCheck %s --check-prefix=AVX512

// CHECK-LABEL: define internal void @row_sum.unit(
// CHECK: br label %for.header
// CHECK: for.header:
// CHECK-NEXT: %iv = phi i64 [ 0, %entry ], [ %iv.next, %for.body ]
// CHECK-NEXT: %[[ACC:.*]] = phi <16 x float> [ zeroinitializer, %entry ], [ %[[NEXT:.*]], %for.body ]
// CHECK: icmp slt i64 %iv, %
// CHECK: for.body:
// CHECK: call <16 x float> @llvm.masked.load.v16f32.p0(
// CHECK: %[[NEXT]] = fadd <16 x float> %[[ACC]],
// CHECK: %iv.next = add i64 %iv, 16
// CHECK: for.exit:
// CHECK: call reassoc float @llvm.vector.reduce.fadd.v16f32(float -0.000000e+00, <16 x float> %[[ACC]])
// CHECK: store <1 x float>

// CHECK-LABEL: define internal void @matmul.unit(
// CHECK: for.header:
// CHECK-COUNT-4: phi <16 x float>
// CHECK: for.body:
// CHECK: load <4 x float>, ptr %{{.*}}, align 4
// CHECK: load <16 x float>, ptr %{{.*}}, align 4
// CHECK: extractelement <4 x float>
// CHECK: call <16 x float> @llvm.fmuladd.v16f32(<16 x float>
// CHECK: for.exit:
// CHECK-COUNT-4: store <16 x float>
// CHECK-LABEL: define internal void @matmul.chunk(
// Two units per group: the units of a group run one after the other.
// CHECK: units:
// CHECK: %unit_in_group = phi i64
// CHECK: icmp slt i64 %{{.*}}, 2

// AVX512-LABEL: row_sum.chunk:
// AVX512: vaddps {{.*}}%zmm
// AVX512-LABEL: matmul.chunk:
// AVX512: vfmadd{{.*}}%zmm

gir.kernel @row_sum(%x: !gir.buffer<global, ?x?xf32>, %y: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {
  %row = gir.id unit
  %cols = gir.dim %x, 1 : !gir.buffer<global, ?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 1x16xf32>
  %base = arith.muli %row, %cols : index
  %acc = gir.for %k = %c0 to %cols step %c16 iter_args(%a = %acc0) -> (!gir.slice<register, 1x16xf32>) {
    %off = arith.addi %base, %k : index
    %rem = arith.subi %cols, %k : index
    %v = gir.view %x[%off] valid(%c1, %rem) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x16xf32>
    %r = gir.copy %v : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
    %s = gir.elementwise(%a, %r) : (!gir.slice<register, 1x16xf32>, !gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
    ^bb0(%p: f32, %q: f32):
      %z = arith.addf %p, %q : f32
      gir.yield %z : f32
    }
    gir.yield %s : !gir.slice<register, 1x16xf32>
  }
  %sum = gir.reduce sum width %acc : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 1x1xf32>
  %out = gir.view %y[%row] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %sum to %out : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

gir.kernel @matmul(%a: !gir.buffer<global, 8x12xf32>, %b: !gir.buffer<global, 12x32xf32>, %c: !gir.buffer<global, 8x32xf32>) parallel cpu group 2 lanes 16 {
  %u = gir.id unit
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c128 = arith.constant 128 : index
  %tm = arith.divui %u, %c2 : index
  %tn = arith.remui %u, %c2 : index
  %zero = arith.constant 0.0 : f32
  %acc0 = gir.broadcast %zero : f32 -> !gir.slice<register, 4x16xf32>
  %abase = arith.muli %tm, %c48 : index
  %bcol = arith.muli %tn, %c16 : index
  %acc = gir.for %k = %c0 to %c12 step %c4 iter_args(%cc = %acc0) -> (!gir.slice<register, 4x16xf32>) {
    %ao = arith.addi %abase, %k : index
    %av = gir.view %a[%ao] : !gir.buffer<global, 8x12xf32> -> !gir.slice<global, 4x4xf32, 12>
    %bk = arith.muli %k, %c32 : index
    %bo = arith.addi %bk, %bcol : index
    %bv = gir.view %b[%bo] : !gir.buffer<global, 12x32xf32> -> !gir.slice<global, 4x16xf32, 32>
    %ar = gir.copy %av : !gir.slice<global, 4x4xf32, 12> -> !gir.slice<register, 4x4xf32>
    %br = gir.copy %bv : !gir.slice<global, 4x16xf32, 32> -> !gir.slice<register, 4x16xf32>
    %d = gir.mma %ar, %br, %cc : !gir.slice<register, 4x4xf32>, !gir.slice<register, 4x16xf32>, !gir.slice<register, 4x16xf32>
    gir.yield %d : !gir.slice<register, 4x16xf32>
  }
  %cm = arith.muli %tm, %c128 : index
  %co = arith.addi %cm, %bcol : index
  %cv = gir.view %c[%co] : !gir.buffer<global, 8x32xf32> -> !gir.slice<global, 4x16xf32, 32>
  gir.copy %acc to %cv : !gir.slice<register, 4x16xf32> -> !gir.slice<global, 4x16xf32, 32>
}
