/* Converters of ONNX ops that are compositions of graph ops: Einsum (without
 * ellipses or repeated labels in one operand: each operand transposed and
 * unsqueezed into the space of every label, a broadcasting product, a sum
 * over the labels not kept), OneHot, LRN (the channel window sum as an
 * average pool with count_include_pad), MeanVarianceNormalization and
 * ConvTranspose (a convolution of the zero-dilated input). */
#include <math.h>
#include <string.h>

#include "import/onnx/onnx_impl.h"

/* ---- Einsum ---------------------------------------------------------------------- */

enum { kMaxOperands = 8 };

/* operand k of `eq` into terms[k]; the output into out (implicit: the
 * labels that appear once, in alphabetical order). */
static bool parse_einsum(oi_importer *I, const char *eq, unsigned n, char terms[][VTC_MAX_RANK + 1], char *out) {
  char clean[256];
  size_t m = 0;
  for (const char *p = eq; *p && m + 1 < sizeof clean; p++)
    if (*p != ' ') clean[m++] = *p;
  clean[m] = 0;
  if (strstr(clean, "...")) return oi_unsupported(I, "Einsum with an ellipsis is not supported");
  char *arrow = strstr(clean, "->");
  if (arrow) *arrow = 0;
  unsigned k = 0;
  for (char *t = clean, *comma; t; t = comma ? comma + 1 : NULL, k++) {
    comma = strchr(t, ',');
    if (comma) *comma = 0;
    if (k >= n || strlen(t) > VTC_MAX_RANK) return oi_error(I, "the equation does not match the %u inputs", n);
    strcpy(terms[k], t);
    for (size_t i = 0; t[i]; i++)
      if (strchr(t + i + 1, t[i]))
        return oi_unsupported(I, "Einsum with a repeated label in one operand (a diagonal) is not supported");
  }
  if (k != n) return oi_error(I, "the equation has %u operands, the node %u inputs", k, n);
  if (arrow) {
    if (strlen(arrow + 2) > VTC_MAX_RANK) return oi_unsupported(I, "the output has too many labels");
    strcpy(out, arrow + 2);
    return true;
  }
  size_t o = 0;
  for (int c = 'A'; c <= 'z'; c++) {
    unsigned seen = 0;
    for (unsigned j = 0; j < n; j++) seen += strchr(terms[j], c) != NULL;
    if (seen == 1 && o < VTC_MAX_RANK) out[o++] = (char)c;
  }
  out[o] = 0;
  return true;
}

bool oi_convert_einsum(oi_importer *I) {
  const char *eq;
  unsigned n = oi_num_inputs(I);
  char terms[kMaxOperands][VTC_MAX_RANK + 1], out[VTC_MAX_RANK + 1], all[VTC_MAX_RANK + 1] = "";
  if (!oi_attr_string(I, "equation", "", &eq)) return false;
  if (n < 1 || n > kMaxOperands) return oi_unsupported(I, "Einsum of %u operands is not supported", n);
  if (!parse_einsum(I, eq, n, terms, out)) return false;
  /* every label, in order of appearance */
  for (unsigned k = 0; k < n; k++)
    for (const char *c = terms[k]; *c; c++)
      if (!strchr(all, *c)) {
        size_t l = strlen(all);
        if (l >= VTC_MAX_RANK) return oi_unsupported(I, "Einsum over more than %d labels", VTC_MAX_RANK);
        all[l] = *c, all[l + 1] = 0;
      }
  int na = (int)strlen(all);
  vtc_value *prod = NULL;
  for (unsigned k = 0; k < n; k++) {
    vtc_value *x = oi_in_req(I, k, "operand");
    if (!x) return false;
    if (oi_rank(x) != (int)strlen(terms[k])) return oi_error(I, "operand %u has rank %d, its term '%s'", k, oi_rank(x), terms[k]);
    /* transpose to the order of `all`, then unsqueeze the missing labels */
    int64_t perm[VTC_MAX_RANK], axes[VTC_MAX_RANK];
    int np = 0, nm = 0;
    for (int a = 0; a < na; a++) {
      const char *at = strchr(terms[k], all[a]);
      if (at) perm[np++] = at - terms[k];
      else axes[nm++] = a;
    }
    vtc_named_attr pa = oi_named_ints(I, VTC_GRAPH_ATTR_PERM, perm, np);
    if (np > 1 && !(x = oi_op(I, "transpose", 1, &x, 1, &pa))) return false;
    vtc_named_attr ua = oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, nm);
    if (nm && !(x = oi_op(I, "unsqueeze", 1, &x, 1, &ua))) return false;
    prod = prod ? oi_op2(I, "mul", prod, x) : x;
    if (!prod) return false;
  }
  /* sum the labels not in the output, then order the rest as the output */
  int64_t red[VTC_MAX_RANK];
  int nr = 0;
  char kept[VTC_MAX_RANK + 1];
  size_t nk = 0;
  for (int a = 0; a < na; a++) {
    if (strchr(out, all[a])) kept[nk++] = all[a];
    else red[nr++] = a;
  }
  kept[nk] = 0;
  for (const char *c = out; *c; c++)
    if (!strchr(all, *c)) return oi_error(I, "output label '%c' is in no operand", *c);
  if (nr) {
    vtc_named_attr ra[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, red, nr), oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, false)};
    if (!(prod = oi_op(I, "reduce_sum", 1, &prod, 2, ra))) return false;
  }
  int64_t perm[VTC_MAX_RANK];
  bool identity = true;
  for (size_t i = 0; i < nk; i++) {
    perm[i] = strchr(kept, out[i]) - kept;
    identity = identity && perm[i] == (int64_t)i;
  }
  vtc_named_attr pa = oi_named_ints(I, VTC_GRAPH_ATTR_PERM, perm, (int)nk);
  if (!identity && !(prod = oi_op(I, "transpose", 1, &prod, 1, &pa))) return false;
  oi_set_out(I, 0, prod);
  return true;
}

