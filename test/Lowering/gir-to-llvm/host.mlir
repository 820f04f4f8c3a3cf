// Host functions under the entry-point convention: buffers as ptr + dynamic
// dims, scalars by value, one record pointer per result ({data, dims...} for
// a buffer, the value for a scalar); gir.alloc/free through the runtime,
// gir.dim from the known dims, func.call through stack records.
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s

// CHECK-LABEL: define void @scale(i64 %groups, ptr %0, i64 %1, float %2)
gir.kernel @scale(%x: !gir.buffer<global, ?x3xf32>, %s: f32) parallel cpu group 1 lanes 8 {
}

// CHECK-LABEL: define void @callee(ptr %0, i64 %1, float %2, ptr %3, ptr %4)
// A static 2-D result: every dim is written, the static one as a constant.
// CHECK: %[[B:.*]] = call ptr @vtc_rt_alloc_buffer(i64 4, i64 2, ptr {{.*}}, ptr {{.*}}@vtc.where{{.*}})
// CHECK: call void @scale(i64 %1, ptr %[[B]], i64 %1, float %2)
// CHECK: store ptr %[[B]], ptr %3
// CHECK: %[[D0:.*]] = getelementptr i64, ptr %3, i64 1
// CHECK: store i64 %1, ptr %[[D0]]
// CHECK: %[[D1:.*]] = getelementptr i64, ptr %3, i64 2
// CHECK: store i64 3, ptr %[[D1]]
// The scalar result: stored with its own type.
// CHECK: store i64 %1, ptr %4
func.func @callee(%x: !gir.buffer<global, ?xf32>, %s: f32) -> (!gir.buffer<global, ?x3xf32>, index) {
  %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>
  %b = gir.alloc(%n) : !gir.buffer<global, ?x3xf32>
  %three = gir.dim %b, 1 : !gir.buffer<global, ?x3xf32>
  gir.launch @scale[%n](%b, %s) : (!gir.buffer<global, ?x3xf32>, f32)
  return %b, %n : !gir.buffer<global, ?x3xf32>, index
}

// CHECK-LABEL: define void @caller(ptr %0, i64 %1, ptr %2)
// CHECK-DAG: %[[R0:.*]] = alloca [3 x i64], align 8
// CHECK-DAG: %[[R1:.*]] = alloca i64, align 8
// CHECK: call void @callee(ptr %0, i64 %1, float 2.500000e+00, ptr %[[R0]], ptr %[[R1]])
// CHECK: %[[P:.*]] = load ptr, ptr %[[R0]]
// CHECK: %[[N:.*]] = load i64, ptr %[[R1]]
// CHECK: call void @vtc_rt_free(ptr %[[P]])
// CHECK: store i64 %[[N]], ptr %2
func.func @caller(%x: !gir.buffer<global, ?xf32>) -> index {
  %s = arith.constant 2.5 : f32
  %b, %n = func.call @callee(%x, %s) : (!gir.buffer<global, ?xf32>, f32) -> (!gir.buffer<global, ?x3xf32>, index)
  gir.free %b : !gir.buffer<global, ?x3xf32>
  return %n : index
}
