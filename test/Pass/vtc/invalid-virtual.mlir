// The verifier of vtc-virtualize's annotation (graph dialect): located
// errors for a malformed vtc.virtual / vtc.views.
// RUN: vtc-opt --split-input-file --verify-diagnostics %s -o /dev/null

func.func @bad_kind(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{vtc.virtual must be "read", "write" or "in_place"}}
  %0 = graph.transpose %x {vtc.virtual = "view", vtc.views = [{kind = "read", virtual = 0, base = 0, map = affine_map<(d0, d1) -> (d1, d0)>, bias = [0, 0]}]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @no_views(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{vtc.virtual needs vtc.views, a non-empty array of views}}
  %0 = graph.transpose %x {vtc.virtual = "read"} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @no_rule(%x: tensor<2x3xf32>) -> tensor<1x3xf32> {
  // A slice is many-to-one the other way: no write rule.
  // expected-error@+1 {{vtc.views #0: no write rule makes operand 0 a view of result 0}}
  %0 = graph.slice %x {starts = [0], ends = [1], axes = [0], vtc.virtual = "write", vtc.views = [{kind = "write", virtual = 0, base = 0, map = affine_map<(d0, d1) -> (d0, d1)>, bias = [0, 0]}]} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @rank(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error@+1 {{vtc.views #0: map has 1 dims and 1 results, expected 1 and 2 (the ranks of view and base)}}
  %0 = graph.reshape %x {shape = [6], vtc.virtual = "read", vtc.views = [{kind = "read", virtual = 0, base = 0, map = affine_map<(d0) -> (d0)>, bias = [0, 0]}]} : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @bias(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{vtc.views #0: bias must hold 2 integers}}
  %0 = graph.transpose %x {vtc.virtual = "read", vtc.views = [{kind = "read", virtual = 0, base = 0, map = affine_map<(d0, d1) -> (d1, d0)>, bias = [0]}]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @in_place_on_concat(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{vtc.views #0: no in_place rule makes result 0 a view of operand 0}}
  %0 = graph.concat %x, %x {axis = 0, vtc.virtual = "in_place", vtc.views = [{kind = "in_place", virtual = 0, base = 0, map = affine_map<(d0, d1) -> (d0, d1)>, bias = [0, 0]}]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @box(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{vtc.views #0: lo and hi must both hold 2 integers}}
  %0 = graph.concat %x, %x {axis = 0, vtc.virtual = "read", vtc.views = [{kind = "read", virtual = 0, base = 0, map = affine_map<(d0, d1) -> (d0, d1)>, bias = [0, 0], lo = [0, 0]}]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @kind_mismatch(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{vtc.virtual = "write" but no view of that kind}}
  %0 = graph.transpose %x {vtc.virtual = "write", vtc.views = [{kind = "read", virtual = 0, base = 0, map = affine_map<(d0, d1) -> (d1, d0)>, bias = [0, 0]}]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