/* ---- OneHot ------------------------------------------------------------------------ */

bool oi_convert_one_hot(oi_importer *I) {
  vtc_value *idx = oi_in_req(I, 0, "indices"), *values = oi_in_req(I, 2, "values");
  int64_t axis;
  double depth_v;
  if (!idx || !values || !oi_attr_int(I, "axis", -1, &axis) || !oi_const_scalar(I, 1, "depth", &depth_v)) return false;
  int64_t depth = (int64_t)depth_v;
  int r = oi_rank(idx) + 1, ax;
  if (depth < 1 || oi_rank(values) != 1 || oi_shape(values).dims[0] != 2)
    return oi_error(I, "depth must be positive and values hold [off, on]");
  if (!oi_axis(I, axis, r, &ax)) return false;
  const vtc_type *i64 = vtc_type_integer(I->ctx, 64);
  /* indices as integers (floats truncate), negative ones from the end */
  vtc_value *x = oi_cast(I, idx, i64);
  vtc_value *zero = oi_splat(I, i64, NULL, 0), *d = oi_splat(I, i64, NULL, (double)depth);
  vtc_value *neg = x ? oi_op2(I, "less", x, zero) : NULL;
  vtc_value *wops[3] = {neg, neg ? oi_op2(I, "add", x, d) : NULL, x};
  x = neg ? oi_op(I, "where", 3, wops, 0, NULL) : NULL;
  int64_t ua[1] = {ax};
  vtc_named_attr un = oi_named_ints(I, VTC_GRAPH_ATTR_AXES, ua, 1);
  x = x ? oi_op(I, "unsqueeze", 1, &x, 1, &un) : NULL;
  vtc_tensor iota;
  vtc_shape is = {.rank = r};
  for (int i = 0; i < r; i++) is.dims[i] = i == ax ? depth : 1;
  if (!x || vtc_tensor_create_shape(&iota, VTC_I64, &is, NULL, 0)) return false;
  for (int64_t i = 0; i < depth; i++) ((int64_t *)iota.data)[i] = i;
  vtc_value *hit = oi_op2(I, "equal", x, oi_constant(I, &iota, true, "onnx_iota"));
  /* on = values[1], off = values[0], as rank-0 tensors */
  vtc_named_attr g0 = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, 0);
  vtc_value *ops_on[2] = {values, oi_splat(I, i64, NULL, 1)}, *ops_off[2] = {values, zero};
  vtc_value *on = oi_op(I, "gather", 2, ops_on, 1, &g0), *off = oi_op(I, "gather", 2, ops_off, 1, &g0);
  vtc_value *sel[3] = {hit, on, off};
  vtc_value *y = hit && on && off ? oi_op(I, "where", 3, sel, 0, NULL) : NULL;
  oi_set_out(I, 0, y);
  return y != NULL;
}

