// `gir.sync device` lowered (issue 15 item 7). A kernel with device
// barriers takes the barrier state and the phase after its own parameters;
// on a GPU the barrier is a generation-counting grid barrier (bar.sync,
// thread 0 arrives with atom.acq_rel.gpu and spins on ld.acquire.gpu of the
// generation, bar.sync); on a CPU the pool's barrier among all units, run
// by vtc_rt_parallel_device. Phase >= 0 runs one segment (the fallback).
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s
// RUN: env VTC_NUM_THREADS=16 vtc-run %s --target=cpu --entry=reduce --print-values 2>&1 | FileCheck %s --check-prefix=COOP
// RUN: env VTC_NUM_THREADS=2 vtc-run %s --target=cpu --entry=reduce --print-values 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: env VTC_NUM_THREADS=2 vtc-run %s --target=cpu --entry=rotate --print-values 2>&1 | FileCheck %s --check-prefix=ROTATE
// The gir interpreter agrees (all units interleaved between barriers).
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=reduce --print-values 2>&1 | FileCheck %s --check-prefix=COOP
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=rotate --print-values 2>&1 | FileCheck %s --check-prefix=ROTATE
// RUN: sed 's/parallel cpu/parallel gpu/' %s > %t.gpu.mlir
// RUN: vtc-translate %t.gpu.mlir --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: vtc-translate %t.gpu.mlir --target=nvptx -O0 --emit=llvm | FileCheck %s --check-prefix=GPUIR

// The unit function: the split's segments. Segment 0 runs when phase <= 0;
// the barrier: a real one when phase < 0, else return when phase == 0;
// segment 1 recomputes the ids it needs (pure) and runs.
// CHECK-LABEL: define internal void @two_phase.unit(i64 %group, i64 %unit_in_group, i64 %groups, ptr %shared, ptr %barrier, ptr %device_barrier, i64 %phase,
// CHECK: icmp sle i64 %phase, 0
// CHECK: call void @vtc_rt_group_barrier(ptr %barrier)
// CHECK: icmp slt i64 %phase, 0
// CHECK: device.barrier:
// CHECK-NEXT: call void @vtc_rt_device_barrier(ptr %device_barrier)
// CHECK: icmp eq i64 %phase, 0
// CHECK: device.phase.end:
// CHECK-NEXT: ret void
// CHECK: icmp sle i64 %phase, 1
// CHECK-LABEL: define void @two_phase(i64 %groups,
// CHECK: call void @vtc_rt_parallel_device(ptr @two_phase.group, i64 %groups, i64 2, i64 64, i64 2, ptr
// A barrier in a loop: no split (0 phases), the barrier is always real.
// CHECK-LABEL: define internal void @rot.unit(
// CHECK-NOT: %phase, 0
// CHECK: call void @vtc_rt_device_barrier(ptr %device_barrier)
// CHECK-LABEL: define void @rot(i64 %groups,
// CHECK: call void @vtc_rt_parallel_device(ptr @rot.group, i64 %groups, i64 1, i64 0, i64 0, ptr

// COOP-NOT: warning
// COOP: result 0: tensor<16xf32> sum=2176 abs_sum=2176
// SPLIT: warning: a kernel with device barriers has 16 units, more than the 2 threads that can run at once: it runs as 2 launches, one per barrier segment (warned once)
// SPLIT: result 0: tensor<16xf32> sum=2176 abs_sum=2176

// PTX-LABEL: .entry two_phase(
// PTX: .param .u64 {{.*}}two_phase_param_2,
// PTX-NEXT: .param .u32 {{.*}}two_phase_param_3
// PTX: bar.sync 0;
// PTX: ld.relaxed.gpu.u32
// PTX: atom.acq_rel.gpu.add.u32
// PTX: st.relaxed.gpu.u32
// PTX: st.release.gpu.u32
// PTX: ld.acquire.gpu.u32
// PTX: bar.sync 0;
// GPUIR-LABEL: define ptx_kernel void @two_phase(ptr %0, ptr %1, ptr %device_barrier, i32 %phase)
// GPUIR: icmp slt i32 %phase, 0

