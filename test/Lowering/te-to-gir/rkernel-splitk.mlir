// Vortex rKernels with split-K and transposed operands
// (lowering/te-to-gir/rkernel_gpu.c). A variant whose plan splits K into
// s slices launches its GEMM on batch x s x tiles groups, each writing an
// f32 partial tile into a workspace [batch][s][M][N] allocated in its case
// of the host switch, then a reduction kernel that sums the slices into C
// (cast to C's type); the workspace is freed in the same case. An operand
// stored the other way round (a Linear layer's N x K weight, a transposed
// A) is staged as it lies and read into fragments transposed: ldmatrix
// without .trans for B, with it for A. souffle-vertical{into-ci=true}
// composes the graph's transposes into the contractions' loads.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu})' --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats

// Every variant computes what the reference interpreter computes, forced
// one at a time on the gir interpreter (the f16 GEMM has 7 variants, the
// f32 ones 8: vortex-variant=8 is every plain kernel), at sizes that are
// multiples of no tile, K of 136 in k-tiles of up to 64 (so the last
// slices of an 8-way split are empty), and K of 300.
// DEFINE: %{dims} = --dim=a.0=37 --dim=a.1=136 --dim=w.1=136 --dim=at.1=104 --dim=at.2=40 --dim=bb.1=104 --dim=x.0=29 --dim=x.1=77 --dim=z.1=77 --dim=xt.0=300 --dim=xt.1=33 --dim=y.0=300
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=0})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=1})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=2})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=3})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=4})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=5})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=6})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=7})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu vortex-variant=8})' %{dims} --check | FileCheck %s --check-prefix=EXEC
// And the model's own choice, at M = 1.
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,souffle-vertical{into-ci=true},lower-te-to-gir{hierarchy=gpu})' --dim=a.0=1 --dim=a.1=1000 --dim=w.1=1000 --dim=at.1=64 --dim=at.2=1 --dim=bb.1=64 --dim=x.0=1 --dim=x.1=500 --dim=z.1=500 --dim=xt.0=200 --dim=xt.1=1 --dim=y.0=200 --check | FileCheck %s --check-prefix=EXEC1
// EXEC: check: ok (4 results match the reference interpreter)
// EXEC1: check: ok (4 results match the reference interpreter)

// The f16 GEMM's B is the 80 x K weight itself: staged as N x K rows,
// read into mma_b fragments transposed.
// CHECK-LABEL: gir.kernel @main_k1(%arg0: !gir.buffer<global, ?x?xf16>, %arg1: !gir.buffer<global, 80x?xf16>, %arg2: !gir.buffer<global, ?x80xf16>
// CHECK: gir.copy %{{.*}} {transpose} : !gir.slice<shared, {{[0-9]+}}x16xf16, {{[0-9]+}}> -> !gir.slice<register, 16x{{[0-9]+}}xf16, mma_b>
// A split-K variant writes f32 partials to the workspace (its C parameter)...
// CHECK-LABEL: gir.kernel @main_k2(%arg0: !gir.buffer<global, ?x?xf16>, %arg1: !gir.buffer<global, 80x?xf16>, %arg2: !gir.buffer<global, ?xf32>
// CHECK-NOT: arith.truncf
// CHECK: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, {{.*}}xf32, mma_acc> -> !gir.slice<global, {{.*}}xf32, ?>
// ... which the reduction sums, slice by slice, and casts.
// CHECK-LABEL: gir.kernel @main_k3(%arg0: !gir.buffer<global, ?xf32>, %arg1: !gir.buffer<global, ?x80xf16>, %arg2: index, %arg3: index)
// CHECK-COUNT-2: gir.copy %{{.*}} : !gir.slice<global, 1x256xf32> -> !gir.slice<register, 1x256xf32>
// CHECK: arith.addf
// CHECK: arith.truncf
// CHECK: gir.copy %{{.*}} to %{{.*}} : !gir.slice<register, 1x256xf16> -> !gir.slice<global, 1x256xf16>
// The bf16 batched GEMM reads A (2 x K x M) transposed into mma_a.
// CHECK: gir.kernel @main_k{{[0-9]+}}(%arg0: !gir.buffer<global, 2x?x?xbf16>, %arg1: !gir.buffer<global, 2x?x32xbf16>
// CHECK: gir.copy %{{.*}} {transpose} : !gir.slice<shared, 16x{{[0-9]+}}xbf16, {{[0-9]+}}> -> !gir.slice<register, {{[0-9]+}}x16xbf16, mma_a>
// The f32 GEMMs get FFMA kernels staged k-major through registers: the
// K x M slice of a transposed A is stored as it is read.
// CHECK: gir.kernel @main_k{{[0-9]+}}(%arg0: !gir.buffer<global, ?x?xf32>, %arg1: !gir.buffer<global, 24x?xf32>
// CHECK: gir.mma %{{.*}} : !gir.slice<register, {{.*}}xf32, ffma_a>, !gir.slice<register, {{.*}}xf32, ffma_b>, !gir.slice<register, {{.*}}xf32, ffma_acc>
// The host: each split-K case allocates its workspace, launches the two
// kernels and frees it.
// CHECK-LABEL: func.func @main(
// CHECK: gir.switch
// CHECK: case 1 {
// CHECK-NOT: gir.launch
// CHECK: %[[W:.*]] = gir.alloc(%{{.*}}) : !gir.buffer<global, ?xf32>
// CHECK: gir.launch @main_k2[%{{.*}}](%arg0, %arg1, %[[W]], %{{.*}}) :
// CHECK: gir.launch @main_k3[%{{.*}}](%[[W]], %{{.*}}) :
// CHECK-NEXT: gir.free %[[W]] : !gir.buffer<global, ?xf32>
// CHECK-NEXT: }

// STATS: lower-te-to-gir
// STATS: 4 kernels
// STATS: {{[1-9][0-9]*}} vortex-kernels
// STATS: 0 kept-contractions

func.func @main(%a: tensor<?x?xf16>, %w: tensor<80x?xf16>, %at: tensor<2x?x?xbf16>, %bb: tensor<2x?x32xbf16>,
                %x: tensor<?x?xf32>, %z: tensor<24x?xf32>, %xt: tensor<?x?xf32>, %y: tensor<?x40xf32>)
    -> (tensor<?x80xf16>, tensor<2x?x32xbf16>, tensor<?x24xf32>, tensor<?x40xf32>) {
  %wt = graph.transpose %w {perm = [1, 0]} : (tensor<80x?xf16>) -> tensor<?x80xf16>
  %0 = graph.matmul %a, %wt : (tensor<?x?xf16>, tensor<?x80xf16>) -> tensor<?x80xf16>
  %att = graph.transpose %at {perm = [0, 2, 1]} : (tensor<2x?x?xbf16>) -> tensor<2x?x?xbf16>
  %1 = graph.matmul %att, %bb : (tensor<2x?x?xbf16>, tensor<2x?x32xbf16>) -> tensor<2x?x32xbf16>
  %zt = graph.transpose %z {perm = [1, 0]} : (tensor<24x?xf32>) -> tensor<?x24xf32>
  %2 = graph.matmul %x, %zt : (tensor<?x?xf32>, tensor<?x24xf32>) -> tensor<?x24xf32>
  %xtt = graph.transpose %xt {perm = [1, 0]} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = graph.matmul %xtt, %y : (tensor<?x?xf32>, tensor<?x40xf32>) -> tensor<?x40xf32>
  return %0, %1, %2, %3 : tensor<?x80xf16>, tensor<2x?x32xbf16>, tensor<?x24xf32>, tensor<?x40xf32>
}
