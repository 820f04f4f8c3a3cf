// BERT's first GEMM (Vortex 2.2, Table 6): M dynamic, f16 summed in f32; an
// f32 copy; a conv as implicit GEMM with a dynamic batch.
func.func @bert_f16(%a: tensor<?x2304xf16>, %b: tensor<2304x768xf16>) -> tensor<?x768xf16> {
  %m = te.dim %a, 0 : tensor<?x2304xf16>
  %c = te.compute(%a, %b) [%m] shape ()[s0] -> (s0, 768) reduce ()[s0] -> (2304) combiner sum init 0.0 : (tensor<?x2304xf16>, tensor<2304x768xf16>) -> tensor<?x768xf16> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x2304xf16> -> f16
    %y = te.load %b[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<2304x768xf16> -> f16
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %t = arith.truncf %p : f32 to f16
    te.yield %t : f16
  }
  return %c : tensor<?x768xf16>
}

func.func @bert_f32(%a: tensor<?x2304xf32>, %b: tensor<2304x768xf32>) -> tensor<?x768xf32> {
  %m = te.dim %a, 0 : tensor<?x2304xf32>
  %c = te.compute(%a, %b) [%m] shape ()[s0] -> (s0, 768) reduce ()[s0] -> (2304) combiner sum init 0.0 : (tensor<?x2304xf32>, tensor<2304x768xf32>) -> tensor<?x768xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %x = te.load %a[(d0, d1, d2)[s0] -> (d0, d2)] : tensor<?x2304xf32> -> f32
    %y = te.load %b[(d0, d1, d2)[s0] -> (d2, d1)] : tensor<2304x768xf32> -> f32
    %p = arith.mulf %x, %y : f32
    te.yield %p : f32
  }
  return %c : tensor<?x768xf32>
}

func.func @conv(%x: tensor<?x64x56x56xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<?x64x56x56xf32> {
  %n = te.dim %x, 0 : tensor<?x64x56x56xf32>
  %c = te.compute(%x, %w) [%n] shape ()[s0] -> (s0, 64, 56, 56) reduce ()[s0] -> (64, 3, 3) combiner sum init 0.0 : (tensor<?x64x56x56xf32>, tensor<64x64x3x3xf32>) -> tensor<?x64x56x56xf32> {
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index):
    %i = te.load %x[(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d0, d4, d2 + d5 - 1, d3 + d6 - 1)] {padding = 0.0 : f32} : tensor<?x64x56x56xf32> -> f32
    %f = te.load %w[(d0, d1, d2, d3, d4, d5, d6)[s0] -> (d1, d4, d5, d6)] : tensor<64x64x3x3xf32> -> f32
    %p = arith.mulf %i, %f : f32
    te.yield %p : f32
  }
  return %c : tensor<?x64x56x56xf32>
}

// Not a contraction: nothing printed but a note.
func.func @relu(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = te.compute(%a) shape () -> (8) : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<8xf32> -> f32
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %x, %z : f32
    te.yield %r : f32
  }
  return %c : tensor<8xf32>
}
