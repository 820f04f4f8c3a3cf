// The data-movement mapping interface (VTC section 4.1): output index ->
// (operand, affine map of the output index + bias), piecewise.
// RUN: vtc-opt --graph-print-mapping --verify-diagnostics %s -o /dev/null

func.func @mapping(%x: tensor<2x3x4xf32>, %y: tensor<2x5x4xf32>, %kv: tensor<1x2x6x8xf32>, %idx: tensor<3xi64>,
                   %img: tensor<1x8x2x3xf32>, %d: tensor<?x4xf32>) {
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1, d2) -> (d1, d2, d0) + [0, 0, 0]}}
  %0 = graph.transpose %x {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1) -> (d0 floordiv 3, d0 mod 3, d1) + [0, 0, 0]}}
  %1 = graph.reshape %x {shape = [6, 4]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  // expected-remark@+2 {{result 0: piece 0: input 0: (d0, d1, d2) -> (d0, d1, d2) + [0, 0, 0]}}
  // expected-remark@+1 {{result 1: piece 0: input 0: (d0, d1, d2) -> (d0, d1, d2) + [0, 1, 0]}}
  %2:2 = graph.split %x {axis = 1, split = [1, 2]} : (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x2x4xf32>)
  // expected-remark@+2 {{result 0: piece 0: input 0 if [0, ?) x [0, 3) x [0, ?): (d0, d1, d2) -> (d0, d1, d2) + [0, 0, 0]}}
  // expected-remark@+1 {{result 0: piece 1: input 1 if [0, ?) x [3, 8) x [0, ?): (d0, d1, d2) -> (d0, d1, d2) + [0, -3, 0]}}
  %3 = graph.concat %x, %y {axis = 1} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x8x4xf32>
  // Grouped-query attention's KV expansion (VTC Figure 2): unsqueeze, expand, reshape.
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1, d2, d3, d4) -> (d0, d1, d3, d4) + [0, 0, 0, 0]}}
  %4 = graph.unsqueeze %kv {axes = [2]} : (tensor<1x2x6x8xf32>) -> tensor<1x2x1x6x8xf32>
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1, d2, d3, d4) -> (0, d1, 0, d3, d4) + [0, 0, 0, 0, 0]}}
  %5 = graph.expand %4 {shape = [1, 2, 4, 6, 8]} : (tensor<1x2x1x6x8xf32>) -> tensor<1x2x4x6x8xf32>
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1, d2, d3) -> (0, d1 floordiv 4, d1 mod 4, d2, d3) + [0, 0, 0, 0, 0]}}
  %6 = graph.reshape %5 {shape = [1, 8, 6, 8]} : (tensor<1x2x4x6x8xf32>) -> tensor<1x8x6x8xf32>
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1, d2) -> (d0, d1, -d2) + [0, 1, 3]}}
  %7 = graph.slice %x {starts = [1, -1], ends = [3, -100], axes = [1, 2], steps = [1, -1]} : (tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1, d2) -> (d0, d1 mod 3, d2 mod 4) + [0, 0, 0]}}
  %8 = graph.tile %x {repeats = [1, 2, 3]} : (tensor<2x3x4xf32>) -> tensor<2x6x12xf32>
  // expected-remark@+2 {{result 0: piece 0: input 0 if [0, 2) x [1, 4) x [0, 4): (d0, d1, d2) -> (d0, d1, d2) + [0, -1, 0]}}
  // expected-remark@+1 {{result 0: otherwise: fill 0.5}}
  %9 = graph.pad %x {pads = [0, 1, 0, 0, 1, 0], value = 0.5 : f64} : (tensor<2x3x4xf32>) -> tensor<2x5x4xf32>
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1, d2, d3) -> (d0, d1 + (d2 mod 2) * 4 + (d3 mod 2) * 2, d2 floordiv 2, d3 floordiv 2) + [0, 0, 0, 0]}}
  %10 = graph.depth_to_space %img {blocksize = 2} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32>
  // expected-remark@+1 {{result 0: index-dependent}}
  %11 = graph.gather %x, %idx {axis = 1} : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  // A reshape needs static shapes; a transpose does not.
  // expected-remark@+1 {{result 0: no static mapping (needs static shapes)}}
  %12 = graph.reshape %d {shape = [-1]} : (tensor<?x4xf32>) -> tensor<?xf32>
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1) -> (d1, d0) + [0, 0]}}
  %13 = graph.transpose %d : (tensor<?x4xf32>) -> tensor<4x?xf32>
  // expected-remark@+1 {{result 0: piece 0: input 0: (d0, d1) -> (d0, d1) + [0, 0]}}
  %14 = graph.identity %d : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}
