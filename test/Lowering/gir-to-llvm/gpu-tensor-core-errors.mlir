// What the tensor-core lowering cannot do is a located error: fragments,
// transposed and asynchronous copies in a CPU kernel, a reduction of a
// fragment, more shared memory than the architecture allows a block.
// RUN: split-file %s %t
// RUN: not vtc-translate %t/cpu-fragment.mlir 2>&1 | FileCheck %s --check-prefix=CPUFRAG
// RUN: not vtc-translate %t/cpu-async.mlir 2>&1 | FileCheck %s --check-prefix=CPUASYNC
// RUN: not vtc-translate %t/cpu-transpose.mlir 2>&1 | FileCheck %s --check-prefix=CPUTR
// RUN: not vtc-translate %t/reduce.mlir --emit=ptx 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: not vtc-translate %t/shared.mlir --emit=ptx --mcpu=sm_80 2>&1 | FileCheck %s --check-prefix=SHARED80
// RUN: vtc-translate %t/shared.mlir --emit=ptx --mcpu=sm_90 | FileCheck %s --check-prefix=SHARED90

// CPUFRAG: cpu-fragment.mlir:4:8: error: 'gir.copy' op on fragment layouts is lowered for GPU kernels only (tensor cores, ldmatrix and cp.async on sm_80 and newer)
// CPUASYNC: cpu-async.mlir:6:3: error: 'gir.copy_async' op is lowered for GPU kernels only (tensor cores, ldmatrix and cp.async on sm_80 and newer)
// CPUTR: cpu-transpose.mlir:4:8: error: 'gir.copy' op with `transpose` is lowered for GPU kernels only (tensor cores, ldmatrix and cp.async on sm_80 and newer)
// REDUCE: reduce.mlir:5:8: error: 'gir.reduce' op on a fragment layout is not supported by the NVPTX translation yet (re-pattern the slice to the default layout with 'gir.sync warp' first)
// SHARED80: shared.mlir:1:1: error: 'gir.kernel' op 'big' needs 174080 bytes of shared memory, but a block may use at most 166912 on sm_80
// 170 KiB fit an sm_90 block: dynamic shared memory.
// SHARED90: .extern .shared .align 1024 .b8 vtc_dynamic_shared[];

//--- cpu-fragment.mlir
gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %a = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %b = gir.copy %a : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_acc>
}

//--- cpu-async.mlir
gir.kernel @k(%x: !gir.buffer<global, 16x16xf16>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xf16>
  %a = gir.view %x[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
  gir.copy_async %a to %b : !gir.slice<global, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
}

//--- cpu-transpose.mlir
gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %a = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %b = gir.copy %a {transpose} : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32>
}

//--- reduce.mlir
gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %a = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %b = gir.copy %a : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_acc>
  %r = gir.reduce sum width %b : !gir.slice<register, 16x16xf32, mma_acc> -> !gir.slice<register, 16x1xf32>
  %o = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x1xf32, 16>
  gir.copy %r to %o : !gir.slice<register, 16x1xf32> -> !gir.slice<global, 16x1xf32, 16>
}

//--- shared.mlir
gir.kernel @big(%x: !gir.buffer<global, 8xf16>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 87040xf16>
  %a = gir.view %x[%c0] : !gir.buffer<global, 8xf16> -> !gir.slice<global, 1x8xf16>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 87040xf16> -> !gir.slice<shared, 1x8xf16>
  gir.copy %a to %b : !gir.slice<global, 1x8xf16> -> !gir.slice<shared, 1x8xf16>
}
