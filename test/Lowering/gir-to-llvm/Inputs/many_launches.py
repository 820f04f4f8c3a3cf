"""Prints a gir module whose host function launches one kernel N times."""
import sys

n = int(sys.argv[1])
print("gir.kernel @bump(%x: !gir.buffer<global, 4xf32>) parallel cpu group 1 lanes 4 {\n}")
print("func.func @main(%x: !gir.buffer<global, 4xf32>) {")
print("  %one = arith.constant 1 : index")
for _ in range(n):
    print("  gir.launch @bump[%one](%x) : (!gir.buffer<global, 4xf32>)")
print("  return\n}")
