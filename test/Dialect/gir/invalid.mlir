// Malformed gir: each case is one located error (types, verifiers, custom forms).
// RUN: vtc-opt --verify-diagnostics --split-input-file %s
// RUN: not vtc-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: invalid.mlir:[[@LINE+3]]:22: error: gir types must be spelled canonically: write '!gir.slice<register, 4x16xf32>'

// expected-error@+1 {{gir types must be spelled canonically: write '!gir.slice<register, 4x16xf32>'}}
func.func private @f(!gir.slice<register,4x16xf32>)

// -----

// expected-error@+1 {{invalid !gir.slice: unknown memory level 'dram' (expected global, shared or register)}}
func.func private @f(!gir.slice<dram, 4x16xf32>)

// -----

// expected-error@+1 {{invalid !gir.slice: register slices are dense: the stride must equal the width}}
func.func private @f(!gir.slice<register, 4x16xf32, 32>)

// -----

// expected-error@+1 {{invalid !gir.slice: slice num and width must be static (a slice is a fixed-size instruction block)}}
func.func private @f(!gir.slice<global, ?x16xf32>)

// -----

// expected-error@+1 {{invalid !gir.slice: slice stride must be at least the width (segments do not overlap)}}
func.func private @f(!gir.slice<shared, 4x16xf32, 8>)

// -----

// expected-error@+1 {{invalid !gir.buffer: buffers live in global or shared memory; register data are slices (!gir.slice<register, ...>)}}
func.func private @f(!gir.buffer<register, 4xf32>)

// -----

// expected-error@+1 {{invalid !gir.slice: unknown element type 'f8' (expected iN, f16, bf16, f32 or f64)}}
func.func private @f(!gir.slice<global, 1x16xf8>)

// -----

// expected-error@+1 {{unknown gir type 'tile' (expected slice or buffer)}}
func.func private @f(!gir.tile<4>)

// -----

func.func @copy_outside(%v: !gir.slice<global, 1x16xf32>) {
  // expected-error@+1 {{'gir.copy' op runs on the parallel units and must be inside a 'gir.kernel'}}
  %r = gir.copy %v : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
  return
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 2x16xf32>
  // expected-error@+1 {{'gir.copy' op source is 2x16 but destination is 1x32: a copy keeps num and width}}
  %r = gir.copy %v : !gir.slice<global, 2x16xf32> -> !gir.slice<register, 1x32xf32>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  // expected-error@+1 {{'gir.copy' op source elements f32 differ from destination elements f16 (convert with gir.elementwise)}}
  %r = gir.copy %v : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf16>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  // expected-error@+1 {{'gir.copy' op with a result copies into registers, but the result is a shared slice (write to memory with 'gir.copy %src to %view')}}
  %r = gir.copy %v : !gir.slice<global, 1x16xf32> -> !gir.slice<shared, 1x16xf32>
}

// -----

gir.kernel @k(%r: f32) parallel cpu group 1 lanes 16 {
  %s = gir.broadcast %r : f32 -> !gir.slice<register, 1x16xf32>
  // expected-error@+1 {{'gir.copy' op from registers to registers moves nothing; re-pattern a register slice with 'gir.sync warp'}}
  %t = gir.copy %s : !gir.slice<register, 1x16xf32> -> !gir.slice<register, 1x16xf32>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'gir.view' op views a global buffer, so the slice must be at the global level, not shared}}
  %v = gir.view %x[%c0] : !gir.buffer<global, ?xf32> -> !gir.slice<shared, 1x16xf32>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, 4x16xf32>) parallel cpu group 1 lanes 16 {
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{'gir.view' op slice covers elements [8, 72) of a buffer of 64 elements}}
  %v = gir.view %x[%c8] : !gir.buffer<global, 4x16xf32> -> !gir.slice<global, 4x16xf32>
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?x?xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{the slice's stride is '?': give it with 'stride %s'}}
  %v = gir.view %x[%c0] : !gir.buffer<global, ?x?xf32> -> !gir.slice<global, 4x16xf32, ?>
}

// -----

gir.kernel @k() parallel gpu group 4 lanes 32 {
  %s = gir.alloc() : !gir.buffer<shared, 4x128xf32>
  // expected-error@+1 {{'gir.sync' op 'device' scope cannot order shared memory: shared memory belongs to one group (at most 'block' scope)}}
  gir.sync device %s : !gir.buffer<shared, 4x128xf32>
}

