// func.func, func.return and func.call in their custom forms: definitions,
// declarations, visibility, argument and result attributes, calls.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s -o %t.1.mlir && vtc-opt %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: vtc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt --print-generic %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func private @decl(i32, f32) -> i32
// GENERIC: "func.func"() ({
// GENERIC-NEXT: }) {function_type = (i32, f32) -> i32, sym_name = "decl", sym_visibility = "private"} : () -> ()
func.func private @decl(i32, f32) -> i32

// CHECK-LABEL: func.func private @decl_attrs(i32 {test.noalias}, f32) -> (i32 {test.ret = 1 : i32})
// GENERIC: {arg_attrs = [{test.noalias}, {}], function_type = (i32, f32) -> i32, res_attrs = [{test.ret = 1 : i32}], sym_name = "decl_attrs", sym_visibility = "private"}
func.func private @decl_attrs(i32 {test.noalias}, f32) -> (i32 {test.ret = 1 : i32})

// CHECK-LABEL: func.func nested @nested_decl()
func.func nested @nested_decl()

// CHECK-LABEL: func.func @empty() {
// CHECK-NEXT: {{(func\.)?}}return
// CHECK-NEXT: }
// GENERIC: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = () -> (), sym_name = "empty"} : () -> ()
func.func @empty() {
  return
}

// CHECK-LABEL: func.func @two_results(
// CHECK-SAME: [[A:%[a-z0-9_]+]]: i32, [[B:%[a-z0-9_]+]]: f32) -> (i32, f32) {
// CHECK-NEXT: {{(func\.)?}}return [[A]], [[B]] : i32, f32
// GENERIC: ^bb0(%{{.*}}: i32, %{{.*}}: f32):
// GENERIC-NEXT: "func.return"(%{{.*}}, %{{.*}}) : (i32, f32) -> ()
func.func @two_results(%a: i32, %b: f32) -> (i32, f32) {
  return %a, %b : i32, f32
}

// CHECK-LABEL: func.func @with_attrs(
// CHECK-SAME: [[A:%[a-z0-9_]+]]: i32 {test.arg = "x"}) -> i32 attributes {test.fn = 3 : i64} {
// GENERIC: {arg_attrs = [{test.arg = "x"}], function_type = (i32) -> i32, sym_name = "with_attrs", test.fn = 3 : i64}
func.func @with_attrs(%a: i32 {test.arg = "x"}) -> i32 attributes {test.fn = 3 : i64} {
  return %a : i32
}

// CHECK-LABEL: func.func public @public_fn(
func.func public @public_fn(%t: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %t : tensor<?x4xf32>
}

// CHECK-LABEL: func.func @calls(
// CHECK-SAME: [[A:%[a-z0-9_]+]]: i32, [[X:%[a-z0-9_]+]]: f32)
func.func @calls(%a: i32, %x: f32) -> i32 {
  // CHECK: [[R:%[a-z0-9_]+]] = {{(func\.)?}}call @decl([[A]], [[X]]) : (i32, f32) -> i32
  // GENERIC: "func.call"(%{{.*}}, %{{.*}}) {callee = @decl} : (i32, f32) -> i32
  %r = call @decl(%a, %x) : (i32, f32) -> i32
  // CHECK: {{(func\.)?}}call @empty() : () -> ()
  // GENERIC: "func.call"() {callee = @empty} : () -> ()
  call @empty() : () -> ()
  // CHECK: {{%[a-z0-9_]+}}:2 = {{(func\.)?}}call @two_results([[R]], [[X]]) : (i32, f32) -> (i32, f32)
  %p:2 = func.call @two_results(%r, %x) : (i32, f32) -> (i32, f32)
  // CHECK: {{(func\.)?}}call @calls([[A]], [[X]]) {test.tail} : (i32, f32) -> i32
  %s = call @calls(%a, %x) {test.tail} : (i32, f32) -> i32
  // CHECK: {{(func\.)?}}return [[R]] : i32
  return %r : i32
}

// A function-typed result needs parentheses.
// CHECK-LABEL: func.func private @returns_fn() -> ((i32) -> i32)
func.func private @returns_fn() -> ((i32) -> i32)
