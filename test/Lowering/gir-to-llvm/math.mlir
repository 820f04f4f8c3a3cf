// Math functions in element-wise bodies: by default f32 exp/tanh/erf are
// inline vector polynomials (no libm call per element); --precise-math uses
// LLVM's intrinsics and libm's erff per lane; log is llvm.log either way.
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s -O0 --emit=llvm --precise-math | FileCheck %s --check-prefix=PRECISE
// RUN: vtc-translate %s -O3 --mcpu=skylake-avx512 --emit=asm | FileCheck %s --check-prefix=ASM

// CHECK-LABEL: define internal void @act.unit(
// CHECK-NOT: call float @erff
// CHECK-NOT: @llvm.exp.
// CHECK: call <16 x float> @llvm.rint.v16f32(
// CHECK: call <16 x float> @llvm.copysign.v16f32(
// CHECK: call <16 x float> @llvm.log.v16f32(
// CHECK: ret void

// PRECISE-LABEL: define internal void @act.unit(
// PRECISE: call <16 x float> @llvm.exp.v16f32(
// PRECISE: call <16 x float> @llvm.tanh.v16f32(
// PRECISE: call float @erff(float
// PRECISE: call <16 x float> @llvm.log.v16f32(

// Only logf remains a libm call; exp, tanh and erf are zmm arithmetic.
// ASM-LABEL: act.chunk:
// ASM-NOT: expf
// ASM-NOT: tanhf
// ASM-NOT: erff
// ASM: vrndscaleps {{.*}}%zmm
// ASM: logf

gir.kernel @act(%x: !gir.buffer<global, ?xf32>, %y: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {
  %u = gir.id unit
  %c16 = arith.constant 16 : index
  %off = arith.muli %u, %c16 : index
  %v = gir.view %x[%off] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  %r = gir.copy %v : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
  %z = gir.elementwise(%r) : (!gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
  ^bb0(%a: f32):
    %e = math.exp %a : f32
    %t = math.tanh %e : f32
    %f = math.erf %t : f32
    %l = math.log %f : f32
    gir.yield %l : f32
  }
  %w = gir.view %y[%off] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  gir.copy %z to %w : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>
}