// -----

gir.kernel @k(%r: f32) parallel gpu group 4 lanes 32 {
  %s = gir.broadcast %r : f32 -> !gir.slice<register, 4x32xf32>
  // expected-error@+1 {{'gir.sync' op 'block' scope cannot exchange register slices: registers belong to one unit (go through shared or global memory)}}
  %t = gir.sync block %s : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 32x4xf32>
}

// -----

gir.kernel @k(%r: f32) parallel gpu group 4 lanes 32 {
  %s = gir.broadcast %r : f32 -> !gir.slice<register, 4x32xf32>
  // expected-error@+1 {{'gir.sync' op 'lane' scope exchanges nothing between lanes, so the pattern cannot change (use 'warp')}}
  %t = gir.sync lane %s : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 32x4xf32>
}

// -----

gir.kernel @k(%r: f32) parallel gpu group 4 lanes 32 {
  %s = gir.broadcast %r : f32 -> !gir.slice<register, 4x32xf32>
  // expected-error@+1 {{'gir.sync' op re-patterns 4x32 into 8x32: the element count must stay the same}}
  %t = gir.sync warp %s : !gir.slice<register, 4x32xf32> -> !gir.slice<register, 8x32xf32>
}

// -----

gir.kernel @k() parallel gpu group 4 lanes 32 {
  // expected-error@+1 {{unknown sync scope 'grid' (expected lane, warp, block or device)}}
  gir.sync grid
}

// -----

gir.kernel @k(%r: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %r : f32 -> !gir.slice<register, 4x16xf32>
  %b = gir.broadcast %r : f32 -> !gir.slice<register, 2x16xf32>
  // expected-error@+1 {{'gir.elementwise' op operand #1 is 2x16, but the result is 4x16}}
  %c = gir.elementwise(%a, %b) : (!gir.slice<register, 4x16xf32>, !gir.slice<register, 2x16xf32>) -> !gir.slice<register, 4x16xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    gir.yield %s : f32
  }
}

// -----

gir.kernel @k(%r: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %r : f32 -> !gir.slice<register, 4x16xf32>
  %c = gir.elementwise(%a) : (!gir.slice<register, 4x16xf32>) -> !gir.slice<register, 4x16xf32> {
  ^bb0(%x: f32):
    %s = arith.extf %x : f32 to f64
    // expected-error@+1 {{'gir.yield' op must yield one value of the result's element type f32}}
    gir.yield %s : f64
  }
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?xf32>, %r: f32) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %v = gir.view %x[%c0] : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  // expected-error@+1 {{'gir.elementwise' op operand #0 is a global slice; computation reads registers (copy it first)}}
  %c = gir.elementwise(%v) : (!gir.slice<global, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
  ^bb0(%a: f32):
    gir.yield %a : f32
  }
}

// -----

gir.kernel @k(%r: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %r : f32 -> !gir.slice<register, 4x16xf32>
  // expected-error@+1 {{'gir.reduce' op along width of a 4x16 slice, the result must be 4x1, not 1x16}}
  %s = gir.reduce sum width %a : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 1x16xf32>
}

// -----

gir.kernel @k(%r: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %r : f32 -> !gir.slice<register, 4x16xf32>
  // expected-error@+1 {{unknown combiner 'mean' (expected sum, max, min or prod)}}
  %s = gir.reduce mean width %a : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 4x1xf32>
}

// -----

gir.kernel @k(%r: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %r : f32 -> !gir.slice<register, 2x16xf32>
  // expected-error@+1 {{'gir.broadcast' op along num of a 4x16 slice, the operand must be 1x16, not 2x16}}
  %b = gir.broadcast num %a : !gir.slice<register, 2x16xf32> -> !gir.slice<register, 4x16xf32>
}

// -----

gir.kernel @k(%h: f16, %f: f32) parallel gpu group 1 lanes 32 {
  %a = gir.broadcast %h : f16 -> !gir.slice<register, 16x8xf16>
  %b = gir.broadcast %h : f16 -> !gir.slice<register, 16x8xf16>
  %c = gir.broadcast %f : f32 -> !gir.slice<register, 16x8xf32>
  // expected-error@+1 {{'gir.mma' op A is 16x8 and B is 16x8: A's width (K) must equal B's num}}
  %d = gir.mma %a, %b, %c : !gir.slice<register, 16x8xf16>, !gir.slice<register, 16x8xf16>, !gir.slice<register, 16x8xf32>
}

