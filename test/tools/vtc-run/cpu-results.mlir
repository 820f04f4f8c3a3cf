// Results of the compiled entry that alias: an argument returned as is and
// one value returned twice each come back as their own buffer (the entry
// allocates every result; vtc-run copies and frees each once: clean under
// ASan), and an empty `?` dim gives an empty result.
// RUN: vtc-run %s --entry=dup --target=cpu --check --print-values | FileCheck %s --check-prefix=DUP
// DUP: result 0: tensor<2x3xf32>
// DUP-NEXT: values: {{\[\[}}[[A:.*]]]]
// DUP-NEXT: result 1: tensor<2x3xf32>
// DUP-NEXT: values: {{\[\[}}[[B:.*]]]]
// DUP-NEXT: result 2: tensor<2x3xf32>
// DUP-NEXT: values: {{\[\[}}[[B]]]]
// DUP: check: ok (3 results
// RUN: vtc-run %s --entry=empty --shape=0:0x3 --target=cpu --check --report-memory | FileCheck %s --check-prefix=EMPTY
// EMPTY: result 0: tensor<0x3xf32> sum=0 abs_sum=0
// EMPTY: peak intermediate bytes: 0
// EMPTY: check: ok (1 results

func.func @dup(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "graph.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %x, %0, %0 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

func.func @empty(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "graph.relu"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
