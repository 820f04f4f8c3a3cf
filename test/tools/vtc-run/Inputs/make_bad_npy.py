#!/usr/bin/python3
"""Writes malformed and mismatched .npy files into DIR for npy-errors.test:
   make_bad_npy.py DIR"""
import os
import struct
import sys

import numpy as np

d = sys.argv[1]
os.makedirs(d, exist_ok=True)


def path(name):
    return os.path.join(d, name)


def header(text, version=1):
    """A .npy preamble and header dict padded as numpy pads it."""
    h = text.encode()
    width = 2 if version == 1 else 4
    pad = 64 - ((8 + width + len(h) + 1) % 64)
    h = h + b' ' * (pad % 64) + b'\n'
    return b'\x93NUMPY' + bytes([version, 0]) + struct.pack('<H' if version == 1 else '<I', len(h)) + h


def write(name, data):
    with open(path(name), 'wb') as f:
        f.write(data)


F32_23 = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
np.save(path('ok.npy'), np.arange(6, dtype=np.float32).reshape(2, 3))
raw = open(path('ok.npy'), 'rb').read()
write('truncated_data.npy', raw[:-5])
write('truncated_header.npy', raw[:30])
write('truncated_magic.npy', raw[:4])
write('empty.npy', b'')
write('trailing_data.npy', raw + b'\0\0\0\0')
np.save(path('fortran.npy'), np.asfortranarray(np.ones((2, 3), np.float32)))
write('lies_big.npy', header("{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000, 1000000000), }") + b'\0' * 24)
write('lies_overflow.npy', header("{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4), }") + b'\0' * 24)
write('lies_hlen.npy', b'\x93NUMPY\x01\x00' + struct.pack('<H', 60000) + b"{'descr': '<f4'}")
write('lies_hlen_v2.npy', b'\x93NUMPY\x02\x00' + struct.pack('<I', 0xffffffff) + b"{'descr': '<f4'}")
write('negative_dim.npy', header("{'descr': '<f4', 'fortran_order': False, 'shape': (-2, 3), }") + b'\0' * 24)
write('huge_dim.npy', header("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999, 3), }"))
write('complex.npy', header("{'descr': '<c8', 'fortran_order': False, 'shape': (2, 3), }") + b'\0' * 48)
write('big_endian.npy', header("{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }") + b'\0' * 24)
write('object.npy', header("{'descr': '|O', 'fortran_order': False, 'shape': (2, 3), }") + b'\0' * 48)
write('structured.npy', header("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2, 3), }") + b'\0' * 24)
write('rank9.npy', header("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1), }") + b'\0' * 4)
write('nul_in_descr.npy', header("{'descr': '<f4\0', 'fortran_order': False, 'shape': (2, 3), }") + b'\0' * 24)
write('version9.npy', b'\x93NUMPY\x09\x00' + raw[8:])
write('not_npy.npy', b'hello, this is not a .npy file\n' * 4)
write('garbage_header.npy', header('{{{{{{{{{{{{'))
write('duplicate_key.npy', header("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }") + b'\0' * 24)
write('missing_key.npy', header("{'descr': '<f4', 'shape': (2, 3), }") + b'\0' * 24)
write('one_dim_no_comma.npy', header("{'descr': '<f4', 'fortran_order': False, 'shape': (6), }") + b'\0' * 24)
write('deep_shape.npy', header("{'descr': '<f4', 'fortran_order': False, 'shape': " + '(' * 3000 + ')' * 3000 + ", }", 2))
np.save(path('f64.npy'), np.ones((2, 3), np.float64))
np.save(path('i8.npy'), np.ones((2, 3), np.int8))
np.save(path('bool.npy'), np.ones((2, 3), bool))
np.save(path('shape32.npy'), np.ones((3, 2), np.float32))
np.save(path('rank1.npy'), np.ones(6, np.float32))
np.save(path('scalar.npy'), np.float32(3.0))
os.makedirs(path('directory.npy'), exist_ok=True)
