// A `?` where an op needs a static size to be lowered: a located error of
// lower-graph-to-te naming the op (invalid.mlir has reshape, flatten,
// conv2d's weight, attention's head size, scatter_nd and pad; these are the
// other ops), and the same from vtc-run's compiled and te targets.
// RUN: vtc-opt --lower-graph-to-te --split-input-file --verify-diagnostics %s
// RUN: not vtc-run %S/../../tools/vtc-run/Inputs/dynamic-tile.mlir --dim=0.0=2 --target=cpu 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not vtc-run %S/../../tools/vtc-run/Inputs/dynamic-tile.mlir --dim=0.0=2 --target=te 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: dynamic-tile.mlir:2:8: error: 'graph.tile' op cannot be lowered to te: the mapping interface gives no affine mapping for it
// The reference interpreter runs it (shapes are known at run time there).
// RUN: vtc-run %S/../../tools/vtc-run/Inputs/dynamic-tile.mlir --dim=0.0=2 --target=interp | FileCheck %s --check-prefix=INTERP
// INTERP: result 0: tensor<4x6xf32>

func.func @tile(%a: tensor<?x3xf32>) -> tensor<?x6xf32> {
  // expected-error@+1 {{'graph.tile' op cannot be lowered to te: the mapping interface gives no affine mapping for it}}
  %0 = "graph.tile"(%a) {repeats = [2, 2]} : (tensor<?x3xf32>) -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}

// -----

func.func @depth_to_space(%a: tensor<1x?x2x2xf32>) -> tensor<1x?x4x4xf32> {
  // expected-error@+1 {{'graph.depth_to_space' op cannot be lowered to te: the mapping interface gives no affine mapping for it}}
  %0 = "graph.depth_to_space"(%a) {blocksize = 2} : (tensor<1x?x2x2xf32>) -> tensor<1x?x4x4xf32>
  return %0 : tensor<1x?x4x4xf32>
}

// -----

func.func @space_to_depth(%a: tensor<1x1x?x4xf32>) -> tensor<1x4x?x2xf32> {
  // expected-error@+1 {{'graph.space_to_depth' op cannot be lowered to te: the mapping interface gives no affine mapping for it}}
  %0 = "graph.space_to_depth"(%a) {blocksize = 2} : (tensor<1x1x?x4xf32>) -> tensor<1x4x?x2xf32>
  return %0 : tensor<1x4x?x2xf32>
}

// -----

func.func @slice(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{'graph.slice' op cannot be lowered to te: the mapping interface gives no affine mapping for it}}
  %0 = "graph.slice"(%a) {starts = [1], ends = [-1], axes = [0]} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @split(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{'graph.split' op cannot be lowered to te: the mapping interface gives no affine mapping for it}}
  %0:2 = "graph.split"(%a) {axis = 0} : (tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>)
  return %0#0 : tensor<?x4xf32>
}

// -----

func.func @expand(%a: tensor<?x1xf32>) -> tensor<?x5xf32> {
  // expected-error@+1 {{'graph.expand' op cannot be lowered to te: the mapping interface gives no affine mapping for it}}
  %0 = "graph.expand"(%a) {shape = [1, 5]} : (tensor<?x1xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @conv_kernel(%a: tensor<1x2x5x5xf32>, %w: tensor<3x2x?x3xf32>) -> tensor<1x3x?x3xf32> {
  // expected-error@+1 {{'graph.conv2d' op cannot be lowered to te: the weight's dimension 2 must be static}}
  %0 = "graph.conv2d"(%a, %w) : (tensor<1x2x5x5xf32>, tensor<3x2x?x3xf32>) -> tensor<1x3x?x3xf32>
  return %0 : tensor<1x3x?x3xf32>
}

// -----

func.func @attention_heads(%q: tensor<1x?x4x8xf32>, %k: tensor<1x?x4x8xf32>) -> tensor<1x?x4x8xf32> {
  // expected-error@+1 {{'graph.attention' op cannot be lowered to te: grouped-query heads need static head counts, Hq a multiple of Hkv}}
  %0 = "graph.attention"(%q, %k, %k) : (tensor<1x?x4x8xf32>, tensor<1x?x4x8xf32>, tensor<1x?x4x8xf32>) -> tensor<1x?x4x8xf32>
  return %0 : tensor<1x?x4x8xf32>
}
