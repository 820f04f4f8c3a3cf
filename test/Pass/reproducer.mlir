// Every IR dump names the command that reproduces the next step. Here each
// such command is actually run, as written, on the dumped IR, and its output
// must be the IR of the dump after that step (Inputs/reproduce.py).

// RUN: vtc-opt --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=3}),symbol-dce,func.func(test-tag{value="a b"}))' --print-ir-before-all --print-ir-after-all %s -o /dev/null 2> %t.dumps
// RUN: %python %S/Inputs/reproduce.py %t.dumps | FileCheck %s
// CHECK: reproduced Before cse: vtc-opt --pass-pipeline='builtin.module(func.func(cse))'
// CHECK: reproduced After cse: vtc-opt --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 region-simplify=normal test-convergence=false top-down=true}))'
// CHECK: reproduced Before canonicalize: vtc-opt --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 region-simplify=normal test-convergence=false top-down=true}))'
// CHECK: reproduced After canonicalize: vtc-opt --pass-pipeline='builtin.module(symbol-dce)'
// CHECK: reproduced Before symbol-dce: vtc-opt --pass-pipeline='builtin.module(symbol-dce)'
// CHECK: reproduced After symbol-dce: vtc-opt --pass-pipeline='builtin.module(func.func(test-tag{value="a b"}))'
// CHECK: reproduced Before test-tag: vtc-opt --pass-pipeline='builtin.module(func.func(test-tag{value="a b"}))'
// CHECK: 7 steps reproduced

// The same with generic printing and --allow-unregistered-dialect: the flags travel.
// RUN: vtc-opt --allow-unregistered-dialect --print-generic --cse --canonicalize --print-ir-before-all --print-ir-after-all %s -o /dev/null 2> %t.generic
// RUN: %python %S/Inputs/reproduce.py %t.generic | FileCheck %s --check-prefix=GENERIC
// GENERIC: reproduced Before cse: vtc-opt --allow-unregistered-dialect --print-generic --pass-pipeline='builtin.module(cse)'
// GENERIC: 3 steps reproduced

// The checker itself notices a dump that does not match (an edited After cse).
// RUN: sed -e '/IR Dump After cse/,/IR Dump/s/arith.muli/arith.subi/' %t.dumps > %t.broken
// RUN: not %python %S/Inputs/reproduce.py %t.broken | FileCheck %s --check-prefix=BROKEN
// BROKEN: MISMATCH

func.func @f(%a: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.addi %a, %c : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func private @unused()
func.func @g(%b: i32) -> i32 {
  %0 = arith.muli %b, %b : i32
  %1 = arith.muli %b, %b : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
