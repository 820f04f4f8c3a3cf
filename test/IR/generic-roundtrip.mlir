// The generic syntax: results, result groups, operands with result numbers,
// successors, regions with block arguments, attributes and trailing types.
// RUN: vtc-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect %s | vtc-opt --allow-unregistered-dialect | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect --print-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: module {
// GENERIC-LABEL: "builtin.module"() ({
// CHECK-NEXT:   "test.op"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: tensor<4x?xf32>):
// Values of the module's block come first: nested regions start at %2.
// CHECK-NEXT:     %2 = "test.add"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:     %3:2 = "test.two"(%2) {x = 1 : i64} : (i32) -> (i32, f32)
// CHECK-NEXT:     %4:3 = "test.three"() : () -> (i1, i1, i1)
// CHECK-NEXT:     "test.use2"(%4#2) : (i1) -> ()
// CHECK-NEXT:     "test.br"(%3#0)[^bb1] : (i32) -> ()
// CHECK-NEXT:   ^bb1(%5: i32):
// CHECK-NEXT:     "test.use"(%5, %3#1, %arg1) : (i32, f32, tensor<4x?xf32>) -> ()
// CHECK-NEXT:     "test.cond_br"(%4#0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:   ^bb2:
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
"test.op"() ({
^entry(%a: i32, %b: tensor<4x?xf32>):
  %sum = "test.add"(%a, %a) : (i32, i32) -> i32
  %pair:2 = "test.two"(%sum) {x = 1} : (i32) -> (i32, f32)
  %x, %y:2 = "test.three"() : () -> (i1, i1, i1)
  "test.use2"(%y#1) : (i1) -> ()
  "test.br"(%pair#0)[^next] : (i32) -> ()
^next(%c: i32):
  "test.use"(%c, %pair#1, %b) : (i32, f32, tensor<4x?xf32>) -> ()
  "test.cond_br"(%x)[^next, ^exit] : (i1) -> ()
^exit:
  "test.return"() : () -> ()
}) : () -> ()

// An op with several regions, an empty region and an empty block.
// CHECK-NEXT:   %0:2 = "test.regions"() ({
// CHECK-NEXT:     "test.a"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:   }, {
// CHECK-NEXT:   ^bb0:
// CHECK-NEXT:   }) {a, b = "s"} : () -> (i32, i64)
// GENERIC: "test.regions"() ({
%r:2 = "test.regions"() ({
  "test.a"() : () -> ()
}, {
}, {
^bb0:
}) {b = "s", a} : () -> (i32, i64)

// Function-typed results are parenthesised; no results print as `()`.
// CHECK-NEXT:   %1 = "test.fn"(%0#0, %0#1) : (i32, i64) -> ((i32) -> i1)
%f = "test.fn"(%r#0, %r#1) : (i32, i64) -> ((i32) -> i1)
// Properties (`<{...}>`, as mlir-opt prints them) become attributes.
// CHECK-NEXT:   "test.props"() {p = 1 : i32, q = 2 : i64} : () -> ()
"test.props"() <{p = 1 : i32}> {q = 2} : () -> ()
// Quoted op names and attribute names that are not identifiers.
// CHECK-NEXT:   "test.quoted"() {"a b" = 1 : i64, "x-y"} : () -> ()
"test.quoted"() {"a b" = 1, "x-y"} : () -> ()
// CHECK-NEXT: }
// GENERIC: }) : () -> ()
