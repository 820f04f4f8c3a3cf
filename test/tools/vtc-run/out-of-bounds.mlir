// Hand-written te and gir modules whose accesses leave their buffers only
// at run time (the maps or offsets use run-time sizes, so no verifier can
// rule them out): the te and gir interpreters check every access and name
// the op; compiled code assumes them in bounds, and when one faults,
// vtc-run's fault net makes it a located error on the entry and exit 1
// instead of a crash. (An access just past a buffer may not fault: only
// the interpreters are sure to see it.)

// A load 10^8 elements past the input.
// RUN: not vtc-run %s --entry=shifted --dim=0.0=4 --target=te 2>&1 | FileCheck %s --check-prefix=SHIFT-TE
// RUN: not vtc-run %s --entry=shifted --dim=0.0=4 --target=gir 2>&1 | FileCheck %s --check-prefix=SHIFT-GIR
// RUN: not vtc-run %s --entry=shifted --dim=0.0=4 --target=cpu 2>&1 | FileCheck %s --check-prefix=SHIFT-CPU
// RUN: not vtc-run %s --entry=shifted --dim=0.0=100000 --target=cpu 2>&1 | FileCheck %s --check-prefix=SHIFT-CPU
// SHIFT-TE: out-of-bounds.mlir:[[@LINE+9]]:10: error: te.load reads index (100000000) outside its input tensor<4xf32>, at iteration (0)
// SHIFT-GIR: out-of-bounds.mlir:[[@LINE+6]]:8: error: gir interpreter: 'gir.copy': reads element 100000000 of a buffer of 4 elements
// SHIFT-CPU: out-of-bounds.mlir:[[@LINE+3]]:1: error: running @shifted on the CPU failed: the compiled code made an invalid memory access (an access out of bounds that no verifier could rule out; --target=te or --target=gir check every access and name the op)
// SHIFT-CPU-NOT: error
// SHIFT-CPU-NOT: Sanitizer
func.func @shifted(%a: tensor<?xf32>) -> tensor<?xf32> {
  %n = te.dim %a, 0 : tensor<?xf32>
  %c = te.compute(%a) [%n] shape ()[s0] -> (s0) : (tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0)[s0] -> (d0 + 100000000)] : tensor<?xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<?xf32>
}

// A domain sized by the other argument: 10^8 reads of a 4-element input.
// RUN: not vtc-run %s --entry=other_size --dim=0.0=4 --dim=1.0=100000000 --target=te 2>&1 | FileCheck %s --check-prefix=OTHER-TE
// RUN: not vtc-run %s --entry=other_size --dim=0.0=4 --dim=1.0=100000000 --target=gir 2>&1 | FileCheck %s --check-prefix=OTHER-GIR
// RUN: not vtc-run %s --entry=other_size --dim=0.0=4 --dim=1.0=100000000 --target=cpu 2>&1 | FileCheck %s --check-prefix=OTHER-CPU
// OTHER-TE: out-of-bounds.mlir:[[@LINE+7]]:10: error: te.load reads index (4) outside its input tensor<4xf32>, at iteration (4)
// OTHER-GIR: out-of-bounds.mlir:[[@LINE+4]]:8: error: gir interpreter: 'gir.copy': reads element 4 of a buffer of 4 elements
// OTHER-CPU: out-of-bounds.mlir:[[@LINE+1]]:1: error: running @other_size on the CPU failed: the compiled code made an invalid memory access
func.func @other_size(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %n = te.dim %b, 0 : tensor<?xf32>
  %c = te.compute(%a) [%n] shape ()[s0] -> (s0) : (tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0)[s0] -> (d0)] : tensor<?xf32> -> f32
    te.yield %x : f32
  }
  return %c : tensor<?xf32>
}

// A gir view at an offset the host passes (the verifier checks constant
// offsets only).
// RUN: not vtc-run %s --entry=far_view --target=gir 2>&1 | FileCheck %s --check-prefix=VIEW-GIR
// RUN: not vtc-run %s --entry=far_view --target=cpu 2>&1 | FileCheck %s --check-prefix=VIEW-CPU
// VIEW-GIR: out-of-bounds.mlir:[[@LINE+6]]:3: error: gir interpreter: 'gir.copy': writes element 100000000 of a buffer of 4 elements
// VIEW-CPU: out-of-bounds.mlir:[[@LINE+8]]:1: error: running @far_view on the CPU failed: the compiled code made an invalid memory access
gir.kernel @fill_at(%y: !gir.buffer<global, 4xf32>, %k: index) parallel cpu group 1 lanes 1 {
  %v = gir.view %y[%k] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %z = arith.constant 1.0 : f32
  %b = gir.broadcast %z : f32 -> !gir.slice<register, 1x4xf32>
  gir.copy %b to %v : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
  gir.return
}
func.func @far_view() -> !gir.buffer<global, 4xf32> {
  %c1 = arith.constant 1 : index
  %k = arith.constant 100000000 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @fill_at[%c1](%b, %k) : (!gir.buffer<global, 4xf32>, index)
  return %b : !gir.buffer<global, 4xf32>
}

// In bounds, the same modules run on every target.
// RUN: vtc-run %s --entry=shifted --dim=0.0=0 --target=cpu | FileCheck %s --check-prefix=EMPTY
// RUN: vtc-run %s --entry=other_size --dim=0.0=8 --dim=1.0=8 --target=cpu | FileCheck %s --check-prefix=SAME
// EMPTY: result 0: tensor<0xf32>
// SAME: result 0: tensor<8xf32>
