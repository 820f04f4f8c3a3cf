// gir types and ops that no unit can hold: a register slice beyond 32768
// elements (one unit's registers; the interpreter used to abort allocating
// it, and LLVM aborts on a vector of more elements), a shared buffer beyond
// the most shared memory a GPU block may use (227 KiB on sm_90) or, on a
// CPU, beyond 1 GiB for a group's cache buffer (a huge one crashed the
// compiled code). Each is a located error.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s

// expected-error@+1 {{invalid !gir.slice: a register slice holds at most 32768 elements (num * width)}}
func.func private @f(!gir.slice<register, 100000000x100000000xf32>)

// -----

// expected-error@+1 {{invalid !gir.slice: a register slice holds at most 32768 elements (num * width)}}
func.func private @f(!gir.slice<register, 129x256xf32>)

// -----

// The largest register slice is fine.
func.func private @f(!gir.slice<register, 128x256xf32>)

// -----

gir.kernel @k(%y: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 1 {
  // expected-error@+1 {{'gir.alloc' op shared buffers hold at most 1073741824 bytes (a CPU group's cache buffer), but this one needs 4000000000000}}
  %s = gir.alloc() : !gir.buffer<shared, 1000000000000xf32>
  gir.return
}

// -----

gir.kernel @k(%y: !gir.buffer<global, 4xf32>) parallel gpu group 4 lanes 32 {
  // expected-error@+1 {{'gir.alloc' op shared buffers hold at most 232448 bytes (the most shared memory a GPU block may use), but this one needs more than 9223372036854775807}}
  %s = gir.alloc() : !gir.buffer<shared, 4611686018427387904x4611686018427387904xf64>
  gir.return
}

// -----

gir.kernel @k(%y: !gir.buffer<global, 4xf32>) parallel gpu group 1 lanes 32 {
  // expected-error@+1 {{'gir.alloc' op shared buffers hold at most 232448 bytes (the most shared memory a GPU block may use), but this one needs 232452}}
  %s = gir.alloc() : !gir.buffer<shared, 58113xf32>
  gir.return
}

// -----

// A CPU group's cache buffer may be larger than any GPU block's memory.
gir.kernel @k(%y: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 1 {
  %s = gir.alloc() : !gir.buffer<shared, 262144xf32>
  gir.return
}
