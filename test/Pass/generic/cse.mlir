// RUN: vtc-opt %s --allow-unregistered-dialect --split-input-file --cse | FileCheck %s
// RUN: vtc-opt %s --allow-unregistered-dialect --split-input-file --cse --pass-statistics 2>&1 | FileCheck %s --check-prefix=STATS
// The same expectations hold for MLIR's own CSE:
// RUN: %if mlir-opt %{ mlir-opt %s --allow-unregistered-dialect --split-input-file --cse | FileCheck %s %}

// Equal pure ops in one block: the later one is replaced by the earlier.
// CHECK-LABEL: func.func @simple
// CHECK-NEXT: %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: return %[[M]] : i32
func.func @simple(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c1_0 = arith.constant 1 : i32
  %0 = arith.addi %arg0, %c1 : i32
  %1 = arith.addi %arg0, %c1_0 : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// -----

// Different attributes, operands or result types keep ops apart; ops with
// unknown effects are never merged.
// CHECK-LABEL: func.func @different
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: arith.constant 2 : i32
// CHECK-NEXT: arith.constant 1 : i64
// CHECK-NEXT: arith.cmpi slt
// CHECK-NEXT: arith.cmpi sgt
// CHECK-NEXT: "test.op"()
// CHECK-NEXT: "test.op"()
// CHECK-NEXT: "test.use"
func.func @different(%arg0: i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 2 : i32
  %2 = arith.constant 1 : i64
  %3 = arith.cmpi slt, %arg0, %0 : i32
  %4 = arith.cmpi sgt, %arg0, %0 : i32
  %5 = "test.op"() : () -> i32
  %6 = "test.op"() : () -> i32
  "test.use"(%0, %1, %2, %3, %4, %5, %6) : (i32, i32, i64, i1, i1, i32, i32) -> ()
  return
}

// -----

// Dead pure ops met on the way are erased.
// CHECK-LABEL: func.func @dce
// CHECK-NEXT: return %arg0
func.func @dce(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  return %arg0 : i32
}

// -----

// Across blocks, by dominance: bb0 dominates bb1 and bb2, but bb1 does not
// dominate bb2.
// CHECK-LABEL: func.func @cfg
// CHECK: ^bb0(%[[ARG:.*]]: i32):
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[ARG]], %[[ARG]] : i32
// CHECK-NEXT: "test.use"(%[[A]])
// CHECK-NEXT: "test.cond_br"()[^bb1, ^bb2]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[M1:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: "test.use"(%[[A]], %[[M1]])
// CHECK-NEXT: "test.br"()[^bb2]
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[M2:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: "test.use"(%[[A]], %[[M2]])
// CHECK-NEXT: "test.return"
func.func @cfg() {
  "test.graph"() ({
  ^bb0(%arg0: i32):
    %0 = arith.addi %arg0, %arg0 : i32
    "test.use"(%0) : (i32) -> ()
    "test.cond_br"()[^bb1, ^bb2] : () -> ()
  ^bb1:
    %1 = arith.addi %arg0, %arg0 : i32
    %2 = arith.muli %1, %1 : i32
    "test.use"(%1, %2) : (i32, i32) -> ()
    "test.br"()[^bb2] : () -> ()
  ^bb2:
    %3 = arith.addi %arg0, %arg0 : i32
    %4 = arith.muli %3, %3 : i32
    "test.use"(%3, %4) : (i32, i32) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

// An unregistered op might be isolated from above (MLIR assumes so), and
// func.func is: neither region reuses values from outside, but equal ops
// inside one region are still merged.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT: %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: %[[D:.*]] = arith.constant 1 : i32
// CHECK-NEXT: "test.use"(%[[D]], %[[D]])
// CHECK-NEXT: })
// CHECK-NEXT: "test.use"(%[[C]])
func.func @regions() {
  %c1 = arith.constant 1 : i32
  "test.region"() ({
    %c1_0 = arith.constant 1 : i32
    %c1_1 = arith.constant 1 : i32
    "test.use"(%c1_0, %c1_1) : (i32, i32) -> ()
  }) : () -> ()
  "test.use"(%c1) : (i32) -> ()
  return
}

// -----

// Equal ops in two functions stay apart.
// CHECK-LABEL: func.func @f1
// CHECK-NEXT: arith.constant 5 : i32
// CHECK-LABEL: func.func @f2
// CHECK-NEXT: arith.constant 5 : i32
func.func @f1() -> i32 {
  %0 = arith.constant 5 : i32
  return %0 : i32
}
func.func @f2() -> i32 {
  %0 = arith.constant 5 : i32
  return %0 : i32
}

// STATS: cse
// STATS-NEXT: (S) {{[0-9]+}} num-cse'd
// STATS-NEXT: (S) {{[0-9]+}} num-dce'd
