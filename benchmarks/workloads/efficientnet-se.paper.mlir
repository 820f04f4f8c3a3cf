// Workload: efficientnet-se
// Source: Souffle Fig. 5-6 (EfficientNet-b0 sub-modules M0-M9), PowerFusion Fig. 7
// Configuration: paper, the paper's, for benchmarks
// Exercises: depthwise conv + element-wise + global reduction chains (squeeze-and-excitation)
// Dimensions (modules: (name, c_in, c_out, kernel, stride, expand ratio, input size); B batch):
//   B = 1
//   M0: c_in 32, c_out 16, kernel 3, stride 1, expand 1, input 112x112
//   M1: c_in 16, c_out 24, kernel 3, stride 2, expand 6, input 112x112
//   M2: c_in 24, c_out 24, kernel 3, stride 1, expand 6, input 56x56
//   M3: c_in 24, c_out 40, kernel 5, stride 2, expand 6, input 56x56
//   M4: c_in 40, c_out 40, kernel 5, stride 1, expand 6, input 28x28
//   M5: c_in 40, c_out 80, kernel 3, stride 2, expand 6, input 28x28
//   M6: c_in 80, c_out 80, kernel 3, stride 1, expand 6, input 14x14
//   M7: c_in 80, c_out 112, kernel 5, stride 1, expand 6, input 14x14
//   M8: c_in 112, c_out 112, kernel 5, stride 1, expand 6, input 14x14
//   M9: c_in 112, c_out 192, kernel 5, stride 2, expand 6, input 14x14
// Inputs (function arguments, in order):
//   %x: tensor<1x32x112x112xf32>  input of M0
//   %m0_dw_w: tensor<32x1x3x3xf32>  M0 depthwise 3x3 weight (BN folded)
//   %m0_dw_b: tensor<32xf32>  M0 depthwise bias
//   %m0_se1_w: tensor<8x32x1x1xf32>  M0 SE reduce FC weight
//   %m0_se1_b: tensor<8xf32>  M0 SE reduce FC bias
//   %m0_se2_w: tensor<32x8x1x1xf32>  M0 SE expand FC weight
//   %m0_se2_b: tensor<32xf32>  M0 SE expand FC bias
//   %m0_proj_w: tensor<16x32x1x1xf32>  M0 project 1x1 weight (BN folded)
//   %m0_proj_b: tensor<16xf32>  M0 project bias
//   %m1_expand_w: tensor<96x16x1x1xf32>  M1 expand 1x1 weight (BN folded)
//   %m1_expand_b: tensor<96xf32>  M1 expand bias
//   %m1_dw_w: tensor<96x1x3x3xf32>  M1 depthwise 3x3 weight (BN folded)
//   %m1_dw_b: tensor<96xf32>  M1 depthwise bias
//   %m1_se1_w: tensor<4x96x1x1xf32>  M1 SE reduce FC weight
//   %m1_se1_b: tensor<4xf32>  M1 SE reduce FC bias
//   %m1_se2_w: tensor<96x4x1x1xf32>  M1 SE expand FC weight
//   %m1_se2_b: tensor<96xf32>  M1 SE expand FC bias
//   %m1_proj_w: tensor<24x96x1x1xf32>  M1 project 1x1 weight (BN folded)
//   %m1_proj_b: tensor<24xf32>  M1 project bias
//   %m2_expand_w: tensor<144x24x1x1xf32>  M2 expand 1x1 weight (BN folded)
//   %m2_expand_b: tensor<144xf32>  M2 expand bias
//   %m2_dw_w: tensor<144x1x3x3xf32>  M2 depthwise 3x3 weight (BN folded)
//   %m2_dw_b: tensor<144xf32>  M2 depthwise bias
//   %m2_se1_w: tensor<6x144x1x1xf32>  M2 SE reduce FC weight
//   %m2_se1_b: tensor<6xf32>  M2 SE reduce FC bias
//   %m2_se2_w: tensor<144x6x1x1xf32>  M2 SE expand FC weight
//   %m2_se2_b: tensor<144xf32>  M2 SE expand FC bias
//   %m2_proj_w: tensor<24x144x1x1xf32>  M2 project 1x1 weight (BN folded)
//   %m2_proj_b: tensor<24xf32>  M2 project bias
//   %m3_expand_w: tensor<144x24x1x1xf32>  M3 expand 1x1 weight (BN folded)
//   %m3_expand_b: tensor<144xf32>  M3 expand bias
//   %m3_dw_w: tensor<144x1x5x5xf32>  M3 depthwise 5x5 weight (BN folded)
//   %m3_dw_b: tensor<144xf32>  M3 depthwise bias
//   %m3_se1_w: tensor<6x144x1x1xf32>  M3 SE reduce FC weight
//   %m3_se1_b: tensor<6xf32>  M3 SE reduce FC bias
//   %m3_se2_w: tensor<144x6x1x1xf32>  M3 SE expand FC weight
//   %m3_se2_b: tensor<144xf32>  M3 SE expand FC bias
//   %m3_proj_w: tensor<40x144x1x1xf32>  M3 project 1x1 weight (BN folded)
//   %m3_proj_b: tensor<40xf32>  M3 project bias
//   %m4_expand_w: tensor<240x40x1x1xf32>  M4 expand 1x1 weight (BN folded)
//   %m4_expand_b: tensor<240xf32>  M4 expand bias
//   %m4_dw_w: tensor<240x1x5x5xf32>  M4 depthwise 5x5 weight (BN folded)
//   %m4_dw_b: tensor<240xf32>  M4 depthwise bias
//   %m4_se1_w: tensor<10x240x1x1xf32>  M4 SE reduce FC weight
//   %m4_se1_b: tensor<10xf32>  M4 SE reduce FC bias
//   %m4_se2_w: tensor<240x10x1x1xf32>  M4 SE expand FC weight
//   %m4_se2_b: tensor<240xf32>  M4 SE expand FC bias
//   %m4_proj_w: tensor<40x240x1x1xf32>  M4 project 1x1 weight (BN folded)
//   %m4_proj_b: tensor<40xf32>  M4 project bias
//   %m5_expand_w: tensor<240x40x1x1xf32>  M5 expand 1x1 weight (BN folded)
//   %m5_expand_b: tensor<240xf32>  M5 expand bias
//   %m5_dw_w: tensor<240x1x3x3xf32>  M5 depthwise 3x3 weight (BN folded)
//   %m5_dw_b: tensor<240xf32>  M5 depthwise bias
//   %m5_se1_w: tensor<10x240x1x1xf32>  M5 SE reduce FC weight
//   %m5_se1_b: tensor<10xf32>  M5 SE reduce FC bias
//   %m5_se2_w: tensor<240x10x1x1xf32>  M5 SE expand FC weight
//   %m5_se2_b: tensor<240xf32>  M5 SE expand FC bias
//   %m5_proj_w: tensor<80x240x1x1xf32>  M5 project 1x1 weight (BN folded)
//   %m5_proj_b: tensor<80xf32>  M5 project bias
//   %m6_expand_w: tensor<480x80x1x1xf32>  M6 expand 1x1 weight (BN folded)
//   %m6_expand_b: tensor<480xf32>  M6 expand bias
//   %m6_dw_w: tensor<480x1x3x3xf32>  M6 depthwise 3x3 weight (BN folded)
//   %m6_dw_b: tensor<480xf32>  M6 depthwise bias
//   %m6_se1_w: tensor<20x480x1x1xf32>  M6 SE reduce FC weight
//   %m6_se1_b: tensor<20xf32>  M6 SE reduce FC bias
//   %m6_se2_w: tensor<480x20x1x1xf32>  M6 SE expand FC weight
//   %m6_se2_b: tensor<480xf32>  M6 SE expand FC bias
//   %m6_proj_w: tensor<80x480x1x1xf32>  M6 project 1x1 weight (BN folded)
//   %m6_proj_b: tensor<80xf32>  M6 project bias
//   %m7_expand_w: tensor<480x80x1x1xf32>  M7 expand 1x1 weight (BN folded)
//   %m7_expand_b: tensor<480xf32>  M7 expand bias
//   %m7_dw_w: tensor<480x1x5x5xf32>  M7 depthwise 5x5 weight (BN folded)
//   %m7_dw_b: tensor<480xf32>  M7 depthwise bias
//   %m7_se1_w: tensor<20x480x1x1xf32>  M7 SE reduce FC weight
//   %m7_se1_b: tensor<20xf32>  M7 SE reduce FC bias
//   %m7_se2_w: tensor<480x20x1x1xf32>  M7 SE expand FC weight
//   %m7_se2_b: tensor<480xf32>  M7 SE expand FC bias
//   %m7_proj_w: tensor<112x480x1x1xf32>  M7 project 1x1 weight (BN folded)
//   %m7_proj_b: tensor<112xf32>  M7 project bias
//   %m8_expand_w: tensor<672x112x1x1xf32>  M8 expand 1x1 weight (BN folded)
//   %m8_expand_b: tensor<672xf32>  M8 expand bias
//   %m8_dw_w: tensor<672x1x5x5xf32>  M8 depthwise 5x5 weight (BN folded)
//   %m8_dw_b: tensor<672xf32>  M8 depthwise bias
//   %m8_se1_w: tensor<28x672x1x1xf32>  M8 SE reduce FC weight
//   %m8_se1_b: tensor<28xf32>  M8 SE reduce FC bias
//   %m8_se2_w: tensor<672x28x1x1xf32>  M8 SE expand FC weight
//   %m8_se2_b: tensor<672xf32>  M8 SE expand FC bias
//   %m8_proj_w: tensor<112x672x1x1xf32>  M8 project 1x1 weight (BN folded)
//   %m8_proj_b: tensor<112xf32>  M8 project bias
//   %m9_expand_w: tensor<672x112x1x1xf32>  M9 expand 1x1 weight (BN folded)
//   %m9_expand_b: tensor<672xf32>  M9 expand bias
//   %m9_dw_w: tensor<672x1x5x5xf32>  M9 depthwise 5x5 weight (BN folded)
//   %m9_dw_b: tensor<672xf32>  M9 depthwise bias
//   %m9_se1_w: tensor<28x672x1x1xf32>  M9 SE reduce FC weight
//   %m9_se1_b: tensor<28xf32>  M9 SE reduce FC bias
//   %m9_se2_w: tensor<672x28x1x1xf32>  M9 SE expand FC weight
//   %m9_se2_b: tensor<672xf32>  M9 SE expand FC bias
//   %m9_proj_w: tensor<192x672x1x1xf32>  M9 project 1x1 weight (BN folded)
//   %m9_proj_b: tensor<192xf32>  M9 project bias
// Outputs: tensor<1x192x7x7xf32>
// Notes:
//   MBConv as in EfficientNet-b0 (torchvision): [expand 1x1 + SiLU] -> depthwise kxk (stride s, pad k//2)
//   + SiLU -> SE (global average pool, 1x1 conv FC to max(1, c_in/4), SiLU, 1x1 conv FC, sigmoid, scale)
//   -> project 1x1 -> residual add when stride 1 and c_in == c_out. BatchNorm folded into conv biases.
//   M0..M9 are the first ten distinct MBConv configurations of b0 in network order (a repeated identical
//   block appears once): stage 1 (M0), stage 2 (M1, M2), stage 3 (M3, M4), stage 4 (M5, M6),
//   stage 5 (M7, M8) and the first block of stage 6 (M9); they chain, each one's output the next one's input.
// Generated by benchmarks/workloads/gen.py; do not edit (regenerate with gen.py --all).
func.func @main(%x: tensor<1x32x112x112xf32> {vtc.input = {normal = 1.0}}, %m0_dw_w: tensor<32x1x3x3xf32> {vtc.input = {normal = 0.3333333333333333}}, %m0_dw_b: tensor<32xf32> {vtc.input = {normal = 0.1}}, %m0_se1_w: tensor<8x32x1x1xf32> {vtc.input = {normal = 0.17677669529663687}}, %m0_se1_b: tensor<8xf32> {vtc.input = {normal = 0.1}}, %m0_se2_w: tensor<32x8x1x1xf32> {vtc.input = {normal = 0.35355339059327373}}, %m0_se2_b: tensor<32xf32> {vtc.input = {normal = 0.1}}, %m0_proj_w: tensor<16x32x1x1xf32> {vtc.input = {normal = 0.17677669529663687}}, %m0_proj_b: tensor<16xf32> {vtc.input = {normal = 0.1}}, %m1_expand_w: tensor<96x16x1x1xf32> {vtc.input = {normal = 0.25}}, %m1_expand_b: tensor<96xf32> {vtc.input = {normal = 0.1}}, %m1_dw_w: tensor<96x1x3x3xf32> {vtc.input = {normal = 0.3333333333333333}}, %m1_dw_b: tensor<96xf32> {vtc.input = {normal = 0.1}}, %m1_se1_w: tensor<4x96x1x1xf32> {vtc.input = {normal = 0.10206207261596577}}, %m1_se1_b: tensor<4xf32> {vtc.input = {normal = 0.1}}, %m1_se2_w: tensor<96x4x1x1xf32> {vtc.input = {normal = 0.5}}, %m1_se2_b: tensor<96xf32> {vtc.input = {normal = 0.1}}, %m1_proj_w: tensor<24x96x1x1xf32> {vtc.input = {normal = 0.10206207261596577}}, %m1_proj_b: tensor<24xf32> {vtc.input = {normal = 0.1}}, %m2_expand_w: tensor<144x24x1x1xf32> {vtc.input = {normal = 0.20412414523193154}}, %m2_expand_b: tensor<144xf32> {vtc.input = {normal = 0.1}}, %m2_dw_w: tensor<144x1x3x3xf32> {vtc.input = {normal = 0.3333333333333333}}, %m2_dw_b: tensor<144xf32> {vtc.input = {normal = 0.1}}, %m2_se1_w: tensor<6x144x1x1xf32> {vtc.input = {normal = 0.08333333333333333}}, %m2_se1_b: tensor<6xf32> {vtc.input = {normal = 0.1}}, %m2_se2_w: tensor<144x6x1x1xf32> {vtc.input = {normal = 0.4082482904638631}}, %m2_se2_b: tensor<144xf32> {vtc.input = {normal = 0.1}}, %m2_proj_w: tensor<24x144x1x1xf32> {vtc.input = {normal = 0.08333333333333333}}, %m2_proj_b: tensor<24xf32> {vtc.input = {normal = 0.1}}, %m3_expand_w: tensor<144x24x1x1xf32> {vtc.input = {normal = 0.20412414523193154}}, %m3_expand_b: tensor<144xf32> {vtc.input = {normal = 0.1}}, %m3_dw_w: tensor<144x1x5x5xf32> {vtc.input = {normal = 0.2}}, %m3_dw_b: tensor<144xf32> {vtc.input = {normal = 0.1}}, %m3_se1_w: tensor<6x144x1x1xf32> {vtc.input = {normal = 0.08333333333333333}}, %m3_se1_b: tensor<6xf32> {vtc.input = {normal = 0.1}}, %m3_se2_w: tensor<144x6x1x1xf32> {vtc.input = {normal = 0.4082482904638631}}, %m3_se2_b: tensor<144xf32> {vtc.input = {normal = 0.1}}, %m3_proj_w: tensor<40x144x1x1xf32> {vtc.input = {normal = 0.08333333333333333}}, %m3_proj_b: tensor<40xf32> {vtc.input = {normal = 0.1}}, %m4_expand_w: tensor<240x40x1x1xf32> {vtc.input = {normal = 0.15811388300841897}}, %m4_expand_b: tensor<240xf32> {vtc.input = {normal = 0.1}}, %m4_dw_w: tensor<240x1x5x5xf32> {vtc.input = {normal = 0.2}}, %m4_dw_b: tensor<240xf32> {vtc.input = {normal = 0.1}}, %m4_se1_w: tensor<10x240x1x1xf32> {vtc.input = {normal = 0.06454972243679027}}, %m4_se1_b: tensor<10xf32> {vtc.input = {normal = 0.1}}, %m4_se2_w: tensor<240x10x1x1xf32> {vtc.input = {normal = 0.31622776601683794}}, %m4_se2_b: tensor<240xf32> {vtc.input = {normal = 0.1}}, %m4_proj_w: tensor<40x240x1x1xf32> {vtc.input = {normal = 0.06454972243679027}}, %m4_proj_b: tensor<40xf32> {vtc.input = {normal = 0.1}}, %m5_expand_w: tensor<240x40x1x1xf32> {vtc.input = {normal = 0.15811388300841897}}, %m5_expand_b: tensor<240xf32> {vtc.input = {normal = 0.1}}, %m5_dw_w: tensor<240x1x3x3xf32> {vtc.input = {normal = 0.3333333333333333}}, %m5_dw_b: tensor<240xf32> {vtc.input = {normal = 0.1}}, %m5_se1_w: tensor<10x240x1x1xf32> {vtc.input = {normal = 0.06454972243679027}}, %m5_se1_b: tensor<10xf32> {vtc.input = {normal = 0.1}}, %m5_se2_w: tensor<240x10x1x1xf32> {vtc.input = {normal = 0.31622776601683794}}, %m5_se2_b: tensor<240xf32> {vtc.input = {normal = 0.1}}, %m5_proj_w: tensor<80x240x1x1xf32> {vtc.input = {normal = 0.06454972243679027}}, %m5_proj_b: tensor<80xf32> {vtc.input = {normal = 0.1}}, %m6_expand_w: tensor<480x80x1x1xf32> {vtc.input = {normal = 0.11180339887498948}}, %m6_expand_b: tensor<480xf32> {vtc.input = {normal = 0.1}}, %m6_dw_w: tensor<480x1x3x3xf32> {vtc.input = {normal = 0.3333333333333333}}, %m6_dw_b: tensor<480xf32> {vtc.input = {normal = 0.1}}, %m6_se1_w: tensor<20x480x1x1xf32> {vtc.input = {normal = 0.04564354645876384}}, %m6_se1_b: tensor<20xf32> {vtc.input = {normal = 0.1}}, %m6_se2_w: tensor<480x20x1x1xf32> {vtc.input = {normal = 0.22360679774997896}}, %m6_se2_b: tensor<480xf32> {vtc.input = {normal = 0.1}}, %m6_proj_w: tensor<80x480x1x1xf32> {vtc.input = {normal = 0.04564354645876384}}, %m6_proj_b: tensor<80xf32> {vtc.input = {normal = 0.1}}, %m7_expand_w: tensor<480x80x1x1xf32> {vtc.input = {normal = 0.11180339887498948}}, %m7_expand_b: tensor<480xf32> {vtc.input = {normal = 0.1}}, %m7_dw_w: tensor<480x1x5x5xf32> {vtc.input = {normal = 0.2}}, %m7_dw_b: tensor<480xf32> {vtc.input = {normal = 0.1}}, %m7_se1_w: tensor<20x480x1x1xf32> {vtc.input = {normal = 0.04564354645876384}}, %m7_se1_b: tensor<20xf32> {vtc.input = {normal = 0.1}}, %m7_se2_w: tensor<480x20x1x1xf32> {vtc.input = {normal = 0.22360679774997896}}, %m7_se2_b: tensor<480xf32> {vtc.input = {normal = 0.1}}, %m7_proj_w: tensor<112x480x1x1xf32> {vtc.input = {normal = 0.04564354645876384}}, %m7_proj_b: tensor<112xf32> {vtc.input = {normal = 0.1}}, %m8_expand_w: tensor<672x112x1x1xf32> {vtc.input = {normal = 0.0944911182523068}}, %m8_expand_b: tensor<672xf32> {vtc.input = {normal = 0.1}}, %m8_dw_w: tensor<672x1x5x5xf32> {vtc.input = {normal = 0.2}}, %m8_dw_b: tensor<672xf32> {vtc.input = {normal = 0.1}}, %m8_se1_w: tensor<28x672x1x1xf32> {vtc.input = {normal = 0.03857583749052298}}, %m8_se1_b: tensor<28xf32> {vtc.input = {normal = 0.1}}, %m8_se2_w: tensor<672x28x1x1xf32> {vtc.input = {normal = 0.1889822365046136}}, %m8_se2_b: tensor<672xf32> {vtc.input = {normal = 0.1}}, %m8_proj_w: tensor<112x672x1x1xf32> {vtc.input = {normal = 0.03857583749052298}}, %m8_proj_b: tensor<112xf32> {vtc.input = {normal = 0.1}}, %m9_expand_w: tensor<672x112x1x1xf32> {vtc.input = {normal = 0.0944911182523068}}, %m9_expand_b: tensor<672xf32> {vtc.input = {normal = 0.1}}, %m9_dw_w: tensor<672x1x5x5xf32> {vtc.input = {normal = 0.2}}, %m9_dw_b: tensor<672xf32> {vtc.input = {normal = 0.1}}, %m9_se1_w: tensor<28x672x1x1xf32> {vtc.input = {normal = 0.03857583749052298}}, %m9_se1_b: tensor<28xf32> {vtc.input = {normal = 0.1}}, %m9_se2_w: tensor<672x28x1x1xf32> {vtc.input = {normal = 0.1889822365046136}}, %m9_se2_b: tensor<672xf32> {vtc.input = {normal = 0.1}}, %m9_proj_w: tensor<192x672x1x1xf32> {vtc.input = {normal = 0.03857583749052298}}, %m9_proj_b: tensor<192xf32> {vtc.input = {normal = 0.1}}) -> tensor<1x192x7x7xf32> {
  // M0: MBConv1 k3 s1, 32 -> 16 channels at 112x112, SE 8
  %m0_dw = graph.conv2d %x, %m0_dw_w, %m0_dw_b {group = 32, pads = [1, 1, 1, 1]} : (tensor<1x32x112x112xf32>, tensor<32x1x3x3xf32>, tensor<32xf32>) -> tensor<1x32x112x112xf32>
  %m0_dw_act = graph.silu %m0_dw : (tensor<1x32x112x112xf32>) -> tensor<1x32x112x112xf32>
  %m0_pool = graph.reduce_mean %m0_dw_act {axes = [2, 3]} : (tensor<1x32x112x112xf32>) -> tensor<1x32x1x1xf32>
  %m0_se1 = graph.conv2d %m0_pool, %m0_se1_w, %m0_se1_b : (tensor<1x32x1x1xf32>, tensor<8x32x1x1xf32>, tensor<8xf32>) -> tensor<1x8x1x1xf32>
  %m0_se1_act = graph.silu %m0_se1 : (tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  %m0_se2 = graph.conv2d %m0_se1_act, %m0_se2_w, %m0_se2_b : (tensor<1x8x1x1xf32>, tensor<32x8x1x1xf32>, tensor<32xf32>) -> tensor<1x32x1x1xf32>
  %m0_se2_act = graph.sigmoid %m0_se2 : (tensor<1x32x1x1xf32>) -> tensor<1x32x1x1xf32>
  %m0_scaled = graph.mul %m0_dw_act, %m0_se2_act : (tensor<1x32x112x112xf32>, tensor<1x32x1x1xf32>) -> tensor<1x32x112x112xf32>
  %m0_proj = graph.conv2d %m0_scaled, %m0_proj_w, %m0_proj_b : (tensor<1x32x112x112xf32>, tensor<16x32x1x1xf32>, tensor<16xf32>) -> tensor<1x16x112x112xf32>
  // M1: MBConv6 k3 s2, 16 -> 24 channels at 112x112, SE 4
  %m1_expand = graph.conv2d %m0_proj, %m1_expand_w, %m1_expand_b : (tensor<1x16x112x112xf32>, tensor<96x16x1x1xf32>, tensor<96xf32>) -> tensor<1x96x112x112xf32>
  %m1_expand_act = graph.silu %m1_expand : (tensor<1x96x112x112xf32>) -> tensor<1x96x112x112xf32>
  %m1_dw = graph.conv2d %m1_expand_act, %m1_dw_w, %m1_dw_b {group = 96, pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<1x96x112x112xf32>, tensor<96x1x3x3xf32>, tensor<96xf32>) -> tensor<1x96x56x56xf32>
  %m1_dw_act = graph.silu %m1_dw : (tensor<1x96x56x56xf32>) -> tensor<1x96x56x56xf32>
  %m1_pool = graph.reduce_mean %m1_dw_act {axes = [2, 3]} : (tensor<1x96x56x56xf32>) -> tensor<1x96x1x1xf32>
  %m1_se1 = graph.conv2d %m1_pool, %m1_se1_w, %m1_se1_b : (tensor<1x96x1x1xf32>, tensor<4x96x1x1xf32>, tensor<4xf32>) -> tensor<1x4x1x1xf32>
  %m1_se1_act = graph.silu %m1_se1 : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  %m1_se2 = graph.conv2d %m1_se1_act, %m1_se2_w, %m1_se2_b : (tensor<1x4x1x1xf32>, tensor<96x4x1x1xf32>, tensor<96xf32>) -> tensor<1x96x1x1xf32>
  %m1_se2_act = graph.sigmoid %m1_se2 : (tensor<1x96x1x1xf32>) -> tensor<1x96x1x1xf32>
  %m1_scaled = graph.mul %m1_dw_act, %m1_se2_act : (tensor<1x96x56x56xf32>, tensor<1x96x1x1xf32>) -> tensor<1x96x56x56xf32>
  %m1_proj = graph.conv2d %m1_scaled, %m1_proj_w, %m1_proj_b : (tensor<1x96x56x56xf32>, tensor<24x96x1x1xf32>, tensor<24xf32>) -> tensor<1x24x56x56xf32>
  // M2: MBConv6 k3 s1, 24 -> 24 channels at 56x56, SE 6
  %m2_expand = graph.conv2d %m1_proj, %m2_expand_w, %m2_expand_b : (tensor<1x24x56x56xf32>, tensor<144x24x1x1xf32>, tensor<144xf32>) -> tensor<1x144x56x56xf32>
  %m2_expand_act = graph.silu %m2_expand : (tensor<1x144x56x56xf32>) -> tensor<1x144x56x56xf32>
  %m2_dw = graph.conv2d %m2_expand_act, %m2_dw_w, %m2_dw_b {group = 144, pads = [1, 1, 1, 1]} : (tensor<1x144x56x56xf32>, tensor<144x1x3x3xf32>, tensor<144xf32>) -> tensor<1x144x56x56xf32>
  %m2_dw_act = graph.silu %m2_dw : (tensor<1x144x56x56xf32>) -> tensor<1x144x56x56xf32>
  %m2_pool = graph.reduce_mean %m2_dw_act {axes = [2, 3]} : (tensor<1x144x56x56xf32>) -> tensor<1x144x1x1xf32>
  %m2_se1 = graph.conv2d %m2_pool, %m2_se1_w, %m2_se1_b : (tensor<1x144x1x1xf32>, tensor<6x144x1x1xf32>, tensor<6xf32>) -> tensor<1x6x1x1xf32>
  %m2_se1_act = graph.silu %m2_se1 : (tensor<1x6x1x1xf32>) -> tensor<1x6x1x1xf32>
  %m2_se2 = graph.conv2d %m2_se1_act, %m2_se2_w, %m2_se2_b : (tensor<1x6x1x1xf32>, tensor<144x6x1x1xf32>, tensor<144xf32>) -> tensor<1x144x1x1xf32>
  %m2_se2_act = graph.sigmoid %m2_se2 : (tensor<1x144x1x1xf32>) -> tensor<1x144x1x1xf32>
  %m2_scaled = graph.mul %m2_dw_act, %m2_se2_act : (tensor<1x144x56x56xf32>, tensor<1x144x1x1xf32>) -> tensor<1x144x56x56xf32>
  %m2_proj = graph.conv2d %m2_scaled, %m2_proj_w, %m2_proj_b : (tensor<1x144x56x56xf32>, tensor<24x144x1x1xf32>, tensor<24xf32>) -> tensor<1x24x56x56xf32>
  %m2_res = graph.add %m2_proj, %m1_proj : (tensor<1x24x56x56xf32>, tensor<1x24x56x56xf32>) -> tensor<1x24x56x56xf32>
  // M3: MBConv6 k5 s2, 24 -> 40 channels at 56x56, SE 6
  %m3_expand = graph.conv2d %m2_res, %m3_expand_w, %m3_expand_b : (tensor<1x24x56x56xf32>, tensor<144x24x1x1xf32>, tensor<144xf32>) -> tensor<1x144x56x56xf32>
  %m3_expand_act = graph.silu %m3_expand : (tensor<1x144x56x56xf32>) -> tensor<1x144x56x56xf32>
  %m3_dw = graph.conv2d %m3_expand_act, %m3_dw_w, %m3_dw_b {group = 144, pads = [2, 2, 2, 2], strides = [2, 2]} : (tensor<1x144x56x56xf32>, tensor<144x1x5x5xf32>, tensor<144xf32>) -> tensor<1x144x28x28xf32>
  %m3_dw_act = graph.silu %m3_dw : (tensor<1x144x28x28xf32>) -> tensor<1x144x28x28xf32>
  %m3_pool = graph.reduce_mean %m3_dw_act {axes = [2, 3]} : (tensor<1x144x28x28xf32>) -> tensor<1x144x1x1xf32>
  %m3_se1 = graph.conv2d %m3_pool, %m3_se1_w, %m3_se1_b : (tensor<1x144x1x1xf32>, tensor<6x144x1x1xf32>, tensor<6xf32>) -> tensor<1x6x1x1xf32>
  %m3_se1_act = graph.silu %m3_se1 : (tensor<1x6x1x1xf32>) -> tensor<1x6x1x1xf32>
  %m3_se2 = graph.conv2d %m3_se1_act, %m3_se2_w, %m3_se2_b : (tensor<1x6x1x1xf32>, tensor<144x6x1x1xf32>, tensor<144xf32>) -> tensor<1x144x1x1xf32>
  %m3_se2_act = graph.sigmoid %m3_se2 : (tensor<1x144x1x1xf32>) -> tensor<1x144x1x1xf32>
  %m3_scaled = graph.mul %m3_dw_act, %m3_se2_act : (tensor<1x144x28x28xf32>, tensor<1x144x1x1xf32>) -> tensor<1x144x28x28xf32>
  %m3_proj = graph.conv2d %m3_scaled, %m3_proj_w, %m3_proj_b : (tensor<1x144x28x28xf32>, tensor<40x144x1x1xf32>, tensor<40xf32>) -> tensor<1x40x28x28xf32>
  // M4: MBConv6 k5 s1, 40 -> 40 channels at 28x28, SE 10
  %m4_expand = graph.conv2d %m3_proj, %m4_expand_w, %m4_expand_b : (tensor<1x40x28x28xf32>, tensor<240x40x1x1xf32>, tensor<240xf32>) -> tensor<1x240x28x28xf32>
  %m4_expand_act = graph.silu %m4_expand : (tensor<1x240x28x28xf32>) -> tensor<1x240x28x28xf32>
  %m4_dw = graph.conv2d %m4_expand_act, %m4_dw_w, %m4_dw_b {group = 240, pads = [2, 2, 2, 2]} : (tensor<1x240x28x28xf32>, tensor<240x1x5x5xf32>, tensor<240xf32>) -> tensor<1x240x28x28xf32>
  %m4_dw_act = graph.silu %m4_dw : (tensor<1x240x28x28xf32>) -> tensor<1x240x28x28xf32>
  %m4_pool = graph.reduce_mean %m4_dw_act {axes = [2, 3]} : (tensor<1x240x28x28xf32>) -> tensor<1x240x1x1xf32>
  %m4_se1 = graph.conv2d %m4_pool, %m4_se1_w, %m4_se1_b : (tensor<1x240x1x1xf32>, tensor<10x240x1x1xf32>, tensor<10xf32>) -> tensor<1x10x1x1xf32>
  %m4_se1_act = graph.silu %m4_se1 : (tensor<1x10x1x1xf32>) -> tensor<1x10x1x1xf32>
  %m4_se2 = graph.conv2d %m4_se1_act, %m4_se2_w, %m4_se2_b : (tensor<1x10x1x1xf32>, tensor<240x10x1x1xf32>, tensor<240xf32>) -> tensor<1x240x1x1xf32>
  %m4_se2_act = graph.sigmoid %m4_se2 : (tensor<1x240x1x1xf32>) -> tensor<1x240x1x1xf32>
  %m4_scaled = graph.mul %m4_dw_act, %m4_se2_act : (tensor<1x240x28x28xf32>, tensor<1x240x1x1xf32>) -> tensor<1x240x28x28xf32>
  %m4_proj = graph.conv2d %m4_scaled, %m4_proj_w, %m4_proj_b : (tensor<1x240x28x28xf32>, tensor<40x240x1x1xf32>, tensor<40xf32>) -> tensor<1x40x28x28xf32>
  %m4_res = graph.add %m4_proj, %m3_proj : (tensor<1x40x28x28xf32>, tensor<1x40x28x28xf32>) -> tensor<1x40x28x28xf32>
  // M5: MBConv6 k3 s2, 40 -> 80 channels at 28x28, SE 10
  %m5_expand = graph.conv2d %m4_res, %m5_expand_w, %m5_expand_b : (tensor<1x40x28x28xf32>, tensor<240x40x1x1xf32>, tensor<240xf32>) -> tensor<1x240x28x28xf32>
  %m5_expand_act = graph.silu %m5_expand : (tensor<1x240x28x28xf32>) -> tensor<1x240x28x28xf32>
  %m5_dw = graph.conv2d %m5_expand_act, %m5_dw_w, %m5_dw_b {group = 240, pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<1x240x28x28xf32>, tensor<240x1x3x3xf32>, tensor<240xf32>) -> tensor<1x240x14x14xf32>
  %m5_dw_act = graph.silu %m5_dw : (tensor<1x240x14x14xf32>) -> tensor<1x240x14x14xf32>
  %m5_pool = graph.reduce_mean %m5_dw_act {axes = [2, 3]} : (tensor<1x240x14x14xf32>) -> tensor<1x240x1x1xf32>
  %m5_se1 = graph.conv2d %m5_pool, %m5_se1_w, %m5_se1_b : (tensor<1x240x1x1xf32>, tensor<10x240x1x1xf32>, tensor<10xf32>) -> tensor<1x10x1x1xf32>
  %m5_se1_act = graph.silu %m5_se1 : (tensor<1x10x1x1xf32>) -> tensor<1x10x1x1xf32>
  %m5_se2 = graph.conv2d %m5_se1_act, %m5_se2_w, %m5_se2_b : (tensor<1x10x1x1xf32>, tensor<240x10x1x1xf32>, tensor<240xf32>) -> tensor<1x240x1x1xf32>
  %m5_se2_act = graph.sigmoid %m5_se2 : (tensor<1x240x1x1xf32>) -> tensor<1x240x1x1xf32>
  %m5_scaled = graph.mul %m5_dw_act, %m5_se2_act : (tensor<1x240x14x14xf32>, tensor<1x240x1x1xf32>) -> tensor<1x240x14x14xf32>
  %m5_proj = graph.conv2d %m5_scaled, %m5_proj_w, %m5_proj_b : (tensor<1x240x14x14xf32>, tensor<80x240x1x1xf32>, tensor<80xf32>) -> tensor<1x80x14x14xf32>
  // M6: MBConv6 k3 s1, 80 -> 80 channels at 14x14, SE 20
  %m6_expand = graph.conv2d %m5_proj, %m6_expand_w, %m6_expand_b : (tensor<1x80x14x14xf32>, tensor<480x80x1x1xf32>, tensor<480xf32>) -> tensor<1x480x14x14xf32>
  %m6_expand_act = graph.silu %m6_expand : (tensor<1x480x14x14xf32>) -> tensor<1x480x14x14xf32>
  %m6_dw = graph.conv2d %m6_expand_act, %m6_dw_w, %m6_dw_b {group = 480, pads = [1, 1, 1, 1]} : (tensor<1x480x14x14xf32>, tensor<480x1x3x3xf32>, tensor<480xf32>) -> tensor<1x480x14x14xf32>
  %m6_dw_act = graph.silu %m6_dw : (tensor<1x480x14x14xf32>) -> tensor<1x480x14x14xf32>
  %m6_pool = graph.reduce_mean %m6_dw_act {axes = [2, 3]} : (tensor<1x480x14x14xf32>) -> tensor<1x480x1x1xf32>
  %m6_se1 = graph.conv2d %m6_pool, %m6_se1_w, %m6_se1_b : (tensor<1x480x1x1xf32>, tensor<20x480x1x1xf32>, tensor<20xf32>) -> tensor<1x20x1x1xf32>
  %m6_se1_act = graph.silu %m6_se1 : (tensor<1x20x1x1xf32>) -> tensor<1x20x1x1xf32>
  %m6_se2 = graph.conv2d %m6_se1_act, %m6_se2_w, %m6_se2_b : (tensor<1x20x1x1xf32>, tensor<480x20x1x1xf32>, tensor<480xf32>) -> tensor<1x480x1x1xf32>
  %m6_se2_act = graph.sigmoid %m6_se2 : (tensor<1x480x1x1xf32>) -> tensor<1x480x1x1xf32>
  %m6_scaled = graph.mul %m6_dw_act, %m6_se2_act : (tensor<1x480x14x14xf32>, tensor<1x480x1x1xf32>) -> tensor<1x480x14x14xf32>
  %m6_proj = graph.conv2d %m6_scaled, %m6_proj_w, %m6_proj_b : (tensor<1x480x14x14xf32>, tensor<80x480x1x1xf32>, tensor<80xf32>) -> tensor<1x80x14x14xf32>
  %m6_res = graph.add %m6_proj, %m5_proj : (tensor<1x80x14x14xf32>, tensor<1x80x14x14xf32>) -> tensor<1x80x14x14xf32>
  // M7: MBConv6 k5 s1, 80 -> 112 channels at 14x14, SE 20
  %m7_expand = graph.conv2d %m6_res, %m7_expand_w, %m7_expand_b : (tensor<1x80x14x14xf32>, tensor<480x80x1x1xf32>, tensor<480xf32>) -> tensor<1x480x14x14xf32>
  %m7_expand_act = graph.silu %m7_expand : (tensor<1x480x14x14xf32>) -> tensor<1x480x14x14xf32>
  %m7_dw = graph.conv2d %m7_expand_act, %m7_dw_w, %m7_dw_b {group = 480, pads = [2, 2, 2, 2]} : (tensor<1x480x14x14xf32>, tensor<480x1x5x5xf32>, tensor<480xf32>) -> tensor<1x480x14x14xf32>
  %m7_dw_act = graph.silu %m7_dw : (tensor<1x480x14x14xf32>) -> tensor<1x480x14x14xf32>
  %m7_pool = graph.reduce_mean %m7_dw_act {axes = [2, 3]} : (tensor<1x480x14x14xf32>) -> tensor<1x480x1x1xf32>
  %m7_se1 = graph.conv2d %m7_pool, %m7_se1_w, %m7_se1_b : (tensor<1x480x1x1xf32>, tensor<20x480x1x1xf32>, tensor<20xf32>) -> tensor<1x20x1x1xf32>
  %m7_se1_act = graph.silu %m7_se1 : (tensor<1x20x1x1xf32>) -> tensor<1x20x1x1xf32>
  %m7_se2 = graph.conv2d %m7_se1_act, %m7_se2_w, %m7_se2_b : (tensor<1x20x1x1xf32>, tensor<480x20x1x1xf32>, tensor<480xf32>) -> tensor<1x480x1x1xf32>
  %m7_se2_act = graph.sigmoid %m7_se2 : (tensor<1x480x1x1xf32>) -> tensor<1x480x1x1xf32>
  %m7_scaled = graph.mul %m7_dw_act, %m7_se2_act : (tensor<1x480x14x14xf32>, tensor<1x480x1x1xf32>) -> tensor<1x480x14x14xf32>
  %m7_proj = graph.conv2d %m7_scaled, %m7_proj_w, %m7_proj_b : (tensor<1x480x14x14xf32>, tensor<112x480x1x1xf32>, tensor<112xf32>) -> tensor<1x112x14x14xf32>
  // M8: MBConv6 k5 s1, 112 -> 112 channels at 14x14, SE 28
  %m8_expand = graph.conv2d %m7_proj, %m8_expand_w, %m8_expand_b : (tensor<1x112x14x14xf32>, tensor<672x112x1x1xf32>, tensor<672xf32>) -> tensor<1x672x14x14xf32>
  %m8_expand_act = graph.silu %m8_expand : (tensor<1x672x14x14xf32>) -> tensor<1x672x14x14xf32>
  %m8_dw = graph.conv2d %m8_expand_act, %m8_dw_w, %m8_dw_b {group = 672, pads = [2, 2, 2, 2]} : (tensor<1x672x14x14xf32>, tensor<672x1x5x5xf32>, tensor<672xf32>) -> tensor<1x672x14x14xf32>
  %m8_dw_act = graph.silu %m8_dw : (tensor<1x672x14x14xf32>) -> tensor<1x672x14x14xf32>
  %m8_pool = graph.reduce_mean %m8_dw_act {axes = [2, 3]} : (tensor<1x672x14x14xf32>) -> tensor<1x672x1x1xf32>
  %m8_se1 = graph.conv2d %m8_pool, %m8_se1_w, %m8_se1_b : (tensor<1x672x1x1xf32>, tensor<28x672x1x1xf32>, tensor<28xf32>) -> tensor<1x28x1x1xf32>
  %m8_se1_act = graph.silu %m8_se1 : (tensor<1x28x1x1xf32>) -> tensor<1x28x1x1xf32>
  %m8_se2 = graph.conv2d %m8_se1_act, %m8_se2_w, %m8_se2_b : (tensor<1x28x1x1xf32>, tensor<672x28x1x1xf32>, tensor<672xf32>) -> tensor<1x672x1x1xf32>
  %m8_se2_act = graph.sigmoid %m8_se2 : (tensor<1x672x1x1xf32>) -> tensor<1x672x1x1xf32>
  %m8_scaled = graph.mul %m8_dw_act, %m8_se2_act : (tensor<1x672x14x14xf32>, tensor<1x672x1x1xf32>) -> tensor<1x672x14x14xf32>
  %m8_proj = graph.conv2d %m8_scaled, %m8_proj_w, %m8_proj_b : (tensor<1x672x14x14xf32>, tensor<112x672x1x1xf32>, tensor<112xf32>) -> tensor<1x112x14x14xf32>
  %m8_res = graph.add %m8_proj, %m7_proj : (tensor<1x112x14x14xf32>, tensor<1x112x14x14xf32>) -> tensor<1x112x14x14xf32>
  // M9: MBConv6 k5 s2, 112 -> 192 channels at 14x14, SE 28
  %m9_expand = graph.conv2d %m8_res, %m9_expand_w, %m9_expand_b : (tensor<1x112x14x14xf32>, tensor<672x112x1x1xf32>, tensor<672xf32>) -> tensor<1x672x14x14xf32>
  %m9_expand_act = graph.silu %m9_expand : (tensor<1x672x14x14xf32>) -> tensor<1x672x14x14xf32>
  %m9_dw = graph.conv2d %m9_expand_act, %m9_dw_w, %m9_dw_b {group = 672, pads = [2, 2, 2, 2], strides = [2, 2]} : (tensor<1x672x14x14xf32>, tensor<672x1x5x5xf32>, tensor<672xf32>) -> tensor<1x672x7x7xf32>
  %m9_dw_act = graph.silu %m9_dw : (tensor<1x672x7x7xf32>) -> tensor<1x672x7x7xf32>
  %m9_pool = graph.reduce_mean %m9_dw_act {axes = [2, 3]} : (tensor<1x672x7x7xf32>) -> tensor<1x672x1x1xf32>
  %m9_se1 = graph.conv2d %m9_pool, %m9_se1_w, %m9_se1_b : (tensor<1x672x1x1xf32>, tensor<28x672x1x1xf32>, tensor<28xf32>) -> tensor<1x28x1x1xf32>
  %m9_se1_act = graph.silu %m9_se1 : (tensor<1x28x1x1xf32>) -> tensor<1x28x1x1xf32>
  %m9_se2 = graph.conv2d %m9_se1_act, %m9_se2_w, %m9_se2_b : (tensor<1x28x1x1xf32>, tensor<672x28x1x1xf32>, tensor<672xf32>) -> tensor<1x672x1x1xf32>
  %m9_se2_act = graph.sigmoid %m9_se2 : (tensor<1x672x1x1xf32>) -> tensor<1x672x1x1xf32>
  %m9_scaled = graph.mul %m9_dw_act, %m9_se2_act : (tensor<1x672x7x7xf32>, tensor<1x672x1x1xf32>) -> tensor<1x672x7x7xf32>
  %m9_proj = graph.conv2d %m9_scaled, %m9_proj_w, %m9_proj_b : (tensor<1x672x7x7xf32>, tensor<192x672x1x1xf32>, tensor<192xf32>) -> tensor<1x192x7x7xf32>
  return %m9_proj : tensor<1x192x7x7xf32>
}