// -----

gir.kernel @k(%f: f32, %h: f16) parallel gpu group 1 lanes 32 {
  %a = gir.broadcast %f : f32 -> !gir.slice<register, 16x8xf32>
  %b = gir.broadcast %f : f32 -> !gir.slice<register, 8x16xf32>
  %c = gir.broadcast %h : f16 -> !gir.slice<register, 16x16xf16>
  // expected-error@+1 {{'gir.mma' op accumulator f16 cannot hold products of f32 (same kind, at least as wide)}}
  %d = gir.mma %a, %b, %c : !gir.slice<register, 16x8xf32>, !gir.slice<register, 8x16xf32>, !gir.slice<register, 16x16xf16>
}

// -----

gir.kernel @k(%f: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %f : f32 -> !gir.slice<register, 4x16xf32>
  // expected-error@+1 {{'gir.extract' op position [4, 0] is outside the 4x16 slice}}
  %e = gir.extract %a[4, 0] : !gir.slice<register, 4x16xf32>
}

// -----

gir.kernel @k(%f: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %f : f32 -> !gir.slice<register, 4x16xf32>
  // expected-error@+1 {{'gir.transpose' op result !gir.slice<register, 4x16xf32> must be the operand's transpose, !gir.slice<register, 4x16xf32> with num and width swapped}}
  %t = gir.transpose %a : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 4x16xf32>
}

// -----

gir.kernel @k(%f: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %f : f32 -> !gir.slice<register, 4x16xf32>
  // expected-error@+1 {{'gir.transpose' op result !gir.slice<register, 16x4xf16> must be the operand's transpose}}
  %t = gir.transpose %a : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 16x4xf16>
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 64xf32>) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %v = gir.view %b[%c0] : !gir.buffer<global, 64xf32> -> !gir.slice<global, 4x16xf32>
  // expected-error@+1 {{'gir.transpose' op operand must be a register slice (!gir.slice<register, ...>), but is !gir.slice<global, 4x16xf32>}}
  %t = gir.transpose %v : !gir.slice<global, 4x16xf32> -> !gir.slice<register, 16x4xf32>
}

// -----

func.func @f(%a: !gir.slice<register, 4x16xf32>) {
  // expected-error@+1 {{'gir.transpose' op runs on the parallel units and must be inside a 'gir.kernel'}}
  %t = gir.transpose %a : !gir.slice<register, 4x16xf32> -> !gir.slice<register, 16x4xf32>
  return
}

// -----

gir.kernel @k(%n: index) parallel cpu group 1 lanes 16 {
  // expected-error@+1 {{'gir.alloc' op inside a kernel allocates shared memory only (global buffers are allocated on the host)}}
  %b = gir.alloc(%n) : !gir.buffer<global, ?xf32>
}

// -----

func.func @f() {
  // expected-error@+1 {{'gir.alloc' op on the host allocates global memory only (shared buffers are allocated inside a kernel)}}
  %b = gir.alloc() : !gir.buffer<shared, 16xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'gir.alloc' op has 0 size operands, but the buffer type has 1 dynamic dimensions}}
  %b = gir.alloc() : !gir.buffer<global, ?x16xf32>
  return
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?xf32>, %n: index) parallel cpu group 1 lanes 16 {
}
func.func @f(%x: !gir.buffer<global, ?xf32>, %n: index) {
  // expected-error@+1 {{'gir.launch' op passes 1 arguments, but kernel @k has 2 parameters}}
  gir.launch @k[%n](%x) : (!gir.buffer<global, ?xf32>)
  return
}

// -----

gir.kernel @k(%x: !gir.buffer<global, ?xf32>, %n: index) parallel cpu group 1 lanes 16 {
}
func.func @f(%x: !gir.buffer<global, ?xf16>, %n: index) {
  // expected-error@+1 {{'gir.launch' op argument #0 has type !gir.buffer<global, ?xf16>, but kernel @k expects !gir.buffer<global, ?xf32>}}
  gir.launch @k[%n](%x, %n) : (!gir.buffer<global, ?xf16>, index)
  return
}

// -----

func.func @k() {
  return
}
func.func @f(%n: index) {
  // expected-error@+1 {{'gir.launch' op '@k' does not reference a gir.kernel}}
  gir.launch @k[%n]() : ()
  return
}

// -----

