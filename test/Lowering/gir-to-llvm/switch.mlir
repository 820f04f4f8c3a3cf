// The host gir.switch on the CPU: an LLVM switch on the selector, one block
// per region, phis for the results in the merge block (a buffer result is a
// phi of its pointer and of its dynamic dim where the regions differ);
// buffers a region frees are freed there. A buffer from before the switch
// cannot be a result, and one freed by some regions only is an error.
// RUN: split-file %s %t
// RUN: vtc-translate %t/ok.mlir -O0 --emit=llvm | FileCheck %s
// RUN: not vtc-translate %t/outer.mlir -O0 --emit=llvm 2>&1 | FileCheck %s --check-prefix=OUTER
// RUN: not vtc-translate %t/some.mlir -O0 --emit=llvm 2>&1 | FileCheck %s --check-prefix=SOME
// OUTER: outer.mlir:3:8: error: 'gir.switch' op yields buffer result 0 from outside the switch: the CPU translation owns a switch's buffer results, so each region must allocate its own
// SOME: some.mlir:4:3: error: 'gir.switch' op frees a buffer from before the switch in some regions only: every region must free it, or none

// CHECK-LABEL: define void @main(ptr %0, i64 %1, ptr %2, ptr %3)
// CHECK:      switch i64 %1, label %switch.default [
// CHECK-NEXT:   i64 2, label %switch.case
// CHECK-NEXT:   i64 7, label %switch.case1
// CHECK-NEXT: ]
// CHECK:      switch.case:
// CHECK:        call void @fill(i64 1, ptr %{{.*}}, i64 %1, float 2.500000e+00, i64 %1)
// CHECK:        br label %switch.end
// CHECK:      switch.case1:
// CHECK:        %[[T:.*]] = call ptr @vtc_rt_alloc
// CHECK:        call void @vtc_rt_free(ptr %[[T]])
// CHECK:        br label %switch.end
// CHECK:      switch.default:
// CHECK:        %[[D:.*]] = call ptr @vtc_rt_alloc
// CHECK:        br label %switch.end
// CHECK:      switch.end:
// CHECK-NEXT:   %[[P:.*]] = phi ptr [ %{{.*}}, %switch.case ], [ %{{.*}}, %switch.case1 ], [ %[[D]], %switch.default ]
// CHECK-NEXT:   %[[N:.*]] = phi i64 [ 1, %switch.case ], [ 1, %switch.case1 ], [ %1, %switch.default ]
// CHECK-NEXT:   %[[I:.*]] = phi i64 [ 20, %switch.case ], [ 30, %switch.case1 ], [ %1, %switch.default ]
// CHECK:        store ptr %[[P]], ptr %2
// CHECK:        store i64 %[[N]], ptr
// CHECK:        store i64 %[[I]], ptr %3
//--- ok.mlir
gir.kernel @fill(%y: !gir.buffer<global, ?xf32>, %v: f32, %n: index) parallel cpu group 1 lanes 8 {
}
func.func @main(%x: !gir.buffer<global, ?xf32>) -> (!gir.buffer<global, ?xf32>, index) {
  %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>
  %c1 = arith.constant 1 : index
  %r:2 = gir.switch %n -> (!gir.buffer<global, ?xf32>, index)
  case 2 {
    %v = arith.constant 2.5 : f32
    %o = gir.alloc(%c1) : !gir.buffer<global, ?xf32>
    gir.launch @fill[%c1](%x, %v, %n) : (!gir.buffer<global, ?xf32>, f32, index)
    %c = arith.constant 20 : index
    gir.yield %o, %c : !gir.buffer<global, ?xf32>, index
  }
  case 7 {
    %t = gir.alloc(%n) : !gir.buffer<global, ?xf32>
    gir.free %t : !gir.buffer<global, ?xf32>
    %o = gir.alloc(%c1) : !gir.buffer<global, ?xf32>
    %c = arith.constant 30 : index
    gir.yield %o, %c : !gir.buffer<global, ?xf32>, index
  }
  default {
    %o = gir.alloc(%n) : !gir.buffer<global, ?xf32>
    gir.yield %o, %n : !gir.buffer<global, ?xf32>, index
  }
  return %r#0, %r#1 : !gir.buffer<global, ?xf32>, index
}

//--- outer.mlir
func.func @outer(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {
  %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>
  %r = gir.switch %n -> !gir.buffer<global, ?xf32>
  default {
    gir.yield %x : !gir.buffer<global, ?xf32>
  }
  return %r : !gir.buffer<global, ?xf32>
}

//--- some.mlir
func.func @some(%x: !gir.buffer<global, ?xf32>) {
  %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>
  %t = gir.alloc(%n) : !gir.buffer<global, ?xf32>
  gir.switch %n
  case 1 {
    gir.free %t : !gir.buffer<global, ?xf32>
  }
  default {
  }
  return
}
