// Run-time shape agreement: dims that an op requires to agree but that a
// `?` hides from the verifier are checked when the sizes are bound, before
// any kernel runs, on every target with the reference interpreter's line
// (the graph op's location and message) and exit status 1. The GPU runs of
// this file are in checks-cuda.test.

// Matmul contraction (the issue's example): 8 vs 7.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=matmul --shape=0:5x8 --shape=1:7x3 --target=interp 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=matmul --shape=0:5x8 --shape=1:7x3 --target=te 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=matmul --shape=0:5x8 --shape=1:7x3 --target=gir 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=matmul --shape=0:5x8 --shape=1:7x3 --target=cpu 2>&1 | FileCheck %s --check-prefix=MATMUL
// MATMUL: {{^}}{{.*}}shape-checks.mlir:[[@LINE+5]]:8: error: 'graph.matmul' op matmul: contraction dimensions differ: 8 vs 7
// MATMUL-NOT: result
// Agreeing sizes still run and match the interpreter.
// RUN: vtc-run %s --entry=matmul --shape=0:5x7 --shape=1:7x3 --target=cpu --check | FileCheck %s --check-prefix=OK
func.func @matmul(%a: tensor<5x?xf32>, %b: tensor<?x3xf32>) -> tensor<5x3xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<5x?xf32>, tensor<?x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
// OK: check: ok

// Matmul batch dims broadcast: 3 against 4.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=batch --shape=0:3x2x3 --target=interp 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=batch --shape=0:3x2x3 --target=te 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=batch --shape=0:3x2x3 --target=gir 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=batch --shape=0:3x2x3 --target=cpu 2>&1 | FileCheck %s --check-prefix=BATCH
// BATCH: {{^}}{{.*}}shape-checks.mlir:[[@LINE+3]]:8: error: 'graph.matmul' op matmul: batch dimensions: shapes [3] and [4] do not broadcast
// RUN: vtc-run %s --entry=batch --shape=0:4x2x3 --target=cpu --check | FileCheck %s --check-prefix=OK
func.func @batch(%a: tensor<?x2x3xf32>, %b: tensor<4x3x5xf32>) -> tensor<4x2x5xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<?x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
  return %0 : tensor<4x2x5xf32>
}

