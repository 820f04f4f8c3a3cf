// Device barriers in the gir interpreter: a launch whose kernel has a
// `gir.sync device` runs all its units at once, interleaved between syncs;
// block syncs inside it stay per group (with their shared-memory checks).
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=reduce --print-values | FileCheck %s --check-prefix=REDUCE
// Without the device barrier, group g reads only the partials of groups
// 0..g (the groups run one after another): the result is wrong, so the
// barrier is what makes it right.
// RUN: sed 's/gir.sync device/gir.sync lane/' %s > %t.nobarrier.mlir
// RUN: vtc-run %t.nobarrier.mlir --target=gir --pass-pipeline='builtin.module()' --entry=reduce --print-values | FileCheck %s --check-prefix=NOBARRIER
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=rotate --print-values | FileCheck %s --check-prefix=ROTATE
// RUN: not vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=too_many 2>&1 | FileCheck %s --check-prefix=CAP

// Two-phase reduction across 8 groups of 2 units: unit k holds k + 1; a
// group sums its two through shared memory (block sync), unit 0 writes the
// group's partial 4g + 3; after the device barrier every unit sums the 8
// partials: 136.
// REDUCE: result 0: tensor<16xf32>
// REDUCE-NEXT: values: [136, 136, 136, 136, 136, 136, 136, 136, 136, 136, 136, 136, 136, 136, 136, 136]
// NOBARRIER: result 0: tensor<16xf32>
// NOBARRIER-NEXT: values: [3, 3, 10, 10, 21, 21, 36, 36, 55, 55, 78, 78, 105, 105, 136, 136]
gir.kernel @two_phase(%p: !gir.buffer<global, 8xf32>, %y: !gir.buffer<global, 16xf32>) parallel gpu group 2 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %u = gir.id unit
  %g = gir.id group
  %ui = gir.id unit_in_group
  %s = gir.alloc() : !gir.buffer<shared, 2xf32>
  %k1 = arith.addi %u, %c1 : index
  %k1i = arith.index_cast %k1 : index to i32
  %v = arith.sitofp %k1i : i32 to f32
  %r = gir.broadcast %v : f32 -> !gir.slice<register, 1x1xf32>
  %sv = gir.view %s[%ui] : !gir.buffer<shared, 2xf32> -> !gir.slice<shared, 1x1xf32>
  gir.copy %r to %sv : !gir.slice<register, 1x1xf32> -> !gir.slice<shared, 1x1xf32>
  gir.sync block %s : !gir.buffer<shared, 2xf32>
  %both = gir.view %s[%c0] : !gir.buffer<shared, 2xf32> -> !gir.slice<shared, 1x2xf32>
  %br = gir.copy %both : !gir.slice<shared, 1x2xf32> -> !gir.slice<register, 1x2xf32>
  %part = gir.reduce sum width %br : !gir.slice<register, 1x2xf32> -> !gir.slice<register, 1x1xf32>
  %lead = arith.cmpi eq, %ui, %c0 : index
  %rows = arith.select %lead, %c1, %c0 : index
  %pv = gir.view %p[%g] valid(%rows, %c1) : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %part to %pv : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
  gir.sync device
  %all = gir.view %p[%c0] : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x8xf32>
  %ar = gir.copy %all : !gir.slice<global, 1x8xf32> -> !gir.slice<register, 1x8xf32>
  %tot = gir.reduce sum width %ar : !gir.slice<register, 1x8xf32> -> !gir.slice<register, 1x1xf32>
  %yv = gir.view %y[%u] : !gir.buffer<global, 16xf32> -> !gir.slice<global, 1x1xf32>
  gir.copy %tot to %yv : !gir.slice<register, 1x1xf32> -> !gir.slice<global, 1x1xf32>
}

gir.kernel @zero8(%p: !gir.buffer<global, 8xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %r = gir.broadcast %z : f32 -> !gir.slice<register, 1x8xf32>
  %v = gir.view %p[%c0] : !gir.buffer<global, 8xf32> -> !gir.slice<global, 1x8xf32>
  gir.copy %r to %v : !gir.slice<register, 1x8xf32> -> !gir.slice<global, 1x8xf32>
}

func.func @reduce() -> !gir.buffer<global, 16xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = gir.alloc() : !gir.buffer<global, 8xf32>
  %y = gir.alloc() : !gir.buffer<global, 16xf32>
  gir.launch @zero8[%c1](%p) : (!gir.buffer<global, 8xf32>)
  gir.launch @two_phase[%c8](%p, %y) : (!gir.buffer<global, 8xf32>, !gir.buffer<global, 16xf32>)
  gir.free %p : !gir.buffer<global, 8xf32>
  return %y : !gir.buffer<global, 16xf32>
}

// The barrier is reusable: 4 rounds of "read the right neighbour, device
// barrier, write it + 1, device barrier" over 16 units in 4 groups (s[u] = u
// at first): s[u] = (u + 4) mod 16 + 4.
// ROTATE: result 0: tensor<16xi32>
// ROTATE-NEXT: values: [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 4, 5, 6, 7]
gir.kernel @rot(%s: !gir.buffer<global, 16xi32>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1 : i32
  %u = gir.id unit
  %u1 = arith.addi %u, %c1 : index
  %nb = arith.remsi %u1, %c16 : index
  %init = arith.index_cast %u : index to i32
  %ir = gir.broadcast %init : i32 -> !gir.slice<register, 1x1xi32>
  %mine = gir.view %s[%u] : !gir.buffer<global, 16xi32> -> !gir.slice<global, 1x1xi32>
  gir.copy %ir to %mine : !gir.slice<register, 1x1xi32> -> !gir.slice<global, 1x1xi32>
  gir.sync device
  gir.for %i = %c0 to %c4 step %c1 {
    %nv = gir.view %s[%nb] : !gir.buffer<global, 16xi32> -> !gir.slice<global, 1x1xi32>
    %x = gir.copy %nv : !gir.slice<global, 1x1xi32> -> !gir.slice<register, 1x1xi32>
    gir.sync device
    %x1 = gir.elementwise(%x, %one) : (!gir.slice<register, 1x1xi32>, i32) -> !gir.slice<register, 1x1xi32> {
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      gir.yield %c : i32
    }
    gir.copy %x1 to %mine : !gir.slice<register, 1x1xi32> -> !gir.slice<global, 1x1xi32>
    gir.sync device
  }
}

func.func @rotate() -> !gir.buffer<global, 16xi32> {
  %c4 = arith.constant 4 : index
  %s = gir.alloc() : !gir.buffer<global, 16xi32>
  gir.launch @rot[%c4](%s) : (!gir.buffer<global, 16xi32>)
  return %s : !gir.buffer<global, 16xi32>
}

// More units than the interpreter runs at once.
// CAP: interpreter-device.mlir:[[@LINE+4]]:3: error: gir interpreter: 'gir.launch': launches @rot, which has a device barrier, on 1028 units: the interpreter runs them all at once, at most 1024
func.func @too_many() {
  %c257 = arith.constant 257 : index
  %s = gir.alloc() : !gir.buffer<global, 16xi32>
  gir.launch @rot[%c257](%s) : (!gir.buffer<global, 16xi32>)
  gir.free %s : !gir.buffer<global, 16xi32>
  return
}
