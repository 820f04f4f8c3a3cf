// Every arith op in its custom form: printed back in the same form, stable
// under a second round trip, and in the generic form that mlir-opt reads.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt %s -o %t.1.mlir && vtc-opt %t.1.mlir -o %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: vtc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: vtc-opt --print-generic %s | vtc-opt | FileCheck %s

// CHECK-LABEL: func.func @constants()
func.func @constants() -> (i32, i1, f32, index, tensor<4xf32>, tensor<2xi8>) {
  // CHECK: arith.constant 42 : i32
  // GENERIC: "arith.constant"() {value = 42 : i32} : () -> i32
  %c42 = arith.constant 42 : i32
  // CHECK: arith.constant true
  // GENERIC: "arith.constant"() {value = true} : () -> i1
  %t = arith.constant true
  // CHECK: arith.constant 1.500000e+00 : f32
  // GENERIC: "arith.constant"() {value = 1.500000e+00 : f32} : () -> f32
  %f = arith.constant 1.5 : f32
  // CHECK: arith.constant -7 : index
  %i = arith.constant -7 : index
  // CHECK: arith.constant dense<1.000000e+00> : tensor<4xf32>
  // GENERIC: "arith.constant"() {value = dense<1.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32>
  %d = arith.constant dense<1.0> : tensor<4xf32>
  // CHECK: arith.constant dense<[1, 2]> : tensor<2xi8>
  %e = arith.constant dense<[1, 2]> : tensor<2xi8>
  return %c42, %t, %f, %i, %d, %e : i32, i1, f32, index, tensor<4xf32>, tensor<2xi8>
}

// CHECK-LABEL: func.func @int_binary(
// CHECK-SAME: [[A:%[a-z0-9_]+]]: i32, [[B:%[a-z0-9_]+]]: i32, [[X:%[a-z0-9_]+]]: index)
func.func @int_binary(%a: i32, %b: i32, %x: index) {
  // CHECK: arith.addi [[A]], [[B]] : i32
  // GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
  %0 = arith.addi %a, %b : i32
  // CHECK: arith.subi [[A]], [[B]] : i32
  // GENERIC: "arith.subi"
  %1 = arith.subi %a, %b : i32
  // CHECK: arith.muli [[A]], [[B]] : i32
  // GENERIC: "arith.muli"
  %2 = arith.muli %a, %b : i32
  // CHECK: arith.divsi [[A]], [[B]] : i32
  // GENERIC: "arith.divsi"
  %3 = arith.divsi %a, %b : i32
  // CHECK: arith.divui [[A]], [[B]] : i32
  // GENERIC: "arith.divui"
  %4 = arith.divui %a, %b : i32
  // CHECK: arith.remsi [[A]], [[B]] : i32
  // GENERIC: "arith.remsi"
  %5 = arith.remsi %a, %b : i32
  // CHECK: arith.remui [[A]], [[B]] : i32
  // GENERIC: "arith.remui"
  %6 = arith.remui %a, %b : i32
  // CHECK: arith.floordivsi [[A]], [[B]] : i32
  // GENERIC: "arith.floordivsi"
  %7 = arith.floordivsi %a, %b : i32
  // CHECK: arith.ceildivsi [[A]], [[B]] : i32
  // GENERIC: "arith.ceildivsi"
  %8 = arith.ceildivsi %a, %b : i32
  // CHECK: arith.ceildivui [[A]], [[B]] : i32
  // GENERIC: "arith.ceildivui"
  %9 = arith.ceildivui %a, %b : i32
  // CHECK: arith.andi [[A]], [[B]] : i32
  // GENERIC: "arith.andi"
  %10 = arith.andi %a, %b : i32
  // CHECK: arith.ori [[A]], [[B]] : i32
  // GENERIC: "arith.ori"
  %11 = arith.ori %a, %b : i32
  // CHECK: arith.xori [[A]], [[B]] : i32
  // GENERIC: "arith.xori"
  %12 = arith.xori %a, %b : i32
  // CHECK: arith.shli [[A]], [[B]] : i32
  // GENERIC: "arith.shli"
  %13 = arith.shli %a, %b : i32
  // CHECK: arith.shrsi [[A]], [[B]] : i32
  // GENERIC: "arith.shrsi"
  %14 = arith.shrsi %a, %b : i32
  // CHECK: arith.shrui [[A]], [[B]] : i32
  // GENERIC: "arith.shrui"
  %15 = arith.shrui %a, %b : i32
  // CHECK: arith.maxsi [[A]], [[B]] : i32
  // GENERIC: "arith.maxsi"
  %16 = arith.maxsi %a, %b : i32
  // CHECK: arith.minsi [[A]], [[B]] : i32
  // GENERIC: "arith.minsi"
  %17 = arith.minsi %a, %b : i32
  // CHECK: arith.maxui [[A]], [[B]] : i32
  // GENERIC: "arith.maxui"
  %18 = arith.maxui %a, %b : i32
  // CHECK: arith.minui [[A]], [[B]] : i32
  // GENERIC: "arith.minui"
  %19 = arith.minui %a, %b : i32
  // CHECK: arith.addi [[X]], [[X]] : index
  %20 = arith.addi %x, %x : index
  // CHECK: arith.addi [[A]], [[B]] overflow<nsw> : i32
  // GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) {overflowFlags = #arith.overflow<nsw>} : (i32, i32) -> i32
  %21 = arith.addi %a, %b overflow<nsw> : i32
  // CHECK: arith.muli [[A]], [[B]] overflow<nsw, nuw> {tag = 1 : i32} : i32
  %22 = arith.muli %a, %b overflow<nsw, nuw> {tag = 1 : i32} : i32
  return
}