// Element-wise operands broadcast: [5,3] against [4,3]; two dynamic dims.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=add --shape=0:5x3 --target=interp 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=add --shape=0:5x3 --target=te 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=add --shape=0:5x3 --target=gir 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=add --shape=0:5x3 --target=cpu 2>&1 | FileCheck %s --check-prefix=ADD
// ADD: {{^}}{{.*}}shape-checks.mlir:[[@LINE+9]]:8: error: 'graph.add' op add: shapes [5,3] and [4,3] do not broadcast
// RUN: vtc-run %s --entry=add --shape=0:4x3 --target=cpu --check | FileCheck %s --check-prefix=OK
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=sub --shape=0:5 --shape=1:7 --target=interp 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=sub --shape=0:5 --shape=1:7 --target=te 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=sub --shape=0:5 --shape=1:7 --target=gir 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=sub --shape=0:5 --shape=1:7 --target=cpu 2>&1 | FileCheck %s --check-prefix=SUB
// SUB: {{^}}{{.*}}shape-checks.mlir:[[@LINE+7]]:8: error: 'graph.sub' op sub: shapes [5] and [7] do not broadcast
// RUN: vtc-run %s --entry=sub --shape=0:6 --shape=1:6 --target=cpu --check | FileCheck %s --check-prefix=OK
func.func @add(%a: tensor<?x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = "graph.add"(%a, %b) : (tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
func.func @sub(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "graph.sub"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// A dynamic dim that is 1 at run time broadcasts in the interpreter, but
// compiled code reads operands at the output's index: it refuses with its
// own located message rather than read past the operand.
// RUN: vtc-run %s --entry=add --shape=0:1x3 --target=interp | FileCheck %s --check-prefix=ONE-INTERP
// ONE-INTERP: result 0: tensor<4x3xf32>
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=add --shape=0:1x3 --target=te 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=add --shape=0:1x3 --target=gir 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=add --shape=0:1x3 --target=cpu 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: {{^}}{{.*}}shape-checks.mlir:48:8: error: 'graph.add' op dimension 0 of an operand is 1 at run time where the result's dimension 0 is 4: compiled code broadcasts only dimensions that are 1 in the operand's type

// Concat: the dims other than the axis agree (input 0's is the expected).
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=concat --shape=0:4x2 --shape=1:5x3 --target=interp 2>&1 | FileCheck %s --check-prefix=CONCAT
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=concat --shape=0:4x2 --shape=1:5x3 --target=te 2>&1 | FileCheck %s --check-prefix=CONCAT
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=concat --shape=0:4x2 --shape=1:5x3 --target=gir 2>&1 | FileCheck %s --check-prefix=CONCAT
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=concat --shape=0:4x2 --shape=1:5x3 --target=cpu 2>&1 | FileCheck %s --check-prefix=CONCAT
// CONCAT: {{^}}{{.*}}shape-checks.mlir:[[@LINE+3]]:8: error: 'graph.concat' op concat: input 1 has size 5 in dimension 0, expected 4
// RUN: vtc-run %s --entry=concat --shape=0:4x2 --shape=1:4x3 --target=cpu --check | FileCheck %s --check-prefix=OK
func.func @concat(%a: tensor<?x2xf32>, %b: tensor<?x3xf32>) -> tensor<?x5xf32> {
  %0 = "graph.concat"(%a, %b) {axis = 1} : (tensor<?x2xf32>, tensor<?x3xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// Reshape with `?`: the element count is a multiple of the literal entries
// (with -1), or equal to them.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=reshape --shape=0:5x3 --target=interp 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=reshape --shape=0:5x3 --target=te 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=reshape --shape=0:5x3 --target=gir 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=reshape --shape=0:5x3 --target=cpu 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RESHAPE: {{^}}{{.*}}shape-checks.mlir:[[@LINE+9]]:8: error: 'graph.reshape' op reshape: cannot reshape [5,3] into [?,4]
// RUN: vtc-run %s --entry=reshape --shape=0:8x3 --target=cpu --check | FileCheck %s --check-prefix=OK
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=reshape_static --shape=0:5x3 --target=interp 2>&1 | FileCheck %s --check-prefix=RESHAPE-STATIC
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=reshape_static --shape=0:5x3 --target=te 2>&1 | FileCheck %s --check-prefix=RESHAPE-STATIC
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=reshape_static --shape=0:5x3 --target=gir 2>&1 | FileCheck %s --check-prefix=RESHAPE-STATIC
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=reshape_static --shape=0:5x3 --target=cpu 2>&1 | FileCheck %s --check-prefix=RESHAPE-STATIC
// RESHAPE-STATIC: {{^}}{{.*}}shape-checks.mlir:[[@LINE+7]]:8: error: 'graph.reshape' op reshape: cannot reshape [5,3] into [2,6]
// RUN: vtc-run %s --entry=reshape_static --shape=0:4x3 --target=cpu --check | FileCheck %s --check-prefix=OK
func.func @reshape(%a: tensor<?x3xf32>) -> tensor<?x4xf32> {
  %0 = "graph.reshape"(%a) {shape = [-1, 4]} : (tensor<?x3xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @reshape_static(%a: tensor<?x3xf32>) -> tensor<2x6xf32> {
  %0 = "graph.reshape"(%a) {shape = [2, 6]} : (tensor<?x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// Checks run in program order, before any kernel: the first op's fails
// although the second's would too.
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=two --shape=0:5 --shape=1:6 --shape=2:7 --target=interp 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=two --shape=0:5 --shape=1:6 --shape=2:7 --target=te 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=two --shape=0:5 --shape=1:6 --shape=2:7 --target=gir 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %python %S/Inputs/expect_exit.py 1 vtc-run %s --entry=two --shape=0:5 --shape=1:6 --shape=2:7 --target=cpu 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: {{^}}{{.*}}shape-checks.mlir:[[@LINE+3]]:8: error: 'graph.mul' op mul: shapes [5] and [6] do not broadcast
// TWO-NOT: error
func.func @two(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "graph.max"(%0, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
