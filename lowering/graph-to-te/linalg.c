/* lower-graph-to-te for matmul (numpy semantics: 1-D promotion, batch
 * broadcasting) and conv2d (groups, strides, dilations, explicit or SAME
 * padding): one one-relies-on-many TE each, a sum over the contraction
 * domain; conv2d reads its input through padded loads (padding 0.0) instead
 * of a padded copy, and adds its bias in a second, one-relies-on-one TE. */
#include <string.h>

#include "lowering/graph-to-te/lowering.h"

bool gte_lower_matmul(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_context *ctx = L->ctx;
  vtc_value *ins[2] = {vtc_op_operand(op, 0), vtc_op_operand(op, 1)};
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element;
  gte_shape as, bs;
  if (!gte_shape_of(L, ins[0], &as) || !gte_shape_of(L, ins[1], &bs)) return false;
  if (!vtc_type_is_float(el) && !vtc_type_is_integer(el, 0)) return gte_fail(L, "unsupported element type");
  if (as.rank < 1 || bs.rank < 1) return gte_fail(L, "a rank-0 operand");
  bool has_m = as.rank >= 2, has_n = bs.rank >= 2;
  gte_shape ab = {.rank = has_m ? as.rank - 2 : 0}, bb = {.rank = has_n ? bs.rank - 2 : 0};
  memcpy(ab.dims, as.dims, ab.rank * sizeof(gte_expr));
  memcpy(bb.dims, bs.dims, bb.rank * sizeof(gte_expr));
  gte_shape out = gte_broadcast(L, &ab, &bb), batch = out;
  unsigned nb = out.rank;
  if (has_m) out.dims[out.rank++] = as.dims[as.rank - 2];
  if (has_n) out.dims[out.rank++] = bs.dims[bs.rank - 1];
  gte_expr k = as.dims[as.rank - 1], kb = bs.dims[has_n ? bs.rank - 2 : 0];
  if (!gte_is_const(k, NULL) && gte_is_const(kb, NULL)) k = kb;
  gte_expr ia[VTC_MAX_RANK], ib[VTC_MAX_RANK], kd = vtc_affine_dim(ctx, out.rank);
  gte_broadcast_index(L, &ab, &batch, ia);
  gte_broadcast_index(L, &bb, &batch, ib);
  if (has_m) ia[ab.rank] = vtc_affine_dim(ctx, nb);
  ia[as.rank - 1] = kd;
  ib[has_n ? bs.rank - 2 : 0] = kd;
  if (has_n) ib[bs.rank - 1] = vtc_affine_dim(ctx, nb + has_m);
  gte_compute c;
  gte_begin(&c, L, rt, NULL, &out, 2, ins, 1, &k, VTC_TE_COMBINER_SUM, 0);
  vtc_value *x = gte_load(&c, 0, ia, 0, NULL, NULL), *y = gte_load(&c, 1, ib, 0, NULL, NULL);
  results[0] = gte_end(&c, gte_mul(&c, x, y));
  return true;
}