/* ---- LRN, MeanVarianceNormalization ---------------------------------------------------- */

/* x / (bias + alpha / size * sum of squares over the channel window)^beta,
 * the window sum an average pool (count_include_pad: / size) along C. */
bool oi_convert_lrn(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "X");
  double alpha, beta, bias;
  int64_t size;
  if (!x || !oi_attr_float(I, "alpha", 1e-4, &alpha) || !oi_attr_float(I, "beta", 0.75, &beta) ||
      !oi_attr_float(I, "bias", 1.0, &bias) || !oi_attr_int(I, "size", 0, &size))
    return false;
  if (size < 1) return oi_error(I, "size must be positive");
  if (!oi_static(x) || oi_rank(x) < 3) return oi_unsupported(I, "LRN needs a static input of rank 3 or more");
  vtc_shape s = oi_shape(x);
  int64_t rest = 1;
  for (int i = 2; i < s.rank; i++) rest *= s.dims[i];
  int64_t as4[4] = {s.dims[0], 1, s.dims[1], rest};
  vtc_named_attr r4 = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, as4, 4), back = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, s.dims, s.rank);
  vtc_value *sq = oi_op2(I, "mul", x, x);
  sq = sq ? oi_op(I, "reshape", 1, &sq, 1, &r4) : NULL;
  int64_t k[2] = {size, 1}, pads[4] = {(size - 1) / 2, 0, size - 1 - (size - 1) / 2, 0};
  vtc_named_attr pa[3] = {oi_named_ints(I, VTC_GRAPH_ATTR_KERNEL_SHAPE, k, 2), oi_named_ints(I, VTC_GRAPH_ATTR_PADS, pads, 4),
                          oi_named_bool(I, VTC_GRAPH_ATTR_COUNT_INCLUDE_PAD, true)};
  vtc_value *avg = sq ? oi_op(I, "avg_pool2d", 1, &sq, 3, pa) : NULL;
  avg = avg ? oi_op(I, "reshape", 1, &avg, 1, &back) : NULL;
  const vtc_type *el = oi_elem(x);
  vtc_value *den = avg ? oi_op2(I, "add", oi_splat(I, el, NULL, bias), oi_op2(I, "mul", avg, oi_splat(I, el, NULL, alpha)))
                       : NULL;
  den = den ? oi_op2(I, "pow", den, oi_splat(I, el, NULL, beta)) : NULL;
  vtc_value *y = den ? oi_op2(I, "div", x, den) : NULL;
  oi_set_out(I, 0, y);
  return y != NULL;
}

/* (x - E[x]) / (sqrt(E[x^2] - E[x]^2) + 1e-9) over axes (default 0, 2, 3),
 * as the operator's function body. */
bool oi_convert_mvn(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "X");
  int64_t axes[OI_MAX_INTS] = {0, 2, 3};
  int n = 3;
  bool present;
  if (!x || !oi_attr_ints(I, "axes", axes, OI_MAX_INTS, &n, &present)) return false;
  if (!present) n = 3;
  vtc_named_attr red[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, n), oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, true)};
  vtc_value *mean = oi_op(I, "reduce_mean", 1, &x, 2, red);
  vtc_value *sq = oi_op2(I, "mul", x, x);
  vtc_value *msq = sq ? oi_op(I, "reduce_mean", 1, &sq, 2, red) : NULL;
  vtc_value *var = mean && msq ? oi_op2(I, "sub", msq, oi_op2(I, "mul", mean, mean)) : NULL;
  vtc_value *sd = var ? oi_op2(I, "add", oi_op1(I, "sqrt", var), oi_splat(I, oi_elem(x), NULL, 1e-9)) : NULL;
  vtc_value *y = sd ? oi_op2(I, "div", oi_op2(I, "sub", x, mean), sd) : NULL;
  oi_set_out(I, 0, y);
  return y != NULL;
}

/* ---- ConvTranspose ------------------------------------------------------------------ */

/* x [N, C, H, W] with s - 1 zeros between elements along H and W (zero
 * insertion as reshape, pad, reshape, slice). */
