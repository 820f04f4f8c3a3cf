// vtc-run --sweep: one compilation, one run per size of a `?` dim, each
// point's results equal to a separate run bound with --dim (same random
// inputs, same bytes), and --check at every point.
// RUN: vtc-run %s --target=cpu --sweep=a.0=1,37:200:92 --check --bench=2 | FileCheck %s
// CHECK:      sweep: a.0=1
// CHECK-NEXT: result 0: tensor<1x19xf32>
// CHECK-NEXT: bench: @main: median
// CHECK:      check: ok
// CHECK-NEXT: sweep: a.0=37
// CHECK-NEXT: result 0: tensor<37x19xf32>
// CHECK:      check: ok
// CHECK-NEXT: sweep: a.0=129
// CHECK-NEXT: result 0: tensor<129x19xf32>
// CHECK:      check: ok
// CHECK-NOT:  sweep:

// RUN: vtc-run %s --target=cpu --sweep=%%a.0=1,37,129 | grep '^result' > %t.sweep
// RUN: vtc-run %s --target=cpu --dim=a.0=1 | grep '^result' > %t.one
// RUN: vtc-run %s --target=cpu --dim=a.0=37 | grep '^result' >> %t.one
// RUN: vtc-run %s --target=cpu --dim=a.0=129 | grep '^result' >> %t.one
// RUN: diff %t.one %t.sweep

// Usage errors (exit 2) and a size the type contradicts (exit 1, located).
// RUN: not vtc-run %s --sweep=a.0=1,2 2>&1 | FileCheck %s --check-prefix=INTERP
// INTERP: vtc-run: --sweep needs a compiled target (--target=cpu or cuda), not 'interp'
// RUN: not vtc-run %s --target=cpu --sweep=a.0=5:2 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: not vtc-run %s --target=cpu --sweep=a.0=1,,2 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: not vtc-run %s --target=cpu --sweep=a.0 2>&1 | FileCheck %s --check-prefix=LIST
// A range whose step would pass INT64_MAX ends there (one size, too large
// for an input: a located error, not an overflow).
// RUN: not vtc-run %s --target=cpu --sweep=a.0=9223372036854775806:9223372036854775807:5 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: sweep.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot make random argument %a (#0): tensor size overflows
// LIST: vtc-run: invalid --sweep '{{.*}}': expected ARG.AXIS=LIST
// RUN: not vtc-run %s --target=cpu --sweep=a.0=1 --sweep=a.0=2 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: vtc-run: only one --sweep may be given
// RUN: not vtc-run %s --target=cpu --dim=a.0=2 --sweep=b.0=36,37 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: sweep.mlir:[[@LINE+1]]:{{[0-9]+}}: error: --dim gives dim 0 of argument {{.*}} as 36, but its type says 37
func.func @main(%a: tensor<?x37xf32>, %b: tensor<37x19xf32>) -> tensor<?x19xf32> {
  %c = graph.matmul %a, %b : (tensor<?x37xf32>, tensor<37x19xf32>) -> tensor<?x19xf32>
  return %c : tensor<?x19xf32>
}
