// The CPU rKernels carry the element-wise TEs after their contraction
// (lower-te-to-gir{epilogue}, on by default; rkernel_cpu.c): the variant takes the
// TE's result D and its extra inputs after its ten parameters, keeps the
// product (partial sums across KC blocks) in C, and once C is final each
// thread reads its own tiles back a row at a time, applies the merged TE
// with the extras in the row's layout (a bias row, a conv's per-channel
// value broadcast along the row, a residual row) and stores D.
// epilogue=false is the ablation. The functions are rkernel-epilogue.mlir's.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --pass-statistics %S/rkernel-epilogue.mlir 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=false})' --pass-statistics %S/rkernel-epilogue.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// Against the reference interpreter, compiled and in the gir interpreter
// (the model's choice, a variant forced, the plain kernel's region):
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=gelu --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --dim=x.0=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=gelu --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true vortex-variant=99})' --dim=x.0=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=residual --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --dim=x.1=37 --dim=r.1=37 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=two_products --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=conv_bias --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --dim=x.0=3 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=conv_bias --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true vortex-variant=0})' --dim=x.0=2 --check | FileCheck %s --check-prefix=EXEC
// K = 0 (D = ReLU(bias)), one and several KC blocks:
// RUN: vtc-run %S/Inputs/cpu-epilogue-k.mlir --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --shape=x:3x0 --shape=w:0x48 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %S/Inputs/cpu-epilogue-k.mlir --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --shape=x:5x1 --shape=w:1x48 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %S/Inputs/cpu-epilogue-k.mlir --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --shape=x:37x600 --shape=w:600x48 --check | FileCheck %s --check-prefix=EXEC
// RUN: vtc-run %S/Inputs/cpu-epilogue-k.mlir --target=gir --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --shape=x:7x300 --shape=w:300x48 --check | FileCheck %s --check-prefix=EXEC
// The same bits as the separate kernels (the product rounded into C first):
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=conv_bias --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --dim=x.0=3 | grep '^result' > %t.on
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=conv_bias --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=false})' --dim=x.0=3 | grep '^result' | diff %t.on -
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=gelu --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=true})' --dim=x.0=37 | grep '^result' > %t.on2
// RUN: vtc-run %S/rkernel-epilogue.mlir --entry=gelu --target=cpu --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{epilogue=false})' --dim=x.0=37 | grep '^result' | diff %t.on2 -

// CHECK-LABEL: gir.kernel @gelu_k1(
// CHECK-SAME: %arg2: !gir.buffer<global, ?x96xf16>
// CHECK-SAME: %arg10: !gir.buffer<global, ?x96xf16>, %arg11: !gir.buffer<global, 96xf16>) parallel cpu
// CHECK: %[[BV:.*]] = gir.view %arg11[%{{.*}}] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, 96xf16> -> !gir.slice<global, 1x{{[0-9]+}}xf16>
// CHECK: %[[B:.*]] = gir.copy %[[BV]]
// CHECK: gir.elementwise(%{{.*}}, %[[B]]) : (!gir.slice<register, 1x{{[0-9]+}}xf16>, !gir.slice<register, 1x{{[0-9]+}}xf16>) -> !gir.slice<register, 1x{{[0-9]+}}xf16>
// CHECK: math.erf
// CHECK: %[[DV:.*]] = gir.view %arg10[%{{.*}}] valid(%{{.*}}, %{{.*}}) : !gir.buffer<global, ?x96xf16> -> !gir.slice<global, 1x{{[0-9]+}}xf16>
// CHECK: gir.copy %{{.*}} to %[[DV]]
// CHECK-LABEL: func.func @gelu(
// CHECK: %[[C:.*]] = gir.alloc(%{{.*}}) : !gir.buffer<global, ?x96xf16>
// CHECK: %[[D:.*]] = gir.alloc(%{{.*}}) : !gir.buffer<global, ?x96xf16>
// CHECK: gir.switch
// CHECK: case 0 {
// CHECK: gir.launch @gelu_k1[%{{.*}}](%arg0, %arg1, %[[C]], {{.*}}, %[[D]], %arg2) :
// CHECK: default {
// CHECK: gir.launch @gelu_k0[%{{.*}}](%arg0, %arg1, %[[C]], %{{.*}}) :
// CHECK: gir.launch @{{gelu_k[0-9]+}}[%{{.*}}](%[[C]], %arg2, %[[D]], %{{.*}}) :
// CHECK: return %[[D]]
// A convolution's per-channel bias: one value per row (M), broadcast along it.
// CHECK-LABEL: gir.kernel @conv_bias_k1(
// CHECK: gir.view %arg11[%{{.*}}] : !gir.buffer<global, 24xf32> -> !gir.slice<global, 1x1xf32>
// CHECK: gir.broadcast %{{.*}} : !gir.slice<register, 1x1xf32> -> !gir.slice<register, 1x{{[0-9]+}}xf32>
// STATS: (S) {{ *}}5 epilogues
// STATS: (S) {{ *}}10 epilogue-tes
// OFF: (S) {{ *}}0 epilogues
// EXEC: check: ok
