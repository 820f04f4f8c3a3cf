// Malformed tensor-core gir: fragment layouts, transposed and asynchronous
// copies, mma on fragments; each case one located error.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s

// expected-error@+1 {{invalid !gir.slice: unknown register layout 'mma_c' (expected mma_a, mma_b, mma_acc, ffma_a, ffma_b or ffma_acc)}}
func.func private @f(!gir.slice<register, 16x16xf16, mma_c>)

// -----

// expected-error@+1 {{invalid !gir.slice: only register slices have a layout (memory slices have a stride)}}
func.func private @f(!gir.slice<shared, 16x16xf16, mma_a>)

// -----

// expected-error@+1 {{invalid !gir.slice: an mma_a fragment of 16-bit elements is made of 16x16 tiles: num and width must be multiples of 16}}
func.func private @f(!gir.slice<register, 16x8xf16, mma_a>)

// -----

// expected-error@+1 {{invalid !gir.slice: an mma_b fragment of f32 (tf32) is made of 8x8 tiles: num and width must be multiples of 8}}
func.func private @f(!gir.slice<register, 12x8xf32, mma_b>)

// -----

// expected-error@+1 {{invalid !gir.slice: an mma_acc fragment is made of 16x8 tiles: num must be a multiple of 16 and width of 8}}
func.func private @f(!gir.slice<register, 8x8xf32, mma_acc>)

// -----

// expected-error@+1 {{invalid !gir.slice: mma_a and mma_b fragments hold f16, bf16 or f32 (as tf32) elements}}
func.func private @f(!gir.slice<register, 16x16xi8, mma_a>)

// -----

