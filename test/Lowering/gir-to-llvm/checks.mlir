// Run-time checks in CPU code (gir_to_llvm.h, "Run-time checks"): a module
// with gir.asserts gets the record table @vtc_checks (record 0 the host's,
// one per kernel that asserts) and the smallest-key writer @vtc_check_fail;
// a kernel assertion calls it with its order + 1 and goes on; a host
// assertion writes record 0 (key 1), frees the buffers the function owns and
// returns; so does the host after a launch whose kernel record is set
// (copied to record 0) and after a func.call that leaves record 0 set.
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s
// A module without assertions has none of it.
// RUN: vtc-translate %S/host.mlir -O0 --emit=llvm | FileCheck %s --check-prefix=NONE
// NONE-NOT: vtc_check

// CHECK: @vtc_checks = global [2 x [8 x i64]] zeroinitializer, align 64
// CHECK-LABEL: define internal void @vtc_check_fail(ptr %0, i64 %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8)
// CHECK: %[[CUR:.*]] = atomicrmw or ptr %0, i64 0 seq_cst
// CHECK-NEXT: icmp eq i64 %[[CUR]], -1
// CHECK: icmp ult i64 %1, %[[CUR]]
// CHECK: cmpxchg ptr %0, i64 %[[CUR]], i64 -1 seq_cst seq_cst
// CHECK: fence seq_cst
// CHECK-NEXT: atomicrmw xchg ptr %0, i64 %1 seq_cst

// CHECK-LABEL: define internal void @check_idx.unit(
// CHECK: for.body:
// CHECK: %[[I:.*]] = extractelement <1 x i64>
// CHECK-NEXT: %[[OK:.*]] = icmp ult i64 %[[I]], %2
// CHECK-NEXT: %key = add i64 %iv, 1
// CHECK-NEXT: %[[BAD:.*]] = xor i1 %[[OK]], true
// CHECK-NEXT: br i1 %[[BAD]], label %assert.failed, label %check.ok
// CHECK: assert.failed:
// CHECK-NEXT: call void @vtc_check_fail(ptr getelementptr ([2 x [8 x i64]], ptr @vtc_checks, i64 0, i64 1), i64 %key, i64 1, i64 %[[I]], i64 %2, i64 %[[I]], i64 0, i64 0, i64 0)
// CHECK-NEXT: br label %check.ok
gir.kernel @check_idx(%idx: !gir.buffer<global, ?xi64>, %n: index, %len: index) parallel cpu group 1 lanes 1 {
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

// CHECK-LABEL: define void @checked(ptr %0, i64 %1, ptr %2)
// CHECK: %[[OUT:.*]] = call ptr @vtc_rt_alloc_buffer(
// CHECK-NEXT: %[[LE:.*]] = icmp sle i64 %1, 1000
// CHECK-NEXT: %[[F:.*]] = xor i1 %[[LE]], true
// CHECK-NEXT: br i1 %[[F]], label %assert.failed, label %check.ok
// CHECK: assert.failed:
// CHECK-NEXT: call void @vtc_check_fail(ptr @vtc_checks, i64 1, i64 2, i64 %1, i64 1000, i64 0, i64 0, i64 0, i64 0)
// CHECK-NEXT: call void @vtc_rt_free(ptr %[[OUT]])
// CHECK-NEXT: ret void
// CHECK: check.ok:
// CHECK-NEXT: call void @check_idx(
// CHECK-NEXT: %[[KEY:.*]] = load i64, ptr getelementptr ([2 x [8 x i64]], ptr @vtc_checks, i64 0, i64 1)
// CHECK-NEXT: icmp ne i64 %[[KEY]], 0
// CHECK: launch.failed:
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr @vtc_checks, ptr getelementptr ([2 x [8 x i64]], ptr @vtc_checks, i64 0, i64 1), i64 64, i1 false)
// CHECK-NEXT: call void @vtc_rt_free(ptr %[[OUT]])
// CHECK-NEXT: ret void
func.func @checked(%idx: !gir.buffer<global, ?xi64>) -> !gir.buffer<global, ?xi64> {
  %len = gir.dim %idx, 0 : !gir.buffer<global, ?xi64>
  %out = gir.alloc(%len) : !gir.buffer<global, ?xi64>
  %c5 = arith.constant 5 : index
  %max = arith.constant 1000 : index
  gir.assert sle(%len, %max) "{0} indices, at most {1}"
  %g = arith.constant 64 : index
  gir.launch @check_idx[%g](%idx, %c5, %len) : (!gir.buffer<global, ?xi64>, index, index)
  return %out : !gir.buffer<global, ?xi64>
}

// A failed callee wrote no result: the caller frees what it owns (not the
// call's results) and returns.
// CHECK-LABEL: define void @caller(ptr %0, i64 %1, ptr %2)
// CHECK: %[[T:.*]] = call ptr @vtc_rt_alloc_buffer(
// CHECK-NEXT: call void @checked(ptr %0, i64 %1, ptr %[[REC:.*]])
// CHECK-NEXT: %[[K0:.*]] = load i64, ptr @vtc_checks
// CHECK-NEXT: icmp ne i64 %[[K0]], 0
// CHECK: call.failed:
// CHECK-NEXT: call void @vtc_rt_free(ptr %[[T]])
// CHECK-NEXT: ret void
func.func @caller(%idx: !gir.buffer<global, ?xi64>) -> !gir.buffer<global, ?xi64> {
  %len = gir.dim %idx, 0 : !gir.buffer<global, ?xi64>
  %t = gir.alloc(%len) : !gir.buffer<global, ?xi64>
  %r = func.call @checked(%idx) : (!gir.buffer<global, ?xi64>) -> !gir.buffer<global, ?xi64>
  gir.free %t : !gir.buffer<global, ?xi64>
  return %r : !gir.buffer<global, ?xi64>
}
