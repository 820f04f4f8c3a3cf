// Identities (fold hooks) and canonicalization patterns of arith: each
// function shows the IR after --canonicalize.
// RUN: vtc-opt --canonicalize %s | FileCheck %s
// RUN: vtc-opt --canonicalize %s | vtc-opt --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @int_identities(
// CHECK-SAME: [[X:%[a-z0-9_]+]]: i32, [[Y:%[a-z0-9_]+]]: i32)
// CHECK-DAG: [[ZERO:%[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-DAG: [[ONES:%[a-z0-9_]+]] = arith.constant -1 : i32
// CHECK-NOT: arith.addi
// CHECK-NOT: arith.subi
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.andi
// CHECK-NOT: arith.ori
// CHECK-NOT: arith.xori
// CHECK-NOT: arith.sh
// CHECK-NOT: arith.divsi
// CHECK-NOT: arith.remui
// CHECK: return [[X]], [[X]], [[ZERO]], [[X]], [[ZERO]], [[X]], [[X]], [[X]], [[ZERO]], [[X]], [[X]], [[ZERO]], [[ONES]], [[X]], [[X]], [[X]]
func.func @int_identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.addi %c0, %x : i32
  %2 = arith.subi %x, %x : i32
  %3 = arith.muli %x, %c1 : i32
  %4 = arith.muli %c0, %x : i32
  %5 = arith.andi %x, %x : i32
  %6 = arith.ori %x, %c0 : i32
  %7 = arith.xori %x, %c0 : i32
  %8 = arith.xori %x, %x : i32
  %9 = arith.shli %x, %c0 : i32
  %10 = arith.divsi %x, %c1 : i32
  %11 = arith.remui %x, %c1 : i32
  %12 = arith.ori %x, %cm1 : i32
  %13 = arith.andi %x, %cm1 : i32
  %s = arith.subi %x, %y : i32
  %14 = arith.addi %s, %y : i32
  %a = arith.addi %x, %y : i32
  %15 = arith.subi %a, %y : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @float_identities(
// CHECK-SAME: [[X:%[a-z0-9_]+]]: f32)
// CHECK: [[Z:%[a-z0-9_]+]] = arith.addf [[X]], %{{.*}} : f32
// CHECK: return [[X]], [[X]], [[X]], [[X]], [[X]], [[Z]]
func.func @float_identities(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %mz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %x, %mz : f32
  %1 = arith.subf %x, %pz : f32
  %2 = arith.mulf %x, %one : f32
  %n = arith.negf %x : f32
  %3 = arith.negf %n : f32
  %4 = arith.maximumf %x, %x : f32
  // x + 0.0 is not x (for x = -0.0): kept.
  %5 = arith.addf %x, %pz : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @constants_right(
// CHECK-SAME: [[X:%[a-z0-9_]+]]: i32)
// CHECK: [[C:%[a-z0-9_]+]] = arith.constant 5 : i32
// CHECK: arith.muli [[X]], [[C]] : i32
// CHECK: arith.maxsi [[X]], [[C]] : i32
func.func @constants_right(%x: i32) -> (i32, i32) {
  %c = arith.constant 5 : i32
  %0 = arith.muli %c, %x : i32
  %1 = arith.maxsi %c, %x : i32
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func.func @reassociate(
// CHECK-SAME: [[X:%[a-z0-9_]+]]: i32)
// CHECK-DAG: [[C3:%[a-z0-9_]+]] = arith.constant 3 : i32
// CHECK-DAG: [[C4:%[a-z0-9_]+]] = arith.constant 4 : i32
// CHECK-DAG: [[C5:%[a-z0-9_]+]] = arith.constant 5 : i32
// CHECK-DAG: [[C7:%[a-z0-9_]+]] = arith.constant 7 : i32
// CHECK-DAG: [[C6:%[a-z0-9_]+]] = arith.constant 6 : i32
// CHECK-DAG: [[A:%[a-z0-9_]+]] = arith.addi [[X]], [[C3]] : i32
// CHECK-DAG: [[B:%[a-z0-9_]+]] = arith.addi [[X]], [[C4]] : i32
// CHECK-DAG: [[C:%[a-z0-9_]+]] = arith.subi [[C5]], [[X]] : i32
// CHECK-DAG: [[D:%[a-z0-9_]+]] = arith.addi [[X]], [[C7]] : i32
// CHECK-DAG: [[E:%[a-z0-9_]+]] = arith.subi [[C7]], [[X]] : i32
// CHECK-DAG: [[F:%[a-z0-9_]+]] = arith.subi [[X]], [[C3]] : i32
// CHECK-DAG: [[G:%[a-z0-9_]+]] = arith.muli [[X]], [[C6]] : i32
// CHECK: return [[A]], [[B]], [[C]], [[D]], [[E]], [[F]], [[G]]
func.func @reassociate(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c9 = arith.constant 9 : i32
  %c10 = arith.constant 10 : i32
  // (x + 1) + 2 -> x + 3
  %a0 = arith.addi %x, %c1 : i32
  %0 = arith.addi %a0, %c2 : i32
  // (x - 1) + 5 -> x + 4
  %s1 = arith.subi %x, %c1 : i32
  %1 = arith.addi %s1, %c5 : i32
  // (3 - x) + 2 -> 5 - x
  %s2 = arith.subi %c3, %x : i32
  %2 = arith.addi %s2, %c2 : i32
  // (x + 9) - 2 -> x + 7
  %a3 = arith.addi %x, %c9 : i32
  %3 = arith.subi %a3, %c2 : i32
  // 10 - (x + 3) -> 7 - x
  %a4 = arith.addi %x, %c3 : i32
  %4 = arith.subi %c10, %a4 : i32
  // (x - 1) - 2 -> x - 3
  %s5 = arith.subi %x, %c1 : i32
  %5 = arith.subi %s5, %c2 : i32
  // (x * 2) * 3 -> x * 6
  %m6 = arith.muli %x, %c2 : i32
  %6 = arith.muli %m6, %c3 : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @select_and_compare(
// CHECK-SAME: [[C:%[a-z0-9_]+]]: i1, [[A:%[a-z0-9_]+]]: i32, [[B:%[a-z0-9_]+]]: i32)
// CHECK-DAG: [[T:%[a-z0-9_]+]] = arith.constant true
// CHECK-DAG: [[F:%[a-z0-9_]+]] = arith.constant false
// CHECK-DAG: [[S:%[a-z0-9_]+]] = arith.select [[C]], [[B]], [[A]] : i32
// CHECK-DAG: [[GE:%[a-z0-9_]+]] = arith.cmpi sge, [[A]], [[B]] : i32
// CHECK: return [[A]], [[B]], [[A]], [[S]], [[T]], [[F]], [[GE]], [[C]]
func.func @select_and_compare(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32, i32, i1, i1, i1, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %0 = arith.select %true, %a, %b : i32
  %1 = arith.select %false, %a, %b : i32
  %2 = arith.select %c, %a, %a : i32
  %not = arith.xori %c, %true : i1
  %3 = arith.select %not, %a, %b : i32
  %4 = arith.cmpi sle, %a, %a : i32
  %5 = arith.cmpi ult, %b, %b : i32
  %lt = arith.cmpi slt, %a, %b : i32
  %6 = arith.xori %lt, %true : i1
  %7 = arith.select %c, %true, %false : i1
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @cast_chains(
// CHECK-SAME: [[X:%[a-z0-9_]+]]: i8, [[W:%[a-z0-9_]+]]: i16, [[I:%[a-z0-9_]+]]: i32, [[F:%[a-z0-9_]+]]: f32)
// CHECK-DAG: [[E:%[a-z0-9_]+]] = arith.extsi [[X]] : i8 to i64
// CHECK-DAG: [[U:%[a-z0-9_]+]] = arith.extui [[X]] : i8 to i64
// CHECK-DAG: [[T:%[a-z0-9_]+]] = arith.trunci [[W]] : i16 to i8
// CHECK-DAG: [[TT:%[a-z0-9_]+]] = arith.trunci [[I]] : i32 to i8
// truncf(extf(x)) is kept, as MLIR 19 keeps it.
// CHECK-DAG: [[EF:%[a-z0-9_]+]] = arith.extf [[F]] : f32 to f64
// CHECK-DAG: [[TF:%[a-z0-9_]+]] = arith.truncf [[EF]] : f64 to f32
// CHECK: return [[E]], [[U]], [[X]], [[T]], [[TT]], [[I]], [[TF]], [[I]], [[F]]
func.func @cast_chains(%x: i8, %w: i16, %i: i32, %f: f32) -> (i64, i64, i8, i8, i8, i32, f32, i32, f32) {
  %e1 = arith.extsi %x : i8 to i16
  %0 = arith.extsi %e1 : i16 to i64
  %u1 = arith.extui %x : i8 to i32
  %1 = arith.extui %u1 : i32 to i64
  %e2 = arith.extsi %x : i8 to i32
  %2 = arith.trunci %e2 : i32 to i8
  %e3 = arith.extsi %w : i16 to i64
  %3 = arith.trunci %e3 : i64 to i8
  %t4 = arith.trunci %i : i32 to i16
  %4 = arith.trunci %t4 : i16 to i8
  %ix = arith.index_cast %i : i32 to index
  %5 = arith.index_cast %ix : index to i32
  %ef = arith.extf %f : f32 to f64
  %6 = arith.truncf %ef : f64 to f32
  %b = arith.bitcast %i : i32 to f32
  %7 = arith.bitcast %b : f32 to i32
  %8 = arith.bitcast %f : f32 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i64, i64, i8, i8, i8, i32, f32, i32, f32
}

// An extension of a truncation is not an identity: kept.
// CHECK-LABEL: func.func @ext_of_trunc(
// CHECK: arith.trunci
// CHECK: arith.extsi
func.func @ext_of_trunc(%i: i32) -> i32 {
  %t = arith.trunci %i : i32 to i8
  %0 = arith.extsi %t : i8 to i32
  return %0 : i32
}

// Identities also hold element-wise on tensors.
// CHECK-LABEL: func.func @tensor_identities(
// CHECK-SAME: [[T:%[a-z0-9_]+]]: tensor<?x4xi32>)
// CHECK: return [[T]], [[T]]
func.func @tensor_identities(%t: tensor<?x4xi32>) -> (tensor<?x4xi32>, tensor<?x4xi32>) {
  %c0 = arith.constant dense<0> : tensor<4xi32>
  %z = arith.constant 0 : i32
  %0 = arith.andi %t, %t : tensor<?x4xi32>
  %1 = arith.ori %t, %t : tensor<?x4xi32>
  return %0, %1 : tensor<?x4xi32>, tensor<?x4xi32>
}