gir.kernel @two_phase(%p: !gir.buffer<global, 8xf32>, %y: !gir.buffer<global, 16xf32>) parallel cpu group 2 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %u = gir.id unit
  %g = gir.id group
  %ui = gir.id unit_in_group
  %s = gir.alloc() : !gir.buffer<shared, 2xf32>
  %k1 = arith.addi %u, %c1 : index
  %k1i = arith.index_cast %k1 : index to i32
  %v = arith.sitofp %k1i : i32 to f32
  %r = gir.broadcast %v : f32 -> !gir.slice<register, 1x1xf32>
  %sv = gir.view %s[%ui] : !gir.buffer<shared, 2xf32> -> !gir.slice<shared, 1x1xf32>
  gir.copy %r to %sv : !gir.slice<register, 1x1xf32> -> !gir.slice<shared, 1x1xf32>
  gir.sync block %s : !gir.buffer<shared, 2xf32>
  %both = gir.view %s[%c0] : !gir.buffer<shared, 2xf32> -> !gir.slice<shared, 1x2xf32>
  %br = gir.copy %both : !gir.slice<shared, 1x2xf32> -> !gir.slice<register, 1x2xf32>
  %part = gir.reduce sum width %br : !gir.slice<register, 1x2xf32> -> !gir.slice<register, 1x1xf32>
  %lead = arith.cmpi eq, %ui, %c0 : index
  %rows = arith.select %lead, %c1, %c0 : index
  %pv = gir.view %p[%g] valid(%rows, %c1) : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %part to %pv : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  gir.sync device
  %all = gir.view %p[%c0] : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x8xf32>
  %ar = gir.copy %all : !gir.slice<global, 1x8xf32> -> !gir.slice<register, 1x8xf32>
  %tot = gir.reduce sum width %ar : !gir.slice<register, 1x8xf32> -> !gir.slice<register, 1x1xf32>
  %yv = gir.view %y[%u] : !gir.buffer<global, 16xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %tot to %yv : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

gir.kernel @zero8(%p: !gir.buffer<global, 8xf32>) parallel cpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %r = gir.broadcast %z : f32 -> !gir.slice<register, 1x8xf32>
  %v = gir.view %p[%c0] : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x8xf32>
  gir.copy %r to %v : !gir.slice<register, 1x8xf32> -> !gir.slice<global, 1x8xf32>
}
func.func @reduce() -> !gir.buffer<global, 16xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = gir.alloc() : !gir.buffer<global, 8xf32>
  %y = gir.alloc() : !gir.buffer<global, 16xf32>
  gir.launch @zero8[%c1](%p) : (!gir.buffer<global, 8xf32>)
  gir.launch @two_phase[%c8](%p, %y) : (!gir.buffer<global, 8xf32>, !gir.buffer<global, 16xf32>)
  gir.free %p : !gir.buffer<global, 8xf32>
  return %y : !gir.buffer<global, 16xf32>
}

// 10^4 device barriers (5000 rounds of two) among 4 groups of 1 unit, each
// round moving the right neighbour's value + 1 into place: s[u] = (u + 5000)
// mod 4 + 5000 = u + 5000. The barrier is in a loop, so the kernel cannot
// be split: 4 units on 2 threads run on a temporary pool of 4.
// ROTATE: result 0: tensor<4xi32> sum=20006 abs_sum=20006
gir.kernel @rot(%s: !gir.buffer<global, 4xi32>) parallel cpu group 1 lanes 1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %rounds = arith.constant 5000 : index
  %one = arith.constant 1 : i32
  %u = gir.id unit
  %u1 = arith.addi %u, %c1 : index
  %nb = arith.remsi %u1, %c4 : index
  %init = arith.index_cast %u : index to i32
  %ir = gir.broadcast %init : i32 -> !gir.slice<register, 1x1xi32>
  %mine = gir.view %s[%u] : !gir.buffer<global, 4xi32> -> !gir.slice<global, 1x1xi32>
  gir.copy %ir to %mine : !gir.slice<register, 1x1xi32> -> !gir.slice<global, 1x1xi32>
  gir.sync device
  gir.for %i = %c0 to %rounds step %c1 {
    %nv = gir.view %s[%nb] : !gir.buffer<global, 4xi32> -> !gir.slice<global, 1x1xi32>
    %x = gir.copy %nv : !gir.slice<global, 1x1xi32> -> !gir.slice<register, 1x1xi32>
    gir.sync device
    %x1 = gir.elementwise(%x, %one) : (!gir.slice<register, 1x1xi32>, i32) -> !gir.slice<register, 1x1xi32> {
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      gir.yield %c : i32
    }
    gir.copy %x1 to %mine : !gir.slice<register, 1x1xi32> -> !gir.slice<global, 1x1xi32>
    gir.sync device
  }
}

