// The cost interface: flops and bytes read and written; -1 where a `?` dim
// makes a number unknown.
// RUN: vtc-opt --graph-print-cost --verify-diagnostics %s -o /dev/null

func.func @cost(%a: tensor<2x8x16xf32>, %b: tensor<16x4xf32>, %h: tensor<8x16xf16>, %q: tensor<1x4x3x8xf32>,
                %kv: tensor<1x2x5x8xf32>, %img: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>, %d: tensor<?x16xf32>) {
  // 2 * (2*8*4) * 16 flops; (256 + 64) * 4 bytes in, 64 * 4 out.
  // expected-remark@+1 {{flops 2048, bytes read 1280, bytes written 256}}
  %0 = graph.matmul %a, %b : (tensor<2x8x16xf32>, tensor<16x4xf32>) -> tensor<2x8x4xf32>
  // expected-remark@+1 {{flops 128, bytes read 256, bytes written 256}}
  %1 = graph.exp %h : (tensor<8x16xf16>) -> tensor<8x16xf16>
  // expected-remark@+1 {{flops 1024, bytes read 256, bytes written 256}}
  %2 = graph.gelu %h : (tensor<8x16xf16>) -> tensor<8x16xf16>
  // expected-remark@+1 {{flops 0, bytes read 256, bytes written 512}}
  %3 = graph.cast %h {to = f32} : (tensor<8x16xf16>) -> tensor<8x16xf32>
  // expected-remark@+1 {{flops 1280, bytes read 1024, bytes written 1024}}
  %4 = graph.softmax %a : (tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
  // expected-remark@+1 {{flops 256, bytes read 1024, bytes written 64}}
  %5 = graph.reduce_sum %a {axes = [2]} : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
  // 4*3*5 scores, each 2*8 + 2*8 + 5 flops.
  // expected-remark@+1 {{flops 2220, bytes read 1024, bytes written 384}}
  %6 = graph.attention %q, %kv, %kv : (tensor<1x4x3x8xf32>, tensor<1x2x5x8xf32>, tensor<1x2x5x8xf32>) -> tensor<1x4x3x8xf32>
  // 2 * (1*6*6*6) * (2*3*3) flops.
  // expected-remark@+1 {{flops 7776, bytes read 1456, bytes written 864}}
  %7 = graph.conv2d %img, %w {group = 2} : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32>
  // A slice reads only what it keeps, an expand only its input.
  // expected-remark@+1 {{flops 0, bytes read 512, bytes written 512}}
  %8 = graph.slice %a {starts = [0], ends = [4], axes = [1]} : (tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  // expected-remark@+1 {{flops 0, bytes read 256, bytes written 1024}}
  %9 = graph.expand %h {shape = [4, 8, 16]} : (tensor<8x16xf16>) -> tensor<4x8x16xf16>
  // expected-remark@+1 {{flops -1, bytes read -1, bytes written -1}}
  %10 = graph.relu %d : (tensor<?x16xf32>) -> tensor<?x16xf32>
  // expected-remark@+1 {{flops 0, bytes read 0, bytes written 0}}
  %11 = graph.constant dense<1.0> : tensor<4xf32>
  return
}
