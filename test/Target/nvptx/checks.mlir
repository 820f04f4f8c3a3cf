// Kernel assertions on NVPTX (gir_to_llvm.h, "Run-time checks"): the record
// table is a .global the host plan finds by name, lane 0 of a warp records
// for it (the lanes compute the same scalar code), the writer uses relaxed
// atomics and membar.gl (LLVM 19's NVPTX selects no seq_cst fence). Host
// assertions are the host plan's (runtime/cuda_plan.c), not translated here.
// RUN: vtc-translate %s --target=nvptx -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ vtc-translate %s --emit=ptx -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// CHECK: @vtc_checks = addrspace(1) global [2 x [8 x i64]] zeroinitializer, align 64
// CHECK-LABEL: define internal void @vtc_check_fail(
// CHECK: atomicrmw or ptr %0, i64 0 monotonic
// CHECK: cmpxchg ptr %0, i64 %{{.*}}, i64 -1 monotonic monotonic
// CHECK: call void @llvm.nvvm.membar.gl()
// CHECK-NEXT: atomicrmw xchg ptr %0, i64 %1 monotonic
// CHECK-LABEL: define ptx_kernel void @check_idx(
// CHECK: %[[OK:.*]] = icmp ult i64 %{{.*}}, %2
// CHECK: %[[BAD:.*]] = xor i1 %[[OK]], true
// CHECK-NEXT: %[[LANE0:.*]] = icmp eq i32 %lane, 0
// CHECK-NEXT: %[[REC:.*]] = and i1 %[[BAD]], %[[LANE0]]
// CHECK-NEXT: br i1 %[[REC]], label %assert.failed, label %check.ok
// CHECK: call void @vtc_check_fail(ptr addrspacecast (ptr addrspace(1) getelementptr ([2 x [8 x i64]], ptr addrspace(1) @vtc_checks, i64 0, i64 1) to ptr), i64 %key, i64 1,
// PTX: .visible .global .align 64 .b8 vtc_checks[128];
// PTX: .func vtc_check_fail(
// PTX: cas.b64
// PTX: membar.gl;
// PTX: exch.b64
gir.kernel @check_idx(%idx: !gir.buffer<global, ?xi64>, %n: index, %len: index) parallel gpu group 1 lanes 32 {
  %u = gir.id unit
  %units = gir.count unit
  gir.for %w = %u to %len step %units {
    %v = gir.view %idx[%w] : !gir.buffer<global, ?xi64> -> !gir.slice<global, 1x1xi64>
    %r = gir.copy %v : !gir.slice<global, 1x1xi64> -> !gir.slice<register, 1x1xi64>
    %e = gir.extract %r[0, 0] : !gir.slice<register, 1x1xi64>
    %i = arith.index_cast %e : i64 to index
    gir.assert ult(%i, %n, %i) order %w "index {2} is out of range for a dimension of size {1}"
  }
}
