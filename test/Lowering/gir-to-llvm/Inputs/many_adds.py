"""Prints a graph module of N chained adds (x + 1 + 1 ...): N launches and
N - 1 intermediate buffers in its host function once lowered one TE each."""
import sys

n = int(sys.argv[1])
print("func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {")
print("  %one = graph.constant dense<1.0> : tensor<4x8xf32>")
prev = "%x"
for i in range(n):
    print("  %%v%d = graph.add %s, %%one : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>" % (i, prev))
    prev = "%%v%d" % i
print("  return %s : tensor<4x8xf32>\n}" % prev)
