// bf16 GEMMs big enough for the CPU rKernel: M = 3 (the direct form, an f32
// C panel), M = 200 (the packed form, K one block), K = 520 (a partial
// last KC block), N = 200 (a partial last NR sliver).
func.func @main(%a: tensor<3x520xbf16>, %b: tensor<520x200xbf16>, %c: tensor<200x520xbf16>) -> (tensor<3x200xbf16>, tensor<200x200xbf16>) {
  %0 = graph.matmul %a, %b : (tensor<3x520xbf16>, tensor<520x200xbf16>) -> tensor<3x200xbf16>
  %1 = graph.matmul %c, %b : (tensor<200x520xbf16>, tensor<520x200xbf16>) -> tensor<200x200xbf16>
  return %0, %1 : tensor<3x200xbf16>, tensor<200x200xbf16>
}
