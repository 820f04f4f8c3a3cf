// The f32 -> bf16 rounding of the CPU translation against the reference
// interpreter, bit for bit: where the CPU converts natively (AVX512-BF16,
// vcvtneps2bf16, which flushes results below 2^-126 to zero) a vector
// holding a subnormal product takes the integer rounding for those lanes,
// so 1e-20 x 1e-19 stays 1e-39 as in the reference. On a CPU without
// AVX512-BF16 the integer rounding runs everywhere; the comparison holds
// either way. The translation with +avx512bf16 converts with an fptrunc to
// bfloat and branches to the subnormal fix-up (AVX512-VL too: without it
// LLVM calls __truncsfbf2 per element).
// RUN: vtc-run %s --target=interp --print-values | grep -A1 '^result' > %t.interp
// RUN: vtc-run %s --target=cpu --print-values | grep -A1 '^result' > %t.cpu
// RUN: diff %t.interp %t.cpu
// RUN: FileCheck %s < %t.cpu
// CHECK: result 0: tensor<32xbf16>
// CHECK-NEXT: values: [1.01019046e-39, 5.96930725e-39, -1.01019046e-39, 3, 1.015625,
// RUN: vtc-translate %s --mattr=+avx512bf16,+avx512vl --emit=llvm -O0 | FileCheck %s --check-prefix=NATIVE
// NATIVE: fptrunc <{{[0-9]+}} x float> %{{.*}} to <{{[0-9]+}} x bfloat>
// NATIVE: call i1 @llvm.vector.reduce.or
// NATIVE: br i1 %{{.*}}, label %bf16.fixup, label %bf16.done
// NATIVE: bf16.fixup:
// RUN: vtc-translate %s --mattr=-avx512bf16 --emit=llvm -O0 | FileCheck %s --check-prefix=BITS
// BITS-NOT: bfloat
// BITS-NOT: bf16.fixup

func.func @main(%x: tensor<32xbf16> {vtc.input = {value = dense<[1.000000e-20, 3.000000e-20, -2.000000e-20, 1.500000e+00, 1.007812e+00, 3.000000e+00, 1.000000e-19, 0.000000e+00, 2.500000e-19, -7.000000e-20, 1.000000e-30, 4.000000e-20, 1.250000e+00, -5.000000e-01, 6.000000e-20, 1.000000e-20, 1.000000e-20, 3.000000e-20, -2.000000e-20, 1.500000e+00, 1.007812e+00, 3.000000e+00, 1.000000e-19, 0.000000e+00, 2.500000e-19, -7.000000e-20, 1.000000e-30, 4.000000e-20, 1.250000e+00, -5.000000e-01, 6.000000e-20, 1.000000e-20]> : tensor<32xbf16>}},
                %y: tensor<32xbf16> {vtc.input = {value = dense<[1.000000e-19, 2.000000e-19, 5.000000e-20, 2.000000e+00, 1.007812e+00, 1.000000e-08, 1.000000e-19, 5.000000e+00, 3.000000e-20, 1.000000e-19, 1.000000e-09, -1.000000e-19, 7.500000e-01, 3.000000e+00, 6.000000e-20, 1.100000e-18, 1.000000e-19, 2.000000e-19, 5.000000e-20, 2.000000e+00, 1.007812e+00, 1.000000e-08, 1.000000e-19, 5.000000e+00, 3.000000e-20, 1.000000e-19, 1.000000e-09, -1.000000e-19, 7.500000e-01, 3.000000e+00, 6.000000e-20, 1.100000e-18]> : tensor<32xbf16>}}) -> tensor<32xbf16> {
  %0 = "graph.mul"(%x, %y) : (tensor<32xbf16>, tensor<32xbf16>) -> tensor<32xbf16>
  return %0 : tensor<32xbf16>
}