func.func @rotate() -> !gir.buffer<global, 4xi32> {
  %c4 = arith.constant 4 : index
  %s = gir.alloc() : !gir.buffer<global, 4xi32>
  gir.launch @rot[%c4](%s) : (!gir.buffer<global, 4xi32>)
  return %s : !gir.buffer<global, 4xi32>
}

// A register value loaded before the barrier from a buffer the kernel never
// writes is reloaded by later phases (2 phases); from a buffer it writes,
// the kernel cannot be split (0 phases).
// CHECK-LABEL: define internal void @reload.unit(
// CHECK: load <4 x float>
// CHECK: icmp sle i64 %phase, 0
// CHECK-LABEL: define void @reload(i64 %groups,
// CHECK: call void @vtc_rt_parallel_device(ptr @reload.group, i64 %groups, i64 1, i64 0, i64 2, ptr
// CHECK-LABEL: define void @noreload(i64 %groups,
// CHECK: call void @vtc_rt_parallel_device(ptr @noreload.group, i64 %groups, i64 1, i64 0, i64 0, ptr
// RELOAD: warning: a kernel with device barriers
// RELOAD: result 0: tensor<4xf32> sum=12 abs_sum=12
// RUN: env VTC_NUM_THREADS=2 vtc-run %s --target=cpu --entry=reloaded --print-values 2>&1 | FileCheck %s --check-prefix=RELOAD
gir.kernel @reload(%w: !gir.buffer<global, 4xf32>, %y: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 4 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %wv = gir.view %w[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %r = gir.copy %wv : !gir.slice<global, 1x4xf32> -> !gir.slice<register, 1x4xf32>
  %yv = gir.view %y[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %r to %yv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  gir.sync device
  %z = gir.elementwise(%r, %two) : (!gir.slice<register, 1x4xf32>, f32) -> !gir.slice<register, 1x4xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %b : f32
    gir.yield %m : f32
  }
  gir.copy %z to %yv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
}

gir.kernel @noreload(%y: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 4 {
  %c0 = arith.constant 0 : index
  %yv = gir.view %y[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %r = gir.copy %yv : !gir.slice<global, 1x4xf32> -> !gir.slice<register, 1x4xf32>
  gir.sync device
  gir.copy %r to %yv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
}

gir.kernel @iota4(%w: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 4 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %b = gir.broadcast %z : f32 -> !gir.slice<register, 1x4xf32>
  %i = gir.elementwise(%b) : (!gir.slice<register, 1x4xf32>) -> !gir.slice<register, 1x4xf32> {
  ^bb0(%a: f32, %r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %s = arith.addf %a, %cf : f32
    gir.yield %s : f32
  }
  %wv = gir.view %w[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %i to %wv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
}

// w = [0, 1, 2, 3]; 8 groups on 2 threads take the split: phase 1 reloads
// w and writes y = 2 w (sum 12); noreload (a temporary pool of 8 threads)
// writes back what it read: y stays.
func.func @reloaded() -> !gir.buffer<global, 4xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %w = gir.alloc() : !gir.buffer<global, 4xf32>
  %y = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @iota4[%c1](%w) : (!gir.buffer<global, 4xf32>)
  gir.launch @reload[%c8](%w, %y) : (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>)
  gir.launch @noreload[%c8](%y) : (!gir.buffer<global, 4xf32>)
  gir.free %w : !gir.buffer<global, 4xf32>
  return %y : !gir.buffer<global, 4xf32>
}
