// Hand-written gir modules that cannot run: a located error and exit 1 in
// the gir interpreter and compiled for the CPU, never a hang or a crash.
// The interpreter allows 2^30 steps a run and refuses a loop or launch it
// cannot pay for before running it (or after its first trip, from that
// trip's cost), so a domain too large fails at once.

// RUN: not vtc-run %s --entry=big_loop --target=gir 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: interp-errors.mlir:[[@LINE+5]]:3: error: gir interpreter: 'gir.for': the loop: too large to interpret (the run would take more than 1073741824 steps; 1000000000000 more needed)
gir.kernel @fill_loop(%y: !gir.buffer<global, 4xf32>, %n: index) parallel cpu group 1 lanes 1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gir.for %i = %c0 to %n step %c1 {
    %k = arith.minui %i, %c3 : index
    %v = gir.view %y[%k] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
    %z = arith.constant 1.0 : f32
    %b = gir.broadcast %z : f32 -> !gir.slice<register, 1x1xf32>
    gir.copy %b to %v : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  }
  gir.return
}
func.func @big_loop() -> !gir.buffer<global, 4xf32> {
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000000000 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @fill_loop[%c1](%b, %n) : (!gir.buffer<global, 4xf32>, index)
  return %b : !gir.buffer<global, 4xf32>
}

// Two loops of 2^16 trips each, nested: each fits, together they do not;
// the outer loop is refused after its first trip.
// RUN: not vtc-run %s --entry=nested --target=gir 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: interp-errors.mlir:[[@LINE+5]]:3: error: gir interpreter: 'gir.for': the loop: too large to interpret
gir.kernel @nested_loops(%y: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 65536 : index
  gir.for %i = %c0 to %n step %c1 {
    gir.for %j = %c0 to %n step %c1 {
      %v = gir.view %y[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
      %z = arith.constant 1.0 : f32
      %b = gir.broadcast %z : f32 -> !gir.slice<register, 1x4xf32>
      gir.copy %b to %v : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
    }
  }
  gir.return
}
func.func @nested() -> !gir.buffer<global, 4xf32> {
  %c1 = arith.constant 1 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @nested_loops[%c1](%b) : (!gir.buffer<global, 4xf32>)
  return %b : !gir.buffer<global, 4xf32>
}

// A launch on 10^12 groups.
// RUN: not vtc-run %s --entry=big_launch --target=gir 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: interp-errors.mlir:[[@LINE+12]]:3: error: gir interpreter: 'gir.launch': the launch: too large to interpret (the run would take more than 1073741824 steps; 1000000000000 more needed)
gir.kernel @fill(%y: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 1 {
  %c0 = arith.constant 0 : index
  %v = gir.view %y[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %z = arith.constant 1.0 : f32
  %b = gir.broadcast %z : f32 -> !gir.slice<register, 1x4xf32>
  gir.copy %b to %v : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  gir.return
}
func.func @big_launch() -> !gir.buffer<global, 4xf32> {
  %n = arith.constant 1000000000000 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @fill[%n](%b) : (!gir.buffer<global, 4xf32>)
  return %b : !gir.buffer<global, 4xf32>
}

// A negative group count: an error at the launch, not a kernel that runs
// nothing and leaves the result unwritten.
// RUN: not vtc-run %s --entry=negative_launch --target=gir 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: interp-errors.mlir:[[@LINE+6]]:3: error: gir interpreter: 'gir.launch': launches @fill on -5 groups (a launch has 0 or more)
// RUN: not vtc-run %s --entry=negative_launch --target=cpu 2>&1 | FileCheck %s --check-prefix=NEG-CPU
// NEG-CPU: interp-errors.mlir:[[@LINE+4]]:3: error: running @negative_launch on the CPU failed: 'gir.launch': a launch has 0 or more groups, not a negative count
func.func @negative_launch() -> !gir.buffer<global, 4xf32> {
  %n = arith.constant -5 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @fill[%n](%b) : (!gir.buffer<global, 4xf32>)
  return %b : !gir.buffer<global, 4xf32>
}

// A loop whose step is 0 at run time (the compiled loop never ended), and
// one whose iv + step passes 2^63 - 1 (the compiled iv wrapped below the
// bound).
// RUN: not vtc-run %s --entry=zero_step --target=gir 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: interp-errors.mlir:[[@LINE+9]]:3: error: gir interpreter: 'gir.for': step 0 is not positive
// RUN: not vtc-run %s --entry=zero_step --target=cpu 2>&1 | FileCheck %s --check-prefix=STEP-CPU
// STEP-CPU: interp-errors.mlir:[[@LINE+7]]:3: error: running @zero_step on the CPU failed: 'gir.for': the step must be positive and iv + step must not pass 2^63 - 1 (the loop would never end)
// RUN: not vtc-run %s --entry=wrap_step --target=cpu 2>&1 | FileCheck %s --check-prefix=WRAP-CPU
// WRAP-CPU: interp-errors.mlir:[[@LINE+5]]:3: error: running @wrap_step on the CPU failed: 'gir.for': the step must be positive and iv + step must not pass 2^63 - 1 (the loop would never end)
gir.kernel @fill_step(%y: !gir.buffer<global, 4xf32>, %s: index) parallel cpu group 1 lanes 1 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %max = arith.constant 9223372036854775807 : index
  gir.for %i = %c0 to %max step %s {
    %k = arith.minui %i, %c3 : index
    %v = gir.view %y[%k] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x1xf32>
    %z = arith.constant 1.0 : f32
    %b = gir.broadcast %z : f32 -> !gir.slice<register, 1x1xf32>
    gir.copy %b to %v : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  }
  gir.return
}
func.func @zero_step() -> !gir.buffer<global, 4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @fill_step[%c1](%b, %c0) : (!gir.buffer<global, 4xf32>, index)
  return %b : !gir.buffer<global, 4xf32>
}
func.func @wrap_step() -> !gir.buffer<global, 4xf32> {
  %c1 = arith.constant 1 : index
  %s = arith.constant 4611686018427387904 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @fill_step[%c1](%b, %s) : (!gir.buffer<global, 4xf32>, index)
  return %b : !gir.buffer<global, 4xf32>
}

// The same huge-step loop terminates in the interpreter (its trips are
// counted without overflow): 2 trips write elements 0 and 3 of 4, so the
// result has elements never written.
// RUN: not vtc-run %s --entry=wrap_step --target=gir 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: error: gir interpreter: 'func.return': result #0: element 1 was never written
