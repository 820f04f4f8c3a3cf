// Cooperative CPU kernels (gir_to_llvm.h): a kernel with shared buffers or
// block barriers runs its groups on teams of threads through
// vtc_rt_parallel_groups; each shared gir.alloc is a 64-byte aligned piece
// of the team's cache buffer; `gir.sync block` with group > 1 calls the team
// barrier, with group 1 nothing. A kernel with neither keeps the chunk
// function (its units need not run at once).
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s

// CHECK-LABEL: define internal void @coop.unit(i64 %group, i64 %unit_in_group, i64 %groups, ptr %shared, ptr %barrier, ptr %0, i64 %1)
// 100 f32 = 400 bytes at offset 0, then 3 x 5 f32 at 448 (400 rounded up to 64).
// CHECK: %[[A:.*]] = getelementptr i8, ptr %shared, i64 0
// CHECK: %[[B:.*]] = getelementptr i8, ptr %shared, i64 448
// CHECK: store <1 x float> %{{.*}}, ptr %{{.*}}
// CHECK: call void @vtc_rt_group_barrier(ptr %barrier)
// CHECK: load <1 x float>
// CHECK: call void @vtc_rt_group_barrier(ptr %barrier)
// CHECK-NOT: vtc_rt_group_barrier
// CHECK: ret void
// CHECK-LABEL: define internal void @coop.group(i64 %0, i64 %1, ptr %2, ptr %3, ptr %4)
// CHECK: %groups = load i64
// CHECK: call void @coop.unit(i64 %0, i64 %1, i64 %groups, ptr %2, ptr %3,
// CHECK-LABEL: define void @coop(i64 %groups, ptr %0, i64 %1)
// 448 + 64 (60 bytes rounded up): the team's buffer.
// CHECK: call void @vtc_rt_parallel_groups(ptr @coop.group, i64 %groups, i64 3, i64 512, ptr
// CHECK-NOT: vtc_rt_parallel_for

// One unit per group: the shared buffer is still the team's, no barrier call.
// CHECK-LABEL: define internal void @single.unit(
// CHECK-NOT: vtc_rt_group_barrier
// CHECK: ret void
// CHECK-LABEL: define void @single(
// CHECK: call void @vtc_rt_parallel_groups(ptr @single.group, i64 %groups, i64 1, i64 64, ptr

// No shared buffer, no block barrier: the units of a group run one after the
// other in the chunk function.
// CHECK-LABEL: define internal void @plain.chunk(
// CHECK: %unit_in_group = phi i64
// CHECK-LABEL: define void @plain(
// CHECK: call void @vtc_rt_parallel_for(ptr @plain.chunk,

gir.kernel @coop(%x: !gir.buffer<global, ?xf32>) parallel cpu group 3 lanes 16 {
  %u = gir.id unit_in_group
  %a = gir.alloc() : !gir.buffer<shared, 100xf32>
  %b = gir.alloc() : !gir.buffer<shared, 3x5xf32>
  %vx = gir.view %x[%u] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>
  %r = gir.copy %vx : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>
  %vb = gir.view %b[%u] : !gir.buffer<shared, 3x5xf32> -> !gir.slice<shared, 1x1xf32>
  gir.copy %r to %vb : !gir.slice<register, 1x1xf32> -> !gir.slice<shared, 1x1xf32>
  gir.sync block %b : !gir.buffer<shared, 3x5xf32>
  %c0 = arith.constant 0 : index
  %v0 = gir.view %b[%c0] : !gir.buffer<shared, 3x5xf32> -> !gir.slice<shared, 1x1xf32>
  %s = gir.copy %v0 : !gir.slice<shared, 1x1xf32> -> !gir.slice<register, 1x1xf32>
  gir.sync block
  gir.copy %s to %vx : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

gir.kernel @single(%x: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {
  %g = gir.id group
  %a = gir.alloc() : !gir.buffer<shared, 16xf32>
  %vx = gir.view %x[%g] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>
  %r = gir.copy %vx : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>
  %va = gir.view %a[%g] : !gir.buffer<shared, 16xf32> -> !gir.slice<shared, 1x1xf32>
  gir.copy %r to %va : !gir.slice<register, 1x1xf32> -> !gir.slice<shared, 1x1xf32>
  gir.sync block %a : !gir.buffer<shared, 16xf32>
}

gir.kernel @plain(%x: !gir.buffer<global, ?xf32>) parallel cpu group 2 lanes 16 {
  %u = gir.id unit
  %vx = gir.view %x[%u] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x1xf32>
  %r = gir.copy %vx : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>
  gir.copy %r to %vx : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}
