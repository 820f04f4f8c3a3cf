// What the CPU translation does not support is a located error and a
// non-zero exit, never a crash or invalid LLVM IR.
// RUN: split-file %s %t
// RUN: not vtc-translate %t/gpu.mlir 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not vtc-translate %t/team.mlir 2>&1 | FileCheck %s --check-prefix=TEAM
// RUN: not vtc-translate %t/shared.mlir 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: not vtc-translate %t/tensor.mlir 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: not vtc-translate %t/dense.mlir 2>&1 | FileCheck %s --check-prefix=DENSE
// RUN: not vtc-translate %t/gpu.mlir --emit=wasm 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: not vtc-translate %t/gpu.mlir --mcpu=no-such-cpu --target=arm 2>&1 | FileCheck %s --check-prefix=TARGET

// GPU: gpu.mlir:1:1: error: 'gir.kernel' op 'k' is a GPU kernel: the translation for the CPU needs `parallel cpu`
// TEAM: team.mlir:1:1: error: 'gir.kernel' op a CPU group with shared buffers or block barriers runs its 300 units on as many threads at once: at most 256
// SHARED: shared.mlir:3:8: error: 'gir.alloc' op the kernel's shared buffers need more than 1073741824 bytes per group on the CPU
// TENSOR: tensor.mlir:1:1: error: 'func.func' op argument 0 of 'f' has a type the CPU translation does not support
// DENSE: dense.mlir:2:8: error: 'arith.constant' op has a result type the CPU translation does not support: tensor<4xf32>
// EMIT: unknown --emit kind 'wasm'
// TARGET: unknown --target 'arm'

//--- gpu.mlir
gir.kernel @k() parallel gpu group 1 lanes 32 {
}
//--- team.mlir
gir.kernel @k(%x: !gir.buffer<global, 4xf32>) parallel cpu group 300 lanes 16 {
  %s = gir.alloc() : !gir.buffer<shared, 4x16xf32>
  gir.sync block %s : !gir.buffer<shared, 4x16xf32>
}
//--- shared.mlir
gir.kernel @k(%x: !gir.buffer<global, 4xf32>) parallel cpu group 2 lanes 16 {
  %a = gir.alloc() : !gir.buffer<shared, 16384x16384xf32>
  %b = gir.alloc() : !gir.buffer<shared, 16xf32>
  gir.sync block %a : !gir.buffer<shared, 16384x16384xf32>
}
//--- tensor.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
//--- dense.mlir
func.func @f(%b: !gir.buffer<global, 4xf32>) {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return
}
