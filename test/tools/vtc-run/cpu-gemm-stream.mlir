// The CPU rKernel's direct twin streams B (KC blocks of 16 rows, each row
// read along its length) when M <= 16 and a row of B has >= 8 KiB
// (lowering/te-to-gir/t2g.h, T2G_CPU_STREAM_*): N = 4096 here, so M = 1, 3
// and 16 stream and M = 17 takes the L1 blocking's KC; K = 40 ends in a
// partial block (16 + 16 + 8). Every binding agrees with the reference
// interpreter, f32 (accumulated in C between blocks) and bf16 (in the f32
// panel, C rounded once).
// RUN: vtc-run %s --entry=f32 --dim=a.0=1 --target=cpu --check | FileCheck %s
// RUN: vtc-run %s --entry=f32 --dim=a.0=3 --target=cpu --check | FileCheck %s
// RUN: vtc-run %s --entry=f32 --dim=a.0=16 --target=cpu --check | FileCheck %s
// RUN: vtc-run %s --entry=f32 --dim=a.0=17 --target=cpu --check | FileCheck %s
// RUN: vtc-run %s --entry=bf16 --dim=a.0=1 --target=cpu --check | FileCheck %s
// RUN: vtc-run %s --entry=bf16 --dim=a.0=16 --target=cpu --check | FileCheck %s
// RUN: vtc-run %s --entry=bf16 --dim=a.0=17 --target=cpu --check | FileCheck %s
// CHECK: check: ok (1 results

func.func @f32(%a: tensor<?x40xf32>, %b: tensor<40x4096xf32>) -> tensor<?x4096xf32> {
  %c = graph.matmul %a, %b : (tensor<?x40xf32>, tensor<40x4096xf32>) -> tensor<?x4096xf32>
  return %c : tensor<?x4096xf32>
}

func.func @bf16(%a: tensor<?x40xbf16>, %b: tensor<40x4096xbf16>) -> tensor<?x4096xbf16> {
  %c = graph.matmul %a, %b : (tensor<?x40xbf16>, tensor<40x4096xbf16>) -> tensor<?x4096xbf16>
  return %c : tensor<?x4096xbf16>
}