static vtc_value *dilate_input(oi_importer *I, vtc_value *x, const int64_t *s) {
  if (s[0] == 1 && s[1] == 1) return x;
  vtc_shape xs = oi_shape(x);
  int64_t N = xs.dims[0], C = xs.dims[1], H = xs.dims[2], W = xs.dims[3];
  int64_t r6[6] = {N, C, H, 1, W, 1}, pads[12] = {0}, r4[4] = {N, C, H * s[0], W * s[1]};
  pads[6 + 3] = s[0] - 1, pads[6 + 5] = s[1] - 1;
  int64_t starts[2] = {0, 0}, ends[2] = {(H - 1) * s[0] + 1, (W - 1) * s[1] + 1}, axes[2] = {2, 3};
  vtc_named_attr a6 = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, r6, 6), a4 = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, r4, 4);
  vtc_named_attr pa = oi_named_ints(I, VTC_GRAPH_ATTR_PADS, pads, 12);
  vtc_named_attr sa[3] = {oi_named_ints(I, VTC_GRAPH_ATTR_STARTS, starts, 2), oi_named_ints(I, VTC_GRAPH_ATTR_ENDS, ends, 2),
                          oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, 2)};
  x = oi_op(I, "reshape", 1, &x, 1, &a6);
  x = x ? oi_op(I, "pad", 1, &x, 1, &pa) : NULL;
  x = x ? oi_op(I, "reshape", 1, &x, 1, &a4) : NULL;
  return x ? oi_op(I, "slice", 1, &x, 3, sa) : NULL;
}

/* W [C, M/g, kh, kw] as a convolution's [M, C/g, kh, kw], flipped. */
static vtc_value *transpose_weight(oi_importer *I, vtc_value *w, int64_t g) {
  vtc_shape ws = oi_shape(w);
  int64_t C = ws.dims[0], Mg = ws.dims[1], kh = ws.dims[2], kw = ws.dims[3];
  int64_t r5[5] = {g, C / g, Mg, kh, kw}, perm[5] = {0, 2, 1, 3, 4}, r4[4] = {g * Mg, C / g, kh, kw};
  int64_t starts[2] = {-1, -1}, ends[2] = {INT64_MIN, INT64_MIN}, axes[2] = {2, 3}, steps[2] = {-1, -1};
  vtc_named_attr a5 = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, r5, 5), pa = oi_named_ints(I, VTC_GRAPH_ATTR_PERM, perm, 5);
  vtc_named_attr a4 = oi_named_ints(I, VTC_GRAPH_ATTR_SHAPE, r4, 4);
  vtc_named_attr sa[4] = {oi_named_ints(I, VTC_GRAPH_ATTR_STARTS, starts, 2), oi_named_ints(I, VTC_GRAPH_ATTR_ENDS, ends, 2),
                          oi_named_ints(I, VTC_GRAPH_ATTR_AXES, axes, 2), oi_named_ints(I, VTC_GRAPH_ATTR_STEPS, steps, 2)};
  w = oi_op(I, "reshape", 1, &w, 1, &a5);
  w = w ? oi_op(I, "transpose", 1, &w, 1, &pa) : NULL;
  w = w ? oi_op(I, "reshape", 1, &w, 1, &a4) : NULL;
  return w ? oi_op(I, "slice", 1, &w, 4, sa) : NULL;
}

/* ConvTranspose (2-D, and 1-D through a unit height): the convolution of
 * the input with s - 1 zeros between its elements, padded by
 * d (k - 1) - pad (cropping where that is negative, plus output_padding at
 * the end), with the transposed and flipped weights. pads come from
 * output_shape or auto_pad as ONNX's reference computes them (SAME_UPPER
 * puts the odd one at the end; an output_shape larger than the full
 * result adds output padding). */
