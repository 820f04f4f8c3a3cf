// gir -> LLVM on the CPU: a masked view whose valid rows are not known runs
// each row's masked load or store behind a branch on the row. x86 executes
// a masked access whose mask is all zero at a large cost (Zen 5: a GEMV
// with one of the five rows of its micro-tile masked off ran 11x slower;
// perf put the masked-off row's panel stores and loads first), where a
// predictable branch costs a cycle. A masked-off row's load is the padding.
// Rows known valid (a constant count) take no branch; rows known invalid
// are not accessed at all (a load is the padding).
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s -O3 --mcpu=skylake-avx512 --emit=asm | FileCheck %s --check-prefix=ASM

// CHECK-LABEL: define internal void @rows.unit(
// Row 0 of the load: branch, masked load, the padding on the other edge.
// CHECK: br i1 %row, label %row.valid, label %row.next
// CHECK: row.valid:
// CHECK: call <16 x float> @llvm.masked.load.v16f32.p0(
// CHECK: row.next:
// CHECK: %row.load = phi <16 x float> [ %{{.*}}, %row.valid ], [ <float 1.500000e+00, {{.*}}>, %{{.*}} ]
// CHECK-COUNT-3: call <16 x float> @llvm.masked.load.v16f32.p0(
// The stores: one branch and masked store per row.
// CHECK-COUNT-4: call void @llvm.masked.store.v16f32.p0(
// CHECK-LABEL: define internal void @known.unit(
// CHECK-NOT: row.valid
// CHECK: ret void
// CHECK-LABEL: define internal void @half.unit(
// CHECK-NOT: row.valid
// CHECK-COUNT-2: call <16 x float> @llvm.masked.load.v16f32.p0(
// CHECK-NOT: @llvm.masked.load
// CHECK-COUNT-2: call void @llvm.masked.store.v16f32.p0(
// CHECK-NOT: @llvm.masked.store
// CHECK: ret void
// ASM-LABEL: rows.chunk:
// ASM: vmovups {{.*}}%zmm{{[0-9]+}} {%k{{[0-9]}}} {z}

gir.kernel @rows(%x: !gir.buffer<global, ?x16xf32>, %y: !gir.buffer<global, ?x16xf32>, %m: index, %n: index) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v = gir.view %x[%c0] stride %c16 valid(%m, %n) {padding = 1.5 : f32} : !gir.buffer<global, ?x16xf32> -> !gir.slice<global, 4x16xf32, ?>
  %r = gir.copy %v : !gir.slice<global, 4x16xf32, ?> -> !gir.slice<register, 4x16xf32>
  %w = gir.view %y[%c0] stride %c16 valid(%m, %n) : !gir.buffer<global, ?x16xf32> -> !gir.slice<global, 4x16xf32, ?>
  gir.copy %r to %w : !gir.slice<register, 4x16xf32> -> !gir.slice<global, 4x16xf32, ?>
}

gir.kernel @known(%x: !gir.buffer<global, ?x16xf32>, %y: !gir.buffer<global, ?x16xf32>, %n: index) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %v = gir.view %x[%c0] stride %c16 valid(%c4, %n) : !gir.buffer<global, ?x16xf32> -> !gir.slice<global, 4x16xf32, ?>
  %r = gir.copy %v : !gir.slice<global, 4x16xf32, ?> -> !gir.slice<register, 4x16xf32>
  %w = gir.view %y[%c0] stride %c16 valid(%c4, %n) : !gir.buffer<global, ?x16xf32> -> !gir.slice<global, 4x16xf32, ?>
  gir.copy %r to %w : !gir.slice<register, 4x16xf32> -> !gir.slice<global, 4x16xf32, ?>
}

gir.kernel @half(%x: !gir.buffer<global, ?x16xf32>, %y: !gir.buffer<global, ?x16xf32>, %n: index) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %v = gir.view %x[%c0] stride %c16 valid(%c2, %n) : !gir.buffer<global, ?x16xf32> -> !gir.slice<global, 4x16xf32, ?>
  %r = gir.copy %v : !gir.slice<global, 4x16xf32, ?> -> !gir.slice<register, 4x16xf32>
  %w = gir.view %y[%c0] stride %c16 valid(%c2, %n) : !gir.buffer<global, ?x16xf32> -> !gir.slice<global, 4x16xf32, ?>
  gir.copy %r to %w : !gir.slice<register, 4x16xf32> -> !gir.slice<global, 4x16xf32, ?>
}