// CHECK-LABEL: func.func @float_binary(
// CHECK-SAME: [[A:%[a-z0-9_]+]]: f32, [[B:%[a-z0-9_]+]]: f32, [[H:%[a-z0-9_]+]]: f16, [[G:%[a-z0-9_]+]]: bf16)
func.func @float_binary(%a: f32, %b: f32, %h: f16, %g: bf16) {
  // CHECK: arith.addf [[A]], [[B]] : f32
  // GENERIC: "arith.addf"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %0 = arith.addf %a, %b : f32
  // CHECK: arith.subf [[A]], [[B]] : f32
  // GENERIC: "arith.subf"
  %1 = arith.subf %a, %b : f32
  // CHECK: arith.mulf [[A]], [[B]] : f32
  // GENERIC: "arith.mulf"
  %2 = arith.mulf %a, %b : f32
  // CHECK: arith.divf [[A]], [[B]] : f32
  // GENERIC: "arith.divf"
  %3 = arith.divf %a, %b : f32
  // CHECK: arith.remf [[A]], [[B]] : f32
  // GENERIC: "arith.remf"
  %4 = arith.remf %a, %b : f32
  // CHECK: arith.maximumf [[A]], [[B]] : f32
  // GENERIC: "arith.maximumf"
  %5 = arith.maximumf %a, %b : f32
  // CHECK: arith.minimumf [[A]], [[B]] : f32
  // GENERIC: "arith.minimumf"
  %6 = arith.minimumf %a, %b : f32
  // CHECK: arith.maxnumf [[A]], [[B]] : f32
  // GENERIC: "arith.maxnumf"
  %7 = arith.maxnumf %a, %b : f32
  // CHECK: arith.minnumf [[A]], [[B]] : f32
  // GENERIC: "arith.minnumf"
  %8 = arith.minnumf %a, %b : f32
  // CHECK: arith.negf [[A]] : f32
  // GENERIC: "arith.negf"(%{{.*}}) : (f32) -> f32
  %9 = arith.negf %a : f32
  // CHECK: arith.addf [[A]], [[B]] fastmath<fast> : f32
  // GENERIC: "arith.addf"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
  %10 = arith.addf %a, %b fastmath<fast> : f32
  // CHECK: arith.mulf [[A]], [[B]] fastmath<nnan,ninf> : f32
  %11 = arith.mulf %a, %b fastmath<nnan,ninf> : f32
  // CHECK: arith.addf [[H]], [[H]] : f16
  %12 = arith.addf %h, %h : f16
  // CHECK: arith.divf [[G]], [[G]] : bf16
  %13 = arith.divf %g, %g : bf16
  return
}

