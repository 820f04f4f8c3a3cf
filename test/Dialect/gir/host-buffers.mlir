// The buffer discipline of hand-written host code, checked before it is
// compiled (the gir interpreter checks it as it runs): compiled, a double
// free or a buffer returned twice crashed the process, a returned argument
// was freed by the runner, a leak went unnoticed. Each is a located error.
// RUN: split-file %s %t
// RUN: not vtc-translate %t/double-free.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not vtc-run %t/double-free.mlir --target=cpu 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not vtc-run %t/double-free.mlir --target=gir 2>&1 | FileCheck %s --check-prefix=TWICE-GIR
// TWICE: double-free.mlir:4:3: error: 'gir.free' op frees a buffer twice
// TWICE: double-free.mlir:3:3: note: freed here
// TWICE-GIR: double-free.mlir:4:3: error: gir interpreter: 'gir.free': frees a buffer twice
// RUN: not vtc-translate %t/use-after-free.mlir 2>&1 | FileCheck %s --check-prefix=UAF
// UAF: use-after-free.mlir:9:3: error: 'gir.launch' op uses a buffer already freed
// UAF: use-after-free.mlir:8:3: note: freed here
// RUN: not vtc-translate %t/return-freed.mlir 2>&1 | FileCheck %s --check-prefix=RETFREED
// RETFREED: return-freed.mlir:4:3: error: 'func.return' op uses a buffer already freed
// RUN: not vtc-translate %t/free-argument.mlir 2>&1 | FileCheck %s --check-prefix=FREEARG
// FREEARG: free-argument.mlir:2:3: error: 'gir.free' op frees a buffer the function did not allocate (an argument belongs to the caller)
// RUN: not vtc-translate %t/return-argument.mlir 2>&1 | FileCheck %s --check-prefix=RETARG
// RETARG: return-argument.mlir:2:3: error: 'func.return' op returns a buffer the function did not allocate (result #0)
// RUN: not vtc-translate %t/return-twice.mlir 2>&1 | FileCheck %s --check-prefix=RET2
// RUN: not vtc-run %t/return-twice.mlir --target=cpu 2>&1 | FileCheck %s --check-prefix=RET2
// RET2: return-twice.mlir:3:3: error: 'func.return' op returns one buffer twice (result #1): each result is its own buffer
// RUN: not vtc-translate %t/leak.mlir 2>&1 | FileCheck %s --check-prefix=LEAK
// LEAK: leak.mlir:3:8: error: buffer allocated here is neither freed nor returned (it would leak)
// Kernels whose group size or lanes no unit has.
// RUN: not vtc-run %t/group.mlir --target=cpu 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: group.mlir:1:1: error: 'gir.kernel' op group_size must be at most 1024, but is 9223372036854775807
// RUN: not vtc-opt %t/lanes.mlir 2>&1 | FileCheck %s --check-prefix=LANES
// LANES: lanes.mlir:1:1: error: 'gir.kernel' op lanes must be at most 32768, but is 100000
// The discipline lower-te-to-gir follows passes.
// RUN: vtc-translate %t/fine.mlir -o /dev/null

//--- double-free.mlir
func.func @main() -> !gir.buffer<global, 4xf32> {
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.free %b : !gir.buffer<global, 4xf32>
  gir.free %b : !gir.buffer<global, 4xf32>
  %c = gir.alloc() : !gir.buffer<global, 4xf32>
  return %c : !gir.buffer<global, 4xf32>
}
//--- use-after-free.mlir
gir.kernel @k(%y: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 4 {
  gir.return
}
func.func @main() -> !gir.buffer<global, 4xf32> {
  %c1 = arith.constant 1 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  %c = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.free %b : !gir.buffer<global, 4xf32>
  gir.launch @k[%c1](%b) : (!gir.buffer<global, 4xf32>)
  return %c : !gir.buffer<global, 4xf32>
}
//--- return-freed.mlir
func.func @main() -> !gir.buffer<global, 4xf32> {
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.free %b : !gir.buffer<global, 4xf32>
  return %b : !gir.buffer<global, 4xf32>
}
//--- free-argument.mlir
func.func @main(%a: !gir.buffer<global, 4xf32>) {
  gir.free %a : !gir.buffer<global, 4xf32>
  return
}
//--- return-argument.mlir
func.func @main(%a: !gir.buffer<global, 4xf32>) -> !gir.buffer<global, 4xf32> {
  return %a : !gir.buffer<global, 4xf32>
}
//--- return-twice.mlir
func.func @main() -> (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>) {
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  return %b, %b : !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>
}
//--- leak.mlir
func.func @main() -> !gir.buffer<global, 4xf32> {
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  %c = gir.alloc() : !gir.buffer<global, 4xf32>
  return %b : !gir.buffer<global, 4xf32>
}
//--- group.mlir
gir.kernel @k(%y: !gir.buffer<global, 4xf32>) parallel cpu group 9223372036854775807 lanes 4 {
  gir.return
}
func.func @main() -> !gir.buffer<global, 4xf32> {
  %c1 = arith.constant 1 : index
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.launch @k[%c1](%b) : (!gir.buffer<global, 4xf32>)
  return %b : !gir.buffer<global, 4xf32>
}
//--- lanes.mlir
gir.kernel @k(%y: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 100000 {
  gir.return
}
//--- fine.mlir
func.func @main(%a: !gir.buffer<global, 4xf32>) -> (!gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>) {
  %b = gir.alloc() : !gir.buffer<global, 4xf32>
  %c = gir.alloc() : !gir.buffer<global, 4xf32>
  %d = gir.alloc() : !gir.buffer<global, 4xf32>
  gir.free %d : !gir.buffer<global, 4xf32>
  return %b, %c : !gir.buffer<global, 4xf32>, !gir.buffer<global, 4xf32>
}
