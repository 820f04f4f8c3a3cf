// Constant folding of arith ops with MLIR's semantics: wrap-around at the
// type's width, signed and unsigned variants, no folding of division by zero,
// signed overflow or over-wide shifts.
// RUN: vtc-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @add_sub_mul
// CHECK-DAG: [[A:%[a-z0-9_]+]] = arith.constant 12 : i32
// CHECK-DAG: [[B:%[a-z0-9_]+]] = arith.constant -128 : i8
// CHECK-DAG: [[C:%[a-z0-9_]+]] = arith.constant 0 : i8
// CHECK-DAG: [[D:%[a-z0-9_]+]] = arith.constant 127 : i8
// CHECK-DAG: [[E:%[a-z0-9_]+]] = arith.constant -9223372036854775808 : i64
// CHECK-NOT: arith.addi
// CHECK-NOT: arith.subi
// CHECK-NOT: arith.muli
// CHECK: return [[A]], [[B]], [[C]], [[D]], [[E]]
func.func @add_sub_mul() -> (i32, i8, i8, i8, i64) {
  %c7 = arith.constant 7 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %c7, %c5 : i32
  %c127 = arith.constant 127 : i8
  %c1 = arith.constant 1 : i8
  %1 = arith.addi %c127, %c1 : i8
  %c16 = arith.constant 16 : i8
  %2 = arith.muli %c16, %c16 : i8
  %cm128 = arith.constant -128 : i8
  %3 = arith.subi %cm128, %c1 : i8
  %max = arith.constant 9223372036854775807 : i64
  %one = arith.constant 1 : i64
  %4 = arith.addi %max, %one : i64
  return %0, %1, %2, %3, %4 : i32, i8, i8, i8, i64
}

// CHECK-LABEL: func.func @division
// CHECK-DAG: [[A:%[a-z0-9_]+]] = arith.constant -3 : i32
// CHECK-DAG: [[B:%[a-z0-9_]+]] = arith.constant 2147483644 : i32
// CHECK-DAG: [[C:%[a-z0-9_]+]] = arith.constant -1 : i32
// CHECK-DAG: [[D:%[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK-DAG: [[E:%[a-z0-9_]+]] = arith.constant -4 : i32
// CHECK-DAG: [[F:%[a-z0-9_]+]] = arith.constant 4 : i32
// CHECK-DAG: [[G:%[a-z0-9_]+]] = arith.constant 127 : i8
// CHECK-NOT: arith.divsi
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remsi
// CHECK-NOT: arith.remui
// CHECK-NOT: arith.floordivsi
// CHECK-NOT: arith.ceildiv
// CHECK: return [[A]], [[B]], [[C]], [[D]], [[E]], [[A]], [[F]], [[F]], [[G]]
func.func @division() -> (i32, i32, i32, i32, i32, i32, i32, i32, i8) {
  %m7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %c7 = arith.constant 7 : i32
  %0 = arith.divsi %m7, %c2 : i32
  %1 = arith.divui %m7, %c2 : i32
  %2 = arith.remsi %m7, %c2 : i32
  %3 = arith.remui %m7, %c2 : i32
  %4 = arith.floordivsi %m7, %c2 : i32
  %5 = arith.ceildivsi %m7, %c2 : i32
  %6 = arith.ceildivsi %c7, %c2 : i32
  %7 = arith.ceildivui %c7, %c2 : i32
  %m1 = arith.constant -1 : i8
  %two = arith.constant 2 : i8
  %8 = arith.divui %m1, %two : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i32, i32, i32, i32, i32, i32, i8
}

// Division by zero and signed overflow are left for run time.
// CHECK-LABEL: func.func @no_fold_division
// CHECK: arith.divsi
// CHECK: arith.divui
// CHECK: arith.remsi
// CHECK: arith.remui
// CHECK: arith.divsi
// CHECK: arith.floordivsi
// CHECK: arith.ceildivsi
func.func @no_fold_division() -> (i32, i32, i32, i32, i8, i8, i8) {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  %0 = arith.divsi %c7, %c0 : i32
  %1 = arith.divui %c7, %c0 : i32
  %2 = arith.remsi %c7, %c0 : i32
  %3 = arith.remui %c7, %c0 : i32
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %4 = arith.divsi %min, %m1 : i8
  %5 = arith.floordivsi %min, %m1 : i8
  %6 = arith.ceildivsi %min, %m1 : i8
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i8, i8, i8
}

