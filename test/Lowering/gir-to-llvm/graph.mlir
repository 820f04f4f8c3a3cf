// The default pipeline of vtc-translate on a graph module: lower-graph-to-te,
// lower-te-to-gir, then the translation; --emit=mlir shows the gir.
// RUN: vtc-translate %s --emit=mlir | FileCheck %s --check-prefix=GIR
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s --mcpu=skylake-avx512 --emit=asm | FileCheck %s --check-prefix=ASM
// An explicit pipeline replaces the default one; stopping at te leaves ops
// the translation cannot take, which is a located error.
// RUN: vtc-translate %s --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir)' -O0 | FileCheck %s
// RUN: not vtc-translate %s --pass-pipeline=lower-graph-to-te 2>&1 | FileCheck %s --check-prefix=TE
// RUN: not vtc-translate %s --pass-pipeline=no-such-pass 2>&1 | FileCheck %s --check-prefix=BADPASS
// RUN: vtc-translate --help | FileCheck %s --check-prefix=HELP
// TE: error: 'func.func' op argument 0 of 'f' has a type the CPU translation does not support
// BADPASS: 'no-such-pass' does not refer to a registered pass
// HELP: usage: vtc-translate FILE.mlir
// HELP: --emit=llvm|asm|obj|ptx|mlir
// HELP: --pass-pipeline=PIPELINE
// HELP: --target=x86|nvptx
// HELP: --mcpu=CPU
// HELP: --mattr=FEATURES
// HELP: --precise-math

// GIR: gir.kernel @f_k0(
// GIR: gir.launch @f_k0
// CHECK-LABEL: define void @f_k0(i64 %groups, ptr %0, ptr %1, ptr %2)
// CHECK: call void @vtc_rt_parallel_for(ptr @f_k0.chunk
// CHECK-LABEL: define void @f(ptr %0, ptr %1, ptr %2)
// CHECK: call ptr @vtc_rt_alloc_buffer(i64 4, i64 2, ptr {{.*}}, ptr {{.*}}@vtc.where)
// CHECK: call void @f_k0(
// ASM-LABEL: f_k0.chunk:
// ASM: vaddps {{.*}}%zmm
// The buffer's size is checked at run time; an error names the op's location.
// RUN: vtc-translate %s --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir)' -O0 | FileCheck %s --check-prefix=WHERE
// WHERE: @vtc.where = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}graph.mlir:[[@LINE+2]]:8: 'gir.alloc'\00"
func.func @f(%x: tensor<20x30xf32>, %y: tensor<30xf32>) -> tensor<20x30xf32> {
  %0 = "graph.add"(%x, %y) : (tensor<20x30xf32>, tensor<30xf32>) -> tensor<20x30xf32>
  return %0 : tensor<20x30xf32>
}
