// Malformed warpgroup MMA gir (wgmma.mlir has the valid forms): each case
// one located error.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s

gir.kernel @k(%s: !gir.buffer<shared, 128x64xf16>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %a = gir.view %s[%c0] : !gir.buffer<shared, 128x64xf16> -> !gir.slice<shared, 64x16xf16, 64>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 128x64xf16> -> !gir.slice<shared, 16x64xf16>
  %z = arith.constant 0.0 : f32
  %acc = gir.broadcast %z : f32 -> !gir.slice<register, 16x64xf32, mma_acc>
  // expected-error@+1 {{'gir.wgmma' op requires attribute 'swizzle'}}
  %d = gir.wgmma %a, %b, %acc : !gir.slice<shared, 64x16xf16, 64>, !gir.slice<shared, 16x64xf16>, !gir.slice<register, 16x64xf32, mma_acc>
}

// -----

gir.kernel @k(%s: !gir.buffer<shared, 128x64xf16>) parallel gpu group 2 lanes 32 {
  %c0 = arith.constant 0 : index
  %a = gir.view %s[%c0] : !gir.buffer<shared, 128x64xf16> -> !gir.slice<shared, 64x16xf16, 64>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 128x64xf16> -> !gir.slice<shared, 16x64xf16>
  %z = arith.constant 0.0 : f32
  %acc = gir.broadcast %z : f32 -> !gir.slice<register, 16x64xf32, mma_acc>
  // expected-error@+1 {{'gir.wgmma' op runs on warpgroups: its kernel must be a GPU kernel of a multiple of 4 units per group}}
  %d = gir.wgmma %a, %b, %acc {swizzle = 128} : !gir.slice<shared, 64x16xf16, 64>, !gir.slice<shared, 16x64xf16>, !gir.slice<register, 16x64xf32, mma_acc>
}

// -----

gir.kernel @k(%s: !gir.buffer<shared, 128x64xf16>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %a = gir.view %s[%c0] : !gir.buffer<shared, 128x64xf16> -> !gir.slice<shared, 32x16xf16, 64>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 128x64xf16> -> !gir.slice<shared, 16x64xf16>
  %z = arith.constant 0.0 : f32
  %acc = gir.broadcast %z : f32 -> !gir.slice<register, 16x64xf32, mma_acc>
  // expected-error@+1 {{'gir.wgmma' op A must be 64x16, but is 32x16}}
  %d = gir.wgmma %a, %b, %acc {swizzle = 128} : !gir.slice<shared, 32x16xf16, 64>, !gir.slice<shared, 16x64xf16>, !gir.slice<register, 16x64xf32, mma_acc>
}

// -----

gir.kernel @k(%s: !gir.buffer<shared, 128x64xf16>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %a = gir.view %s[%c0] : !gir.buffer<shared, 128x64xf16> -> !gir.slice<shared, 64x16xf16, 64>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 128x64xf16> -> !gir.slice<shared, 16x64xf16>
  %z = arith.constant 0.0 : f32
  %acc = gir.broadcast %z : f32 -> !gir.slice<register, 16x128xf32, mma_acc>
  // expected-error@+1 {{'gir.wgmma' op a B of rows along N wider than 64 needs `panel_stride` (its column panels)}}
  %d = gir.wgmma %a, %b, %acc {swizzle = 128} : !gir.slice<shared, 64x16xf16, 64>, !gir.slice<shared, 16x64xf16>, !gir.slice<register, 16x128xf32, mma_acc>
}

// -----

gir.kernel @k(%s: !gir.buffer<shared, 128x72xf16>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %a = gir.view %s[%c0] : !gir.buffer<shared, 128x72xf16> -> !gir.slice<shared, 64x16xf16, 72>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 128x72xf16> -> !gir.slice<shared, 16x64xf16, 72>
  %z = arith.constant 0.0 : f32
  %acc = gir.broadcast %z : f32 -> !gir.slice<register, 16x64xf32, mma_acc>
  // expected-error@+1 {{'gir.wgmma' op A's rows must be 128 bytes (64 elements) apart, the swizzle's span}}
  %d = gir.wgmma %a, %b, %acc {swizzle = 128} : !gir.slice<shared, 64x16xf16, 72>, !gir.slice<shared, 16x64xf16, 72>, !gir.slice<register, 16x64xf32, mma_acc>
}

// -----

gir.kernel @k(%s: !gir.buffer<shared, 128x32xf32>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %a = gir.view %s[%c0] : !gir.buffer<shared, 128x32xf32> -> !gir.slice<shared, 64x16xf32, 32>
  %b = gir.view %s[%c0] : !gir.buffer<shared, 128x32xf32> -> !gir.slice<shared, 16x32xf32>
  %z = arith.constant 0.0 : f32
  %acc = gir.broadcast %z : f32 -> !gir.slice<register, 16x32xf32, mma_acc>
  // expected-error@+1 {{'gir.wgmma' op multiplies f16 or bf16 tiles of one type, not f32 and f32}}
  %d = gir.wgmma %a, %b, %acc {swizzle = 128} : !gir.slice<shared, 64x16xf32, 32>, !gir.slice<shared, 16x32xf32>, !gir.slice<register, 16x32xf32, mma_acc>
}

// -----

gir.kernel @k(%g: !gir.buffer<global, 64x64xf16>, %s: !gir.buffer<shared, 64x64xf16>) parallel gpu group 4 lanes 32 {
  %c0 = arith.constant 0 : index
  %src = gir.view %g[%c0] : !gir.buffer<global, 64x64xf16> -> !gir.slice<global, 16x64xf16>
  %dst = gir.view %s[%c0] : !gir.buffer<shared, 64x64xf16> -> !gir.slice<shared, 16x64xf16>
  // expected-error@+1 {{'gir.copy_async' op swizzle must be 128 (bytes), but is 64}}
  gir.copy_async %src to %dst {swizzle = 64} : !gir.slice<global, 16x64xf16> -> !gir.slice<shared, 16x64xf16>
}

// -----

gir.kernel @k() parallel gpu group 4 lanes 32 {
  // expected-error@+1 {{'gir.wgmma_wait' op pending must be in [0, 7], but is 9}}
  gir.wgmma_wait 9
}
