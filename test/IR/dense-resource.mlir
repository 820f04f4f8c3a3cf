// dense_resource<name> handles with their blobs in the file's
// {-# dialect_resources #-} section (MLIR's form): parse, print, round trip,
// elision (the handle stays, the blob is left out, as mlir-opt's
// --mlir-elide-resource-strings-if-larger), the blob read by the
// interpreter, and a handle whose blob is missing.
// RUN: vtc-opt %s | FileCheck %s
// RUN: vtc-opt %s | vtc-opt | FileCheck %s
// RUN: vtc-opt --elide-elements-attrs-if-larger=2 %s | FileCheck %s --check-prefix=ELIDE
// RUN: vtc-run %s --entry=main --print-values | FileCheck %s --check-prefix=EXEC
// RUN: vtc-opt --elide-elements-attrs-if-larger=2 %s -o %t.mlir
// RUN: not vtc-run %t.mlir --entry=main 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK-LABEL: func.func @main
// CHECK: graph.constant dense_resource<blob1> : tensor<3xi64>
// CHECK: graph.constant dense_resource<odd.name$2> : tensor<2xf32>
// CHECK: graph.constant dense_resource<tiny> : tensor<2xi1>
// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob1: "0x08000000010000000000000002000000000000000300000000000000",
// CHECK-NEXT:       odd.name$2: "0x040000000000803F000000C0",
// CHECK-NEXT:       tiny: "0x010000000100"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// ELIDE: dense_resource<blob1> : tensor<3xi64>
// ELIDE: dense_resource<odd.name$2> : tensor<2xf32>
// ELIDE:      builtin: {
// ELIDE-NEXT:   odd.name$2: "0x040000000000803F000000C0",
// ELIDE-NEXT:   tiny: "0x010000000100"
// ELIDE-NEXT: }

// EXEC: result 0: tensor<3xi64>
// EXEC-NEXT: values: [1, 2, 3]
// EXEC: result 1: tensor<2xf32>
// EXEC-NEXT: values: [1, -2]
// EXEC: result 2: tensor<2xi1>
// EXEC-NEXT: values: [true, false]

// MISSING: error: 'graph.constant' op the blob of dense_resource<blob1> is missing (elided?)

func.func @main() -> (tensor<3xi64>, tensor<2xf32>, tensor<2xi1>) {
  %0 = "graph.constant"() {value = dense_resource<blob1> : tensor<3xi64>} : () -> tensor<3xi64>
  %1 = "graph.constant"() {value = dense_resource<odd.name$2> : tensor<2xf32>} : () -> tensor<2xf32>
  %2 = "graph.constant"() {value = dense_resource<tiny> : tensor<2xi1>} : () -> tensor<2xi1>
  return %0, %1, %2 : tensor<3xi64>, tensor<2xf32>, tensor<2xi1>
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000",
      odd.name$2: "0x040000000000803f000000c0",
      tiny: "0x010000000100"
    }
  }
#-}
