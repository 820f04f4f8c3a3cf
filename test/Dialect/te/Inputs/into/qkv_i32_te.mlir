func.func @main(%x: tensor<2x16xi32>, %w: tensor<16x48xi32>, %kc: tensor<2x8x2x4xi32>, %vc: tensor<2x8x2x4xi32>, %kv_index: tensor<2x1x2xi64> {vtc.input = {value = dense<[[[0, 5]], [[1, 2]]]> : tensor<2x1x2xi64>}}) -> (tensor<2x8x4xi32>, tensor<2x8x2x4xi32>, tensor<2x8x2x4xi32>) {
  %q0 = te.compute() shape () -> (2, 8, 4) : () -> tensor<2x8x4xi32> {
  ^bb0(%i: index, %j: index, %k: index):
    %z = arith.constant 0 : i32
    te.yield %z : i32
  }
  %r:3 = te.compute(%x, %w, %kv_index) shape () -> (2, 12, 4) reduce () -> (16) combiner sum init 0
      into(%q0[(d0, d1, d2, d3) -> (d0, d1, d2)] if [0:2, 0:8, 0:4],
           %kc[(d0, d1, d2, d3) -> (d0, d3, d1 - 8, d2)] if [0:2, 8:10, 0:4],
           %vc[(d0, d1, d2, d3) -> (d0, d3, d1 - 10, d2)] if [0:2, 10:12, 0:4])
      : (tensor<2x16xi32>, tensor<16x48xi32>, tensor<2x1x2xi64>) -> (tensor<2x8x4xi32>, tensor<2x8x2x4xi32>, tensor<2x8x2x4xi32>) {
  ^bb0(%b: index, %h: index, %d: index, %k: index):
    %a = te.load %x[(d0, d1, d2, d3) -> (d0, d3)] : tensor<2x16xi32> -> i32
    %c = te.load %w[(d0, d1, d2, d3) -> (d3, d1 * 4 + d2)] : tensor<16x48xi32> -> i32
    %p = arith.muli %a, %c : i32
    %pos = te.load %kv_index[(d0, d1, d2, d3) -> (d0, 0, 1)] : tensor<2x1x2xi64> -> i64
    %pi = arith.index_cast %pos : i64 to index
    te.yield %p, %pi : i32, index
  }
  return %r#0, %r#1, %r#2 : tensor<2x8x4xi32>, tensor<2x8x2x4xi32>, tensor<2x8x2x4xi32>
}
