// --bench=N times N calls of the compiled entry after warm-up (compilation
// excluded) and prints the median; --report-memory prints the peak bytes the
// run's buffers (intermediates and results) had live at once, from the
// runtime allocator's counters.
// RUN: vtc-run %s --target=cpu --bench=3 | FileCheck %s --check-prefix=BENCH
// BENCH: result 1: tensor<2x3xf32>
// BENCH-NEXT: bench: @main: median {{[0-9]+\.[0-9]+}} ms, min {{[0-9]+\.[0-9]+}} ms, max {{[0-9]+\.[0-9]+}} ms over 3 runs (after 2 warm-up runs; compile {{[0-9.]+}} ms)
// RUN: vtc-run %s --target=cpu --bench=4 --check | FileCheck %s --check-prefix=BENCH4
// BENCH4: over 4 runs
// BENCH4: check: ok

// The lowering allocates the matmul (2x2xf32, 16 bytes), the add and relu
// (2x3xf32, 24 bytes each; the transpose is a view of %y, VTC's, read by the
// add) and frees the add after its last use: at most 16 + 24 + 24 = 64 bytes
// are live, as in the reference interpreter (--check with --report-memory
// prints its peak too); with the 48 bytes of the inputs, 112
// (torch.cuda.max_memory_allocated's measure). Without VTC (--vtc=none) the
// transpose is a fourth buffer, freed before the relu's: the same peak.
// RUN: vtc-run %s --target=cpu --report-memory --check | FileCheck %s --check-prefix=MEM
// RUN: vtc-run %s --target=cpu --report-memory --vtc=none | FileCheck %s --check-prefix=NOVTC
// NOVTC: peak intermediate bytes: 64
// NOVTC-NEXT: buffers allocated: 4
// MEM: result 1: tensor<2x3xf32>
// MEM-NEXT: peak intermediate bytes: 64
// MEM-NEXT: buffers allocated: 3
// MEM-NEXT: peak bytes with inputs: 112
// MEM-NEXT: reference peak intermediate bytes: 64
// MEM: check: ok

// Usage errors (exit 2): --bench needs the compiled target; N >= 1; a bad
// --check-rtol. The te target does not measure memory and says so.
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run %s --bench=3 2>&1 | FileCheck %s --check-prefix=INTERP
// INTERP: vtc-run: --bench needs a compiled target (--target=cpu or cuda), not 'interp'
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run %s --target=cpu --bench=-1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: vtc-run: invalid value '-1' for '--bench': expected N >= 1 timed runs
// RUN: %python %S/Inputs/expect_exit.py 2 vtc-run %s --target=cpu --check-rtol=abc 2>&1 | FileCheck %s --check-prefix=RTOL
// RTOL: vtc-run: invalid --check-rtol 'abc': expected a number >= 0
// RUN: vtc-run %s --target=te --report-memory 2>&1 | FileCheck %s --check-prefix=TE
// TE: vtc-run: note: --target=te does not measure memory

func.func @main(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>) {
  %0 = "graph.matmul"(%x, %y) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %yt = "graph.transpose"(%y) {perm = [1, 0]} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %1 = "graph.add"(%x, %yt) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.relu"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %2 : tensor<2x2xf32>, tensor<2x3xf32>
}

// --help documents the options, the cpu target and the check's tolerances.
// RUN: vtc-run --help | FileCheck %s --check-prefix=HELP
// HELP: TARGETS: the compiled targets' default pipelines begin with graph-batch-matmuls, then VTC's
// HELP-NEXT: passes
// HELP-NEXT: vtc-virtualize{strategy=S},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true remarks=false},cse
// HELP-NEXT: (S from --vtc, `all` unless given). --target=cpu lowers with those and lower-te-to-gir
// HELP: CHECK: --check runs the graph reference interpreter
// HELP: f64 1e-9, f32 1e-4, f16 1e-2, bf16 3e-2; i32, i64, i1: exact.
// HELP-DAG: --check {{.*}}compare every result
// HELP-DAG: --check-rtol=X
// HELP-DAG: --bench=N {{.*}}median
// HELP-DAG: --report-memory
