// Dense elements: explicit (nested by shape), splats, rank 0, empty, i1,
// index, floats (non-finite in hex), the hex-string form, and elision.
// RUN: vtc-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect %s | vtc-opt --allow-unregistered-dialect | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect --elide-elements-attrs-if-larger=2 %s | FileCheck %s --check-prefix=ELIDE

// CHECK: a = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// ELIDE: a = dense_resource<__elided__> : tensor<2x3xi32>
// CHECK-SAME: b = dense<7> : tensor<2x3xi32>
// ELIDE-SAME: b = dense<7> : tensor<2x3xi32>
// CHECK-SAME: c = dense<5> : tensor<i64>
// CHECK-SAME: d = dense<> : tensor<0xf32>
// CHECK-SAME: e = dense<[true, false, true]> : tensor<3xi1>
// CHECK-SAME: f = dense<[-1, 127]> : tensor<2xi8>
// CHECK-SAME: g = dense<[1.000000e+00, -2.500000e-01, 0x7FC00000, 0xFF800000]> : tensor<4xf32>
// CHECK-SAME: h = dense<1.000000e+00> : tensor<2x2xf16>
// CHECK-SAME: i = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-SAME: j = dense<[0, 9223372036854775807]> : tensor<2xindex>
// CHECK-SAME: k = dense<{{\[\[\[}}1]], {{\[\[}}2]]]> : tensor<2x1x1xi64>
// CHECK-SAME: l = dense<1.000000e+00> : tensor<f64>
// CHECK-SAME: m = dense<[1.000000e+00, 5.000000e-01]> : tensor<2xbf16>
// CHECK-SAME: n = dense<true> : tensor<4xi1>
"test.dense"() {
  a = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>,
  b = dense<7> : tensor<2x3xi32>,
  c = dense<5> : tensor<i64>,
  d = dense<> : tensor<0xf32>,
  e = dense<[true, false, true]> : tensor<3xi1>,
  f = dense<[255, 127]> : tensor<2xi8>,
  g = dense<[1.0, -0.25, 0x7FC00000, 0xFF800000]> : tensor<4xf32>,
  h = dense<1.0> : tensor<2x2xf16>,
  i = dense<"0x0000803F00000040"> : tensor<2xf32>,
  j = dense<[0, 9223372036854775807]> : tensor<2xindex>,
  k = dense<[[[1]], [[2]]]> : tensor<2x1x1xi64>,
  l = dense<1.0> : tensor<f64>,
  m = dense<[1.0, 0.5]> : tensor<2xbf16>,
  n = dense<true> : tensor<4xi1>
} : () -> ()