// expected-error@+1 {{gir types must be spelled canonically: write '!gir.slice<register, 16x8xf32, mma_acc>'}}
func.func private @f(!gir.slice<register, 16x8xf32,mma_acc>)

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %a = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_acc>
  // expected-error@+1 {{'gir.elementwise' op operand #0 has layout mma_acc (of 32-bit elements), the result lanes (of 32-bit elements): every element must be in the same lane (re-pattern with 'gir.sync warp')}}
  %b = gir.elementwise(%a) : (!gir.slice<register, 16x16xf32, mma_acc>) -> !gir.slice<register, 16x16xf32> {
  ^bb0(%e: f32):
    gir.yield %e : f32
  }
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %a = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_a>
  // expected-error@+1 {{'gir.elementwise' op operand #0 has layout mma_a (of 32-bit elements), the result mma_a (of 16-bit elements): every element must be in the same lane (re-pattern with 'gir.sync warp')}}
  %b = gir.elementwise(%a) : (!gir.slice<register, 16x16xf32, mma_a>) -> !gir.slice<register, 16x16xf16, mma_a> {
  ^bb0(%e: f32):
    %t = arith.truncf %e : f32 to f16
    gir.yield %t : f16
  }
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %a = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_acc>
  // expected-error@+1 {{'gir.reduce' op result has layout mma_acc; a reduction's result has the default layout}}
  %r = gir.reduce sum width %a : !gir.slice<register, 16x16xf32, mma_acc> -> !gir.slice<register, 16x8xf32, mma_acc>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %a = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_acc>
  // expected-error@+1 {{'gir.broadcast' op operand has layout mma_acc; a broadcast reads a slice of the default layout}}
  %b = gir.broadcast %a : !gir.slice<register, 16x16xf32, mma_acc> -> !gir.slice<register, 16x16xf32>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  %a = gir.copy %v : !gir.slice<global, 16x16xf16> -> !gir.slice<register, 16x16xf16, mma_a>
  %b = gir.copy %v : !gir.slice<global, 16x16xf16> -> !gir.slice<register, 16x16xf16>
  %z = arith.constant 0.0 : f32
  %c = gir.broadcast %z : f32 -> !gir.slice<register, 16x16xf32, mma_acc>
  // expected-error@+1 {{'gir.mma' op on fragments takes A as mma_a, B as mma_b and C as mma_acc (they are mma_a, lanes, mma_acc)}}
  %d = gir.mma %a, %b, %c : !gir.slice<register, 16x16xf16, mma_a>, !gir.slice<register, 16x16xf16>, !gir.slice<register, 16x16xf32, mma_acc>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %a = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_a>
  %b = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_b>
  %c = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_acc>
  // expected-error@+1 {{'gir.mma' op multiplies f32 fragments on tensor cores, which round the inputs to tf32: say so with `tf32` (or use the default layout for exact f32 FMAs)}}
  %d = gir.mma %a, %b, %c : !gir.slice<register, 16x16xf32, mma_a>, !gir.slice<register, 16x16xf32, mma_b>, !gir.slice<register, 16x16xf32, mma_acc>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xbf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xbf16> -> !gir.slice<global, 16x16xbf16>
  %a = gir.copy %v : !gir.slice<global, 16x16xbf16> -> !gir.slice<register, 16x16xbf16, mma_a>
  %b = gir.copy %v : !gir.slice<global, 16x16xbf16> -> !gir.slice<register, 16x16xbf16, mma_b>
  %c = gir.copy %v : !gir.slice<global, 16x16xbf16> -> !gir.slice<register, 16x16xbf16, mma_acc>
  // expected-error@+1 {{'gir.mma' op tensor cores multiply f16 into f32 or f16, bf16 into f32, and f32 (as tf32) into f32, not bf16 into bf16}}
  %d = gir.mma %a, %b, %c : !gir.slice<register, 16x16xbf16, mma_a>, !gir.slice<register, 16x16xbf16, mma_b>, !gir.slice<register, 16x16xbf16, mma_acc>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %a = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32>
  // expected-error@+1 {{'gir.mma' op `tf32` needs tensor-core fragments (mma_a, mma_b, mma_acc operands)}}
  %d = gir.mma %a, %a, %a {tf32} : !gir.slice<register, 16x16xf32>, !gir.slice<register, 16x16xf32>, !gir.slice<register, 16x16xf32>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x32xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x32xf16> -> !gir.slice<global, 16x32xf16>
  // expected-error@+1 {{'gir.copy' op with `transpose`, source 16x32 must be destination 16x32 transposed}}
  %a = gir.copy %v {transpose} : !gir.slice<global, 16x32xf16> -> !gir.slice<register, 16x32xf16, mma_a>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xf16>
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  %w = gir.view %s[%c0] : !gir.buffer<shared, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
  // expected-error@+1 {{'gir.copy' op transposes between registers and memory only (not from global to shared memory)}}
  gir.copy %v to %w {transpose} : !gir.slice<global, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xf16>
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  %w = gir.view %s[%c0] : !gir.buffer<shared, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
  // expected-error@+1 {{'gir.copy_async' op copies global memory to shared memory, not shared to global}}
  gir.copy_async %w to %v : !gir.slice<shared, 16x16xf16> -> !gir.slice<global, 16x16xf16>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xf16>
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x12xf16, 16>
  %w = gir.view %s[%c0] : !gir.buffer<shared, 16x16xf16> -> !gir.slice<shared, 16x12xf16, 16>
  // expected-error@+1 {{'gir.copy_async' op segments of 12 elements are not whole 16-byte chunks (8 elements)}}
  gir.copy_async %v to %w : !gir.slice<global, 16x12xf16, 16> -> !gir.slice<shared, 16x12xf16, 16>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?x?xf16>, %k: index) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xf16>
  %v = gir.view %x[%c0] stride %k : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 16x16xf16, ?>
  %w = gir.view %s[%c0] : !gir.buffer<shared, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
  // expected-error@+1 {{'gir.copy_async' op source stride is not known to be a multiple of 8 elements (16 bytes): every segment must start on a chunk (state it with gir.assume_multiple)}}
  gir.copy_async %v to %w : !gir.slice<global, 16x16xf16, ?> -> !gir.slice<shared, 16x16xf16>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?x?xf16>, %k: index) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %k8 = gir.assume_multiple %k, 8
  %off = arith.addi %k8, %c4 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xf16>
  %v = gir.view %x[%off] stride %k8 : !gir.buffer<global, ?x?xf16> -> !gir.slice<global, 16x16xf16, ?>
  %w = gir.view %s[%c0] : !gir.buffer<shared, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
  // expected-error@+1 {{'gir.copy_async' op source offset is not known to be a multiple of 8 elements (16 bytes): cp.async moves aligned 16-byte chunks (state it with gir.assume_multiple)}}
  gir.copy_async %v to %w : !gir.slice<global, 16x16xf16, ?> -> !gir.slice<shared, 16x16xf16>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf16>, %n: index) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xf16>
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  %w = gir.view %s[%c0] valid(%n, %n) : !gir.buffer<shared, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
  // expected-error@+1 {{'gir.copy_async' op writes every element of its destination: the destination view cannot be masked (mask the source: elements outside its `valid` counts are zero-filled)}}
  gir.copy_async %v to %w : !gir.slice<global, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf16>, %n: index) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 16x16xf16>
  %v = gir.view %x[%c0] valid(%n, %n) {padding = 1.0 : f16} : !gir.buffer<global, 16x16xf16> -> !gir.slice<global, 16x16xf16>
  %w = gir.view %s[%c0] : !gir.buffer<shared, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
  // expected-error@+1 {{'gir.copy_async' op zero-fills elements outside the source's `valid` counts: the source's padding must be zero}}
  gir.copy_async %v to %w : !gir.slice<global, 16x16xf16> -> !gir.slice<shared, 16x16xf16>
}

