// Malformed input is answered with a located error (checked by
// --verify-diagnostics; parse-error-locations.mlir checks the exit code).
// RUN: vtc-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

// expected-error@+1 {{expected '"' in string literal}}
"test.op"() {a = "unterminated} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"test.op"() {a = "bad \q escape"} : () -> ()

// -----

// expected-error@+1 {{unexpected character}}
"test.op"() : () -> () `

// -----

// expected-error@+1 {{invalid SSA name}}
% = "test.op"() : () -> i32

// -----

// expected-error@+1 {{expected operation name in quotes}}
%0 = 42

// -----

// expected-error@+1 {{expected ')' to end operand list}}
"test.op"(%a %b) : () -> ()

// -----

// expected-error@+1 {{expected ':' followed by operation type, found end of file}}
"test.op"()

// -----

// expected-error@+1 {{expected function type}}
"test.op"() : i32

// -----

// expected-error@+1 {{expected 1 operand type but had 0}}
"test.op"(%x) : () -> ()

// -----

"test.op"() ({
  // expected-error@+1 {{expected '}' to close region, found end of file}}
  "test.inner"() : () -> ()

// -----

// expected-error@+1 {{unknown type 'foo'}}
"test.op"() : () -> foo

// -----

// expected-error@+1 {{integer bitwidth must be between 1 and 64}}
"test.op"() : () -> i128

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"test.op"() : () -> tensor<4 8xf32>

// -----

// expected-error@+1 {{unranked tensors are not supported}}
"test.op"() : () -> tensor<*xf32>

// -----

// expected-error@+1 {{invalid tensor element type}}
"test.op"() : () -> tensor<4xtensor<2xf32>>

// -----

// expected-error@+1 {{'>' in tensor type}}
"test.op"() : () -> tensor<4xf32

// -----

// expected-error@+1 {{signed and unsigned integer types are not supported}}
"test.op"() : () -> si32

// -----

// expected-error@+1 {{unbalanced ']' character in pretty dialect name}}
"test.op"() : () -> !foo.bar<x]>

// -----

// expected-error@+1 {{unbalanced '<' in pretty dialect name}}
"test.op"() : () -> !foo.bar<x

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.op"() : () -> !nope

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.op"() {a = #nope} : () -> ()

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#foo.bar = 1

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = 99999999999999999999} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = -129 : i8} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"test.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.op"() {a = 0x1FFFFFFFF : f32} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for the specified type}}
"test.op"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"test.op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"test.op"() {a = } : () -> ()

// -----

// expected-error@+1 {{unknown attribute 'bogus'}}
"test.op"() {a = bogus} : () -> ()

// -----

// expected-error@+1 {{']' to close array attribute}}
"test.op"() {a = [1, 2} : () -> ()

// -----

// expected-error@+1 {{elided attributes cannot be parsed}}
"test.op"() {a = dense_resource<__elided__> : tensor<4xf32>} : () -> ()

// -----

// expected-error@+1 {{nested symbol reference identifier}}
"test.op"() {a = @a::b} : () -> ()
