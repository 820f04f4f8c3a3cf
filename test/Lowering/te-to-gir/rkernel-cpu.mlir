// Vortex's CPU rKernels (lowering/te-to-gir/rkernel_cpu.c): on a CPU a
// GEMM-form f32 contraction becomes one BLIS-style kernel per AVX-512/AVX2
// variant the planner keeps (passes/vortex, the CPU given by cpu=), plus
// the plain kernel, and the host picks one per call with a gir.switch on
// the analytical model. The kernel: the group's CacheBuffers (the packed B
// panel, one A sliver per unit), the group packing the panel and meeting
// at gir.sync block, A packed through a register transpose, the MR x NR
// micro-kernel as a gir.for carrying the accumulators with a K = 1
// gir.mma, C stored under valid masks. contractions=naive is the ablation.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{cpu=skylake-avx512})' --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{contractions=naive})' %s | FileCheck %s --check-prefix=NAIVE
// A GPU row or an unknown name as the CPU: the plain kernels, counted.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{cpu=h100})' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=KEPT
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{cpu=pentium})' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=KEPT
// KEPT: 2 kept-contractions

// CHECK-LABEL: gir.kernel @main_k1(%arg0: !gir.buffer<global, ?x?xf32>, %arg1: !gir.buffer<global, ?x?xf32>, %arg2: !gir.buffer<global, ?x?xf32>, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index) parallel cpu group 24 lanes 16
// CHECK: %[[U:.*]] = gir.id unit_in_group
// CHECK: %[[BP:.*]] = gir.alloc() : !gir.buffer<shared, [[PANEL:[0-9]+]]xf32>
// CHECK: %[[AP:.*]] = gir.alloc() : !gir.buffer<shared, {{[0-9]+}}xf32>
// CHECK: gir.id group
// The K blocks; the group packs B's panel, KU rows at a time, unit u its
// contiguous share [u nsl / 24, (u + 1) nsl / 24) of the slivers.
// CHECK: gir.for %[[PC:.*]] = %{{.*}} to %arg5 step %{{.*}} {
// CHECK: %[[LO0:.*]] = arith.muli %[[U]], %[[NSL:.*]] : index
// CHECK-NEXT: %[[LO:.*]] = arith.divui %[[LO0]], %[[G:.*]] : index
// CHECK-NEXT: %[[U1:.*]] = arith.addi %[[U]], %{{.*}} : index
// CHECK-NEXT: %[[HI0:.*]] = arith.muli %[[U1]], %[[NSL]] : index
// CHECK-NEXT: %[[HI:.*]] = arith.divui %[[HI0]], %[[G]] : index
// CHECK-NEXT: gir.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: gir.for %{{.*}} = %[[LO]] to %[[HI]] step %{{.*}} {
// CHECK: gir.view %arg1[%{{.*}}] stride %arg4 valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 4x[[NR:[0-9]+]]xf32, ?>
// CHECK: gir.copy %{{.*}} to %{{.*}} : !gir.slice<global, 4x[[NR]]xf32, ?> -> !gir.slice<shared, 4x[[NR]]xf32>
// CHECK: gir.sync block %[[BP]] : !gir.buffer<shared, [[PANEL]]xf32>
// A's sliver: MR x 16 tiles along K, transposed in registers.
// CHECK: gir.copy %{{.*}} : !gir.slice<global, [[MR:[0-9]+]]x16xf32, ?> -> !gir.slice<register, [[MR]]x16xf32>
// CHECK: gir.transpose %{{.*}} : !gir.slice<register, [[MR]]x16xf32> -> !gir.slice<register, 16x[[MR]]xf32>
// CHECK: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, 16x[[MR]]xf32> -> !gir.slice<shared, 16x[[MR]]xf32>
// The micro-kernel: C loaded after the first K block, MR x NR accumulators.
// CHECK: gir.prefetch
// CHECK: gir.for %{{.*}} iter_args(%{{.*}}) -> (!gir.slice<register, [[MR]]x[[NR]]xf32>)
// CHECK: gir.copy %{{.*}} : !gir.slice<global, [[MR]]x[[NR]]xf32, ?> -> !gir.slice<register, [[MR]]x[[NR]]xf32>
// CHECK: gir.for %{{.*}} iter_args(%{{.*}}) -> (!gir.slice<register, [[MR]]x[[NR]]xf32>)
// CHECK: gir.copy %{{.*}} : !gir.slice<shared, [[MR]]x1xf32> -> !gir.slice<register, [[MR]]x1xf32>
// CHECK: gir.copy %{{.*}} : !gir.slice<shared, 1x[[NR]]xf32> -> !gir.slice<register, 1x[[NR]]xf32>
// CHECK: gir.mma %{{.*}}, %{{.*}}, %{{.*}} : !gir.slice<register, [[MR]]x1xf32>, !gir.slice<register, 1x[[NR]]xf32>, !gir.slice<register, [[MR]]x[[NR]]xf32>
// CHECK: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, [[MR]]x[[NR]]xf32> -> !gir.slice<global, [[MR]]x[[NR]]xf32, ?>
// CHECK: gir.sync block %[[BP]]
// The host: the model's selector, one case per variant (groups: batch x
// panels of N), the plain kernel as the default.
// CHECK-LABEL: func.func @main(
// CHECK: %[[C:.*]] = gir.alloc(%{{.*}}) : !gir.buffer<global, ?x?xf32>
// CHECK: gir.switch %{{.*}}
// CHECK-NEXT: case 0 {
// CHECK: gir.launch @main_k1[%{{.*}}](%arg0, %arg1, %[[C]], %{{.*}}) :
// CHECK: default {
// CHECK: gir.launch @main_k0[%{{.*}}](%arg0, %arg1, %[[C]], %{{.*}}) :
// The batched product: B moves by K N per batch.
// CHECK: gir.switch
// CHECK: gir.launch @main_k{{[0-9]+}}[%{{.*}}](%arg2, %arg3, %{{.*}}) :