// -----

gir.kernel @k() parallel gpu group 1 lanes 32 {
  // expected-error@+1 {{'gir.async_wait' op pending must be in [0, 7], but is 9}}
  gir.async_wait 9
}

// -----

func.func @f() {
  // expected-error@+1 {{'gir.async_commit' op runs on the parallel units and must be inside a 'gir.kernel'}}
  gir.async_commit
  return
}

// -----

gir.kernel @k(%k: index) parallel gpu group 1 lanes 32 {
  // expected-error@+1 {{'gir.assume_multiple' op multiple must be at least 1, but is 0}}
  %k0 = gir.assume_multiple %k, 0
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %a = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_acc>
  // expected-error@+1 {{'gir.sync' op 'lane' scope exchanges nothing between lanes, so the pattern cannot change (use 'warp')}}
  %b = gir.sync lane %a : !gir.slice<register, 16x16xf32, mma_acc> -> !gir.slice<register, 16x16xf32>
}

// -----

// expected-error@+1 {{invalid !gir.slice: an ffma_acc slice spreads its rows over 4 rows and its columns over 8 columns of lanes: num must be a multiple of 4 and width of 8}}
func.func private @f(!gir.slice<register, 32x12xf32, ffma_acc>)

// -----

gir.kernel @k(%x: !gir.buffer<global, 16x16xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, 16x16xf32> -> !gir.slice<global, 16x16xf32>
  %a = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, ffma_a>
  %b = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, mma_b>
  %c = gir.copy %v : !gir.slice<global, 16x16xf32> -> !gir.slice<register, 16x16xf32, ffma_acc>
  // expected-error@+1 {{'gir.mma' op on thread tiles takes A as ffma_a, B as ffma_b and C as ffma_acc (they are ffma_a, mma_b, ffma_acc)}}
  %d = gir.mma %a, %b, %c : !gir.slice<register, 16x16xf32, ffma_a>, !gir.slice<register, 16x16xf32, mma_b>, !gir.slice<register, 16x16xf32, ffma_acc>
}
