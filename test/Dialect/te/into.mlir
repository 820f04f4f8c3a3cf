// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | vtc-opt | FileCheck %s
// RUN: vtc-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt %s --canonicalize --cse | vtc-opt | FileCheck %s --check-prefix=CANON

// Fig. 3 of vtc.txt: one QKV matmul stores its three column pieces into Q
// and the K and V caches (rows 2..5), each piece a box of the domain.
// CHECK-LABEL: func.func @qkv
// CHECK: %[[R:.*]]:3 = te.compute(%arg0, %arg1) shape () -> (4, 24) reduce () -> (8) combiner sum init 0.000000e+00 into(%arg2[(d0, d1) -> (d0, d1)] if [0:4, 0:8], %arg3[(d0, d1) -> (d0 + 2, d1 - 8)] if [0:4, 8:16], %arg4[(d0, d1) -> (d0 + 2, d1 - 16)] if [0:4, 16:24]) : (tensor<4x8xf32>, tensor<8x24xf32>) -> (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>) {
// CHECK: te.yield %{{.*}} : f32
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
// GENERIC: "te.compute"(%arg0, %arg1, %arg2, %arg3, %arg4) ({
// GENERIC: }) {boxes = [affine_map<() -> (0, 4, 0, 8)>, affine_map<() -> (0, 4, 8, 16)>, affine_map<() -> (0, 4, 16, 24)>], combiner = "sum", init = 0.000000e+00 : f32, num_dests = 3 : i64, num_inputs = 2 : i64, reduce = affine_map<() -> (8)>, shape = affine_map<() -> (4, 24)>, store_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0 + 2, d1 - 8)>, affine_map<(d0, d1) -> (d0 + 2, d1 - 16)>]} : (tensor<4x8xf32>, tensor<8x24xf32>, tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>) -> (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>)
// CANON-LABEL: func.func @qkv
// CANON: te.compute(%arg0, %arg1) shape () -> (4, 24) {{.*}} into(%arg2
func.func @qkv(%x: tensor<4x8xf32>, %w: tensor<8x24xf32>, %q: tensor<4x8xf32>, %kc: tensor<6x8xf32>, %vc: tensor<6x8xf32>) -> (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>) {
  %r:3 = te.compute(%x, %w) shape () -> (4, 24) reduce () -> (8) combiner sum init 0.0 into(%q[(d0, d1) -> (d0, d1)] if [0:4, 0:8], %kc[(d0, d1) -> (d0 + 2, d1 - 8)] if [0:4, 8:16], %vc[(d0, d1) -> (d0 + 2, d1 - 16)] if [0:4, 16:24]) : (tensor<4x8xf32>, tensor<8x24xf32>) -> (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>) {
  ^bb0(%i: index, %j: index, %k: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<4x8xf32> -> f32
    %b = te.load %w[(d0, d1, d2) -> (d2, d1)] : tensor<8x24xf32> -> f32
    %p = arith.mulf %a, %b : f32
    te.yield %p : f32
  }
  return %r#0, %r#1, %r#2 : tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>
}

// ScatterND in place: the positions are yielded by the body (an
// index-dependent store map); the dynamic destination keeps its type. The
// whole domain is the box, so `if` is not printed.
// CHECK-LABEL: func.func @scatter
// CHECK: te.compute(%arg1, %arg2) [%{{.*}}] shape ()[s0] -> (3, 4) into(%arg0[(d0, d1, d2)[s0] -> (d2, d1)]) : (tensor<3xi64>, tensor<3x4xf32>) -> (tensor<?x4xf32>) {
// CHECK: te.yield %{{.*}}, %{{.*}} : f32, index
func.func @scatter(%data: tensor<?x4xf32>, %idx: tensor<3xi64>, %upd: tensor<3x4xf32>) -> tensor<?x4xf32> {
  %n = te.dim %data, 0 : tensor<?x4xf32>
  %r = te.compute(%idx, %upd) [%n] shape ()[s0] -> (3, 4) into(%data[(d0, d1, d2)[s0] -> (d2, d1)] if [0:3, 0:4]) : (tensor<3xi64>, tensor<3x4xf32>) -> (tensor<?x4xf32>) {
  ^bb0(%i: index, %j: index):
    %u = te.load %upd[(d0, d1)[s0] -> (d0, d1)] : tensor<3x4xf32> -> f32
    %p = te.load %idx[(d0, d1)[s0] -> (d0)] : tensor<3xi64> -> i64
    %pi = arith.index_cast %p : i64 to index
    te.yield %u, %pi : f32, index
  }
  return %r : tensor<?x4xf32>
}

// Stores the verifier proves one-to-one: a flattened store (strides 3 and 1
// over extents 2 and 3 do not alias), a transposed one, a box bounded by a
// symbol, and a box of extent 1 in a dim the map ignores.
// CHECK-LABEL: func.func @one_to_one
// CHECK: into(%arg1[(d0, d1) -> (d0 * 3 + d1 + 6)])
// CHECK: into(%arg2[(d0, d1)[s0] -> (d1, d0)] if [0:s0, 1:3])
// CHECK: into(%arg3[(d0, d1) -> (d1)] if [1:2, 0:3])
func.func @one_to_one(%a: tensor<2x3xf32>, %d: tensor<12xf32>, %t: tensor<3x2xf32>, %v: tensor<3xf32>, %n: index) -> (tensor<12xf32>, tensor<3x2xf32>, tensor<3xf32>) {
  %r = te.compute(%a) shape () -> (2, 3) into(%d[(d0, d1) -> (d0 * 3 + d1 + 6)]) : (tensor<2x3xf32>) -> (tensor<12xf32>) {
  ^bb0(%i: index, %j: index):
    %u = te.load %a[(d0, d1) -> (d0, d1)] : tensor<2x3xf32> -> f32
    te.yield %u : f32
  }
  %s = te.compute(%a) [%n] shape ()[s0] -> (2, 3) into(%t[(d0, d1)[s0] -> (d1, d0)] if [0:s0, 1:3]) : (tensor<2x3xf32>) -> (tensor<3x2xf32>) {
  ^bb0(%i: index, %j: index):
    %u = te.load %a[(d0, d1)[s0] -> (d0, d1)] : tensor<2x3xf32> -> f32
    te.yield %u : f32
  }
  %w = te.compute(%a) shape () -> (2, 3) into(%v[(d0, d1) -> (d1)] if [1:2, 0:3]) : (tensor<2x3xf32>) -> (tensor<3xf32>) {
  ^bb0(%i: index, %j: index):
    %u = te.load %a[(d0, d1) -> (d0, d1)] : tensor<2x3xf32> -> f32
    te.yield %u : f32
  }
  return %r, %s, %w : tensor<12xf32>, tensor<3x2xf32>, tensor<3xf32>
}