gir.kernel @k() parallel cpu group 1 lanes 16 {
}
gir.kernel @k2(%n: index) parallel cpu group 1 lanes 16 {
  // expected-error@+1 {{'gir.launch' op is a host operation and cannot appear inside a 'gir.kernel'}}
  gir.launch @k[%n]() : ()
}

// -----

// expected-error@+1 {{'gir.kernel' op parameter has type !gir.buffer<shared, 4xf32>; kernel parameters are global buffers and scalars (index, integers, floats)}}
gir.kernel @k(%s: !gir.buffer<shared, 4xf32>) parallel gpu group 1 lanes 32 {
}

// -----

// expected-error@+1 {{unknown hierarchy 'tpu' (expected cpu or gpu)}}
gir.kernel @k() parallel tpu group 1 lanes 32 {
}

// -----

// expected-error@+1 {{'gir.kernel' op a GPU group is one block: at most 32 warps (1024 threads), not 64}}
gir.kernel @k() parallel gpu group 64 lanes 32 {
}

// -----

gir.kernel @k(%n: index) parallel cpu group 1 lanes 16 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = gir.broadcast %f : f32 -> !gir.slice<register, 1x16xf32>
  // expected-error@+1 {{'gir.for' op loop-carried value has type !gir.slice<register, 1x16xf32>; its result, body argument and yield must match}}
  %r = gir.for %i = %c0 to %n step %n iter_args(%acc = %a) -> (!gir.slice<register, 1x16xf32>) {
    %b = gir.broadcast %f : f32 -> !gir.slice<register, 1x8xf32>
    gir.yield %b : !gir.slice<register, 1x8xf32>
  }
}

// -----

gir.kernel @k(%n: index) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'gir.for' op 'unroll' must be an integer from 1 to 64}}
  gir.for %i = %c0 to %n step %c1 attributes {unroll = 0 : i64} {
  }
}

// -----

gir.kernel @k(%n: index) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'gir.for' op 'unroll' must be an integer from 1 to 64}}
  gir.for %i = %c0 to %n step %c1 attributes {unroll = "eight"} {
  }
}

// -----

gir.kernel @k() parallel cpu group 1 lanes 16 {
  // expected-error@+1 {{'gir.id' op dim must be "unit", "group" or "unit_in_group"}}
  %u = "gir.id"() {dim = "lane"} : () -> index
}

// -----

gir.kernel @k() parallel cpu group 1 lanes 16 {
  %f = arith.constant 1.0 : f32
  %a = gir.broadcast %f : f32 -> !gir.slice<register, 1x16xf32>
  // expected-error@+1 {{'gir.copy' op takes a source and returns a register slice, or takes a source and a destination view; it has 1 operands and 0 results}}
  "gir.copy"(%a) : (!gir.slice<register, 1x16xf32>) -> ()
}

// -----

func.func @g() {
  return
}
gir.kernel @k() parallel cpu group 1 lanes 16 {
  // expected-error@+1 {{'func.call' op is not allowed in a 'gir.kernel' (only gir, arith and math ops)}}
  func.call @g() : () -> ()
}

// -----

// A gir.elementwise body is isolated from above: scalars come in as operands.
gir.kernel @k(%f: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %f : f32 -> !gir.slice<register, 1x16xf32>
  %c = gir.elementwise(%a) : (!gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
  ^bb0(%x: f32):
    // expected-error@+1 {{use of undeclared SSA value name '%f'}}
    %s = arith.addf %x, %f : f32
    gir.yield %s : f32
  }
}

// -----

// An order says which failure of a launch is reported: kernels only.
func.func @f(%a: index, %b: index) {
  // expected-error@+1 {{'gir.assert' op takes an order only inside a kernel}}
  gir.assert eq(%a, %b) order %a "{0} vs {1}"
  return
}

// -----

gir.kernel @k(%a: index, %b: index) parallel cpu group 1 lanes 16 {
  // expected-error@+1 {{'gir.assert' op message names an argument past its 2 arguments}}
  gir.assert eq(%a, %b) order %a "{0} vs {5}"
}

// -----

gir.kernel @k(%a: index, %b: i64) parallel cpu group 1 lanes 16 {
  // expected-error@+1 {{'gir.assert' op operands must be of type index}}
  "gir.assert"(%a, %b) {relation = "eq", message = ""} : (index, i64) -> ()
}

// -----

