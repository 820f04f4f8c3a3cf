// RUN: vtc-opt %s --allow-unregistered-dialect --split-input-file --canonicalize | FileCheck %s
// RUN: vtc-opt %s --allow-unregistered-dialect --split-input-file --canonicalize=top-down=false | FileCheck %s
// The same expectations hold for MLIR's own canonicalizer:
// RUN: %if mlir-opt %{ mlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize | FileCheck %s %}

// Constant operands fold through the op's fold hook; the result is
// materialised by the arith dialect.
// CHECK-LABEL: func.func @fold_addi
// CHECK-NEXT: %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT: return %[[C]] : i32
func.func @fold_addi() -> i32 {
  %0 = arith.constant 2 : i32
  %1 = arith.constant 3 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// -----

// A chain folds completely, and the now-unused constants are erased.
// CHECK-LABEL: func.func @fold_chain
// CHECK-NEXT: %[[C:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: return %[[C]] : f32
func.func @fold_chain() -> f32 {
  %0 = arith.constant 1.0 : f32
  %1 = arith.constant 4.0 : f32
  %2 = arith.addf %0, %1 : f32
  %3 = arith.constant 2.0 : f32
  %4 = arith.divf %2, %3 : f32
  return %4 : f32
}

// -----

// Pure ops whose results are unused are erased; ops with unknown effects
// (unregistered) and terminators are kept.
// CHECK-LABEL: func.func @dead_code
// CHECK-NEXT: "test.effect"(%arg0) : (i32) -> ()
// CHECK-NEXT: return %arg0 : i32
func.func @dead_code(%arg0: i32) -> i32 {
  %0 = arith.muli %arg0, %arg0 : i32
  %1 = arith.addi %0, %arg0 : i32
  %2 = arith.constant 7 : i32
  "test.effect"(%arg0) : (i32) -> ()
  return %arg0 : i32
}

// -----

// Equal constants are uniqued and hoisted to the top of the entry block of
// the enclosing isolated region.
// CHECK-LABEL: func.func @dedupe
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%[[C1]]) : (i32) -> ()
// CHECK-NEXT: "test.use"(%[[C1]]) : (i32) -> ()
// CHECK-NEXT: return
func.func @dedupe(%arg0: i32) {
  "test.use"(%arg0) : (i32) -> ()
  %c1 = arith.constant 1 : i32
  "test.use"(%c1) : (i32) -> ()
  %c1b = arith.constant 1 : i32
  "test.use"(%c1b) : (i32) -> ()
  return
}

// -----

// Constants of different types are different constants.
// CHECK-LABEL: func.func @dedupe_types
// CHECK-DAG: %[[A:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[B:.*]] = arith.constant 1 : i64
// CHECK: "test.use"(%[[A]], %[[B]], %[[A]]) : (i32, i64, i32) -> ()
func.func @dedupe_types() {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i64
  %2 = arith.constant 1 : i32
  "test.use"(%0, %1, %2) : (i32, i64, i32) -> ()
  return
}

// -----

// Commutative ops keep constants on the right.
// CHECK-LABEL: func.func @commute
// CHECK: %[[C:.*]] = arith.constant 3 : i32
// CHECK: %[[M:.*]] = arith.muli %arg0, %[[C]] : i32
// CHECK: return %[[M]]
func.func @commute(%arg0: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %c3, %arg0 : i32
  return %0 : i32
}

// -----

// An unregistered op might be isolated from above, so constants folded in
// its region stay there (as MLIR's OperationFolder decides).
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: %[[C:.*]] = arith.constant 8 : i32
// CHECK-NEXT: "test.yield"(%[[C]]) : (i32) -> ()
// CHECK-NEXT: })
func.func @nested() {
  %0 = "test.region"() ({
    %c7 = arith.constant 7 : i32
    %c1 = arith.constant 1 : i32
    %1 = arith.addi %c7, %c1 : i32
    "test.yield"(%1) : (i32) -> ()
  }) : () -> i32
  return
}

// -----

// Constants of later blocks go to the top of the region's entry block, where
// they dominate every use.
// CHECK-LABEL: func.func @cfg
// CHECK: "test.graph"() ({
// CHECK-NEXT: %[[C:.*]] = arith.constant 42 : i32
// CHECK-NEXT: "test.cond_br"()[^bb1, ^bb2]
// CHECK: ^bb1:
// CHECK-NEXT: "test.use"(%[[C]])
// CHECK: ^bb2:
// CHECK-NEXT: "test.use"(%[[C]])
func.func @cfg() {
  "test.graph"() ({
  ^bb0:
    "test.cond_br"()[^bb1, ^bb2] : () -> ()
  ^bb1:
    %0 = arith.constant 40 : i32
    %1 = arith.constant 2 : i32
    %2 = arith.addi %0, %1 : i32
    "test.use"(%2) : (i32) -> ()
    "test.br"()[^bb2] : () -> ()
  ^bb2:
    %3 = arith.constant 42 : i32
    "test.use"(%3) : (i32) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
  return
}