bool oi_convert_conv_transpose(oi_importer *I) {
  vtc_value *x = oi_in_req(I, 0, "X"), *w = oi_in_req(I, 1, "W"), *bias = oi_in(I, 2);
  int64_t st[4], pads[8], dil[4], op[4], osh[4], group;
  int ns, np, nd, no, nos;
  bool has_pads;
  const char *auto_pad;
  if (!x || !w || !oi_attr_ints(I, "strides", st, 4, &ns, NULL) || !oi_attr_ints(I, "pads", pads, 8, &np, &has_pads) ||
      !oi_attr_ints(I, "dilations", dil, 4, &nd, NULL) || !oi_attr_ints(I, "output_padding", op, 4, &no, NULL) ||
      !oi_attr_ints(I, "output_shape", osh, 4, &nos, NULL) || !oi_attr_int(I, "group", 1, &group) ||
      !oi_attr_string(I, "auto_pad", "NOTSET", &auto_pad))
    return false;
  int rank = oi_rank(x);
  if (rank != 3 && rank != 4) return oi_unsupported(I, "%d-D ConvTranspose is not supported (1-D and 2-D are)", rank - 2);
  if (!oi_static(x) || !oi_static(w)) return oi_unsupported(I, "ConvTranspose needs static shapes");
  int sp = rank - 2;
  bool one_d = sp == 1;
  /* One value per spatial dim (pads: two), or none; output_shape may
   * also hold N and C before them. */
  if ((ns && ns != sp) || (nd && nd != sp) || (no && no != sp) || (has_pads && np != 2 * sp) || (nos && nos < sp))
    return oi_error(I, "strides, dilations and output_padding need %d values, pads %d and output_shape at least %d",
                    sp, 2 * sp, sp);
  vtc_shape xs = oi_shape(x), wsh = oi_shape(w);
  if (wsh.rank != rank || group < 1 || xs.dims[1] != wsh.dims[0] || wsh.dims[0] % group)
    return oi_error(I, "W must be [C, M/group, k...] for an input of C channels");
  int64_t s2[2] = {1, 1}, d2[2] = {1, 1}, k2[2] = {1, wsh.dims[rank - 1]}, in2[2] = {1, xs.dims[rank - 1]};
  int64_t pb[2] = {0, 0}, pe[2] = {0, 0}, op2[2] = {0, 0};
  if (!one_d) k2[0] = wsh.dims[2], in2[0] = xs.dims[2];
  for (int i = 0; i < sp; i++) {
    int at = one_d ? 1 : i;
    if (ns) s2[at] = st[i];
    if (nd) d2[at] = dil[i];
    if (no) op2[at] = op[i];
    if (has_pads) pb[at] = pads[i], pe[at] = pads[i + sp];
  }
  for (int i = 0; i < 2; i++) {
    int j = one_d ? 0 : i; /* index into output_shape */
    bool same = !strcmp(auto_pad, "SAME_UPPER") || !strcmp(auto_pad, "SAME_LOWER");
    if (nos || same) {
      int64_t out = nos ? (one_d ? (i == 1 ? osh[nos - 1] : 1) : osh[nos - 2 + j]) : in2[i] * s2[i];
      int64_t total = s2[i] * (in2[i] - 1) + op2[i] + (k2[i] - 1) * d2[i] + 1 - out;
      if (total < 0) { /* a larger output_shape: the extra at the end */
        op2[i] -= total;
        total = 0;
      }
      bool upper = strcmp(auto_pad, "SAME_LOWER") != 0;
      pb[i] = upper ? total / 2 : total - total / 2;
      pe[i] = total - pb[i];
    } else if (!strcmp(auto_pad, "VALID")) {
      pb[i] = pe[i] = 0;
    }
  }
  int64_t ax2[1] = {2};
  vtc_named_attr ua = oi_named_ints(I, VTC_GRAPH_ATTR_AXES, ax2, 1);
  if (one_d && (!(x = oi_op(I, "unsqueeze", 1, &x, 1, &ua)) || !(w = oi_op(I, "unsqueeze", 1, &w, 1, &ua)))) return false;
  x = dilate_input(I, x, s2);
  int64_t cp[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int i = 0; i < 2; i++) {
    cp[2 + i] = d2[i] * (k2[i] - 1) - pb[i];
    cp[4 + 2 + i] = d2[i] * (k2[i] - 1) - pe[i] + op2[i];
  }
  vtc_named_attr pa = oi_named_ints(I, VTC_GRAPH_ATTR_PADS, cp, 8);
  x = x ? oi_op(I, "pad", 1, &x, 1, &pa) : NULL;
  w = x ? transpose_weight(I, w, group) : NULL;
  int64_t one[2] = {1, 1};
  vtc_named_attr ca[3] = {oi_named_ints(I, VTC_GRAPH_ATTR_STRIDES, one, 2), oi_named_ints(I, VTC_GRAPH_ATTR_DILATIONS, d2, 2),
                          oi_named_int(I, VTC_GRAPH_ATTR_GROUP, group)};
  vtc_value *ops[3] = {x, w, bias};
  vtc_value *y = w ? oi_op(I, "conv2d", bias ? 3 : 2, ops, 3, ca) : NULL;
  if (y && one_d) y = oi_op(I, "squeeze", 1, &y, 1, &ua);
  oi_set_out(I, 0, y);
  return y != NULL;
}
