// Empty tensors (a dimension of 0) run end to end on every target, with
// numpy's results: a matmul with K = 0 gives zeros, a reduction over no
// element gives the combiner's identity (sum 0, max -inf, integer min the
// largest int, i1 max false, mean NaN), a concat ignores an empty part, a
// pad of an empty input is all fill, and movement ops of empty tensors
// give empty tensors. lower-te-to-gir builds no kernel for a TE with a
// static 0 in its shape; a launch on 0 groups runs nothing.
// The GPU form of the lowering runs in the gir interpreter here (a launch
// of 0 groups runs nothing); empty-tensors-cuda.mlir runs it on a GPU.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.zeros((3, 0), np.float32)); np.save('%t/b.npy', np.arange(6, dtype=np.float32).reshape(3, 2))"

// MATMUL: result 0: tensor<2x3xf32> sum=0 abs_sum=0
// MATMUL-NEXT: values: {{\[\[}}0, 0, 0], [0, 0, 0]]
// RUN: vtc-run %s --entry=matmul_k0 --target=interp --print-values | FileCheck %s --check-prefix=MATMUL
// RUN: vtc-run %s --entry=matmul_k0 --target=te --print-values | FileCheck %s --check-prefix=MATMUL
// RUN: vtc-run %s --entry=matmul_k0 --target=gir --print-values | FileCheck %s --check-prefix=MATMUL
// RUN: vtc-run %s --entry=matmul_k0 --target=cpu --print-values | FileCheck %s --check-prefix=MATMUL
func.func @matmul_k0(%a: tensor<2x0xf32>, %b: tensor<0x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// The same with K a `?` bound to 0 at run time.
// RUN: vtc-run %s --entry=matmul_dyn --dim=0.1=0 --dim=1.0=0 --target=interp --print-values | FileCheck %s --check-prefix=MATMUL
// RUN: vtc-run %s --entry=matmul_dyn --dim=0.1=0 --dim=1.0=0 --target=te --print-values | FileCheck %s --check-prefix=MATMUL
// RUN: vtc-run %s --entry=matmul_dyn --dim=0.1=0 --dim=1.0=0 --target=gir --print-values | FileCheck %s --check-prefix=MATMUL
// RUN: vtc-run %s --entry=matmul_dyn --dim=0.1=0 --dim=1.0=0 --target=cpu --print-values | FileCheck %s --check-prefix=MATMUL
// RUN: vtc-run %s --entry=matmul_dyn --dim=0.1=0 --dim=1.0=0 --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu group-size=1})' --print-values | FileCheck %s --check-prefix=MATMUL
func.func @matmul_dyn(%a: tensor<2x?xf32>, %b: tensor<?x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<2x?xf32>, tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// REDUCE: result 0: tensor<3xf32> sum=0 abs_sum=0
// REDUCE-NEXT: values: [0, 0, 0]
// REDUCE-NEXT: result 1: tensor<3xf32> sum=-inf
// REDUCE-NEXT: values: [-inf, -inf, -inf]
// REDUCE-NEXT: result 2: tensor<3x1xi32>
// REDUCE-NEXT: values: {{\[\[}}2147483647], [2147483647], [2147483647]]
// REDUCE-NEXT: result 3: tensor<3xi1> sum=0
// REDUCE-NEXT: values: [false, false, false]
// REDUCE-NEXT: result 4: tensor<3xf32>
// REDUCE-NEXT: values: [{{-?nan, -?nan, -?nan}}]
// REDUCE-NEXT: result 5: tensor<f32> sum=0
// RUN: vtc-run %s --entry=reduce --target=interp --print-values | FileCheck %s --check-prefix=REDUCE
// RUN: vtc-run %s --entry=reduce --target=te --print-values | FileCheck %s --check-prefix=REDUCE
// RUN: vtc-run %s --entry=reduce --target=gir --print-values | FileCheck %s --check-prefix=REDUCE
// RUN: vtc-run %s --entry=reduce --target=cpu --print-values | FileCheck %s --check-prefix=REDUCE
// RUN: vtc-run %s --entry=reduce --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu group-size=1})' --print-values | FileCheck %s --check-prefix=REDUCE
func.func @reduce(%a: tensor<3x0xf32>, %i: tensor<3x0xi32>, %b: tensor<3x0xi1>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x1xi32>, tensor<3xi1>, tensor<3xf32>, tensor<f32>) {
  %0 = "graph.reduce_sum"(%a) {axes = [1], keepdims = false} : (tensor<3x0xf32>) -> tensor<3xf32>
  %1 = "graph.reduce_max"(%a) {axes = [1], keepdims = false} : (tensor<3x0xf32>) -> tensor<3xf32>
  %2 = "graph.reduce_min"(%i) {axes = [-1]} : (tensor<3x0xi32>) -> tensor<3x1xi32>
  %3 = "graph.reduce_max"(%b) {axes = [1], keepdims = false} : (tensor<3x0xi1>) -> tensor<3xi1>
  %4 = "graph.reduce_mean"(%a) {axes = [1], keepdims = false} : (tensor<3x0xf32>) -> tensor<3xf32>
  %5 = "graph.reduce_sum"(%a) {keepdims = false} : (tensor<3x0xf32>) -> tensor<f32>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<3xf32>, tensor<3x1xi32>, tensor<3xi1>, tensor<3xf32>, tensor<f32>
}

// CONCAT: result 0: tensor<3x2xf32> sum=15
// CONCAT-NEXT: values: {{\[\[}}0, 1], [2, 3], [4, 5]]
// CONCAT-NEXT: result 1: tensor<3x0xf32> sum=0
// CONCAT-NEXT: values: {{\[\[}}]]
// RUN: vtc-run %s --entry=concat --target=interp --print-values -- %t/a.npy %t/b.npy | FileCheck %s --check-prefix=CONCAT
// RUN: vtc-run %s --entry=concat --target=te --print-values -- %t/a.npy %t/b.npy | FileCheck %s --check-prefix=CONCAT
// RUN: vtc-run %s --entry=concat --target=gir --print-values -- %t/a.npy %t/b.npy | FileCheck %s --check-prefix=CONCAT
// RUN: vtc-run %s --entry=concat --target=cpu --print-values -- %t/a.npy %t/b.npy | FileCheck %s --check-prefix=CONCAT
func.func @concat(%a: tensor<3x0xf32>, %b: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x0xf32>) {
  %0 = "graph.concat"(%a, %b, %a) {axis = 1} : (tensor<3x0xf32>, tensor<3x2xf32>, tensor<3x0xf32>) -> tensor<3x2xf32>
  %1 = "graph.concat"(%a, %a) {axis = -1} : (tensor<3x0xf32>, tensor<3x0xf32>) -> tensor<3x0xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x0xf32>
}

// A pad of an empty input is all fill (the te lowering once gave 0).
// PAD: result 0: tensor<1x3xf32> sum=15
// PAD-NEXT: values: {{\[\[}}5, 5, 5]]
// RUN: vtc-run %s --entry=pad --target=interp --print-values | FileCheck %s --check-prefix=PAD
// RUN: vtc-run %s --entry=pad --target=te --print-values | FileCheck %s --check-prefix=PAD
// RUN: vtc-run %s --entry=pad --target=gir --print-values | FileCheck %s --check-prefix=PAD
// RUN: vtc-run %s --entry=pad --target=cpu --print-values | FileCheck %s --check-prefix=PAD
func.func @pad(%a: tensor<0x2xf32>) -> tensor<1x3xf32> {
  %0 = "graph.pad"(%a) {pads = [1, 1, 0, 0], value = 5.0} : (tensor<0x2xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// Movement and normalisation ops of empty tensors, and an empty constant.
// MOVE: result 0: tensor<4x0xf32> sum=0
// MOVE-NEXT: result 1: tensor<2x0xf32> sum=0
// MOVE-NEXT: result 2: tensor<0x3x4xf32> sum=0
// MOVE-NEXT: result 3: tensor<3x0xf32> sum=0
// MOVE-NEXT: result 4: tensor<0x4xf32> sum=0
// MOVE-NEXT: result 5: tensor<0x4xf32> sum=0
// MOVE-NEXT: result 6: tensor<2x0xf32> sum=0
// RUN: vtc-run %s --entry=movement --target=interp | FileCheck %s --check-prefix=MOVE
// RUN: vtc-run %s --entry=movement --target=te | FileCheck %s --check-prefix=MOVE
// RUN: vtc-run %s --entry=movement --target=gir | FileCheck %s --check-prefix=MOVE
// RUN: vtc-run %s --entry=movement --target=cpu | FileCheck %s --check-prefix=MOVE
// RUN: vtc-run %s --entry=movement --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{hierarchy=gpu group-size=1})' | FileCheck %s --check-prefix=MOVE
func.func @movement(%a: tensor<0x4xf32>, %b: tensor<2x0x4xf32>, %c: tensor<3x0xf32>, %s: tensor<4xf32>) -> (tensor<4x0xf32>, tensor<2x0xf32>, tensor<0x3x4xf32>, tensor<3x0xf32>, tensor<0x4xf32>, tensor<0x4xf32>, tensor<2x0xf32>) {
  %0 = "graph.reshape"(%a) {shape = [4, 0], allowzero = true} : (tensor<0x4xf32>) -> tensor<4x0xf32>
  %1 = "graph.flatten"(%b) {axis = 1} : (tensor<2x0x4xf32>) -> tensor<2x0xf32>
  %2 = "graph.tile"(%a) {repeats = [7, 1]} : (tensor<0x4xf32>) -> tensor<0x4xf32>
  %3 = "graph.expand"(%2) {shape = [3, 1, 1]} : (tensor<0x4xf32>) -> tensor<3x0x4xf32>
  %4 = "graph.transpose"(%3) {perm = [1, 0, 2]} : (tensor<3x0x4xf32>) -> tensor<0x3x4xf32>
  %5 = "graph.softmax"(%c) {axis = 1} : (tensor<3x0xf32>) -> tensor<3x0xf32>
  %6 = "graph.layer_norm"(%a, %s) : (tensor<0x4xf32>, tensor<4xf32>) -> tensor<0x4xf32>
  %k = "graph.constant"() {value = dense<> : tensor<0x4xf32>} : () -> tensor<0x4xf32>
  %7 = "graph.add"(%6, %k) : (tensor<0x4xf32>, tensor<0x4xf32>) -> tensor<0x4xf32>
  %8 = "graph.slice"(%b) {starts = [0], ends = [1], axes = [2]} : (tensor<2x0x4xf32>) -> tensor<2x0x1xf32>
  %9 = "graph.squeeze"(%8) {axes = [2]} : (tensor<2x0x1xf32>) -> tensor<2x0xf32>
  return %0, %1, %4, %5, %6, %7, %9 : tensor<4x0xf32>, tensor<2x0xf32>, tensor<0x3x4xf32>, tensor<3x0xf32>, tensor<0x4xf32>, tensor<0x4xf32>, tensor<2x0xf32>
}

// Attention over no key (zeros: a row that sees no key outputs zeros) and a
// convolution over no input channel (the bias).
// ATTN: result 0: tensor<1x1x2x3xf32> sum=0 abs_sum=0
// ATTN-NEXT: values: {{\[\[\[\[}}0, 0, 0], [0, 0, 0]]]]
// ATTN-NEXT: result 1: tensor<1x2x2x2xf32> sum=12 abs_sum=12
// ATTN-NEXT: values: {{\[\[\[\[}}1, 1], [1, 1]], {{\[\[}}2, 2], [2, 2]]]]
// RUN: %python -c "import numpy as np; [np.save('%t/at%%d.npy' %% i, a) for i, a in enumerate([np.ones((1, 1, 2, 3), np.float32), np.zeros((1, 1, 0, 3), np.float32), np.zeros((1, 1, 0, 3), np.float32), np.zeros((1, 0, 2, 2), np.float32), np.zeros((2, 0, 1, 1), np.float32), np.array([1, 2], np.float32)])]"
// RUN: vtc-run %s --entry=attention --target=interp --print-values -- %t/at0.npy %t/at1.npy %t/at2.npy %t/at3.npy %t/at4.npy %t/at5.npy | FileCheck %s --check-prefix=ATTN
// RUN: vtc-run %s --entry=attention --target=te --print-values -- %t/at0.npy %t/at1.npy %t/at2.npy %t/at3.npy %t/at4.npy %t/at5.npy | FileCheck %s --check-prefix=ATTN
// RUN: vtc-run %s --entry=attention --target=gir --print-values -- %t/at0.npy %t/at1.npy %t/at2.npy %t/at3.npy %t/at4.npy %t/at5.npy | FileCheck %s --check-prefix=ATTN
// RUN: vtc-run %s --entry=attention --target=cpu --print-values -- %t/at0.npy %t/at1.npy %t/at2.npy %t/at3.npy %t/at4.npy %t/at5.npy | FileCheck %s --check-prefix=ATTN
func.func @attention(%q: tensor<1x1x2x3xf32>, %k: tensor<1x1x0x3xf32>, %v: tensor<1x1x0x3xf32>, %x: tensor<1x0x2x2xf32>, %w: tensor<2x0x1x1xf32>, %bias: tensor<2xf32>) -> (tensor<1x1x2x3xf32>, tensor<1x2x2x2xf32>) {
  %0 = "graph.attention"(%q, %k, %v) : (tensor<1x1x2x3xf32>, tensor<1x1x0x3xf32>, tensor<1x1x0x3xf32>) -> tensor<1x1x2x3xf32>
  %1 = "graph.conv2d"(%x, %w, %bias) : (tensor<1x0x2x2xf32>, tensor<2x0x1x1xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  return %0, %1 : tensor<1x1x2x3xf32>, tensor<1x2x2x2xf32>
}
