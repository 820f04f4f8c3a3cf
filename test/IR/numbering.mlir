// Value and block numbering as MLIR's printer: results `%N` and block
// arguments of non-entry blocks share one counter per region tree, nested
// regions continue after their parent region's values, sibling regions reuse
// numbers, entry block arguments are `%argN`, blocks are `^bbN` per region.
// RUN: vtc-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect %s | vtc-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @a(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
func.func @a(%x: i32) -> i32 {
  %sum = arith.addi %x, %x : i32
  return %sum : i32
}

// CHECK-LABEL: func.func @b(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = "test.r"() ({
// CHECK-NEXT:      %3 = arith.addi %0, %0 : i32
// CHECK-NEXT:      "test.y"(%3) : (i32) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%arg1: i32):
// CHECK-NEXT:      %3 = arith.addi %arg1, %0 : i32
// CHECK-NEXT:      "test.y"(%3) : (i32) -> ()
// CHECK-NEXT:    }) : () -> i32
// CHECK-NEXT:    %2 = arith.addi %0, %1 : i32
// CHECK-NEXT:    return %2 : i32
func.func @b(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = "test.r"() ({
    %5 = arith.addi %0, %0 : i32
    "test.y"(%5) : (i32) -> ()
  }, {
  ^bb0(%y: i32):
    %6 = arith.addi %y, %0 : i32
    "test.y"(%6) : (i32) -> ()
  }) : () -> (i32)
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// Blocks: the entry block's label is omitted when it has no arguments;
// other blocks' arguments take result numbers.
// CHECK-LABEL: func.func @c
// CHECK-NEXT:    "test.br"()[^bb1] : () -> ()
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %0 = "test.v"() : () -> i32
// CHECK-NEXT:    "test.br"(%0)[^bb2] : (i32) -> ()
// CHECK-NEXT:  ^bb2(%1: i32):
// CHECK-NEXT:    return
func.func @c() {
  "test.br"()[^loop] : () -> ()
^loop:
  %v = "test.v"() : () -> i32
  "test.br"(%v)[^exit] : (i32) -> ()
^exit(%w: i32):
  return
}

// A use textually before its definition (in a block the definition
// dominates) is a forward reference resolved when the name is defined.
// CHECK-LABEL: func.func @d
// CHECK-NEXT:    "test.br"()[^bb2] : () -> ()
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "test.use"(%0#1) : (i64) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %0:2 = "test.def"() : () -> (i32, i64)
// CHECK-NEXT:    "test.br"()[^bb1] : () -> ()
func.func @d() {
  "test.br"()[^def] : () -> ()
^use:
  "test.use"(%v#1) : (i64) -> ()
  return
^def:
  %v:2 = "test.def"() : () -> (i32, i64)
  "test.br"()[^use] : () -> ()
}