// CHECK-LABEL: func.func @compare_select(
// CHECK-SAME: [[A:%[a-z0-9_]+]]: i32, [[B:%[a-z0-9_]+]]: i32, [[X:%[a-z0-9_]+]]: f32, [[C:%[a-z0-9_]+]]: i1)
func.func @compare_select(%a: i32, %b: i32, %x: f32, %c: i1) {
  // CHECK: arith.cmpi eq, [[A]], [[B]] : i32
  // GENERIC: "arith.cmpi"(%{{.*}}, %{{.*}}) {predicate = 0 : i64} : (i32, i32) -> i1
  %0 = arith.cmpi eq, %a, %b : i32
  // CHECK: arith.cmpi ne, [[A]], [[B]] : i32
  %1 = arith.cmpi ne, %a, %b : i32
  // CHECK: arith.cmpi slt, [[A]], [[B]] : i32
  // GENERIC: "arith.cmpi"(%{{.*}}, %{{.*}}) {predicate = 2 : i64} : (i32, i32) -> i1
  %2 = arith.cmpi slt, %a, %b : i32
  // CHECK: arith.cmpi sle, [[A]], [[B]] : i32
  %3 = arith.cmpi sle, %a, %b : i32
  // CHECK: arith.cmpi sgt, [[A]], [[B]] : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  // CHECK: arith.cmpi sge, [[A]], [[B]] : i32
  %5 = arith.cmpi sge, %a, %b : i32
  // CHECK: arith.cmpi ult, [[A]], [[B]] : i32
  %6 = arith.cmpi ult, %a, %b : i32
  // CHECK: arith.cmpi ule, [[A]], [[B]] : i32
  %7 = arith.cmpi ule, %a, %b : i32
  // CHECK: arith.cmpi ugt, [[A]], [[B]] : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  // CHECK: arith.cmpi uge, [[A]], [[B]] : i32
  // GENERIC: "arith.cmpi"(%{{.*}}, %{{.*}}) {predicate = 9 : i64} : (i32, i32) -> i1
  %9 = arith.cmpi uge, %a, %b : i32
  // CHECK: arith.cmpf false, [[X]], [[X]] : f32
  // GENERIC: "arith.cmpf"(%{{.*}}, %{{.*}}) {predicate = 0 : i64} : (f32, f32) -> i1
  %10 = arith.cmpf false, %x, %x : f32
  // CHECK: arith.cmpf oeq, [[X]], [[X]] : f32
  %11 = arith.cmpf oeq, %x, %x : f32
  // CHECK: arith.cmpf ogt, [[X]], [[X]] : f32
  %12 = arith.cmpf ogt, %x, %x : f32
  // CHECK: arith.cmpf oge, [[X]], [[X]] : f32
  %13 = arith.cmpf oge, %x, %x : f32
  // CHECK: arith.cmpf olt, [[X]], [[X]] : f32
  %14 = arith.cmpf olt, %x, %x : f32
  // CHECK: arith.cmpf ole, [[X]], [[X]] : f32
  %15 = arith.cmpf ole, %x, %x : f32
  // CHECK: arith.cmpf one, [[X]], [[X]] : f32
  %16 = arith.cmpf one, %x, %x : f32
  // CHECK: arith.cmpf ord, [[X]], [[X]] : f32
  %17 = arith.cmpf ord, %x, %x : f32
  // CHECK: arith.cmpf ueq, [[X]], [[X]] : f32
  %18 = arith.cmpf ueq, %x, %x : f32
  // CHECK: arith.cmpf ugt, [[X]], [[X]] : f32
  %19 = arith.cmpf ugt, %x, %x : f32
  // CHECK: arith.cmpf uge, [[X]], [[X]] : f32
  %20 = arith.cmpf uge, %x, %x : f32
  // CHECK: arith.cmpf ult, [[X]], [[X]] : f32
  %21 = arith.cmpf ult, %x, %x : f32
  // CHECK: arith.cmpf ule, [[X]], [[X]] : f32
  %22 = arith.cmpf ule, %x, %x : f32
  // CHECK: arith.cmpf une, [[X]], [[X]] : f32
  %23 = arith.cmpf une, %x, %x : f32
  // CHECK: arith.cmpf uno, [[X]], [[X]] : f32
  %24 = arith.cmpf uno, %x, %x : f32
  // CHECK: arith.cmpf true, [[X]], [[X]] : f32
  // GENERIC: "arith.cmpf"(%{{.*}}, %{{.*}}) {predicate = 15 : i64} : (f32, f32) -> i1
  %25 = arith.cmpf true, %x, %x : f32
  // CHECK: arith.select [[C]], [[A]], [[B]] : i32
  // GENERIC: "arith.select"(%{{.*}}, %{{.*}}, %{{.*}}) : (i1, i32, i32) -> i32
  %26 = arith.select %c, %a, %b : i32
  // CHECK: arith.cmpf olt, [[X]], [[X]] fastmath<nnan> : f32
  %27 = arith.cmpf olt, %x, %x fastmath<nnan> : f32
  return
}