/* y = r + bias[channel] (r's type at, the result's rt), a one-relies-on-one TE. */
static vtc_value *add_bias(gte_lowering *L, vtc_value *r, vtc_value *bias, const vtc_type *rt, const vtc_type *at,
                           const gte_shape *out) {
  gte_compute c;
  vtc_value *bins[2] = {r, bias};
  gte_begin(&c, L, rt, NULL, out, 2, bins, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  gte_expr bi[1] = {gte_d(&c, 1)};
  vtc_value *sum = gte_op2(&c, "arith.addf", gte_load_broadcast(&c, 0), gte_convert(&c, gte_load(&c, 1, bi, 0, NULL, NULL), at));
  return gte_end(&c, gte_convert(&c, sum, rt->element));
}

/* Whether conv= takes im2col for a convolution with one group and a window:
 * always, never, or (auto) where one image's col tensor, C R S x OH OW
 * elements, is static and at most GTE_IM2COL_MAX_IMAGE_BYTES (it is
 * materialised; the batch multiplies it). */
static bool im2col_chosen(gte_lowering *L, const gte_shape *out, int64_t cg, int64_t kh, int64_t kw,
                          const vtc_type *el) {
  if (L->conv != GTE_CONV_AUTO) return L->conv == GTE_CONV_IM2COL;
  int64_t oh, ow, bytes = (vtc_type_bit_width(el) + 7) / 8;
  if (!gte_is_const(out->dims[2], &oh) || !gte_is_const(out->dims[3], &ow)) return false;
  const int64_t f[] = {cg, kh, kw, oh, ow};
  for (unsigned i = 0; i < 5; i++)
    if (f[i] < 0 || __builtin_mul_overflow(bytes, f[i], &bytes)) return false;
  return bytes <= GTE_IM2COL_MAX_IMAGE_BYTES;
}

/* conv=im2col (one group): the input gathered per image into
 * col[n, c, r, s, oh, ow] = x[n, c, oh*sh + r*dh - ph, ow*sw + s*dw - pw]
 * (0 outside: padding), then y[n, m, oh, ow] = sum over (c, r, s) of
 * w[m, c, r, s] col[n, c, r, s, oh, ow]: per image a GEMM of W (M x C R S,
 * row-major) and col[n] (C R S x OH OW, row-major) that Vortex classifies
 * and lowers to its rKernels (the GEMM form of rkernel.c: batch n with W
 * broadcast). The col tensor is R S times the input: the classic im2col
 * (Caffe; oneDNN's gemm convolution on NCHW), not Vortex's implicit GEMM,
 * which gathers while staging (not emitted yet). */
static vtc_value *conv2d_im2col(gte_lowering *L, vtc_value *x, vtc_value *w, vtc_value *bias, const vtc_type *rt,
                                const gte_shape *out, const vtc_conv2d_attrs *a, const int64_t *pads, int64_t cg,
                                int64_t kh, int64_t kw) {
  vtc_context *ctx = L->ctx;
  const vtc_type *el = rt->element, *at = bias ? gte_acc_type(L, el) : el;
  gte_compute c;
  gte_shape cs = {.rank = 6, .dims = {out->dims[0], gte_c(L, cg), gte_c(L, kh), gte_c(L, kw), out->dims[2], out->dims[3]}};
  const vtc_type *x_el = x->type->element;
  gte_begin(&c, L, NULL, x_el, &cs, 1, &x, 0, NULL, VTC_TE_COMBINER_NONE, 0);
  gte_expr d[6];
  for (unsigned i = 0; i < 6; i++) d[i] = gte_d(&c, i);
  gte_expr xi[4] = {d[0], d[1],
                    vtc_affine_add(ctx, vtc_affine_add(ctx, vtc_affine_mul(ctx, d[4], gte_c(L, a->strides[0])), gte_c(L, -pads[0])),
                                   vtc_affine_mul(ctx, d[2], gte_c(L, a->dilations[0]))),
                    vtc_affine_add(ctx, vtc_affine_add(ctx, vtc_affine_mul(ctx, d[5], gte_c(L, a->strides[1])), gte_c(L, -pads[1])),
                                   vtc_affine_mul(ctx, d[3], gte_c(L, a->dilations[1])))};
  double zero = 0;
  bool padded = pads[0] || pads[1] || pads[2] || pads[3];
  vtc_value *col = gte_end(&c, gte_load(&c, 0, xi, 0, NULL, padded ? &zero : NULL));
  if (!col) return NULL;
  gte_expr red[3] = {gte_c(L, cg), gte_c(L, kh), gte_c(L, kw)};
  vtc_value *ins[2] = {w, col};
  gte_begin(&c, L, bias ? NULL : rt, at, out, 2, ins, 3, red, VTC_TE_COMBINER_SUM, 0);
  gte_expr e[7];
  for (unsigned i = 0; i < 7; i++) e[i] = gte_d(&c, i);
  gte_expr wi[4] = {e[1], e[4], e[5], e[6]}, ci[6] = {e[0], e[4], e[5], e[6], e[2], e[3]};
  vtc_value *we = gte_convert(&c, gte_load(&c, 0, wi, 0, NULL, NULL), at);
  vtc_value *xe = gte_convert(&c, gte_load(&c, 1, ci, 0, NULL, NULL), at);
  vtc_value *r = gte_end(&c, gte_op2(&c, "arith.mulf", we, xe));
  return r && bias ? add_bias(L, r, bias, rt, at, out) : r;
}

bool gte_lower_conv2d(gte_lowering *L, vtc_op *op, vtc_value **results) {
  vtc_context *ctx = L->ctx;
  vtc_value *x = vtc_op_operand(op, 0), *w = vtc_op_operand(op, 1);
  vtc_value *bias = op->num_operands > 2 ? vtc_op_operand(op, 2) : NULL;
  const vtc_type *rt = vtc_op_result(op, 0)->type, *el = rt->element;
  vtc_conv2d_attrs a;
  gte_shape xs, ws;
  if (!graph_conv2d_attrs(op, &a) || !gte_shape_of(L, x, &xs) || !gte_shape_of(L, w, &ws)) return false;
  if (!vtc_type_is_float(el)) return gte_fail(L, "unsupported element type");
  if (xs.rank != 4 || ws.rank != 4) return gte_fail(L, "operands must have rank 4");
  int64_t wd[4];
  for (int i = 0; i < 4; i++)
    if (!gte_is_const(ws.dims[i], &wd[i])) return gte_fail(L, "the weight's dimension %d must be static", i);
  vtc_shape xv, wv;
  vtc_graph_shape_of(x->type, &xv);
  vtc_graph_shape_of(w->type, &wv);
  int64_t pads[4];
  char msg[256];
  if (vtc_conv2d_resolve_pads(&xv, &wv, &a, pads, msg, sizeof msg)) return gte_fail(L, "%s", msg);
  for (int i = 0; i < 4; i++)
    if (pads[i] < 0) return gte_fail(L, "SAME padding needs static spatial dimensions");
  int64_t M = wd[0], cg = wd[1], kh = wd[2], kw = wd[3], g = a.group;
  if (g < 1 || M % g) return gte_fail(L, "the output channels are not a multiple of the groups");
  /* Output spatial extent: (H + pads - dilation (k - 1) - 1) floordiv stride + 1. */
  gte_shape out = {.rank = 4, .dims = {xs.dims[0], gte_c(L, M)}};
  for (int s = 0; s < 2; s++) {
    int64_t k = s ? kw : kh;
    gte_expr e = vtc_affine_add(ctx, xs.dims[2 + s], gte_c(L, pads[s] + pads[s + 2] - a.dilations[s] * (k - 1) - 1));
    out.dims[2 + s] = vtc_affine_add(ctx, vtc_affine_floordiv(ctx, e, gte_c(L, a.strides[s])), gte_c(L, 1));
  }
  gte_expr red[3] = {gte_c(L, cg), gte_c(L, kh), gte_c(L, kw)};
  gte_compute c;
  bool padded = pads[0] || pads[1] || pads[2] || pads[3];
  bool pointwise = kh == 1 && kw == 1 && a.strides[0] == 1 && a.strides[1] == 1 && !padded;
  if (g == 1 && !pointwise && im2col_chosen(L, &out, cg, kh, kw, el)) {
    vtc_value *r = conv2d_im2col(L, x, w, bias, rt, &out, &a, pads, cg, kh, kw);
    if (!r) return false;
    results[0] = r;
    return true;
  }
  vtc_value *ins[2] = {x, w};
  /* With a bias the sum is an intermediate (f32 for half types). */
  const vtc_type *at = bias ? gte_acc_type(L, el) : el;
  gte_begin(&c, L, bias ? NULL : rt, at, &out, 2, ins, 3, red, VTC_TE_COMBINER_SUM, 0);
  gte_expr d[7];
  for (unsigned i = 0; i < 7; i++) d[i] = gte_d(&c, i);
  /* channel = group(m) * C/g + c, with group(m) = m floordiv (M / g) */
  gte_expr chan = g == 1 ? d[4]
                          : vtc_affine_add(ctx, vtc_affine_mul(ctx, vtc_affine_floordiv(ctx, d[1], gte_c(L, M / g)), gte_c(L, cg)), d[4]);
  gte_expr xi[4] = {d[0], chan,
                    vtc_affine_add(ctx, vtc_affine_add(ctx, vtc_affine_mul(ctx, d[2], gte_c(L, a.strides[0])), gte_c(L, -pads[0])),
                                   vtc_affine_mul(ctx, d[5], gte_c(L, a.dilations[0]))),
                    vtc_affine_add(ctx, vtc_affine_add(ctx, vtc_affine_mul(ctx, d[3], gte_c(L, a.strides[1])), gte_c(L, -pads[1])),
                                   vtc_affine_mul(ctx, d[6], gte_c(L, a.dilations[1])))};
  gte_expr wi[4] = {d[1], d[4], d[5], d[6]};
  double zero = 0;
  vtc_value *xe = gte_convert(&c, gte_load(&c, 0, xi, 0, NULL, padded ? &zero : NULL), at);
  vtc_value *we = gte_convert(&c, gte_load(&c, 1, wi, 0, NULL, NULL), at);
  vtc_value *r = gte_end(&c, gte_op2(&c, "arith.mulf", xe, we));
  results[0] = bias ? add_bias(L, r, bias, rt, at, &out) : r;
  return true;
}
