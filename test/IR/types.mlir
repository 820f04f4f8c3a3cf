// Every builtin type, dialect types and type aliases round-trip.
// RUN: vtc-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect %s | vtc-opt --allow-unregistered-dialect | FileCheck %s

!alias = tensor<2x?xf32>
!nested = !alias

// CHECK: "test.ints"() : () -> (i1, i2, i7, i8, i16, i32, i33, i64)
"test.ints"() : () -> (i1, i2, i7, i8, i16, i32, i33, i64)
// CHECK: "test.scalars"() : () -> (index, f16, bf16, f32, f64, none)
"test.scalars"() : () -> (index, f16, bf16, f32, f64, none)
// CHECK: "test.tensors"() : () -> (tensor<4x?x8xf32>, tensor<f32>, tensor<?xi1>, tensor<0x8xf32>, tensor<1x2x3x4xindex>)
"test.tensors"() : () -> (tensor<4x?x8xf32>, tensor<f32>, tensor<?xi1>, tensor<0x8xf32>, tensor<1x2x3x4xindex>)
// CHECK: "test.dyn"() : () -> (tensor<?x?xf16>, tensor<?x4xbf16>)
"test.dyn"() : () -> (tensor<?x?xf16>, tensor<?x4xbf16>)
// Encodings are attributes.
// CHECK: "test.enc"() : () -> (tensor<4xf32, "enc">, tensor<4x4xf32, #vtc.layout<row_major>>)
"test.enc"() : () -> (tensor<4xf32, "enc">, tensor<4x4xf32, #vtc.layout<row_major>>)
// Function types: a single result is bare, others are parenthesised.
// CHECK: "test.fns"() {a = (i32, f32) -> i32, b = () -> (), c = (i32) -> (i32, i32), d = () -> ((i32) -> i32)} : () -> ()
"test.fns"() {a = (i32, f32) -> (i32), b = () -> (), c = (i32) -> (i32, i32), d = () -> ((i32) -> i32)} : () -> ()
// Dialect types keep their body as written (nested brackets and strings included).
// CHECK: "test.dialect"() : () -> (!foo.bar, !foo.baz<1, 2>, !foo.q<"a>b", <x>, [y]>, !foo.f<(i32) -> i32>, !foo<"opaque">)
"test.dialect"() : () -> (!foo.bar, !foo.baz<1, 2>, !foo.q<"a>b", <x>, [y]>, !foo.f<(i32) -> i32>, !foo<"opaque">)
// Aliases are replaced by what they name.
// CHECK: "test.alias"() : () -> (tensor<2x?xf32>, tensor<2x?xf32>)
"test.alias"() : () -> (!alias, !nested)
// Types as attributes.
// CHECK: "test.typeattr"() {t = tensor<2xi8>, u = !foo.bar, v = index} : () -> ()
"test.typeattr"() {t = tensor<2xi8>, u = !foo.bar, v = index} : () -> ()
