// vtc-run on .npy inputs: values, checksums and written .npy outputs, checked
// against numbers computed by hand and by numpy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t/y.npy', np.array([[1, -1], [0.5, 2], [-2, 0.25]], np.float32))"
// RUN: vtc-run %s --print-values --output-dir=%t/out -- %t/x.npy %t/y.npy | FileCheck %s

// x @ y = [[-3.5, 2.5], [-5, 6.25]]; relu(x + y^T) with y^T = [[1, 0.5, -2], [-1, 2, 0.25]].
// CHECK:      result 0: tensor<2x2xf32> sum=0.25 abs_sum=17.25 fnv=0x
// CHECK-NEXT:   values: {{\[\[}}-3.5, 2.5], [-5, 6.25]]
// CHECK-NEXT: result 1: tensor<2x3xf32> sum=15.75 abs_sum=15.75 fnv=0x
// CHECK-NEXT:   values: {{\[\[}}1, 1.5, 0], [2, 6, 5.25]]
// matmul (16 bytes) stays live while transpose, add and relu (24 each) run,
// each freed after its one use: at most 16 + 24 + 24 bytes are live.
// CHECK-NEXT: peak intermediate bytes: 64

// The written outputs equal numpy's results bit for bit, and the printed
// checksums equal those computed independently from numpy's arrays.
// RUN: %python -c "import numpy as np; x = np.load('%t/x.npy'); y = np.load('%t/y.npy'); np.save('%t/ref0.npy', x @ y); np.save('%t/ref1.npy', np.maximum(x + y.T, 0)); assert all(np.array_equal(np.load(f'%t/out/result{i}.npy'), np.load(f'%t/ref{i}.npy')) for i in range(2))"
// RUN: %python %S/Inputs/checksum.py %t/ref0.npy %t/ref1.npy > %t/want.txt
// RUN: vtc-run %s --input=%t/x.npy --input=%t/y.npy | grep '^result' > %t/got.txt
// RUN: diff %t/want.txt %t/got.txt

// --print-limit caps the values printed.
// RUN: vtc-run %s --print-values --print-limit=3 -- %t/x.npy %t/y.npy | FileCheck %s --check-prefix=LIMIT
// LIMIT: values: [-3.5, 2.5, -5, ... (3 of 4 shown, flattened)]
// LIMIT: values: [1, 1.5, 0, ... (3 of 6 shown, flattened)]

// --output names each result's file.
// RUN: vtc-run %s --output=%t/o0.npy --output=%t/o1.npy -- %t/x.npy %t/y.npy > /dev/null
// RUN: %python -c "import numpy as np; assert np.array_equal(np.load('%t/o0.npy'), np.load('%t/ref0.npy')); assert np.array_equal(np.load('%t/o1.npy'), np.load('%t/ref1.npy'))"

func.func @main(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>) {
  %0 = "graph.matmul"(%x, %y) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %yt = "graph.transpose"(%y) {perm = [1, 0]} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %1 = "graph.add"(%x, %yt) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.relu"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %2 : tensor<2x2xf32>, tensor<2x3xf32>
}
