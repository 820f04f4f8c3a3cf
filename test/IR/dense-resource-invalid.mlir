// Bad resource handles and blobs: located errors, never a crash.
// RUN: vtc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error@+1 {{elided attributes cannot be parsed}}
"test.op"() {a = dense_resource<__elided__> : tensor<2xf32>} : () -> ()

// -----

// expected-error@+1 {{dense_resource type must have static shape}}
"test.op"() {a = dense_resource<x> : tensor<?xf32>} : () -> ()

// -----

// expected-error@+1 {{dense_resource must have a tensor type}}
"test.op"() {a = dense_resource<x> : f32} : () -> ()

// -----

func.func @f() -> tensor<3xi64> {
  // expected-error@+1 {{dense_resource<b> holds 16 bytes, but tensor<3xi64> needs 24}}
  %0 = "graph.constant"() {value = dense_resource<b> : tensor<3xi64>} : () -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
{-# dialect_resources: { builtin: { b: "0x0800000001000000000000000200000000000000" } } #-}

// -----

{-# dialect_resources: { builtin: {
  // expected-error@+1 {{the blob's alignment 3 is not a power of 2}}
  b: "0x0300000001000000"
} } #-}

// -----

{-# dialect_resources: { builtin: {
  // expected-error@+1 {{the blob is not a hex string}}
  b: "0x04000000zz000000"
} } #-}

// -----

{-# dialect_resources: { builtin: {
  // expected-error@+1 {{of at least 4 bytes (the alignment)}}
  b: "0x0400"
} } #-}

// -----

{-# dialect_resources: { builtin: {
  b: "0x0400000001000000",
  // expected-error@+1 {{resource 'b' is defined twice}}
  b: "0x0400000001000000"
} } #-}

// -----

{-# dialect_resources: {
  // expected-error@+1 {{dialect resources of 'mydialect' are not supported}}
  mydialect: { b: "0x0400000001000000" }
} #-}

// -----

// expected-error@+1 {{expected 'dialect_resources' in the file metadata}}
{-# external_resources: { } #-}

// -----

// expected-error@+1 {{expected an identifier as the resource name}}
"test.op"() {a = dense_resource<"quoted"> : tensor<2xf32>} : () -> ()
