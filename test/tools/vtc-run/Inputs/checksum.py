# Prints the line vtc-run prints for each .npy file given, computed
# independently in Python: `result I: tensor<...> sum=S abs_sum=A fnv=0xH`,
# with S and A summed left to right in float64 (as vtc-run does) and H the
# 64-bit FNV-1a hash of the array's raw little-endian bytes. bf16 files
# ('<u2') are decoded as vtc stores them.
import sys

import numpy as np

NAMES = {'float32': 'f32', 'float16': 'f16', 'float64': 'f64', 'int32': 'i32', 'int64': 'i64', 'bool': 'i1',
         'uint16': 'bf16'}


def values(a):
    if a.dtype == np.uint16:
        return (a.astype(np.uint32) << 16).view(np.float32).astype(np.float64).ravel()
    return a.astype(np.float64).ravel()


def line(i, path):
    a = np.load(path)
    s = t = 0.0
    for v in values(a):
        s += float(v)
        t += abs(float(v))
    h = 0xcbf29ce484222325
    for b in np.ascontiguousarray(a).tobytes():
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    ty = 'tensor<' + ''.join(f'{d}x' for d in a.shape) + NAMES[a.dtype.name] + '>'
    return f'result {i}: {ty} sum={s:.9g} abs_sum={t:.9g} fnv=0x{h:016x}'


for i, p in enumerate(sys.argv[1:]):
    print(line(i, p))
