// A pointwise convolution (1x1 kernel, stride 1, no padding, one group) is
// a batched GEMM per image: W (Cout x Cin) times X[n] (Cin x H W), so
// lower-te-to-gir gives it the Vortex rKernels of a matmul with the
// operands swapped (the weights are A, broadcast over the batch; the image
// is B, K x N row-major). A convolution with a window becomes an im2col TE
// and a GEMM with rKernels (lower-graph-to-te{conv=auto}, the default);
// with conv=direct it keeps the plain kernel, counted as a kept contraction.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{cpu=skylake-avx512})' --pass-statistics %s 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te{conv=direct},lower-te-to-gir{cpu=skylake-avx512})' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DIRECT
// RUN: vtc-run %s --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te{conv=direct},lower-te-to-gir)' --dim=x.0=3 --dim=z.0=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=cpu --dim=x.0=3 --dim=z.0=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=cpu --dim=x.0=1 --dim=z.0=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu})' --dim=x.0=3 --dim=z.0=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu vortex-variant=0})' --dim=x.0=3 --dim=z.0=2 --check | FileCheck %s --check-prefix=EXEC
// EXEC: check: ok (2 results match the reference interpreter)

// CHECK-LABEL: func.func @main(
// CHECK: %[[Y:.*]] = gir.alloc(%{{.*}}) : !gir.buffer<global, ?x24x7x9xf32>
// CHECK: gir.switch
// CHECK-NEXT: case 0 {
// The weights (%arg1) are A; the image batch (%arg0) is B.
// CHECK: gir.launch @main_k{{[0-9]+}}[%{{.*}}](%arg1, %arg0, %[[Y]], %{{.*}}) : (!gir.buffer<global, 24x40x1x1xf32>, !gir.buffer<global, ?x40x7x9xf32>, !gir.buffer<global, ?x24x7x9xf32>, index, index, index, index, index, index, index)
// CHECK: default {

// STATS: lower-te-to-gir
// STATS: {{[1-9][0-9]*}} vortex-kernels
// STATS: 0 kept-contractions
// With conv=direct the 3x3 convolution stays a windowed contraction, which
// keeps its plain kernel and says why.
// DIRECT: rkernel-conv.mlir:{{[0-9]+}}:8: remark: lower-te-to-gir: the contraction keeps its plain kernel: a convolution with a kernel window, stride or padding (implicit GEMM is not emitted yet)
// DIRECT: lower-te-to-gir
// DIRECT: {{[1-9][0-9]*}} vortex-kernels
// DIRECT: 1 kept-contractions

func.func @main(%x: tensor<?x40x7x9xf32>, %w: tensor<24x40x1x1xf32>, %z: tensor<?x8x6x6xf32>, %k: tensor<4x8x3x3xf32>)
    -> (tensor<?x24x7x9xf32>, tensor<?x4x6x6xf32>) {
  %y = graph.conv2d %x, %w : (tensor<?x40x7x9xf32>, tensor<24x40x1x1xf32>) -> tensor<?x24x7x9xf32>
  %c = graph.conv2d %z, %k {pads = [1, 1, 1, 1]} : (tensor<?x8x6x6xf32>, tensor<4x8x3x3xf32>) -> tensor<?x4x6x6xf32>
  return %y, %c : tensor<?x24x7x9xf32>, tensor<?x4x6x6xf32>
}
