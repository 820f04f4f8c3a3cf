// REQUIRES: cuda-gpu
// The empty-tensor cases of empty-tensors.mlir on a GPU (UNSUPPORTED
// without one): no kernel for a TE with a static 0 in its shape, and a
// launch on 0 groups (a `?` bound to 0) is skipped by the host plan.
// RUN: vtc-run %S/empty-tensors.mlir --entry=matmul_k0 --target=cuda --print-values | FileCheck %S/empty-tensors.mlir --check-prefix=MATMUL
// RUN: vtc-run %S/empty-tensors.mlir --entry=matmul_dyn --dim=0.1=0 --dim=1.0=0 --target=cuda --print-values | FileCheck %S/empty-tensors.mlir --check-prefix=MATMUL
// RUN: vtc-run %S/empty-tensors.mlir --entry=reduce --target=cuda --print-values | FileCheck %S/empty-tensors.mlir --check-prefix=REDUCE
// RUN: vtc-run %S/empty-tensors.mlir --entry=pad --target=cuda --print-values | FileCheck %S/empty-tensors.mlir --check-prefix=PAD
// RUN: vtc-run %S/empty-tensors.mlir --entry=movement --target=cuda | FileCheck %S/empty-tensors.mlir --check-prefix=MOVE
