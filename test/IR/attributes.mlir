// Every builtin attribute kind round-trips in MLIR's spelling.
// RUN: vtc-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect %s | vtc-opt --allow-unregistered-dialect | FileCheck %s

#alias = [1, "two"]
#map = affine_map<(d0, d1)[s0] -> (d1, d0 + s0)>

// Integers: default i64, sign-extended to their width, hex, i1 as bools.
// CHECK: "test.ints"() {a = 1 : i64, b = -5 : i32, c = -1 : i8, d = 255 : i64, e = true, f = false, g = 7 : index, h = -9223372036854775808 : i64, i = 9223372036854775807 : i64, j = -1 : i64}
"test.ints"() {a = 1, b = -5 : i32, c = 255 : i8, d = 0xFF, e = 1 : i1, f = 0 : i1, g = 7 : index, h = -9223372036854775808, i = 9223372036854775807, j = 0xFFFFFFFFFFFFFFFF} : () -> ()
// Floats: six digits when they round-trip, more when not, hex when not finite.
// CHECK: "test.floats"() {a = 1.000000e+00 : f64, b = -2.500000e-01 : f32, c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 3.14159274 : f32, f = 3.1415926535897931 : f64, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = 0xFF800000 : f32, j = 0x7FF8000000000000 : f64, k = 1.000000e+00 : f32, l = -0.000000e+00 : f64, m = 6.550400e+04 : f16, n = 1.000000e+00 : bf16, o = 1.000000e+10 : f64}
"test.floats"() {a = 1.0, b = -0.25 : f32, c = 0.1 : f32, d = 0.1, e = 3.14159265 : f32, f = 3.141592653589793, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = 0xFF800000 : f32, j = 0x7FF8000000000000 : f64, k = 0x3F800000 : f32, l = -0.0, m = 65504.0 : f16, n = 1.0 : bf16, o = 1.0e10} : () -> ()
// Strings with escapes: printed with MLIR's \XX escapes.
// CHECK: "test.strings"() {a = "plain", b = "quote\22 backslash\\ newline\0A tab\09", c = "", d = "\00\FF"}
"test.strings"() {a = "plain", b = "quote\" backslash\\ newline\n tab\t", c = "", d = "\00\ff"} : () -> ()
// Unit, bools, arrays, dictionaries, types, symbol references.
// In arrays, i64 and f64 drop their type, as MLIR prints them.
// CHECK: "test.misc"() {a, b = true, c = [], d = [1, [2 : i32, "x"]], e = {}, f = {k = 1 : i64, u, "x y" = "z"}, g = i32, h = @sym, i = @a::@b::@c, j = @"quoted name", k = [1, "two"], l = [1.500000e+00, 2.500000e+00 : f32], u}
"test.misc"() {a, b = true, c = [], d = [1, [2 : i32, "x"]], e = {}, f = {u, k = 1, "x y" = "z"}, g = i32, h = @sym, i = @a::@b::@c, j = @"quoted name", k = #alias, l = [1.5, 2.5 : f32], u = unit} : () -> ()
// Affine maps and dialect attributes.
// CHECK: "test.maps"() {a = affine_map<(d0, d1)[s0] -> (d1, d0 + s0)>, b = affine_map<(d0) -> (d0 floordiv 2, d0 mod 3, d0 ceildiv 4)>, c = affine_map<() -> (0)>}
"test.maps"() {a = #map, b = affine_map<(i) -> (i floordiv 2, i mod 3, i ceildiv 4)>, c = affine_map<() -> (0)>} : () -> ()
// CHECK: "test.dialect_attrs"() {a = #foo.bar, b = #foo.baz<1, [2, 3], "s>">, c = #foo<"opaque">}
"test.dialect_attrs"() {a = #foo.bar, b = #foo.baz<1, [2, 3], "s>">, c = #foo<"opaque">} : () -> ()
