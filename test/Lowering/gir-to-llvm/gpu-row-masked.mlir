// gir -> NVPTX: a segment masked only by its row (`valid` rows and a
// constant valid width that covers the segment: a concat's piece, a row of
// the KV cache that is either this input's or not) is whole or nothing, so
// it moves as the unmasked segment does (each lane's adjacent elements in
// one vector access: two f16 as one 4-byte load) behind one branch on the
// row, the padding otherwise; before, a per-element masked gather of 2-byte
// loads. A view whose valid width is not a constant (or is narrower) keeps
// the gather.
// RUN: vtc-translate %s -O0 --target=nvptx --emit=llvm | FileCheck %s
// RUN: vtc-translate %s -O3 --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: define ptx_kernel void @rows(
// CHECK: %row_in = icmp slt i64 0, %{{.*}}
// CHECK: br i1 %row_in, label %row.load, label %row.join
// CHECK: row.load:
// CHECK: load <2 x i16>, ptr %{{.*}}, align 4
// CHECK: row.join:
// CHECK: phi <2 x half> [ %{{.*}}, %row.load ], [ zeroinitializer, %entry ]
// CHECK-LABEL: define ptx_kernel void @cols(
// CHECK-NOT: row.load
// CHECK: @llvm.masked.gather
// PTX-LABEL: .entry rows(
// PTX: ld.global.{{[ub]}}32
// PTX-NOT: ld.global.{{[ub]}}16
// PTX-LABEL: .entry cols(
// PTX: ld.global.{{[ub]}}16

gir.kernel @rows(%x: !gir.buffer<global, ?x64xf16>, %y: !gir.buffer<global, ?x64xf16>, %r: index, %m: index) parallel gpu group 1 lanes 32 {
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %o = arith.muli %r, %c64 : index
  %v = gir.view %x[%o] valid(%m, %c64) {padding = 0.0 : f16} : !gir.buffer<global, ?x64xf16> -> !gir.slice<global, 1x64xf16>
  %a = gir.copy %v : !gir.slice<global, 1x64xf16> -> !gir.slice<register, 1x64xf16>
  %w = gir.view %y[%o] : !gir.buffer<global, ?x64xf16> -> !gir.slice<global, 1x64xf16>
  gir.copy %a to %w : !gir.slice<register, 1x64xf16> -> !gir.slice<global, 1x64xf16>
  gir.return
}

gir.kernel @cols(%x: !gir.buffer<global, ?x64xf16>, %y: !gir.buffer<global, ?x64xf16>, %r: index, %n: index) parallel gpu group 1 lanes 32 {
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %o = arith.muli %r, %c64 : index
  %v = gir.view %x[%o] valid(%c1, %n) {padding = 0.0 : f16} : !gir.buffer<global, ?x64xf16> -> !gir.slice<global, 1x64xf16>
  %a = gir.copy %v : !gir.slice<global, 1x64xf16> -> !gir.slice<register, 1x64xf16>
  %w = gir.view %y[%o] : !gir.buffer<global, ?x64xf16> -> !gir.slice<global, 1x64xf16>
  gir.copy %a to %w : !gir.slice<register, 1x64xf16> -> !gir.slice<global, 1x64xf16>
  gir.return
}
