// te maps that divide by the constant 0 have no value anywhere: the
// verifier refuses them at the map (a division by a symbol that is 0 at run
// time is an error of every target: interp-errors.mlir). A negative
// reduction extent is refused too; an extent of 0 is an empty reduction.
// RUN: vtc-opt --split-input-file --verify-diagnostics %s

func.func @load_floordiv(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op map result 0 divides by zero: 'd0 floordiv 0'}}
    %x = te.load %a[(d0) -> (d0 floordiv 0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @load_mod(%a: tensor<4x4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4x4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op map result 1 divides by zero: 'd0 mod 0'}}
    %x = te.load %a[(d0) -> (d0, (d0 + 1) * 2 - (d0 mod 0))] {padding = 0.0 : f32} : tensor<4x4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @load_ceildiv(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op map result 0 divides by zero: 'd0 ceildiv 0'}}
    %x = te.load %a[(d0) -> (d0 ceildiv 0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

func.func @shape(%a: tensor<?xf32>) -> tensor<?xf32> {
  %n = te.dim %a, 0 : tensor<?xf32>
  // expected-error@+1 {{'te.compute' op 'shape' map result 0 divides by zero: 's0 floordiv 0'}}
  %c = te.compute(%a) [%n] shape ()[s0] -> (s0 floordiv 0) : (tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0)[s0] -> (d0)] : tensor<?xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<?xf32>
}

// -----

func.func @reduce(%a: tensor<?xf32>) -> tensor<f32> {
  %n = te.dim %a, 0 : tensor<?xf32>
  // expected-error@+1 {{'te.compute' op 'reduce' map result 0 divides by zero: 's0 mod 0'}}
  %c = te.compute(%a) [%n] shape ()[s0] -> () reduce ()[s0] -> (s0 mod 0) combiner sum init 0.0 : (tensor<?xf32>) -> tensor<f32> {
  ^bb0(%k: index):
    %x = te.load %a[(d0)[s0] -> (d0)] : tensor<?xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<f32>
}

// -----

func.func @negative_reduce(%a: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{'te.compute' op reduction extent 1 is -3; it must not be negative}}
  %c = te.compute(%a) shape () -> () reduce () -> (4, -3) combiner sum init 0.0 : (tensor<4xf32>) -> tensor<f32> {
  ^bb0(%k: index, %l: index):
    %x = te.load %a[(d0, d1) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<f32>
}

// -----

// A map that overflows int64 somewhere on a static domain has no value
// there (the lowered index arithmetic would wrap silently); the bounds
// proof, which stops at 2^40, no longer multiplies such intervals either.
func.func @big_product(%a: tensor<4xf32>) -> tensor<1099511627777xf32> {
  %c = te.compute(%a) shape () -> (1099511627777) : (tensor<4xf32>) -> tensor<1099511627777xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op map result 0 (d0 * 1099511627776) overflows int64 on the iteration domain}}
    %x = te.load %a[(d0) -> (d0 * 1099511627776)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<1099511627777xf32>
}

// -----

func.func @padded_overflow(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    // expected-error@+1 {{'te.load' op map result 0 (d0 * 4611686018427387904 + 4611686018427387904 * 3) overflows int64 on the iteration domain}}
    %x = te.load %a[(d0) -> (d0 * 4611686018427387904 + 4611686018427387904 * 3)] {padding = 1.0 : f32} : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// -----

// A constant shape that overflows (the lowering computed it as 0).
func.func @shape_overflow(%a: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'te.compute' op 'shape' map result 0 (4611686018427387904 * 4) overflows int64}}
  %c = te.compute(%a) shape () -> (4611686018427387904 * 4) : (tensor<4xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0 mod 4)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<?xf32>
}

// -----

func.func @reduce_overflow(%a: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{'te.compute' op 'reduce' map result 0 (-9223372036854775808 floordiv -1) overflows int64}}
  %c = te.compute(%a) shape () -> () reduce () -> (-9223372036854775808 floordiv -1) combiner sum init 0.0 : (tensor<4xf32>) -> tensor<f32> {
  ^bb0(%k: index):
    %x = te.load %a[(d0) -> (d0 mod 4)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<f32>
}

// -----

// An empty domain evaluates no load: nothing to overflow.
func.func @empty_domain(%a: tensor<4xf32>) -> tensor<0xf32> {
  %c = te.compute(%a) shape () -> (0) : (tensor<4xf32>) -> tensor<0xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0 * 9223372036854775807 + 9223372036854775807)] {padding = 1.0 : f32} : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<0xf32>
}

// -----

// Ranks vtc cannot run: 9 output dims, 9 reduction axes (the lowering read
// past its arrays of 10).
func.func @rank9(%a: tensor<4xf32>) -> tensor<1x1x1x1x1x1x1x1x1xf32> {
  // expected-error@+1 {{'te.compute' op result rank 9 exceeds 8, the most vtc runs}}
  %c = te.compute(%a) shape () -> (1, 1, 1, 1, 1, 1, 1, 1, 1) : (tensor<4xf32>) -> tensor<1x1x1x1x1x1x1x1x1xf32> {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index, %i5: index, %i6: index, %i7: index, %i8: index):
    %x = te.load %a[(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<1x1x1x1x1x1x1x1x1xf32>
}

// -----

func.func @reduce9(%a: tensor<4xf32>) -> tensor<f32> {
  // expected-error@+1 {{'te.compute' op 'reduce' map has 9 results; at most 8 reduction axes are supported}}
  %c = te.compute(%a) shape () -> () reduce () -> (1, 1, 1, 1, 1, 1, 1, 1, 1) combiner sum init 0.0 : (tensor<4xf32>) -> tensor<f32> {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index, %i5: index, %i6: index, %i7: index, %i8: index):
    %x = te.load %a[(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<f32>
}