// CHECK-LABEL: func.func @bits
// CHECK-DAG: [[AND:%[a-z0-9_]+]] = arith.constant 8 : i32
// CHECK-DAG: [[OR:%[a-z0-9_]+]] = arith.constant 14 : i32
// CHECK-DAG: [[XOR:%[a-z0-9_]+]] = arith.constant 6 : i32
// CHECK-DAG: [[SHL:%[a-z0-9_]+]] = arith.constant -128 : i8
// CHECK-DAG: [[SHRS:%[a-z0-9_]+]] = arith.constant -4 : i8
// CHECK-DAG: [[SHRU:%[a-z0-9_]+]] = arith.constant 60 : i8
// CHECK: [[BIG:%[a-z0-9_]+]] = arith.shli
// CHECK: return [[AND]], [[OR]], [[XOR]], [[SHL]], [[SHRS]], [[SHRU]], [[BIG]]
func.func @bits() -> (i32, i32, i32, i8, i8, i8, i8) {
  %c12 = arith.constant 12 : i32
  %c10 = arith.constant 10 : i32
  %0 = arith.andi %c12, %c10 : i32
  %1 = arith.ori %c12, %c10 : i32
  %2 = arith.xori %c12, %c10 : i32
  %one = arith.constant 1 : i8
  %seven = arith.constant 7 : i8
  %3 = arith.shli %one, %seven : i8
  %m16 = arith.constant -16 : i8
  %two = arith.constant 2 : i8
  %4 = arith.shrsi %m16, %two : i8
  %5 = arith.shrui %m16, %two : i8
  %eight = arith.constant 8 : i8
  %6 = arith.shli %one, %eight : i8
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i8, i8, i8, i8
}

// CHECK-LABEL: func.func @min_max
// CHECK-DAG: [[P:%[a-z0-9_]+]] = arith.constant 1 : i8
// CHECK-DAG: [[N:%[a-z0-9_]+]] = arith.constant -1 : i8
// CHECK: return [[P]], [[N]], [[N]], [[P]]
func.func @min_max() -> (i8, i8, i8, i8) {
  %m1 = arith.constant -1 : i8
  %p1 = arith.constant 1 : i8
  %0 = arith.maxsi %m1, %p1 : i8
  %1 = arith.minsi %m1, %p1 : i8
  %2 = arith.maxui %m1, %p1 : i8
  %3 = arith.minui %m1, %p1 : i8
  return %0, %1, %2, %3 : i8, i8, i8, i8
}