// CHECK-LABEL: func.func @casts(
// CHECK-SAME: [[A:%[a-z0-9_]+]]: i32, [[X:%[a-z0-9_]+]]: f32, [[I:%[a-z0-9_]+]]: index)
func.func @casts(%a: i32, %x: f32, %i: index) {
  // CHECK: arith.extsi [[A]] : i32 to i64
  // GENERIC: "arith.extsi"(%{{.*}}) : (i32) -> i64
  %0 = arith.extsi %a : i32 to i64
  // CHECK: arith.extui [[A]] : i32 to i64
  // GENERIC: "arith.extui"
  %1 = arith.extui %a : i32 to i64
  // CHECK: arith.trunci [[A]] : i32 to i8
  // GENERIC: "arith.trunci"(%{{.*}}) : (i32) -> i8
  %2 = arith.trunci %a : i32 to i8
  // CHECK: arith.extf [[X]] : f32 to f64
  // GENERIC: "arith.extf"
  %3 = arith.extf %x : f32 to f64
  // CHECK: arith.truncf [[X]] : f32 to f16
  // GENERIC: "arith.truncf"
  %4 = arith.truncf %x : f32 to f16
  // CHECK: arith.sitofp [[A]] : i32 to f32
  // GENERIC: "arith.sitofp"
  %5 = arith.sitofp %a : i32 to f32
  // CHECK: arith.uitofp [[A]] : i32 to f64
  // GENERIC: "arith.uitofp"
  %6 = arith.uitofp %a : i32 to f64
  // CHECK: arith.fptosi [[X]] : f32 to i32
  // GENERIC: "arith.fptosi"
  %7 = arith.fptosi %x : f32 to i32
  // CHECK: arith.fptoui [[X]] : f32 to i16
  // GENERIC: "arith.fptoui"
  %8 = arith.fptoui %x : f32 to i16
  // CHECK: arith.index_cast [[A]] : i32 to index
  // GENERIC: "arith.index_cast"(%{{.*}}) : (i32) -> index
  %9 = arith.index_cast %a : i32 to index
  // CHECK: arith.index_cast [[I]] : index to i64
  %10 = arith.index_cast %i : index to i64
  // CHECK: arith.index_castui [[I]] : index to i32
  // GENERIC: "arith.index_castui"
  %11 = arith.index_castui %i : index to i32
  // CHECK: arith.bitcast [[A]] : i32 to f32
  // GENERIC: "arith.bitcast"(%{{.*}}) : (i32) -> f32
  %12 = arith.bitcast %a : i32 to f32
  // CHECK: arith.bitcast [[X]] : f32 to i32
  %13 = arith.bitcast %x : f32 to i32
  return
}

// Element-wise on tensors, static and dynamic.
// CHECK-LABEL: func.func @tensors(
// CHECK-SAME: [[T:%[a-z0-9_]+]]: tensor<4x?xf32>, [[U:%[a-z0-9_]+]]: tensor<4xi32>, [[M:%[a-z0-9_]+]]: tensor<4xi1>)
func.func @tensors(%t: tensor<4x?xf32>, %u: tensor<4xi32>, %m: tensor<4xi1>) -> tensor<4x?xf32> {
  // CHECK: arith.addf [[T]], [[T]] : tensor<4x?xf32>
  // GENERIC: "arith.addf"(%{{.*}}, %{{.*}}) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  %0 = arith.addf %t, %t : tensor<4x?xf32>
  // CHECK: arith.cmpi slt, [[U]], [[U]] : tensor<4xi32>
  // GENERIC: "arith.cmpi"(%{{.*}}, %{{.*}}) {predicate = 2 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = arith.cmpi slt, %u, %u : tensor<4xi32>
  // CHECK: arith.select [[M]], [[U]], [[U]] : tensor<4xi1>, tensor<4xi32>
  // GENERIC: "arith.select"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = arith.select %m, %u, %u : tensor<4xi1>, tensor<4xi32>
  // CHECK: arith.sitofp [[U]] : tensor<4xi32> to tensor<4xf32>
  %3 = arith.sitofp %u : tensor<4xi32> to tensor<4xf32>
  // A scalar condition selects whole tensors.
  %c = arith.constant false
  // CHECK: arith.select %{{.*}}, [[U]], [[U]] : tensor<4xi32>
  %4 = arith.select %c, %u, %u : tensor<4xi32>
  return %0 : tensor<4x?xf32>
}
