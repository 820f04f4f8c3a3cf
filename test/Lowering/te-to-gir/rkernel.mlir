// Vortex rKernels (lowering/te-to-gir/rkernel.c, rkernel_gpu.c): on a GPU a
// GEMM-form contraction becomes one tensor-core kernel per candidate the
// planner keeps (passes/vortex), plus the plain kernel, and the host picks
// one per call with a gir.switch whose selector is the analytical model
// evaluated on the run-time sizes. contractions=naive is the ablation.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu contractions=naive})' %s | FileCheck %s --check-prefix=NAIVE
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{contractions=naive})' %s | FileCheck %s --check-prefix=NAIVE

// Each variant computes what the reference interpreter computes, forced
// one at a time (vortex-variant=N; the f16 and bf16 GEMMs have 7 variants
// here and the f32 one 8, so 7 is their plain kernel and 8 every plain
// kernel) on sizes that are not multiples of any tile.
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=0})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=1})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=2})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=3})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=4})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=5})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=6})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=7})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=8})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// And the model's own choice.
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --dim=a.0=37 --dim=x.0=3 --dim=x.1=21 --dim=p.1=45 --check | FileCheck %s --check-prefix=EXEC
// EXEC-COUNT-3: check: result {{[0-9]}}: rel_err={{.*}}: ok
// EXEC: check: ok (3 results match the reference interpreter)

// A tensor-core variant: cp.async staging into padded shared tiles,
// ldmatrix fragments, mma, the f32 accumulator truncated at the end.
// CHECK-LABEL: gir.kernel @main_k1(%arg0: !gir.buffer<global, ?x64xf16>, %arg1: !gir.buffer<global, 64x48xf16>, %arg2: !gir.buffer<global, ?x48xf16>, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index) parallel gpu
// CHECK: gir.copy_async %{{.*}} to %{{.*}} : !gir.slice<global, {{.*}}xf16, ?> -> !gir.slice<shared, {{.*}}xf16, {{[0-9]+}}>
// CHECK: gir.async_wait
// CHECK: gir.copy %{{.*}} : !gir.slice<shared, {{.*}}xf16, {{[0-9]+}}> -> !gir.slice<register, {{.*}}xf16, mma_a>
// CHECK: gir.mma %{{.*}}, %{{.*}}, %{{.*}} : !gir.slice<register, {{.*}}xf16, mma_a>, !gir.slice<register, {{.*}}xf16, mma_b>, !gir.slice<register, {{.*}}xf32, mma_acc>
// CHECK: gir.elementwise(%{{.*}}) : (!gir.slice<register, {{.*}}xf32, mma_acc>) -> !gir.slice<register, {{.*}}xf16, mma_acc>
// The f32 contraction gets the FFMA kernel: register tiles in the ffma
// fragment layouts, staged through shared memory.
// CHECK-LABEL: gir.kernel @main_k9(%arg0: !gir.buffer<global, ?x?x32xf32>
// CHECK: gir.alloc() : !gir.buffer<shared
// CHECK: gir.mma %{{.*}} : !gir.slice<register, {{.*}}xf32, ffma_a>, !gir.slice<register, {{.*}}xf32, ffma_b>, !gir.slice<register, {{.*}}xf32, ffma_acc>
// The host: the buffer, the model's selector, one case per variant and
// the plain kernel as the default.
// CHECK-LABEL: func.func @main(
// CHECK: %[[C:.*]] = gir.alloc(%{{.*}}) : !gir.buffer<global, ?x48xf16>
// CHECK: gir.switch %{{.*}}
// CHECK-NEXT: case 0 {
// CHECK: gir.launch @main_k1[%{{.*}}](%arg0, %arg1, %[[C]], %{{.*}}) :
// CHECK: default {
// CHECK: gir.launch @main_k0[%{{.*}}](%arg0, %arg1, %[[C]], %{{.*}}) :

// STATS: lower-te-to-gir
// STATS: 3 kernels
// STATS: {{[1-9][0-9]*}} vortex-kernels
// STATS: 0 kept-contractions

// NAIVE-NOT: gir.mma
// NAIVE-NOT: gir.switch
// NAIVE: gir.launch

func.func @main(%a: tensor<?x64xf16>, %b: tensor<64x48xf16>, %x: tensor<?x?x32xf32>, %w: tensor<32x24xf32>,
                %p: tensor<2x?x64xbf16>, %q: tensor<2x64x16xbf16>)
    -> (tensor<?x48xf16>, tensor<?x?x24xf32>, tensor<2x?x16xbf16>) {
  %c = graph.matmul %a, %b : (tensor<?x64xf16>, tensor<64x48xf16>) -> tensor<?x48xf16>
  %y = graph.matmul %x, %w : (tensor<?x?x32xf32>, tensor<32x24xf32>) -> tensor<?x?x24xf32>
  %r = graph.matmul %p, %q : (tensor<2x?x64xbf16>, tensor<2x64x16xbf16>) -> tensor<2x?x16xbf16>
  return %c, %y, %r : tensor<?x48xf16>, tensor<?x?x24xf32>, tensor<2x?x16xbf16>
}
