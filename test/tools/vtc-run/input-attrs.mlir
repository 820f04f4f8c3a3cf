// Random inputs follow each argument's `vtc.input` attribute
// (tools/vtc-run/inputs.h), --input-range overrides it, and options name an
// argument by position or by its name in the module.

// RUN: vtc-run %s --entry=ranges --print-values | FileCheck %s --check-prefix=RANGE
// RANGE: result 0: tensor<f32>
// RANGE-NEXT: values: 2.
// RANGE-NEXT: result 1: tensor<f32>
// RANGE-NEXT: values: 2.9
// RANGE-NEXT: result 2: tensor<i64>
// RANGE-NEXT: values: 4095
// RANGE-NEXT: result 3: tensor<i64>
// RANGE-NEXT: values: 4000
func.func @ranges(%x: tensor<64x64xf32> {vtc.input = {range = [2.0, 3.0]}},
                  %i: tensor<64x64xi64> {vtc.input = {range = [4000, 4096]}})
    -> (tensor<f32>, tensor<f32>, tensor<i64>, tensor<i64>) {
  %0 = "graph.reduce_min"(%x) {keepdims = false} : (tensor<64x64xf32>) -> tensor<f32>
  %1 = "graph.reduce_max"(%x) {keepdims = false} : (tensor<64x64xf32>) -> tensor<f32>
  %2 = "graph.reduce_max"(%i) {keepdims = false} : (tensor<64x64xi64>) -> tensor<i64>
  %3 = "graph.reduce_min"(%i) {keepdims = false} : (tensor<64x64xi64>) -> tensor<i64>
  return %0, %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<i64>, tensor<i64>
}

// --input-range wins over the attribute, by position or by name (with or
// without %).
// RUN: vtc-run %s --entry=ranges --input-range=0:-1:0 --input-range=%i:0:2 --print-values | FileCheck %s --check-prefix=OVERRIDE
// RUN: vtc-run %s --entry=ranges --input-range=x:-1:0 --input-range=1:0:2 --print-values | FileCheck %s --check-prefix=OVERRIDE
// OVERRIDE: result 0: tensor<f32>
// OVERRIDE-NEXT: values: -0.99
// OVERRIDE-NEXT: result 1: tensor<f32>
// OVERRIDE-NEXT: values: {{-[0-9.]+e-0[5-9]}}
// OVERRIDE-NEXT: result 2: tensor<i64>
// OVERRIDE-NEXT: values: 1
// OVERRIDE-NEXT: result 3: tensor<i64>
// OVERRIDE-NEXT: values: 0

