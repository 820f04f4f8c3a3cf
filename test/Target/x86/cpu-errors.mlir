// An unknown --mcpu, or a 32-bit CPU under the x86-64 triple, is an error
// and exit 1 (LLVM only warned and then aborted: "64-bit code requested on
// a subtarget that doesn't support it"); as are an unknown --target and
// --emit kind, and an unknown GPU architecture.
// RUN: not vtc-translate %s --emit=asm --mcpu=nonsense 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: vtc-translate: x86: unknown or 32-bit CPU 'nonsense' (x86-64 CPUs include x86-64, x86-64-v2, x86-64-v3, x86-64-v4
// RUN: not vtc-translate %s --emit=llvm --mcpu=i686 2>&1 | FileCheck %s --check-prefix=I686
// I686: vtc-translate: x86: unknown or 32-bit CPU 'i686'
// RUN: not vtc-translate %s --emit=obj --mcpu=pentium4 -o %t.o 2>&1 | FileCheck %s --check-prefix=P4
// P4: vtc-translate: x86: unknown or 32-bit CPU 'pentium4'
// RUN: not vtc-translate %s --emit=asm --mcpu=help 2>&1 | FileCheck %s --check-prefix=HELP
// HELP: vtc-translate: x86: unknown or 32-bit CPU 'help'
// RUN: not vtc-translate %s --target=arm 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: vtc-translate: unknown --target 'arm'
// RUN: not vtc-translate %s --emit=bin 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: vtc-translate: unknown --emit kind 'bin' (llvm, asm, obj, ptx or mlir)
// RUN: not vtc-translate %s --emit=ptx --mcpu=skylake-avx512 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: vtc-translate: nvptx: unsupported GPU architecture 'skylake-avx512' (supported: sm_90
// Known 64-bit CPUs, old and new, and LLVM's generic one (an empty name).
// RUN: vtc-translate %s --emit=asm --mcpu=x86-64 | FileCheck %s --check-prefix=OK
// RUN: vtc-translate %s --emit=asm --mcpu=k8 | FileCheck %s --check-prefix=OK
// RUN: vtc-translate %s --emit=asm --mcpu=znver4 | FileCheck %s --check-prefix=OK
// RUN: vtc-translate %s --emit=asm --mcpu= | FileCheck %s --check-prefix=OK
// OK: f:
func.func @f(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = "graph.relu"(%x) : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