// CHECK-LABEL: func.func @floats
// CHECK-DAG: [[ADD:%[a-z0-9_]+]] = arith.constant 3.750000e+00 : f32
// CHECK-DAG: [[SUB:%[a-z0-9_]+]] = arith.constant -7.500000e-01 : f32
// CHECK-DAG: [[MUL:%[a-z0-9_]+]] = arith.constant 3.375000e+00 : f32
// CHECK-DAG: [[DIV:%[a-z0-9_]+]] = arith.constant 6.250000e-01 : f64
// CHECK-DAG: [[REM:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: [[NEG:%[a-z0-9_]+]] = arith.constant -1.500000e+00 : f32
// CHECK-DAG: [[MAX:%[a-z0-9_]+]] = arith.constant 2.250000e+00 : f32
// CHECK-NOT: arith.addf
// CHECK-NOT: arith.subf
// CHECK-NOT: arith.mulf
// CHECK-NOT: arith.divf
// CHECK: return [[ADD]], [[SUB]], [[MUL]], [[DIV]], [[REM]], [[NEG]], [[MAX]], [[NEG]]
func.func @floats() -> (f32, f32, f32, f64, f32, f32, f32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.25 : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %x = arith.constant 2.5 : f64
  %y = arith.constant 4.0 : f64
  %3 = arith.divf %x, %y : f64
  %c7 = arith.constant 7.0 : f32
  %c3 = arith.constant 3.0 : f32
  %4 = arith.remf %c7, %c3 : f32
  %5 = arith.negf %a : f32
  %6 = arith.maximumf %a, %b : f32
  %7 = arith.minnumf %5, %b : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f64, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @math
// CHECK-DAG: [[EXP:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: [[SQRT:%[a-z0-9_]+]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: [[POW:%[a-z0-9_]+]] = arith.constant 8.000000e+00 : f32
// CHECK-DAG: [[ABS:%[a-z0-9_]+]] = arith.constant 9.000000e+00 : f32
// CHECK-DAG: [[RSQRT:%[a-z0-9_]+]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG: [[ZERO:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: [[ABSI:%[a-z0-9_]+]] = arith.constant 5 : i32
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: [[LOG:%[a-z0-9_]+]] = math.log
// CHECK: return [[EXP]], [[SQRT]], [[POW]], [[ABS]], [[RSQRT]], [[ZERO]], [[ZERO]], [[LOG]], [[ABSI]]
func.func @math() -> (f32, f32, f32, f32, f32, f32, f32, f32, i32) {
  %zero = arith.constant 0.0 : f32
  %nine = arith.constant 9.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %m9 = arith.constant -9.0 : f32
  %sixteen = arith.constant 16.0 : f32
  %0 = math.exp %zero : f32
  %1 = math.sqrt %nine : f32
  %3 = math.powf %two, %three : f32
  %4 = math.absf %m9 : f32
  %5 = math.rsqrt %sixteen : f32
  %6 = math.tanh %zero : f32
  %7 = math.erf %zero : f32
  %8 = math.log %m9 : f32
  %m5 = arith.constant -5 : i32
  %9 = math.absi %m5 : i32
  return %0, %1, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f32, f32, f32, f32, f32, f32, i32
}

// CHECK-LABEL: func.func @compare
// CHECK-DAG: [[T:%[a-z0-9_]+]] = arith.constant true
// CHECK-DAG: [[F:%[a-z0-9_]+]] = arith.constant false
// CHECK-NOT: arith.cmp
// CHECK: return [[T]], [[F]], [[T]], [[F]], [[T]], [[F]]
func.func @compare() -> (i1, i1, i1, i1, i1, i1) {
  %m1 = arith.constant -1 : i32
  %p1 = arith.constant 1 : i32
  %0 = arith.cmpi slt, %m1, %p1 : i32
  %1 = arith.cmpi ult, %m1, %p1 : i32
  %2 = arith.cmpi ne, %m1, %p1 : i32
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f32
  %3 = arith.cmpf ogt, %x, %y : f32
  %4 = arith.cmpf ole, %x, %y : f32
  %5 = arith.cmpf uno, %x, %y : f32
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @casts
// CHECK-DAG: [[SEXT:%[a-z0-9_]+]] = arith.constant -1 : i32
// CHECK-DAG: [[ZEXT:%[a-z0-9_]+]] = arith.constant 255 : i32
// CHECK-DAG: [[TRUNC:%[a-z0-9_]+]] = arith.constant 44 : i8
// CHECK-DAG: [[SITOFP:%[a-z0-9_]+]] = arith.constant -1.000000e+00 : f32
// CHECK-DAG: [[UITOFP:%[a-z0-9_]+]] = arith.constant 2.550000e+02 : f32
// CHECK-DAG: [[FPTOSI:%[a-z0-9_]+]] = arith.constant -3 : i32
// CHECK-DAG: [[IDX:%[a-z0-9_]+]] = arith.constant -1 : index
// CHECK-DAG: [[BITS:%[a-z0-9_]+]] = arith.constant 1065353216 : i32
// CHECK-DAG: [[EXTF:%[a-z0-9_]+]] = arith.constant 1.500000e+00 : f64
// CHECK: [[FPTOUI:%[a-z0-9_]+]] = arith.fptoui
// CHECK: return [[SEXT]], [[ZEXT]], [[TRUNC]], [[SITOFP]], [[UITOFP]], [[FPTOSI]], [[IDX]], [[BITS]], [[EXTF]], [[FPTOUI]]
func.func @casts() -> (i32, i32, i8, f32, f32, i32, index, i32, f64, i32) {
  %m1 = arith.constant -1 : i8
  %0 = arith.extsi %m1 : i8 to i32
  %1 = arith.extui %m1 : i8 to i32
  %c300 = arith.constant 300 : i32
  %2 = arith.trunci %c300 : i32 to i8
  %3 = arith.sitofp %m1 : i8 to f32
  %4 = arith.uitofp %m1 : i8 to f32
  %x = arith.constant -3.7 : f32
  %5 = arith.fptosi %x : f32 to i32
  %6 = arith.index_cast %0 : i32 to index
  %one = arith.constant 1.0 : f32
  %7 = arith.bitcast %one : f32 to i32
  %h = arith.constant 1.5 : f32
  %8 = arith.extf %h : f32 to f64
  %9 = arith.fptoui %x : f32 to i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i8, f32, f32, i32, index, i32, f64, i32
}

// CHECK-LABEL: func.func @tensors
// CHECK-DAG: [[S:%[a-z0-9_]+]] = arith.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-DAG: [[V:%[a-z0-9_]+]] = arith.constant dense<[4, 6]> : tensor<2xi32>
// CHECK-DAG: [[C:%[a-z0-9_]+]] = arith.constant dense<[false, true]> : tensor<2xi1>
// CHECK-DAG: [[E:%[a-z0-9_]+]] = arith.constant dense<5> : tensor<2xi32>
// CHECK: return [[S]], [[V]], [[C]], [[E]]
func.func @tensors() -> (tensor<4xf32>, tensor<2xi32>, tensor<2xi1>, tensor<2xi32>) {
  %a = arith.constant dense<1.0> : tensor<4xf32>
  %b = arith.constant dense<2.0> : tensor<4xf32>
  %0 = arith.addf %a, %b : tensor<4xf32>
  %x = arith.constant dense<[1, 2]> : tensor<2xi32>
  %y = arith.constant dense<[3, 4]> : tensor<2xi32>
  %1 = arith.addi %x, %y : tensor<2xi32>
  %2 = arith.cmpi slt, %x, %y : tensor<2xi32>
  %3 = arith.cmpi eq, %x, %y : tensor<2xi32>
  %4 = arith.xori %2, %3 : tensor<2xi1>
  %z = arith.constant dense<[4, 3]> : tensor<2xi32>
  %5 = arith.addi %x, %z : tensor<2xi32>
  %6 = arith.cmpi ule, %x, %z : tensor<2xi32>
  %7 = arith.andi %4, %6 : tensor<2xi1>
  %8 = arith.xori %7, %6 : tensor<2xi1>
  %9 = arith.ori %8, %7 : tensor<2xi1>
  %10 = arith.cmpi sge, %y, %z : tensor<2xi32>
  %11 = arith.andi %9, %10 : tensor<2xi1>
  return %0, %1, %11, %5 : tensor<4xf32>, tensor<2xi32>, tensor<2xi1>, tensor<2xi32>
}