// normal = 0.0625: the mean square of 16384 samples is near 0.0625^2 =
// 0.00390625 (the sampling error is about 1%), the mean near 0.
// RUN: vtc-run %s --entry=normal --print-values | FileCheck %s --check-prefix=NORMAL
// NORMAL: result 0: tensor<f32>
// NORMAL-NEXT: values: {{0\.00(38|39|40)}}
// NORMAL-NEXT: result 1: tensor<f32>
// NORMAL-NEXT: values: {{-?0\.000|-?[0-9.]+e-0[4-9]}}
func.func @normal(%x: tensor<128x128xf32> {vtc.input = {normal = 0.0625}}) -> (tensor<f32>, tensor<f32>) {
  %sq = "graph.mul"(%x, %x) : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %0 = "graph.reduce_mean"(%sq) {keepdims = false} : (tensor<128x128xf32>) -> tensor<f32>
  %1 = "graph.reduce_mean"(%x) {keepdims = false} : (tensor<128x128xf32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// value = dense<...>: exactly these values (valid KV-cache positions).
// RUN: vtc-run %s --entry=value --print-values | FileCheck %s --check-prefix=VALUE
// VALUE: result 0: tensor<2x1x2xi64>
// VALUE-NEXT: values: {{\[\[\[0, 5\]\], \[\[1, 5\]\]\]}}
// VALUE-NEXT: result 1: tensor<3xf32>
// VALUE-NEXT: values: [1.5, 1.5, 1.5]
func.func @value(%i: tensor<2x1x2xi64> {vtc.input = {value = dense<[[[0, 5]], [[1, 5]]]> : tensor<2x1x2xi64>}},
                 %s: tensor<3xf32> {vtc.input = {value = dense<1.5> : tensor<3xf32>}})
    -> (tensor<2x1x2xi64>, tensor<3xf32>) {
  return %i, %s : tensor<2x1x2xi64>, tensor<3xf32>
}

// A dynamic argument: --shape and --dim by name or position; without them
// the error names the argument and the size its vtc.input suggests.
// RUN: vtc-run %s --entry=dynamic --shape=a:3x4 --dim=b.1=2 | FileCheck %s --check-prefix=DYN
// RUN: vtc-run %s --entry=dynamic --shape=0:3x4 --dim=%b.1=2 | FileCheck %s --check-prefix=DYN
// DYN: result 0: tensor<3x2xf32>
// RUN: not vtc-run %s --entry=dynamic --shape=a:3x4 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: input-attrs.mlir:[[@LINE+3]]:41: error: argument %b (#1) of @dynamic has a dynamic dim 1: give its size with --dim=b.1=SIZE (the module suggests --dim=b.1=7) or --shape=b:D0x...x, or pass .npy inputs
// RUN: not vtc-run %s --entry=dynamic 2>&1 | FileCheck %s --check-prefix=MISSING-A
// MISSING-A: error: argument %a (#0) of @dynamic has a dynamic dim 0: give its size with --dim=a.0=SIZE or --shape=a:D0x...x, or pass .npy inputs
func.func @dynamic(%a: tensor<?x4xf32>, %b: tensor<4x?xf32> {vtc.input = {range = [0.0, 1.0], shape = [4, 7]}})
    -> tensor<?x?xf32> {
  %c = "graph.matmul"(%a, %b) : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// RUN: not vtc-run %s --entry=dynamic --shape=c:3x4 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: --shape names argument '%c', but @dynamic has no argument of that name (its arguments: %a (#0), %b (#1))
// RUN: not vtc-run %s --entry=dynamic --input-range=5:0:1 2>&1 | FileCheck %s --check-prefix=POSITION
// POSITION: error: --input-range names argument #5, but @dynamic takes 2 arguments
// RUN: not vtc-run %s --entry=dynamic --dim=a.x=3 2>&1 | FileCheck %s --check-prefix=BADDIM
// BADDIM: vtc-run: invalid --dim 'a.x=3'

// Malformed attributes: a located error at the argument, exit 1.
// RUN: not vtc-run %s --entry=bad_range 2>&1 | FileCheck %s --check-prefix=BAD-RANGE
// BAD-RANGE: input-attrs.mlir:[[@LINE+1]]:22: error: 'vtc.input' range must be [LO, HI] with finite numbers LO < HI
func.func @bad_range(%x: tensor<2xf32> {vtc.input = {range = [1.0, 1.0]}}) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
// RUN: not vtc-run %s --entry=bad_normal 2>&1 | FileCheck %s --check-prefix=BAD-NORMAL
// BAD-NORMAL: error: 'vtc.input' normal needs a floating-point argument
func.func @bad_normal(%x: tensor<2xi32> {vtc.input = {normal = 1.0}}) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}
// RUN: not vtc-run %s --entry=bad_value 2>&1 | FileCheck %s --check-prefix=BAD-VALUE
// BAD-VALUE: error: 'vtc.input' value must be a dense attribute of the argument's type tensor<3xf32>
func.func @bad_value(%x: tensor<3xf32> {vtc.input = {value = dense<1.0> : tensor<2xf32>}}) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}
// RUN: not vtc-run %s --entry=bad_key 2>&1 | FileCheck %s --check-prefix=BAD-KEY
// BAD-KEY: error: 'vtc.input' has an unknown entry 'uniform' (expected range, normal or value)
func.func @bad_key(%x: tensor<3xf32> {vtc.input = {uniform = [0.0, 1.0]}}) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}
// RUN: not vtc-run %s --entry=bad_shape 2>&1 | FileCheck %s --check-prefix=BAD-SHAPE
// BAD-SHAPE: error: 'vtc.input' shape must list the argument's 2 dims (its static ones as the type has them)
func.func @bad_shape(%x: tensor<?x3xf32> {vtc.input = {normal = 1.0, shape = [4, 4]}}) -> tensor<?x3xf32> {
  return %x : tensor<?x3xf32>
}
// RUN: not vtc-run %s --entry=bad_dict 2>&1 | FileCheck %s --check-prefix=BAD-DICT
// BAD-DICT: error: 'vtc.input' must be a dictionary of one of range = [LO, HI], normal = STD or value = dense<...>, and optionally shape = [D0, ...] (suggested sizes)
func.func @bad_dict(%x: tensor<3xf32> {vtc.input = {normal = 1.0, range = [0.0, 1.0]}}) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}
