// --target=cuda where there is no GPU: one `vtc-run: error:` line with the
// driver's explanation and exit status 3 (VTC_EXIT_NO_GPU), whatever else was
// asked. VTC_CUDA_LIBRARY forces the no-driver path, so this test means the
// same on a machine with a GPU.
// RUN: env VTC_CUDA_LIBRARY=/nonexistent/libcuda.so.1 %python %S/Inputs/expect_exit.py 3 vtc-run %s --target=cuda 2>&1 | FileCheck %s
// RUN: env VTC_CUDA_LIBRARY=/nonexistent/libcuda.so.1 %python %S/Inputs/expect_exit.py 3 vtc-run %s --target=cuda --check --bench=5 --report-memory 2>&1 | FileCheck %s
// CHECK: vtc-run: error: no CUDA driver: /nonexistent/libcuda.so.1 not found ({{.*}})
// CHECK-NOT: {{.}}

// A library that is not the driver: the driver is "too old".
// RUN: env VTC_CUDA_LIBRARY=libm.so.6 %python %S/Inputs/expect_exit.py 3 vtc-run %s --target=cuda 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: vtc-run: error: CUDA driver too old: libm.so.6 has no cuInit
// OLD-NOT: {{.}}

// The GPU is opened before anything is compiled: a module the GPU target
// cannot compile (lowered only to te by --pass-pipeline) still exits 3, not 1.
// RUN: env VTC_CUDA_LIBRARY=/nonexistent/libcuda.so.1 %python %S/Inputs/expect_exit.py 3 vtc-run %s --target=cuda --pass-pipeline=lower-graph-to-te 2>&1 | FileCheck %s

// --dump-ptx needs the cuda target (a usage error otherwise).
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run %s --target=cpu --dump-ptx=%t.ptx 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: vtc-run: --dump-ptx needs --target=cuda, not 'cpu'

// --help documents the target, its exit status and --dump-ptx.
// RUN: vtc-run --help | FileCheck %s --check-prefix=HELP
// HELP: --target=cuda opens the GPU (device 0) first, then lowers with those and
// HELP-NEXT: te-split-reduction,lower-te-to-gir{hierarchy=gpu} (or the --pass-pipeline given; the rKernels
// HELP-NEXT: planned for the GPU the driver names where vtc knows it, `gpu=h200` on an H200, else for
// HELP: driver or GPU it prints one `vtc-run: error:` line and exits 3.
// HELP: 3 no GPU for --target=cuda (no CUDA driver or no device).
// HELP: --dump-ptx=FILE

func.func @main(%x: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = "graph.add"(%x, %y) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = "graph.relu"(%0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
