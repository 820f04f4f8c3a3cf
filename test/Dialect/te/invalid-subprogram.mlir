// Malformed te.subprograms: each is a located error.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s

func.func @outside_value(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = "te.subprogram"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{use of undeclared SSA value name '%y'}}
    %p = te.compute(%y) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%i: index):
      %u = te.load %y[(d0) -> (d0)] : tensor<4xf32> -> f32
      te.yield %u : f32
    }
    "te.return"(%p) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @result_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "te.subprogram"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{'te.return' op returns 2 values but the te.subprogram has 1 results}}
    "te.return"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @result_type(%x: tensor<4xf32>) -> tensor<8xf32> {
  %r = "te.subprogram"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{'te.return' op value #0's type differs from result #0's}}
    "te.return"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @arg_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'te.subprogram' op block argument #0's type differs from operand #0's}}
  %r = "te.subprogram"(%x) ({
  ^bb0(%a: tensor<4xf16>):
    %c = arith.constant dense<0.0> : tensor<4xf32>
    "te.return"(%c) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @nested(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "te.subprogram"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{'te.subprogram' op te.subprogram may not nest}}
    %s = "te.subprogram"(%a) ({
    ^bb0(%b: tensor<4xf32>):
      "te.return"(%b) : (tensor<4xf32>) -> ()
    }) : (tensor<4xf32>) -> tensor<4xf32>
    "te.return"(%s) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @return_in_compute(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%x) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %u = te.load %x[(d0) -> (d0)] : tensor<4xf32> -> f32
    // expected-error@+1 {{'te.return' op expects parent op 'te.subprogram'}}
    "te.return"(%u) : (f32) -> ()
  }
  return %c : tensor<4xf32>
}
