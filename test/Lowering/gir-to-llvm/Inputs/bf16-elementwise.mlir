// Element-wise bf16 arithmetic (no reduction, so no f32 accumulator to
// widen into): gpu-bf16-scalars.test checks it stays native bfloat.
func.func @main(%a: tensor<4x256xbf16>, %b: tensor<4x256xbf16>) -> tensor<4x256xbf16> {
  %0 = graph.mul %a, %b : (tensor<4x256xbf16>, tensor<4x256xbf16>) -> tensor<4x256xbf16>
  %1 = graph.add %0, %a : (tensor<4x256xbf16>, tensor<4x256xbf16>) -> tensor<4x256xbf16>
  return %1 : tensor<4x256xbf16>
}
