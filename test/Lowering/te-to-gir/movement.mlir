// lower-te-to-gir on data-movement TEs: a load whose index moves with the
// innermost output index by a stride other than 1 reads lanes x 1 segments
// (a static or run-time stride) re-patterned into one row by `gir.sync
// warp`; a map that is not linear in the innermost index (reshape across
// rows) makes the kernel scalar (lanes 1, index arithmetic per element).
// RUN: vtc-opt --lower-te-to-gir %s | FileCheck %s
// RUN: vtc-opt --lower-te-to-gir %s | vtc-opt | FileCheck %s

// CHECK-LABEL: gir.kernel @transpose_k0(%arg0: !gir.buffer<global, 64x48xf32>, %arg1: !gir.buffer<global, 48x64xf32>) parallel cpu group 1 lanes 16 {
// CHECK-DAG: %[[C48:.*]] = arith.constant 48 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: gir.for %[[W:.*]] =
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[W]]
// CHECK-NEXT: %[[CH:.*]] = arith.remui %[[W]]
// CHECK-NEXT: %[[J0:.*]] = arith.muli %[[CH]]
// CHECK-NEXT: %[[RB:.*]] = arith.muli %[[ROW]], %[[C64]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[RB]], %[[J0]] : index
// CHECK-NEXT: %[[IB:.*]] = arith.muli %[[J0]], %[[C48]] : index
// CHECK-NEXT: %[[IN:.*]] = arith.addi %[[IB]], %[[ROW]] : index
// CHECK-NEXT: %[[V:.*]] = gir.view %arg0[%[[IN]]] : !gir.buffer<global, 64x48xf32> -> !gir.slice<global, 16x1xf32, 48>
// CHECK-NEXT: %[[R:.*]] = gir.copy %[[V]] : !gir.slice<global, 16x1xf32, 48> -> !gir.slice<register, 16x1xf32>
// CHECK-NEXT: %[[T:.*]] = gir.sync warp %[[R]] : !gir.slice<register, 16x1xf32> -> !gir.slice<register, 1x16xf32>
// CHECK-NEXT: %[[O:.*]] = gir.view %arg1[%[[OFF]]] : !gir.buffer<global, 48x64xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-NEXT: gir.copy %[[T]] to %[[O]] : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>
func.func @transpose(%x: tensor<64x48xf32>) -> tensor<48x64xf32> {
  %y = te.compute(%x) shape () -> (48, 64) : (tensor<64x48xf32>) -> tensor<48x64xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> (d1, d0)] : tensor<64x48xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<48x64xf32>
}

// Dynamic sizes: the sizes are gir.dim of the buffers, the stride a run-time
// operand, the tail masked in segments; the host allocates with the
// symbols and launches on min(rows x chunks, 256) groups.
// CHECK-LABEL: gir.kernel @transpose_dyn_k0(%arg0: !gir.buffer<global, ?x?xf32>, %arg1: !gir.buffer<global, ?x?xf32>, %arg2: index, %arg3: index) parallel cpu group 1 lanes 16 {
// CHECK-DAG: %[[LD:.*]] = gir.dim %arg0, 1 : !gir.buffer<global, ?x?xf32>
// CHECK-DAG: %[[N:.*]] = gir.dim %arg1, 1 : !gir.buffer<global, ?x?xf32>
// CHECK: gir.for
// CHECK: %[[VALID:.*]] = arith.minui %{{.*}}, %{{.*}} : index
// CHECK: %[[V:.*]] = gir.view %arg0[%{{.*}}] stride %[[LD]] valid(%[[VALID]], %{{.*}}) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 16x1xf32, ?>
// CHECK: gir.sync warp %{{.*}} : !gir.slice<register, 16x1xf32> -> !gir.slice<register, 1x16xf32>
// CHECK: gir.view %arg1[%{{.*}}] valid(%{{.*}}, %[[VALID]]) : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 1x16xf32>
// CHECK-LABEL: func.func @transpose_dyn(%arg0: !gir.buffer<global, ?x?xf32>) -> !gir.buffer<global, ?x?xf32> {
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[M:.*]] = gir.dim %arg0, 0 : !gir.buffer<global, ?x?xf32>
// CHECK-NEXT: %[[N:.*]] = gir.dim %arg0, 1 : !gir.buffer<global, ?x?xf32>
// CHECK-NEXT: %[[OUT:.*]] = gir.alloc(%[[N]], %[[M]]) : !gir.buffer<global, ?x?xf32>
// CHECK-NEXT: %[[CH:.*]] = arith.ceildivui %[[M]], %[[C16]] : index
// CHECK-NEXT: %[[ITEMS:.*]] = arith.muli %[[CH]], %[[N]] : index
// CHECK-NEXT: %[[G:.*]] = arith.minui %[[ITEMS]], %[[C256]] : index
// CHECK-NEXT: gir.launch @transpose_dyn_k0[%[[G]]](%arg0, %[[OUT]], %[[M]], %[[N]]) : (!gir.buffer<global, ?x?xf32>, !gir.buffer<global, ?x?xf32>, index, index)
// CHECK-NEXT: return %[[OUT]] : !gir.buffer<global, ?x?xf32>
func.func @transpose_dyn(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = te.dim %x, 0 : tensor<?x?xf32>
  %n = te.dim %x, 1 : tensor<?x?xf32>
  %y = te.compute(%x) [%m, %n] shape ()[s0, s1] -> (s1, s0) : (tensor<?x?xf32>) -> tensor<?x?xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1)[s0, s1] -> (d1, d0)] : tensor<?x?xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<?x?xf32>
}

