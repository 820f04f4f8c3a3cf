// A graph module through the GPU pipeline to PTX: vtc-translate --emit=ptx
// lowers it with lower-graph-to-te,lower-te-to-gir{hierarchy=gpu} (warps,
// 128-thread blocks, 128 f32 per work item: 4 per lane), translates the
// kernels and links libdevice for log (exp is vtc's own f32 polynomial: FMAs).
// REQUIRES: libdevice, ptxas
// RUN: vtc-translate %s --emit=mlir --target=nvptx | FileCheck %s --check-prefix=GIR
// RUN: vtc-translate %s --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: env VTC_LIBDEVICE=%t.missing not vtc-translate %s --emit=ptx 2>&1 | FileCheck %s --check-prefix=NOLIB

// GIR: gir.kernel @main_k0({{.*}}) parallel gpu group 4 lanes 32 {
// GIR: !gir.slice<global, 1x128xf32>
// GIR: func.func @main(

// Three kernels: exp, log, and the row reduction.
// CHECK: .visible .entry main_k0(
// CHECK: .maxntid 128, 1, 1
// CHECK: fma.rn.f32
// CHECK: .visible .entry main_k1(
// libdevice's logf, inlined: no call remains.
// CHECK-NOT: call{{.*}}__nv_logf
// CHECK: .visible .entry main_k2(
// CHECK: shfl.sync.bfly.b32

// NOLIB: vtc-translate: nvptx: the kernels call libdevice's __nv_logf (f64 or f16 math, log, pow), but libdevice.10.bc was not found: set VTC_LIBDEVICE

func.func @main(%x: tensor<64x256xf32>) -> (tensor<64x256xf32>, tensor<64x1xf32>) {
  %e = "graph.exp"(%x) : (tensor<64x256xf32>) -> tensor<64x256xf32>
  %l = "graph.log"(%e) : (tensor<64x256xf32>) -> tensor<64x256xf32>
  %s = "graph.reduce_sum"(%l) {axes = [1], keepdims = true} : (tensor<64x256xf32>) -> tensor<64x1xf32>
  return %l, %s : tensor<64x256xf32>, tensor<64x1xf32>
}
