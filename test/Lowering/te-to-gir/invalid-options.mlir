// lower-te-to-gir options out of range: one located error on the module
// naming the ranges and the values given, and a non-zero exit (no kernel is
// built with a register slice, launch or group beyond what gir admits).
// RUN: not vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{vector-bits=4})' %s 2>&1 | FileCheck %s --check-prefix=VB-LOW
// RUN: not vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{vector-bits=131072})' %s 2>&1 | FileCheck %s --check-prefix=VB-HIGH
// RUN: not vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{max-units=-1})' %s 2>&1 | FileCheck %s --check-prefix=MU-NEG
// RUN: not vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{max-units=4294967296})' %s 2>&1 | FileCheck %s --check-prefix=MU-HIGH
// RUN: not vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{group-size=2048})' %s 2>&1 | FileCheck %s --check-prefix=GS
// RUN: not vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir{group-size=-3})' %s 2>&1 | FileCheck %s --check-prefix=GS-NEG
// VB-LOW: :1:1: error: lower-te-to-gir: vector-bits must be in [8, 65536], max-units in [1, 2^31 - 1] and group-size in [1, 1024] (given 4,
// VB-HIGH: error: lower-te-to-gir: vector-bits must be in [8, 65536]{{.*}}(given 131072,
// MU-NEG: error: lower-te-to-gir: vector-bits must be in{{.*}}(given {{[0-9]+}}, -1,
// MU-HIGH: error: lower-te-to-gir: vector-bits must be in{{.*}}(given {{[0-9]+}}, 4294967296,
// GS: error: lower-te-to-gir: vector-bits must be in{{.*}}(given {{[0-9]+}}, {{[0-9]+}}, 2048)
// GS-NEG: error: lower-te-to-gir: vector-bits must be in{{.*}}(given {{[0-9]+}}, {{[0-9]+}}, -3)

// Running the pass twice lowers once: the second run leaves the lowered
// functions as they are.
// RUN: vtc-opt --pass-pipeline='builtin.module(lower-graph-to-te,lower-te-to-gir,lower-te-to-gir)' %s | FileCheck %s --check-prefix=TWICE
// TWICE-COUNT-1: gir.kernel @main_k0
// TWICE-NOT: gir.kernel

func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "graph.relu"(%a) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