// CHECK-LABEL: gir.kernel @reshape_k0
// CHECK-SAME: lanes 1 {
// CHECK: gir.for %[[W:.*]] =
// CHECK: arith.divui %{{.*}}, %[[C4:.*]] : index
// CHECK: arith.remui %{{.*}}, %[[C4]] : index
// CHECK: %[[V:.*]] = gir.view %arg0[%{{.*}}] : !gir.buffer<global, 6x4xf32> -> !gir.slice<global, 1x1xf32>
// CHECK-NEXT: %[[R:.*]] = gir.copy %[[V]] : !gir.slice<global, 1x1xf32> -> !gir.slice<register, 1x1xf32>
// CHECK-NEXT: %[[S:.*]] = gir.extract %[[R]][0, 0] : !gir.slice<register, 1x1xf32>
// CHECK-NEXT: %[[B:.*]] = gir.broadcast %[[S]] : f32 -> !gir.slice<register, 1x1xf32>
// CHECK-NEXT: %[[O:.*]] = gir.view %arg1[%{{.*}}] : !gir.buffer<global, 4x6xf32> -> !gir.slice<global, 1x1xf32>
// CHECK-NEXT: gir.copy %[[B]] to %[[O]]
func.func @reshape(%x: tensor<6x4xf32>) -> tensor<4x6xf32> {
  %y = te.compute(%x) shape () -> (4, 6) : (tensor<6x4xf32>) -> tensor<4x6xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> ((d0 * 6 + d1) floordiv 4, (d0 * 6 + d1) mod 4)] : tensor<6x4xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<4x6xf32>
}

// Every second element from 1: a static stride of 2, the tail of 4 masked.
// CHECK-LABEL: gir.kernel @strided_k0
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: gir.for
// CHECK: %[[J0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[REST:.*]] = arith.subi %{{.*}}, %[[J0]] : index
// CHECK-NEXT: %[[VALID:.*]] = arith.minui %{{.*}}, %[[REST]] : index
// CHECK: %[[X:.*]] = arith.muli %[[J0]], %[[C2]] : index
// CHECK-NEXT: %[[X1:.*]] = arith.addi %[[X]], %[[C1]] : index
// CHECK: gir.view %arg0[%{{.*}}] valid(%[[VALID]], %[[C1]]) : !gir.buffer<global, 3x40xf32> -> !gir.slice<global, 16x1xf32, 2>
func.func @strided(%x: tensor<3x40xf32>) -> tensor<3x20xf32> {
  %y = te.compute(%x) shape () -> (3, 20) : (tensor<3x40xf32>) -> tensor<3x20xf32> {
  ^bb0(%i: index, %j: index):
    %a = te.load %x[(d0, d1) -> (d0, d1 * 2 + 1)] : tensor<3x40xf32> -> f32
    te.yield %a : f32
  }
  return %y : tensor<3x20xf32>
}