// STATS: lower-te-to-gir
// STATS: {{[1-9][0-9]*}} vortex-kernels
// STATS: 0 kept-contractions

// NAIVE-NOT: gir.mma
// NAIVE-NOT: gir.switch
// NAIVE: gir.launch

// Each variant against the reference interpreter, on the JIT (the host's
// plan: VTC_HOST_BANDWIDTH=estimate keeps it fixed), forced one at a time
// (N past the count: the plain kernel), at M, N, K of 1, primes and
// non-multiples of every tile; then the gir interpreter, whose units of a
// group run in lockstep between the block syncs. (The same builder on AVX2,
// -avx512f forced: test/unit/test_sgemm_gir.c, through sgemm_gir.c.)
// RUN: env VTC_HOST_BANDWIDTH=estimate vtc-run %s --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{vortex-variant=0})' --shape=a:37x999 --shape=b:999x129 --shape=x:2x7x100 --shape=y:2x100x383 --check | FileCheck %s --check-prefix=EXEC
// RUN: env VTC_HOST_BANDWIDTH=estimate vtc-run %s --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{vortex-variant=1})' --shape=a:383x7 --shape=b:7x1000 --shape=x:2x129x999 --shape=y:2x999x37 --check | FileCheck %s --check-prefix=EXEC
// RUN: env VTC_HOST_BANDWIDTH=estimate vtc-run %s --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{vortex-variant=2})' --shape=a:1x100 --shape=b:100x1 --shape=x:2x1x1 --shape=y:2x1x1 --check | FileCheck %s --check-prefix=EXEC
// RUN: env VTC_HOST_BANDWIDTH=estimate vtc-run %s --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{vortex-variant=3})' --shape=a:1000x1 --shape=b:1x37 --shape=x:2x37x7 --shape=y:2x7x129 --check | FileCheck %s --check-prefix=EXEC
// RUN: env VTC_HOST_BANDWIDTH=estimate vtc-run %s --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{vortex-variant=4})' --shape=a:129x37 --shape=b:37x7 --shape=x:2x383x37 --shape=y:2x37x100 --check | FileCheck %s --check-prefix=EXEC
// RUN: env VTC_HOST_BANDWIDTH=estimate vtc-run %s --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir)' --shape=a:7x383 --shape=b:383x999 --shape=x:2x100x129 --shape=y:2x129x1000 --check | FileCheck %s --check-prefix=EXEC
// RUN: env VTC_HOST_BANDWIDTH=estimate vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{vortex-variant=0})' --shape=a:19x21 --shape=b:21x37 --shape=x:2x5x3 --shape=y:2x3x17 --check | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-2: check: result {{[0-9]}}: rel_err={{.*}}: ok
// EXEC: check: ok (2 results match the reference interpreter)

func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %x: tensor<2x?x?xf32>, %y: tensor<2x?x?xf32>)
    -> (tensor<?x?xf32>, tensor<2x?x?xf32>) {
  %c = graph.matmul %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %z = graph.matmul %x, %y : (tensor<2x?x?xf32>, tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
  return %c, %z : tensor<?x?xf32>, tensor<2x?x?xf32>
}
