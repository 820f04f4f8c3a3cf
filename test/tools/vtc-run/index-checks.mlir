// Indices out of range: every op that takes an index tensor reports an
// index outside its dimension on every target, with the reference
// interpreter's line (the op's location, the index, the dimension) and exit
// status 1; negative indices wrap as ONNX allows ([-d, d)). Compiled kernels
// record the failure (the first failing element wins) and never read or
// write outside a tensor. The GPU runs of this file are in checks-cuda.test.
// RUN: rm -rf %t && mkdir -p %t
// Two bad indices far apart, so that different threads meet them: the first
// (9 at position 700) is the one reported.
// RUN: %python -c "import numpy as np; i = np.zeros(2000, np.int64); i[700] = 9; i[1500] = -7; np.save('%t/two_bad.npy', i); np.save('%t/data.npy', np.arange(12, dtype=np.float32).reshape(4, 3))"

// gather: valid indices, negative ones wrapped, match the interpreter.
// RUN: vtc-run %s --entry=gather --input-range=1:-4:4 --target=te --check | FileCheck %s --check-prefix=OK
// RUN: vtc-run %s --entry=gather --input-range=1:-4:4 --target=gir --check | FileCheck %s --check-prefix=OK
// RUN: vtc-run %s --entry=gather --input-range=1:-4:4 --target=cpu --check | FileCheck %s --check-prefix=OK
// OK: check: ok
// Out of range, positive and negative.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:4:5 --target=interp 2>&1 | FileCheck %s --check-prefix=GATHER-POS
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:4:5 --target=te 2>&1 | FileCheck %s --check-prefix=GATHER-POS
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:4:5 --target=gir 2>&1 | FileCheck %s --check-prefix=GATHER-POS
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:4:5 --target=cpu 2>&1 | FileCheck %s --check-prefix=GATHER-POS
// GATHER-POS: {{^}}{{.*}}index-checks.mlir:[[@LINE+8]]:8: error: 'graph.gather' op gather: index 4 is out of range for a dimension of size 4
// GATHER-POS-NOT: result
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:-5:-4 --target=interp 2>&1 | FileCheck %s --check-prefix=GATHER-NEG
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:-5:-4 --target=te 2>&1 | FileCheck %s --check-prefix=GATHER-NEG
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:-5:-4 --target=gir 2>&1 | FileCheck %s --check-prefix=GATHER-NEG
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather --input-range=1:-5:-4 --target=cpu 2>&1 | FileCheck %s --check-prefix=GATHER-NEG
// GATHER-NEG: {{^}}{{.*}}index-checks.mlir:[[@LINE+2]]:8: error: 'graph.gather' op gather: index -5 is out of range for a dimension of size 4
func.func @gather(%x: tensor<4x3xf32>, %i: tensor<5xi64>) -> tensor<5x3xf32> {
  %0 = "graph.gather"(%x, %i) {axis = 0} : (tensor<4x3xf32>, tensor<5xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// Rows 700 and 1500 of the output fall to different units (and threads):
// whichever records first, the first bad index in the indices' order is the
// one reported, as the interpreter reports it.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_rows --target=interp -- %t/data.npy %t/two_bad.npy 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_rows --target=te -- %t/data.npy %t/two_bad.npy 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_rows --target=gir -- %t/data.npy %t/two_bad.npy 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_rows --target=cpu -- %t/data.npy %t/two_bad.npy 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: {{^}}{{.*}}index-checks.mlir:[[@LINE+2]]:8: error: 'graph.gather' op gather: index 9 is out of range for a dimension of size 4
func.func @gather_rows(%x: tensor<4x3xf32>, %i: tensor<2000xi64>) -> tensor<2000x3xf32> {
  %0 = "graph.gather"(%x, %i) {axis = 0} : (tensor<4x3xf32>, tensor<2000xi64>) -> tensor<2000x3xf32>
  return %0 : tensor<2000x3xf32>
}

// A dynamic gathered dim (its size a run-time value; the read is masked).
// RUN: vtc-run %s --entry=gather_dynamic --shape=0:6x3 --input-range=1:-6:6 --target=cpu --check | FileCheck %s --check-prefix=OK
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_dynamic --shape=0:6x3 --input-range=1:6:7 --target=interp 2>&1 | FileCheck %s --check-prefix=GATHER-DYN
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_dynamic --shape=0:6x3 --input-range=1:6:7 --target=te 2>&1 | FileCheck %s --check-prefix=GATHER-DYN
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_dynamic --shape=0:6x3 --input-range=1:6:7 --target=gir 2>&1 | FileCheck %s --check-prefix=GATHER-DYN
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_dynamic --shape=0:6x3 --input-range=1:6:7 --target=cpu 2>&1 | FileCheck %s --check-prefix=GATHER-DYN
// GATHER-DYN: {{^}}{{.*}}index-checks.mlir:[[@LINE+8]]:8: error: 'graph.gather' op gather: index 6 is out of range for a dimension of size 6
// An empty dim: every index is out of range, and nothing is read.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_dynamic --shape=0:0x3 --input-range=1:0:1 --target=interp 2>&1 | FileCheck %s --check-prefix=GATHER-EMPTY
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_dynamic --shape=0:0x3 --input-range=1:0:1 --target=te 2>&1 | FileCheck %s --check-prefix=GATHER-EMPTY
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_dynamic --shape=0:0x3 --input-range=1:0:1 --target=gir 2>&1 | FileCheck %s --check-prefix=GATHER-EMPTY
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=gather_dynamic --shape=0:0x3 --input-range=1:0:1 --target=cpu 2>&1 | FileCheck %s --check-prefix=GATHER-EMPTY
// GATHER-EMPTY: {{^}}{{.*}}index-checks.mlir:[[@LINE+2]]:8: error: 'graph.gather' op gather: index 0 is out of range for a dimension of size 0
func.func @gather_dynamic(%x: tensor<?x3xf32>, %i: tensor<2x2xi32>) -> tensor<2x2x3xf32> {
  %0 = "graph.gather"(%x, %i) {axis = 0} : (tensor<?x3xf32>, tensor<2x2xi32>) -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// scatter_nd: an update whose index is out of range is an error (it used to
// be dropped by the compiled forms); valid negative indices wrap.
// RUN: vtc-run %s --entry=scatter --input-range=1:-4:4 --target=te --check | FileCheck %s --check-prefix=OK
// RUN: vtc-run %s --entry=scatter --input-range=1:-4:4 --target=gir --check | FileCheck %s --check-prefix=OK
// RUN: vtc-run %s --entry=scatter --input-range=1:-4:4 --target=cpu --check | FileCheck %s --check-prefix=OK
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter --input-range=1:4:5 --target=interp 2>&1 | FileCheck %s --check-prefix=SCATTER-POS
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter --input-range=1:4:5 --target=te 2>&1 | FileCheck %s --check-prefix=SCATTER-POS
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter --input-range=1:4:5 --target=gir 2>&1 | FileCheck %s --check-prefix=SCATTER-POS
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter --input-range=1:4:5 --target=cpu 2>&1 | FileCheck %s --check-prefix=SCATTER-POS
// SCATTER-POS: {{^}}{{.*}}index-checks.mlir:[[@LINE+7]]:8: error: 'graph.scatter_nd' op scatter_nd: index 4 is out of range for a dimension of size 4
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter --input-range=1:-5:-4 --target=interp 2>&1 | FileCheck %s --check-prefix=SCATTER-NEG
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter --input-range=1:-5:-4 --target=te 2>&1 | FileCheck %s --check-prefix=SCATTER-NEG
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter --input-range=1:-5:-4 --target=gir 2>&1 | FileCheck %s --check-prefix=SCATTER-NEG
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter --input-range=1:-5:-4 --target=cpu 2>&1 | FileCheck %s --check-prefix=SCATTER-NEG
// SCATTER-NEG: {{^}}{{.*}}index-checks.mlir:[[@LINE+2]]:8: error: 'graph.scatter_nd' op scatter_nd: index -5 is out of range for a dimension of size 4
func.func @scatter(%x: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = "graph.scatter_nd"(%x, %i, %u) : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// Index tuples of depth 2: each component against its own dimension (here
// 3 is in range for the dynamic 4 rows, not for the 3 columns).
// RUN: vtc-run %s --entry=scatter_add --shape=0:4x3 --input-range=1:-3:3 --target=cpu --check | FileCheck %s --check-prefix=OK
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter_add --shape=0:4x3 --input-range=1:3:4 --target=interp 2>&1 | FileCheck %s --check-prefix=SCATTER-2
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter_add --shape=0:4x3 --input-range=1:3:4 --target=te 2>&1 | FileCheck %s --check-prefix=SCATTER-2
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter_add --shape=0:4x3 --input-range=1:3:4 --target=gir 2>&1 | FileCheck %s --check-prefix=SCATTER-2
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=scatter_add --shape=0:4x3 --input-range=1:3:4 --target=cpu 2>&1 | FileCheck %s --check-prefix=SCATTER-2
// SCATTER-2: {{^}}{{.*}}index-checks.mlir:[[@LINE+2]]:8: error: 'graph.scatter_nd' op scatter_nd: index 3 is out of range for a dimension of size 3
func.func @scatter_add(%x: tensor<?x3xf32>, %i: tensor<2x2xi32>, %u: tensor<2xf32>) -> tensor<?x3xf32> {
  %0 = "graph.scatter_nd"(%x, %i, %u) {reduction = "add"} : (tensor<?x3xf32>, tensor<2x2xi32>, tensor<2xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
