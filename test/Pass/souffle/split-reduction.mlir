// te-split-reduction: a long reduction over few outputs that Vortex does
// not take (here the decode attention's P.V read through the GQA view,
// `h floordiv 4`) becomes the parts (the part index before the innermost
// output dim, f32 partials for a bf16 result), their sum, and the rounding
// to bf16; a contraction Vortex takes, a reduction of one load, and one with
// enough outputs stay, each with a remark.
// RUN: vtc-opt --te-split-reduction='min-items=4096 min-length=1' %s 2>&1 | FileCheck %s
// RUN: vtc-opt --te-split-reduction='min-items=4096 min-length=1' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: not vtc-opt --te-split-reduction='max-parts=0' %s 2>&1 | FileCheck %s --check-prefix=BAD
// STATS: {{^}}te-split-reduction{{$}}
// STATS-NEXT: 2 split
// STATS-NEXT: 4 skipped
// BAD: error: te-split-reduction: min-items, min-chunk, max-parts and min-length must be >= 1
// A reduction shorter than min-length stays whole (both splittable ones
// here have 512 points):
// RUN: vtc-opt --te-split-reduction='min-items=4096 min-length=1024' --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MINLEN
// MINLEN: not split: its reduction is shorter than min-length
// MINLEN: not split: its reduction is shorter than min-length
// MINLEN: 0 split
//
// The split program computes what the unsplit one computes: the decode
// workload with its views realised (P.V then reads V through the GQA map)
// and its reductions split (min-chunk=2: the small config's 6 positions in
// 2 parts), on the CPU against the graph reference (bf16 tolerance).
// RUN: vtc-run %vtc_src/benchmarks/workloads/llama3-decode-kv.small-inplace.mlir --target=cpu --check --pass-pipeline='builtin.module(vtc-virtualize{strategy=all},lower-graph-to-te,souffle-vertical{producers=vtc-views into-ci=true},te-split-reduction{min-items=100000000 min-chunk=2 min-length=1},lower-te-to-gir)' 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: remark: te-split-reduction: split into 2 parts of 3 points
// DIFF: check: ok (3 results match the reference interpreter)

// CHECK: remark: te-split-reduction: split into 8 parts of 64 points
// CHECK: remark: te-split-reduction: not split: Vortex takes it as a contraction
// CHECK: remark: te-split-reduction: not split: its body is not a product of two loads
// CHECK: remark: te-split-reduction: not split: enough outputs already, or a reduction too short to split
// CHECK: remark: te-split-reduction: split into 2 parts of 256 points
// CHECK-LABEL: func.func @pv
// CHECK: %[[P:.*]] = te.compute(%arg0, %arg1) shape () -> (2, 8, 8, 16) reduce () -> (64) combiner sum init 0.000000e+00 : (tensor<2x8x512xbf16>, tensor<2x512x2x16xbf16>) -> tensor<2x8x8x16xf32>
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: %[[A:.*]] = te.load %arg0[(d0, d1, d2, d3, d4) -> (d0, d1, d2 * 64 + d4)]
// CHECK-NEXT: %[[B:.*]] = te.load %arg1[(d0, d1, d2, d3, d4) -> (d0, d2 * 64 + d4, d1 floordiv 4, d3)]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[B]] : bf16
// CHECK-NEXT: %[[X:.*]] = arith.extf %[[M]] : bf16 to f32
// CHECK-NEXT: te.yield %[[X]] : f32
// CHECK: %[[S:.*]] = te.compute(%[[P]]) shape () -> (2, 8, 16) reduce () -> (8) combiner sum init 0.000000e+00 : (tensor<2x8x8x16xf32>) -> tensor<2x8x16xf32>
// CHECK: te.load %[[P]][(d0, d1, d2, d3) -> (d0, d1, d3, d2)]
// CHECK: %[[R:.*]] = te.compute(%[[S]]) shape () -> (2, 8, 16) : (tensor<2x8x16xf32>) -> tensor<2x8x16xbf16>
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: return %[[R]]
func.func @pv(%p: tensor<2x8x512xbf16>, %v: tensor<2x512x2x16xbf16>) -> tensor<2x8x16xbf16> {
  %o = te.compute(%p, %v) shape () -> (2, 8, 16) reduce () -> (512) combiner sum init 0.0 : (tensor<2x8x512xbf16>, tensor<2x512x2x16xbf16>) -> tensor<2x8x16xbf16> {
  ^bb0(%b: index, %h: index, %d: index, %l: index):
    %x = te.load %p[(d0, d1, d2, d3) -> (d0, d1, d3)] : tensor<2x8x512xbf16> -> bf16
    %y = te.load %v[(d0, d1, d2, d3) -> (d0, d3, d1 floordiv 4, d2)] : tensor<2x512x2x16xbf16> -> bf16
    %m = arith.mulf %x, %y : bf16
    te.yield %m : bf16
  }
  return %o : tensor<2x8x16xbf16>
}

