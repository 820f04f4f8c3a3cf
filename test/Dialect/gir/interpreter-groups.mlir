// The gir interpreter runs the units of a group in lockstep between block
// syncs, with one shared buffer per group: a block exchange gives the
// neighbour's values; accesses that only a missing sync would order, a failed
// gir.assume_multiple are located errors.
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=exchange --print-values | FileCheck %s --check-prefix=EXCHANGE
// RUN: vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=async_tail --print-values | FileCheck %s --check-prefix=ASYNC
// RUN: not vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=raw 2>&1 | FileCheck %s --check-prefix=RAW
// RUN: not vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=war 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: not vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=async_war 2>&1 | FileCheck %s --check-prefix=AWAR
// RUN: not vtc-run %s --target=gir --pass-pipeline='builtin.module()' --entry=not_multiple 2>&1 | FileCheck %s --check-prefix=MULTIPLE

// Unit u of each of 2 groups writes 4 x (10 g + u) into shared memory;
// after the sync it reads the other unit's 4.
// EXCHANGE: result 0: tensor<2x8xf32>
// EXCHANGE-NEXT: values: {{\[\[}}1, 1, 1, 1, 0, 0, 0, 0], [11, 11, 11, 11, 10, 10, 10, 10]]
gir.kernel @swap(%y: !gir.buffer<global, 2x8xf32>) parallel gpu group 2 lanes 32 {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %g = gir.id group
  %u = gir.id unit_in_group
  %s = gir.alloc() : !gir.buffer<shared, 8xf32>
  %g10 = arith.muli %g, %c10 : index
  %val = arith.addi %g10, %u : index
  %vi = arith.index_cast %val : index to i32
  %vf = arith.sitofp %vi : i32 to f32
  %r = gir.broadcast %vf : f32 -> !gir.slice<register, 1x4xf32>
  %off = arith.muli %u, %c4 : index
  %sv = gir.view %s[%off] : !gir.buffer<shared, 8xf32> -> !gir.slice<shared, 1x4xf32>
  gir.copy %r to %sv : !gir.slice<register, 1x4xf32> -> !gir.slice<shared, 1x4xf32>
  gir.sync block %s : !gir.buffer<shared, 8xf32>
  %o = arith.subi %c1, %u : index
  %ooff = arith.muli %o, %c4 : index
  %ov = gir.view %s[%ooff] : !gir.buffer<shared, 8xf32> -> !gir.slice<shared, 1x4xf32>
  %x = gir.copy %ov : !gir.slice<shared, 1x4xf32> -> !gir.slice<register, 1x4xf32>
  %g8 = arith.muli %g, %c8 : index
  %yo = arith.addi %g8, %off : index
  %yv = gir.view %y[%yo] : !gir.buffer<global, 2x8xf32> -> !gir.slice<global, 1x4xf32>
  gir.copy %x to %yv : !gir.slice<register, 1x4xf32> -> !gir.slice<global, 1x4xf32>
}

func.func @exchange() -> !gir.buffer<global, 2x8xf32> {
  %c2 = arith.constant 2 : index
  %y = gir.alloc() : !gir.buffer<global, 2x8xf32>
  gir.launch @swap[%c2](%y) : (!gir.buffer<global, 2x8xf32>)
  return %y : !gir.buffer<global, 2x8xf32>
}

// An asynchronous copy of rows 0..1, columns 0..5 of a 4x8 view zero-fills
// the rest; it lands at the wait.
// ASYNC: result 0: tensor<4x8xf16>
// ASYNC-NEXT: values: [1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, ... (16 of 32 shown, flattened)]
gir.kernel @tail(%x: !gir.buffer<global, 4x8xf16>, %y: !gir.buffer<global, 4x8xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %s = gir.alloc() : !gir.buffer<shared, 4x8xf16>
  %g = gir.view %x[%c0] valid(%c2, %c6) : !gir.buffer<global, 4x8xf16> -> !gir.slice<global, 4x8xf16>
  %sv = gir.view %s[%c0] : !gir.buffer<shared, 4x8xf16> -> !gir.slice<shared, 4x8xf16>
  gir.copy_async %g to %sv : !gir.slice<global, 4x8xf16> -> !gir.slice<shared, 4x8xf16>
  gir.async_commit
  gir.async_wait 0
  %r = gir.copy %sv : !gir.slice<shared, 4x8xf16> -> !gir.slice<register, 4x8xf16>
  %yv = gir.view %y[%c0] : !gir.buffer<global, 4x8xf16> -> !gir.slice<global, 4x8xf16>
  gir.copy %r to %yv : !gir.slice<register, 4x8xf16> -> !gir.slice<global, 4x8xf16>
}

