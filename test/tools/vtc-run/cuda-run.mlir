// REQUIRES: cuda-gpu
// --target=cuda on a GPU (UNSUPPORTED without one, as in CI): the results of
// exactly rounded ops equal the reference interpreter's bit for bit (the
// module and inputs of target-cpu.mlir), and --check, --report-memory (the
// interpreter's peak: the host plan allocates and frees as the lowering
// planned), --bench (CUDA events) and --trace (the host plan) work.
// RUN: vtc-run %S/target-cpu.mlir --seed=7 --shape=0:5x8 --input-range=0:-20:20 --target=interp | grep '^result' > %t.interp
// RUN: vtc-run %S/target-cpu.mlir --seed=7 --shape=0:5x8 --input-range=0:-20:20 --target=cuda | grep '^result' > %t.cuda
// RUN: diff %t.interp %t.cuda
// The plan of plain kernels (contractions=naive: the matmul's rKernels and
// their gir.switch are test/Lowering/te-to-gir/rkernel.mlir's and
// test_gir_switch's).
// RUN: vtc-run %S/cpu-bench-memory.mlir --target=cuda --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu contractions=naive})' --report-memory --check --bench=5 --trace 2> %t.plan | FileCheck %s
// CHECK: result 1: tensor<2x3xf32>
// CHECK-NEXT: peak intermediate bytes: 64
// CHECK-NEXT: buffers allocated: 4
// CHECK-NEXT: peak bytes with inputs: 112
// CHECK-NEXT: bench: @main: median {{[0-9]+\.[0-9]+}} ms, min {{[0-9]+\.[0-9]+}} ms, max {{[0-9]+\.[0-9]+}} ms over 5 runs (after 2 warm-up runs; compile {{[0-9.]+}} ms)
// CHECK-NEXT: reference peak intermediate bytes: 64
// CHECK: check: ok
// RUN: FileCheck %s --check-prefix=PLAN < %t.plan
// PLAN: plan @main: 2 inputs, 2 results, 7 slots, 4 kernels
// PLAN-NEXT: %0 = input 0 : !gir.buffer<global, 2x3xf32>
// PLAN: %3 = alloc() : !gir.buffer<global, 2x2xf32> (4 bytes per element)
// PLAN-NEXT: launch @main_k0[%2] block 128 (ptr %0, ptr %1, ptr %3 written)
// PLAN: free %4
// PLAN: return %3, %6

// func.call between lowered functions is inlined into the plan.
// RUN: vtc-run %S/call.mlir --target=cuda --check | FileCheck %s --check-prefix=CALL
// CALL: check: ok