gir.kernel @k(%a: index, %b: index) parallel cpu group 1 lanes 16 {
  // expected-error@+1 {{'gir.assert' op attribute 'ordered' failed to satisfy constraint: unit attribute}}
  "gir.assert"(%a, %b, %a) {relation = "eq", message = "", ordered = 1} : (index, index, index) -> ()
}

// -----

gir.kernel @k(%f: f32) parallel cpu group 1 lanes 16 {
  %a = gir.broadcast %f : f32 -> !gir.slice<register, 4x16xf32>
  // expected-error@+1 {{'gir.prefetch' op operand !gir.slice<register, 4x16xf32> must be a global or shared slice (registers hold their data)}}
  gir.prefetch %a : !gir.slice<register, 4x16xf32>
}

// -----

func.func @f(%v: !gir.slice<global, 4x16xf32>) {
  // expected-error@+1 {{'gir.prefetch' op runs on the parallel units and must be inside a 'gir.kernel'}}
  gir.prefetch %v : !gir.slice<global, 4x16xf32>
  return
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 4xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %b[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %x = arith.constant 1.0 : f32
  // expected-error@+1 {{unknown atomic kind 'mul' (expected add, max or min)}}
  gir.atomic mul %v, %x : !gir.slice<global, 1x4xf32>, f32
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 4xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %s = gir.alloc() : !gir.buffer<shared, 4xf32>
  %v = gir.view %s[%c0] : !gir.buffer<shared, 4xf32> -> !gir.slice<shared, 1x4xf32>
  %x = arith.constant 1.0 : f32
  // expected-error@+1 {{operand #0 must be a global slice: atomics order units of the whole launch (a shared slice is not)}}
  gir.atomic add %v, %x : !gir.slice<shared, 1x4xf32>, f32
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 4xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %b[%c0] : !gir.buffer<global, 4xf16> -> !gir.slice<global, 1x4xf16>
  %x = arith.constant 1.0 : f16
  // expected-error@+1 {{element type f16 has no atomic operation (i32, i64, f32 or f64)}}
  gir.atomic add %v, %x : !gir.slice<global, 1x4xf16>, f16
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 4xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %b[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %x = arith.constant 1.0 : f32
  %r = gir.broadcast %x : f32 -> !gir.slice<register, 1x2xf32>
  // expected-error@+1 {{value !gir.slice<register, 1x2xf32> must have the slice's num x width and element type (!gir.slice<global, 1x4xf32>)}}
  gir.atomic add %v, %r : !gir.slice<global, 1x4xf32>, !gir.slice<register, 1x2xf32>
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 4xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %v = gir.view %b[%c0] : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %x = arith.constant 1 : i32
  // expected-error@+1 {{scalar value of type i32 must have the slice's element type f32}}
  gir.atomic add %v, %x : !gir.slice<global, 1x4xf32>, i32
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 4xf32>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %v = gir.view %b[%c0] valid(%c1, %c4) from(%c0, %c1) : !gir.buffer<global, 4xf32> -> !gir.slice<global, 1x4xf32>
  %x = arith.constant 1.0 : f32
  // expected-error@+1 {{an atomic update cannot read or write a view with a first valid element (`from`)}}
  gir.atomic add %v, %x : !gir.slice<global, 1x4xf32>, f32
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 64xf16>) parallel gpu group 1 lanes 32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %s = gir.alloc() : !gir.buffer<shared, 64xf16>
  %v = gir.view %b[%c0] valid(%c1, %c8) from(%c0, %c1) : !gir.buffer<global, 64xf16> -> !gir.slice<global, 1x8xf16>
  %w = gir.view %s[%c0] : !gir.buffer<shared, 64xf16> -> !gir.slice<shared, 1x8xf16>
  // expected-error@+1 {{an asynchronous copy cannot read or write a view with a first valid element (`from`)}}
  gir.copy_async %v to %w : !gir.slice<global, 1x8xf16> -> !gir.slice<shared, 1x8xf16>
}

// -----

gir.kernel @k(%b: !gir.buffer<global, 4x8xf32>) parallel cpu group 1 lanes 8 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'gir.view' op has 5 operands, but expects 2 (buffer, offset), 4 (with valid segments and elements) or 6 (and the first valid segment and element)}}
  %v = "gir.view"(%b, %c0, %c1, %c1, %c1) : (!gir.buffer<global, 4x8xf32>, index, index, index, index) -> !gir.slice<global, 1x8xf32>
}
