// Edges vtc-select cannot or should not take stay physical, each with a
// remark and a --pass-statistics counter: `?` dims with no map, an
// interference (read-after-write, One-Shot Bufferize's rule), an argument
// written without donation, no profit under the cost model.
// RUN: vtc-opt --vtc-select --pass-statistics %s -o /dev/null 2>&1 | FileCheck %s
// RUN: vtc-opt --vtc-print-vtog %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VTOG

func.func @dynamic(%d: tensor<?x4xf32>) -> tensor<?xf32> {
  %r = graph.relu %d : (tensor<?x4xf32>) -> tensor<?x4xf32>
  // CHECK: vtc: reshape.0 stays physical as a view of relu.0: `?` dims with no map
  // CHECK: vtc: relu.0 stays physical as a view of reshape.0: `?` dims with no map
  %0 = graph.reshape %r {shape = [-1]} : (tensor<?x4xf32>) -> tensor<?xf32>
  %1 = graph.relu %0 : (tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// The old cache is read after the scatter: not in place.
func.func @read_after_write(%cache: tensor<8x16xf32> {graph.aliasing_output = 0 : i64}, %idx: tensor<2x1xi64>,
                            %upd: tensor<2x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  // CHECK: vtc: scatter_nd.0 stays physical as a view of arg0: old values of arg0 are read after the write (by graph.relu)
  %d = graph.scatter_nd %cache, %idx, %upd : (tensor<8x16xf32>, tensor<2x1xi64>, tensor<2x16xf32>) -> tensor<8x16xf32>
  %old = graph.relu %cache : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %d, %old : tensor<8x16xf32>, tensor<8x16xf32>
}

// Writing into an argument needs its donation.
func.func @not_donated(%cache: tensor<8x16xf32>, %idx: tensor<2x1xi64>, %upd: tensor<2x16xf32>) -> tensor<8x16xf32> {
  // CHECK: vtc: scatter_nd.0 stays physical as a view of arg0: writes argument arg0, which is not donated to this result
  %d = graph.scatter_nd %cache, %idx, %upd : (tensor<8x16xf32>, tensor<2x1xi64>, tensor<2x16xf32>) -> tensor<8x16xf32>
  %r = graph.relu %d : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// Updates stored by their producer are written before the scatter runs:
// the old cache read in between makes that edge conflict with the in-place one.
func.func @early_updates(%cache: tensor<8x16xf32> {graph.aliasing_output = 0 : i64}, %idx: tensor<2x1xi64>,
                         %x: tensor<2x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %u = graph.relu %x : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %old = graph.relu %cache : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // VTOG: vtog edge e0: scatter_nd.0 -> arg0 (scatter_nd in_place): Type I, d = 1, chunk 512 B
  // VTOG: vtog edge e1: relu.0 -> scatter_nd.0 (scatter_nd write): Type II, d = 2, chunk 64 B
  // VTOG: vtog conflict e0, e1: interference: graph.relu reads the old arg0 after the updates are written
  %d = graph.scatter_nd %cache, %idx, %u : (tensor<8x16xf32>, tensor<2x1xi64>, tensor<2x16xf32>) -> tensor<8x16xf32>
  return %d, %old : tensor<8x16xf32>, tensor<8x16xf32>
}

// A transpose of a large matrix read element by element through the view:
// each 4 B chunk costs a 128 B transfer, more than the copy it saves.
func.func @unprofitable(%m: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %a = graph.relu %m : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  // CHECK-DAG: vtc: transpose.0 stays physical: no profit as a view of relu.0 (w = {{.*}} us, Type II, chunk 4 B)
  // CHECK-DAG: vtc: relu.0 stays physical: no profit as a view of transpose.0 (w = {{.*}} us, Type II, chunk 4 B)
  %t = graph.transpose %a : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = graph.relu %t : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

// CHECK: (S) 2 skipped-dynamic
// CHECK-NEXT: (S) 2 skipped-interference
// CHECK-NEXT: (S) 2 skipped-unprofitable
