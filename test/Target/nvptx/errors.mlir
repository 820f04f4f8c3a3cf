// What the NVPTX translation refuses, with located errors and exit 1.
// RUN: not vtc-translate %s --target=nvptx --emit=llvm 2>&1 | FileCheck %s
// RUN: not vtc-translate %S/gir-kernels.mlir --target=nvptx --emit=obj 2>&1 | FileCheck %s --check-prefix=OBJ

// CHECK: errors.mlir:[[@LINE+1]]:1: error: 'gir.kernel' op 'cpu_kernel' is a CPU kernel: the translation for NVPTX needs `parallel gpu`
gir.kernel @cpu_kernel(%x: !gir.buffer<global, 16xf32>) parallel cpu group 1 lanes 16 {
}

// OBJ: vtc-translate: nvptx has no object files: use --emit=ptx
