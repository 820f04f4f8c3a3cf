// gir.prefetch on a CPU: llvm.prefetch (read, locality 3, data) of every
// 64-byte line of every segment: a 2 x 32 f32 slice is two segments of two
// lines each, the second segment `stride` elements on; prefetcht0 on x86.
// On a GPU it is nothing.
// RUN: split-file %s %t
// RUN: vtc-translate %t/cpu.mlir -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %t/cpu.mlir -O3 --mcpu=skylake-avx512 --emit=asm | FileCheck %s --check-prefix=ASM
// RUN: vtc-translate %t/gpu.mlir --emit=llvm --target=nvptx | FileCheck %s --check-prefix=GPU

// CHECK-LABEL: define internal void @k.unit(
// CHECK: %[[S0:.*]] = getelementptr float, ptr %0, i64 0
// CHECK: call void @llvm.prefetch.p0(ptr %[[S0]], i32 0, i32 3, i32 1)
// CHECK: %[[L1:.*]] = getelementptr i8, ptr %[[S0]], i64 64
// CHECK: call void @llvm.prefetch.p0(ptr %[[L1]], i32 0, i32 3, i32 1)
// CHECK: %[[S1:.*]] = getelementptr float, ptr %0, i64 %{{.*}}
// CHECK: call void @llvm.prefetch.p0(ptr %[[S1]], i32 0, i32 3, i32 1)
// CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 3, i32 1)
// CHECK-NOT: llvm.prefetch
// CHECK: ret void

// ASM-COUNT-4: prefetcht0

// GPU: define {{.*}}void @k(
// GPU-NOT: llvm.prefetch

//--- cpu.mlir
gir.kernel @k(%c: !gir.buffer<global, ?xf32>, %ld: index) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %v = gir.view %c[%c0] stride %ld : !gir.buffer<global, ?xf32> -> !gir.slice<global, 2x32xf32, ?>
  gir.prefetch %v : !gir.slice<global, 2x32xf32, ?>
}
//--- gpu.mlir
gir.kernel @k(%c: !gir.buffer<global, ?xf32>, %ld: index) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %c[%c0] stride %ld : !gir.buffer<global, ?xf32> -> !gir.slice<global, 2x32xf32, ?>
  gir.prefetch %v : !gir.slice<global, 2x32xf32, ?>
}