func.func @async_tail() -> !gir.buffer<global, 4x8xf16> {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f16
  %x = gir.alloc() : !gir.buffer<global, 4x8xf16>
  gir.launch @fill[%c1](%x, %one) : (!gir.buffer<global, 4x8xf16>, f16)
  %y = gir.alloc() : !gir.buffer<global, 4x8xf16>
  gir.launch @tail[%c1](%x, %y) : (!gir.buffer<global, 4x8xf16>, !gir.buffer<global, 4x8xf16>)
  gir.free %x : !gir.buffer<global, 4x8xf16>
  return %y : !gir.buffer<global, 4x8xf16>
}

gir.kernel @fill(%x: !gir.buffer<global, 4x8xf16>, %v: f16) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %r = gir.broadcast %v : f16 -> !gir.slice<register, 4x8xf16>
  %xv = gir.view %x[%c0] : !gir.buffer<global, 4x8xf16> -> !gir.slice<global, 4x8xf16>
  gir.copy %r to %xv : !gir.slice<register, 4x8xf16> -> !gir.slice<global, 4x8xf16>
}

// Unit 0 writes element 3, unit 1 reads it with no sync between.
// RAW: interpreter-groups.mlir:[[@LINE+12]]:8: error: gir interpreter: 'gir.copy': unit 1 of group 0 reads element 3 of a shared buffer that unit 0 wrote since the last block sync (a gir.sync block is missing)
gir.kernel @raw_k() parallel gpu group 2 lanes 32 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %u = gir.id unit_in_group
  %nu = arith.subi %c1, %u : index
  %s = gir.alloc() : !gir.buffer<shared, 8xf32>
  %w = gir.view %s[%c3] valid(%nu, %nu) : !gir.buffer<shared, 8xf32> -> !gir.slice<shared, 1x1xf32>
  %r = gir.broadcast %one : f32 -> !gir.slice<register, 1x1xf32>
  gir.copy %r to %w : !gir.slice<register, 1x1xf32> -> !gir.slice<shared, 1x1xf32>
  %rv = gir.view %s[%c3] valid(%u, %u) : !gir.buffer<shared, 8xf32> -> !gir.slice<shared, 1x1xf32>
  %x = gir.copy %rv : !gir.slice<shared, 1x1xf32> -> !gir.slice<register, 1x1xf32>
}

func.func @raw() {
  %c1 = arith.constant 1 : index
  gir.launch @raw_k[%c1]() : ()
  return
}