// A GEMV Vortex takes (its rKernel has split-K).
func.func @gemv(%x: tensor<1x512xf32>, %w: tensor<512x16xf32>) -> tensor<1x16xf32> {
  %o = te.compute(%x, %w) shape () -> (1, 16) reduce () -> (512) combiner sum init 0.0 : (tensor<1x512xf32>, tensor<512x16xf32>) -> tensor<1x16xf32> {
  ^bb0(%i: index, %j: index, %k: index):
    %a = te.load %x[(d0, d1, d2) -> (d0, d2)] : tensor<1x512xf32> -> f32
    %b = te.load %w[(d0, d1, d2) -> (d2, d1)] : tensor<512x16xf32> -> f32
    %m = arith.mulf %a, %b : f32
    te.yield %m : f32
  }
  return %o : tensor<1x16xf32>
}

// A row sum (softmax's): no product, kept for the fused softmax.
func.func @rowsum(%x: tensor<4x4096xf32>) -> tensor<4xf32> {
  %o = te.compute(%x) shape () -> (4) reduce () -> (4096) combiner sum init 0.0 : (tensor<4x4096xf32>) -> tensor<4xf32> {
  ^bb0(%i: index, %k: index):
    %a = te.load %x[(d0, d1) -> (d0, d1)] : tensor<4x4096xf32> -> f32
    te.yield %a : f32
  }
  return %o : tensor<4xf32>
}

// Enough outputs already: 32768 >= min-items.
func.func @wide(%p: tensor<2x8x512xf32>, %v: tensor<2x512x2x2048xf32>) -> tensor<2x8x2048xf32> {
  %o = te.compute(%p, %v) shape () -> (2, 8, 2048) reduce () -> (512) combiner sum init 0.0 : (tensor<2x8x512xf32>, tensor<2x512x2x2048xf32>) -> tensor<2x8x2048xf32> {
  ^bb0(%b: index, %h: index, %d: index, %l: index):
    %x = te.load %p[(d0, d1, d2, d3) -> (d0, d1, d3)] : tensor<2x8x512xf32> -> f32
    %y = te.load %v[(d0, d1, d2, d3) -> (d0, d3, d1 floordiv 4, d2)] : tensor<2x512x2x2048xf32> -> f32
    %m = arith.mulf %x, %y : f32
    te.yield %m : f32
  }
  return %o : tensor<2x8x2048xf32>
}

// 2048 outputs: split in two parts. Every output counts, also the four
// heads that share a V row (one work item of lower-te-to-gir's grouped
// kernel): on the H200 the decode P.V's best part count follows the
// outputs (llama3 and gemma2 b16, 65536 outputs in 16384 and 32768
// groups, both fastest with 32 parts).
// CHECK-LABEL: func.func @heads
// CHECK: te.compute(%arg0, %arg1) shape () -> (2, 8, 2, 128) reduce () -> (256)
func.func @heads(%p: tensor<2x8x512xf32>, %v: tensor<2x512x2x128xf32>) -> tensor<2x8x128xf32> {
  %o = te.compute(%p, %v) shape () -> (2, 8, 128) reduce () -> (512) combiner sum init 0.0 : (tensor<2x8x512xf32>, tensor<2x512x2x128xf32>) -> tensor<2x8x128xf32> {
  ^bb0(%b: index, %h: index, %d: index, %l: index):
    %x = te.load %p[(d0, d1, d2, d3) -> (d0, d1, d3)] : tensor<2x8x512xf32> -> f32
    %y = te.load %v[(d0, d1, d2, d3) -> (d0, d3, d1 floordiv 4, d2)] : tensor<2x512x2x128xf32> -> f32
    %m = arith.mulf %x, %y : f32
    te.yield %m : f32
  }
  return %o : tensor<2x8x128xf32>
}

// bodies=any: a global average pool's sum over H x W (one load, two
// reduction axes) of 4 channels splits its first axis, 8 parts of 2 x 64
// points, and the parts' sum reads them back (Souffle V2's effnet pools).
// RUN: vtc-opt --pass-pipeline='builtin.module(te-split-reduction{bodies=any min-items=32 min-chunk=128})' %s 2>&1 | FileCheck %s --check-prefix=ANY
// RUN: not vtc-opt --pass-pipeline='builtin.module(te-split-reduction{bodies=some})' %s 2>&1 | FileCheck %s --check-prefix=BADBODIES
// BADBODIES: error: te-split-reduction: bodies must be products or any, not 'some'
// ANY: remark: te-split-reduction: split into 8 parts of 128 points
// ANY-LABEL: func.func @pool
// ANY: %[[P:.*]] = te.compute(%arg0) shape () -> (1, 4, 8, 1) reduce () -> (2, 64) combiner sum
// ANY-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// ANY-NEXT: te.load %arg0[(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d5)]
// ANY: te.compute(%[[P]]) shape () -> (1, 4, 1) reduce () -> (8) combiner sum
// ANY: te.load %[[P]][(d0, d1, d2, d3) -> (d0, d1, d3, d2)]
func.func @pool(%x: tensor<1x4x16x64xf32>) -> tensor<1x4x1xf32> {
  %o = te.compute(%x) shape () -> (1, 4, 1) reduce () -> (16, 64) combiner sum init 0.0 : (tensor<1x4x16x64xf32>) -> tensor<1x4x1xf32> {
  ^bb0(%n: index, %c: index, %z: index, %h: index, %w: index):
    %v = te.load %x[(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)] : tensor<1x4x16x64xf32> -> f32
    te.yield %v : f32
  }
  return %o : tensor<1x4x1xf32>
}
