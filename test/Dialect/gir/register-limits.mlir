// The largest register slice gir admits, 32768 elements, compiles and runs
// on the CPU (gir-to-llvm makes it one LLVM vector); one element more is a
// verifier error: it used to reach LLVM's code generator, which aborts on
// vectors of more than 32768 elements ("SmallVector unable to grow"), and
// 65536-element ones took minutes to compile before that.
// RUN: split-file %s %t
// RUN: vtc-run %t/largest.mlir --target=cpu | FileCheck %s --check-prefix=LARGEST
// RUN: vtc-run %t/largest.mlir --target=gir | FileCheck %s --check-prefix=LARGEST
// LARGEST: result 0: tensor<32768xf32> sum=98304 abs_sum=98304
// RUN: not vtc-run %t/beyond.mlir --target=cpu 2>&1 | FileCheck %s --check-prefix=BEYOND
// RUN: not vtc-translate %t/beyond.mlir --emit=llvm 2>&1 | FileCheck %s --check-prefix=BEYOND
// BEYOND: beyond.mlir:5:36: error: invalid !gir.slice: a register slice holds at most 32768 elements (num * width)
// BEYOND-NOT: LLVM ERROR

//--- largest.mlir
gir.kernel @twice(%y: !gir.buffer<global, 32768xf32>) parallel cpu group 1 lanes 1 {
  %c0 = arith.constant 0 : index
  %v = gir.view %y[%c0] : !gir.buffer<global, 32768xf32> -> !gir.slice<global, 1x32768xf32>
  %one = arith.constant 1.5 : f32
  %b = gir.broadcast %one : f32 -> !gir.slice<register, 1x32768xf32>
  %s = gir.elementwise(%b, %b) : (!gir.slice<register, 1x32768xf32>, !gir.slice<register, 1x32768xf32>) -> !gir.slice<register, 1x32768xf32> {
  ^bb0(%a: f32, %c: f32):
    %p = arith.addf %a, %c : f32
    gir.yield %p : f32
  }
  gir.copy %s to %v : !gir.slice<register, 1x32768xf32> -> !gir.slice<global, 1x32768xf32>
  gir.return
}
func.func @main() -> !gir.buffer<global, 32768xf32> {
  %c1 = arith.constant 1 : index
  %b = gir.alloc() : !gir.buffer<global, 32768xf32>
  gir.launch @twice[%c1](%b) : (!gir.buffer<global, 32768xf32>)
  return %b : !gir.buffer<global, 32768xf32>
}

//--- beyond.mlir
gir.kernel @twice(%y: !gir.buffer<global, 32769xf32>) parallel cpu group 1 lanes 1 {
  %c0 = arith.constant 0 : index
  %v = gir.view %y[%c0] : !gir.buffer<global, 32769xf32> -> !gir.slice<global, 1x32769xf32>
  %one = arith.constant 1.5 : f32
  %b = gir.broadcast %one : f32 -> !gir.slice<register, 1x32769xf32>
  %s = gir.elementwise(%b, %b) : (!gir.slice<register, 1x32769xf32>, !gir.slice<register, 1x32769xf32>) -> !gir.slice<register, 1x32769xf32> {
  ^bb0(%a: f32, %c: f32):
    %p = arith.addf %a, %c : f32
    gir.yield %p : f32
  }
  gir.copy %s to %v : !gir.slice<register, 1x32769xf32> -> !gir.slice<global, 1x32769xf32>
  gir.return
}
func.func @main() -> !gir.buffer<global, 32769xf32> {
  %c1 = arith.constant 1 : index
  %b = gir.alloc() : !gir.buffer<global, 32769xf32>
  gir.launch @twice[%c1](%b) : (!gir.buffer<global, 32769xf32>)
  return %b : !gir.buffer<global, 32769xf32>
}
