/* NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss, as the graph ops
 * their ONNX function bodies are made of: the loss of each position is the
 * negated input at its target class (gather_elements along axis 1), times
 * the class weight, zero where the target is ignore_index; `mean` divides
 * the sum by the sum of the weights of the counted positions. Softmax
 * cross-entropy is that loss of log_softmax(scores) along axis 1. */
#include <math.h>
#include <string.h>

#include "import/onnx/onnx_impl.h"

static vtc_value *reduce_all(oi_importer *I, vtc_value *x) {
  vtc_named_attr attrs[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, NULL, 0), oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, false)};
  return x ? oi_op(I, "reduce_sum", 1, &x, 2, attrs) : NULL;
}

/* The loss of log-probabilities lp [N, C, d...] at targets t [N, d...]. */
static vtc_value *nll(oi_importer *I, vtc_value *lp, vtc_value *t, vtc_value *weight) {
  int64_t ignore;
  const char *reduction;
  if (!oi_attr_string(I, "reduction", "mean", &reduction) || !oi_attr_int(I, "ignore_index", 0, &ignore)) return NULL;
  bool has_ignore = oi_attr(I, "ignore_index") != NULL;
  if (strcmp(reduction, "none") && strcmp(reduction, "sum") && strcmp(reduction, "mean")) {
    oi_error(I, "reduction must be none, sum or mean, but is \"%s\"", reduction);
    return NULL;
  }
  if (oi_rank(lp) < 2 || oi_rank(t) != oi_rank(lp) - 1) {
    oi_error(I, "the input must be [N, C, d...] and the target [N, d...]");
    return NULL;
  }
  const vtc_type *el = oi_elem(lp);
  /* An ignored target may lie outside [0, C): it reads class 0 instead. */
  vtc_value *keep = NULL, *safe = t;
  if (has_ignore) {
    vtc_value *hit = oi_op2(I, "equal", t, oi_splat(I, oi_elem(t), NULL, (double)ignore));
    keep = hit ? oi_op1(I, "not", hit) : NULL;
    vtc_value *ops[3] = {hit, oi_splat(I, oi_elem(t), NULL, 0), t};
    safe = keep ? oi_op(I, "where", 3, ops, 0, NULL) : NULL;
  }
  int64_t one[1] = {1};
  vtc_named_attr ax1 = oi_named_ints(I, VTC_GRAPH_ATTR_AXES, one, 1), ge = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, 1);
  vtc_value *idx = safe ? oi_op(I, "unsqueeze", 1, &safe, 1, &ax1) : NULL;
  vtc_value *gops[2] = {lp, idx};
  vtc_value *picked = idx ? oi_op(I, "gather_elements", 2, gops, 1, &ge) : NULL;
  vtc_value *loss = picked ? oi_op1(I, "neg", oi_op(I, "squeeze", 1, &picked, 1, &ax1)) : NULL;
  /* per-position weights: the class weight, 0 where ignored */
  vtc_value *w = NULL;
  if (weight && loss) {
    vtc_named_attr g0 = oi_named_int(I, VTC_GRAPH_ATTR_AXIS, 0);
    vtc_value *wops[2] = {weight, safe};
    w = oi_op(I, "gather", 2, wops, 1, &g0);
  }
  if (keep && loss) {
    vtc_value *k = oi_cast(I, keep, el);
    w = w ? oi_op2(I, "mul", w, k) : k;
  }
  if (w && loss) loss = oi_op2(I, "mul", loss, w);
  if (!loss || !strcmp(reduction, "none")) return loss;
  vtc_value *sum = reduce_all(I, loss);
  if (!strcmp(reduction, "sum") || !sum) return sum;
  if (w) return oi_op2(I, "div", sum, reduce_all(I, w));
  double count = (double)vtc_tensor_num_elements(t->type);
  if (count < 0) {
    oi_unsupported(I, "a mean over targets of dynamic shape is not supported");
    return NULL;
  }
  return oi_op2(I, "div", sum, oi_splat(I, el, NULL, count));
}

bool oi_convert_nll_loss(oi_importer *I) {
  vtc_value *in = oi_in_req(I, 0, "input"), *t = oi_in_req(I, 1, "target");
  if (!in || !t || !oi_only_outputs(I, 1)) return false;
  vtc_value *r = nll(I, in, t, oi_in(I, 2));
  oi_set_out(I, 0, r);
  return r != NULL;
}

bool oi_convert_softmax_ce_loss(oi_importer *I) {
  vtc_value *scores = oi_in_req(I, 0, "scores"), *labels = oi_in_req(I, 1, "labels");
  if (!scores || !labels) return false;
  if (oi_rank(scores) < 2) return oi_error(I, "the scores must have rank 2 or more");
  /* log_softmax along the class axis: (x - m) - log(sum(exp(x - m))) */
  int64_t one[1] = {1};
  vtc_named_attr red[2] = {oi_named_ints(I, VTC_GRAPH_ATTR_AXES, one, 1), oi_named_bool(I, VTC_GRAPH_ATTR_KEEPDIMS, true)};
  vtc_value *m = oi_op(I, "reduce_max", 1, &scores, 2, red);
  vtc_value *d = m ? oi_op2(I, "sub", scores, m) : NULL;
  vtc_value *e = d ? oi_op1(I, "exp", d) : NULL;
  vtc_value *s = e ? oi_op(I, "reduce_sum", 1, &e, 2, red) : NULL;
  vtc_value *lp = s ? oi_op2(I, "sub", d, oi_op1(I, "log", s)) : NULL;
  vtc_value *r = lp ? nll(I, lp, labels, oi_in(I, 2)) : NULL;
  oi_set_out(I, 0, r);
  oi_set_out(I, 1, lp);
  return r != NULL;
}