// Each unit writes its half; after the sync unit 0 reads element 2 and
// unit 1 overwrites all 8 before the next sync.
// WAR: interpreter-groups.mlir:[[@LINE+20]]:3: error: gir interpreter: 'gir.copy': unit 1 of group 0 overwrites element 2 of a shared buffer that unit 0 read since the last block sync (a gir.sync block is missing)
gir.kernel @war_k() parallel gpu group 2 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %u = gir.id unit_in_group
  %nu = arith.subi %c1, %u : index
  %s = gir.alloc() : !gir.buffer<shared, 8xf32>
  %half = arith.muli %u, %c4 : index
  %mine = gir.view %s[%half] : !gir.buffer<shared, 8xf32> -> !gir.slice<shared, 1x4xf32>
  %r = gir.broadcast %one : f32 -> !gir.slice<register, 1x4xf32>
  gir.copy %r to %mine : !gir.slice<register, 1x4xf32> -> !gir.slice<shared, 1x4xf32>
  gir.sync block %s : !gir.buffer<shared, 8xf32>
  %e = gir.view %s[%c2] valid(%nu, %nu) : !gir.buffer<shared, 8xf32> -> !gir.slice<shared, 1x1xf32>
  %x = gir.copy %e : !gir.slice<shared, 1x1xf32> -> !gir.slice<register, 1x1xf32>
  %all = gir.view %s[%c0] valid(%u, %c8) : !gir.buffer<shared, 8xf32> -> !gir.slice<shared, 1x8xf32>
  %r8 = gir.broadcast %one : f32 -> !gir.slice<register, 1x8xf32>
  gir.copy %r8 to %all : !gir.slice<register, 1x8xf32> -> !gir.slice<shared, 1x8xf32>
}

func.func @war() {
  %c1 = arith.constant 1 : index
  gir.launch @war_k[%c1]() : ()
  return
}

// The same with unit 1 starting an asynchronous copy into its half, which
// unit 0 read.
// AWAR: interpreter-groups.mlir:[[@LINE+18]]:3: error: gir interpreter: 'gir.copy_async': unit 1 of group 0 starts an asynchronous copy into element 10 of a shared buffer that unit 0 read since the last block sync (a gir.sync block is missing)
gir.kernel @async_war_k(%x: !gir.buffer<global, 8xf16>) parallel gpu group 2 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %one = arith.constant 1.0 : f16
  %u = gir.id unit_in_group
  %nu = arith.subi %c1, %u : index
  %s = gir.alloc() : !gir.buffer<shared, 16xf16>
  %off = arith.muli %u, %c8 : index
  %mine = gir.view %s[%off] : !gir.buffer<shared, 16xf16> -> !gir.slice<shared, 1x8xf16>
  %r = gir.broadcast %one : f16 -> !gir.slice<register, 1x8xf16>
  gir.copy %r to %mine : !gir.slice<register, 1x8xf16> -> !gir.slice<shared, 1x8xf16>
  gir.sync block %s : !gir.buffer<shared, 16xf16>
  %e = gir.view %s[%c10] valid(%nu, %nu) : !gir.buffer<shared, 16xf16> -> !gir.slice<shared, 1x1xf16>
  %y = gir.copy %e : !gir.slice<shared, 1x1xf16> -> !gir.slice<register, 1x1xf16>
  %g = gir.view %x[%c0] : !gir.buffer<global, 8xf16> -> !gir.slice<global, 1x8xf16>
  gir.copy_async %g to %mine : !gir.slice<global, 1x8xf16> -> !gir.slice<shared, 1x8xf16>
}

func.func @async_war() {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f16
  %x = gir.alloc() : !gir.buffer<global, 8xf16>
  gir.launch @fill8[%c1](%x, %one) : (!gir.buffer<global, 8xf16>, f16)
  gir.launch @async_war_k[%c1](%x) : (!gir.buffer<global, 8xf16>)
  gir.free %x : !gir.buffer<global, 8xf16>
  return
}

gir.kernel @fill8(%x: !gir.buffer<global, 8xf16>, %v: f16) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %r = gir.broadcast %v : f16 -> !gir.slice<register, 1x8xf16>
  %xv = gir.view %x[%c0] : !gir.buffer<global, 8xf16> -> !gir.slice<global, 1x8xf16>
  gir.copy %r to %xv : !gir.slice<register, 1x8xf16> -> !gir.slice<global, 1x8xf16>
}


// MULTIPLE: interpreter-groups.mlir:[[@LINE+2]]:8: error: gir interpreter: 'gir.assume_multiple': 12 is not a multiple of 8, as the program assumes
gir.kernel @not_multiple_k(%n: index) parallel gpu group 1 lanes 32 {
  %m = gir.assume_multiple %n, 8
}

func.func @not_multiple() {
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  gir.launch @not_multiple_k[%c1](%c12) : (index)
  return
}
