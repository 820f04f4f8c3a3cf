// Hand-written te modules that cannot run: a located error and exit 1 on
// every target, never a hang, a crash or a wrong result.

// An iteration domain too large to interpret is refused before it runs
// (the te interpreter allows 2^30 body evaluations per te.compute; the gir
// interpreter 2^30 steps per run).
// RUN: not vtc-run %s --entry=big_reduce --target=te 2>&1 | FileCheck %s --check-prefix=BIGRED
// BIGRED: interp-errors.mlir:[[@LINE+5]]:8: error: te interpreter: the iteration domain is too large to interpret: 4 output elements x 1000000000000 reduction points, more than the 1073741824 body evaluations allowed
// RUN: not vtc-run %s --entry=big_reduce --target=gir 2>&1 | FileCheck %s --check-prefix=BIGRED-GIR
// BIGRED-GIR: interp-errors.mlir:[[@LINE+3]]:8: error: gir interpreter: 'gir.for': the loop: too large to interpret
// RUN: not vtc-run %s --entry=big_reduce --target=gir --pass-pipeline='builtin.module(lower-te-to-gir{vectorize=false})' 2>&1 | FileCheck %s --check-prefix=BIGRED-GIR
func.func @big_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) reduce () -> (1000000000000) combiner sum init 0.0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %x = te.load %a[(d0, d1) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// A domain whose point count overflows int64.
// RUN: not vtc-run %s --entry=overflow_reduce --target=te 2>&1 | FileCheck %s --check-prefix=OVF
// OVF: interp-errors.mlir:[[@LINE+2]]:8: error: te interpreter: the iteration domain is too large to interpret: 4 output elements x more than 2^63 reduction points
func.func @overflow_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = te.compute(%a) shape () -> (4) reduce () -> (4611686018427387904, 4611686018427387904) combiner max init 0.0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index, %l: index):
    %x = te.load %a[(d0, d1, d2) -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<4xf32>
}

// An output domain too large: refused before the result is allocated.
// RUN: not vtc-run %s --entry=big_output --target=te 2>&1 | FileCheck %s --check-prefix=BIGOUT
// BIGOUT: interp-errors.mlir:[[@LINE+2]]:8: error: te interpreter: the iteration domain is too large to interpret: 1000000000000 output elements x 1 reduction points
func.func @big_output(%a: tensor<4xf32>) -> tensor<1000000x1000000xf32> {
  %c = te.compute(%a) shape () -> (1000000, 1000000) : (tensor<4xf32>) -> tensor<1000000x1000000xf32> {
  ^bb0(%i: index, %j: index):
    %x = te.load %a[(d0, d1) -> (0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<1000000x1000000xf32>
}

// A map that divides by a symbol that is 0 at run time.
// RUN: not vtc-run %s --entry=symbol_div --dim=0.0=4 --target=te 2>&1 | FileCheck %s --check-prefix=SYMDIV
// SYMDIV: interp-errors.mlir:[[@LINE+10]]:10: error: te interpreter: the load map divides by zero or overflows
// RUN: not vtc-run %s --entry=symbol_div --dim=0.0=4 --target=gir 2>&1 | FileCheck %s --check-prefix=SYMDIV-GIR
// SYMDIV-GIR: interp-errors.mlir:[[@LINE+6]]:8: error: gir interpreter: 'arith.divui': integer division by zero
// RUN: not vtc-run %s --entry=symbol_div --dim=0.0=4 --target=cpu 2>&1 | FileCheck %s --check-prefix=SYMDIV-CPU
// SYMDIV-CPU: interp-errors.mlir:[[@LINE+4]]:8: error: running @symbol_div on the CPU failed: 'arith.divui': integer division by zero
func.func @symbol_div(%a: tensor<?xf32>) -> tensor<?xf32> {
  %n = te.dim %a, 0 : tensor<?xf32>
  %z = arith.constant 0 : index
  %c = te.compute(%a) [%n, %z] shape ()[s0, s1] -> (s0) : (tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0)[s0, s1] -> (d0 floordiv s1)] : tensor<?xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<?xf32>
}

// A shape map that divides by a symbol that is 0: host code on the CPU.
// RUN: not vtc-run %s --entry=shape_div --dim=0.0=4 --target=te 2>&1 | FileCheck %s --check-prefix=SHAPEDIV
// SHAPEDIV: interp-errors.mlir:[[@LINE+6]]:8: error: te interpreter: the 'shape' map divides by zero or overflows
// RUN: not vtc-run %s --entry=shape_div --dim=0.0=4 --target=cpu 2>&1 | FileCheck %s --check-prefix=SHAPEDIV-CPU
// SHAPEDIV-CPU: interp-errors.mlir:[[@LINE+1]]:1: error: running @shape_div on the CPU failed: 'arith.divui': integer division by zero
func.func @shape_div(%a: tensor<?xf32>) -> tensor<?xf32> {
  %n = te.dim %a, 0 : tensor<?xf32>
  %z = arith.constant 0 : index
  %c = te.compute(%a) [%n, %z] shape ()[s0, s1] -> (s0 floordiv s1) : (tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0)[s0, s1] -> (d0)] {padding = 0.0 : f32} : tensor<?xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<?xf32>
}

// An integer division by zero in a body (compiled code once gave garbage
// and exit 0; a signed division of the minimum by -1 overflows alike).
// RUN: not vtc-run %s --entry=body_div --target=te 2>&1 | FileCheck %s --check-prefix=BODYDIV
// BODYDIV: interp-errors.mlir:[[@LINE+11]]:10: error: te interpreter: integer division by zero or overflow
// RUN: not vtc-run %s --entry=body_div --target=gir 2>&1 | FileCheck %s --check-prefix=BODYDIV-GIR
// BODYDIV-GIR: interp-errors.mlir:[[@LINE+9]]:10: error: gir interpreter: 'arith.divsi': integer division by zero or overflow
// RUN: not vtc-run %s --entry=body_div --target=cpu 2>&1 | FileCheck %s --check-prefix=BODYDIV-CPU
// BODYDIV-CPU: interp-errors.mlir:[[@LINE+7]]:10: error: running @body_div on the CPU failed: 'arith.divsi': integer division by zero or overflow
// RUN: not vtc-run %s --entry=body_div --target=cpu --input-range=0:-2147483648:-2147483647 --input-range=1:-1:0 2>&1 | FileCheck %s --check-prefix=BODYDIV-CPU
func.func @body_div(%a: tensor<64xi32>, %b: tensor<64xi32>) -> tensor<64xi32> {
  %c = te.compute(%a, %b) shape () -> (64) : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0) -> (d0)] : tensor<64xi32> -> i32
    %y = te.load %b[(d0) -> (d0)] : tensor<64xi32> -> i32
    %q = arith.divsi %x, %y : i32
    te.yield %q : i32
  }
  return %c : tensor<64xi32>
}
// The same divisions with divisors that are never 0 run, as the te
// interpreter computes them (the check is cold).
// RUN: vtc-run %s --entry=body_div --target=te --input-range=0:-100:100 --input-range=1:1:5 --print-values --print-limit=-1 > %t.te
// RUN: vtc-run %s --entry=body_div --target=cpu --input-range=0:-100:100 --input-range=1:1:5 --print-values --print-limit=-1 > %t.cpu
// RUN: diff %t.te %t.cpu
