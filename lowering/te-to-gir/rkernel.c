/* Vortex's rKernels in lower-te-to-gir{contractions=vortex} (vortex.txt
 * sections 4-6): a contraction TE that vortex-classify recognises as a
 * strided batched GEMM becomes several kernel variants (rkernel_gpu.c;
 * on hierarchy=cpu the BLIS kernels of rkernel_cpu.c, f32, any shape),
 * chosen per call by the analytical model evaluated in host arith
 * (passes/vortex: vortex_emit_select) through a host gir.switch; the plain
 * kernel of kernel.c stays as the switch's default, for the shapes no
 * variant takes (on tensor cores: an operand whose contiguous dim is not a
 * multiple of 8).
 *
 * The GEMM form taken (where the paper is silent; everything else keeps the
 * plain kernel, with the reason in a remark): a matmul-class contraction
 * (output dims that only B reads and that come before every M dim are a
 * batch with A broadcast: conv=im2col's W . col[n]); K dims contiguous and
 * in the same order in both operands (their product is K); A's indices are
 * its batch dims (all of them or none),
 * then its M dims, then K, or (A stored transposed) K then its M dims; B's
 * are its batch dims (all or none), then K, then its N dims, or (B stored
 * transposed, a Linear layer's N x K weight, attention's K^T) its N dims
 * then K; the output is batch, M, N dims in that order; indices that are
 * the constant 0 read a dim of extent 1 and are skipped. Then A is M x K
 * with rows K apart (K x M, rows M apart), B is K x N with rows N apart
 * (N x K, rows K apart), C is M x N, and a batch moves A by M K (or 0), B
 * by K N (or 0), C by M N. f16 and bf16 run on tensor cores (f32
 * accumulation), f32 on CUDA cores (no TF32); the GPU plans both with
 * split-K. The CPU kernels take A and B untransposed. A pointwise
 * convolution over NCHW is taken as the batched GEMM W . X[n] (operands
 * swapped, pointwise_conv_as_gemm); other convolution TEs keep the plain
 * kernel (implicit GEMM through a gather of the input is not emitted yet;
 * lower-graph-to-te{conv=auto} makes most of them an im2col TE and a GEMM
 * first). */
#include <stdio.h>
#include <string.h>

#include "lowering/te-to-gir/t2g.h"

static bool reject(char *why, size_t n, const char *text) {
  snprintf(why, n, "%s", text);
  return false;
}

/* An index of an operand: iteration dim d (-1: none, a constant) plus c. */
static bool index_parts(const vtc_affine_expr *e, int *d, int64_t *c) {
  *d = -1;
  *c = 0;
  if (e->kind == VTC_AFFINE_ADD && e->rhs->kind == VTC_AFFINE_CONST) *c = e->rhs->value, e = e->lhs;
  else if (e->kind == VTC_AFFINE_ADD && e->lhs->kind == VTC_AFFINE_CONST) *c = e->lhs->value, e = e->rhs;
  if (e->kind == VTC_AFFINE_CONST && !*c) return *c = e->value, true;
  if (e->kind != VTC_AFFINE_DIM) return false;
  *d = (int)e->value;
  return true;
}

/* Whether the tensor's dim of `size` holds exactly iteration dim d's
 * extent (both `?` is taken as equal: te.assert checks the dims that must
 * agree, and a composed slice of a `?` dim has a static extent). */
static bool holds_extent(const vortex_contraction *c, int d, int64_t size) {
  int64_t e = c->extent[d].value;
  return e == VTC_DYNAMIC ? size == VTC_DYNAMIC : size == e;
}

/* The iteration dims of an operand's indices, in order (dims[0..n)), and
 * its layout as the kernels address it: base + offset + batch x stride +
 * the dense row-major block of its other dims. Since VTC's views compose
 * into a contraction's loads, an operand may be a slice of a larger tensor
 * (shufflenet's split half, an LSTM layer's weights):
 *   - a constant index before the block (a dim that no iteration walks), or
 *     the outermost batch or block dim plus a constant, moves the base
 *     (static strides only);
 *   - the outermost batch dim and the block's first dim may be longer than
 *     their extents (the slice's dim): the batch stride is then the
 *     tensor's (static) rather than the block's size;
 *   - every later dim of the batch dims and of the block holds exactly its
 *     extent (the kernels take no leading dimension), and a dim among them
 *     that no iteration walks is 1.
 * *stride is -1 for the dense block (the host computes M K, K N); false,
 * with why, for a layout the kernels cannot address. */
static bool operand_layout(const vortex_contraction *c, const vortex_operand *op, unsigned *dims, unsigned *n,
                           int64_t *offset, int64_t *stride, char *why, size_t wn) {
  const vtc_affine_map *m = op->map;
  const int64_t *shape = op->shape; /* reshapes merged, as the map indexes it */
  unsigned rank = op->rank;
  int dim[VTC_MAX_RANK];
  int64_t add[VTC_MAX_RANK], st[VTC_MAX_RANK], run = 1;
  int first_batch = -1, last_batch = -1, first_block = -1;
  for (unsigned r = rank; r-- > 0;) {
    int64_t size = shape[r];
    st[r] = run;
    run = run < 0 || size == VTC_DYNAMIC || __builtin_mul_overflow(run, size, &run) ? -1 : run;
  }
  *n = 0;
  for (unsigned r = 0; r < rank; r++) {
    if (!index_parts(m->results[r], &dim[r], &add[r]))
      return reject(why, wn, "an operand index is not an iteration dim");
    if (dim[r] < 0) continue;
    dims[(*n)++] = (unsigned)dim[r];
    if (c->role[dim[r]] != VORTEX_ROLE_BATCH) {
      if (first_block < 0) first_block = (int)r;
    } else {
      if (first_batch < 0) first_batch = (int)r;
      last_batch = (int)r;
    }
  }
  *offset = 0;
  bool dense = true; /* the batch stride is the block's size */
  for (int r = 0; r < (int)rank; r++) {
    int64_t size = shape[r];
    bool outermost = r == first_batch || r == first_block;
    bool inner = (r > first_batch && r <= last_batch) || (first_block >= 0 && r > first_block);
    if (inner && (add[r] || (dim[r] < 0 ? size != 1 : !holds_extent(c, dim[r], size))))
      return reject(why, wn,
                    "an operand sliced inside its rows or among its batch dims "
                    "(the kernels take no leading dimension)");
    int64_t moved = 0;
    if (add[r] && (add[r] < 0 || st[r] < 0 || (dim[r] >= 0 && !outermost) ||
                   __builtin_mul_overflow(add[r], st[r], &moved) || __builtin_add_overflow(*offset, moved, offset)))
      return reject(why, wn, "an operand at an offset the kernels cannot address");
    if (r > last_batch && r < first_block && size != 1) dense = false;
    if (r == first_block && !holds_extent(c, dim[r], size)) dense = false;
  }
  *stride = -1;
  if (!dense && last_batch >= 0) {
    if (st[last_batch] < 0) return reject(why, wn, "a batched slice of a tensor with `?` dims");
    *stride = st[last_batch];
  }
  return true;
}

/* dims[0..n) == the role dims of the roles in `order` (a role may be
 * skipped entirely when `optional` says so); *present: whether each
 * optional role appeared. */
static bool dims_are(const vortex_contraction *c, const unsigned *dims, unsigned n, const vortex_role *order,
                     unsigned num_roles, bool first_optional, bool *first_present) {
  unsigned at = 0;
  for (unsigned k = 0; k < num_roles; k++) {
    vortex_role r = order[k];
    unsigned cnt = c->num_role_dims[r];
    bool matches = at + cnt <= n;
    for (unsigned i = 0; matches && i < cnt; i++) matches = dims[at + i] == c->role_dims[r][i];
    if (k == 0 && first_optional) {
      *first_present = matches && cnt > 0;
      if (matches) at += cnt;
      continue;
    }
    if (!matches) return false;
    at += cnt;
  }
  return at == n;
}

static bool gemm_types(t2g_state *S, vtc_op *compute, t2g_gemm *g, char *why, size_t n);

/* Output dims that B alone reads (N roles) and that come before every M
 * dim of the output are a batch over which A is broadcast: [n] x ... of
 * conv=im2col's GEMM, y[n, m, p] = w[m, k] col[n, k, p]. */
static void leading_n_dims_as_batch(vortex_contraction *c) {
  unsigned moved = 0;
  for (unsigned d = 0; d < c->rank && c->role[d] != VORTEX_ROLE_M; d++) {
    if (c->role[d] != VORTEX_ROLE_N) continue;
    c->role[d] = VORTEX_ROLE_BATCH;
    c->role_dims[VORTEX_ROLE_BATCH][c->num_role_dims[VORTEX_ROLE_BATCH]++] = d;
    moved++;
  }
  if (!moved) return;
  unsigned kept = 0; /* the N dims left, in order */
  for (unsigned i = 0; i < c->num_role_dims[VORTEX_ROLE_N]; i++) {
    unsigned d = c->role_dims[VORTEX_ROLE_N][i];
    if (c->role[d] == VORTEX_ROLE_N) c->role_dims[VORTEX_ROLE_N][kept++] = d;
  }
  c->num_role_dims[VORTEX_ROLE_N] = kept;
}

static bool reads(const unsigned *dims, unsigned n, unsigned d) {
  for (unsigned i = 0; i < n; i++)
    if (dims[i] == d) return true;
  return false;
}

/* An output dim of extent 1 that neither operand reads (a reshape's unit
 * dim that the composed maps dropped: gpt2's projection [B, 1, N] of the
 * merged heads) moves no address: it takes no role and no place in the
 * output's order. */
static bool unit_dim_unread(const vortex_contraction *c, unsigned d, const unsigned *adims, unsigned na,
                            const unsigned *bdims, unsigned nb) {
  return c->extent[d].value == 1 && !reads(adims, na, d) && !reads(bdims, nb, d);
}

static void drop_unit_batch_dims(vortex_contraction *c, const unsigned *adims, unsigned na, const unsigned *bdims,
                                 unsigned nb) {
  unsigned kept = 0;
  for (unsigned i = 0; i < c->num_role_dims[VORTEX_ROLE_BATCH]; i++) {
    unsigned d = c->role_dims[VORTEX_ROLE_BATCH][i];
    if (!unit_dim_unread(c, d, adims, na, bdims, nb)) c->role_dims[VORTEX_ROLE_BATCH][kept++] = d;
  }
  c->num_role_dims[VORTEX_ROLE_BATCH] = kept;
}

/* A pointwise convolution (every kernel dim of extent 1, strides 1, pads 0,
 * one group) over NCHW is, per image, the GEMM W (Cout x Cin) times X[n]
 * (Cin x H W): c is rewritten into that form, the operands swapped (the
 * weights are A, broadcast over the batch; the input is B), the image dim
 * the batch, the output channel M, the output pixels N. */
static bool pointwise_conv_as_gemm(vortex_contraction *c, int64_t *x_channel_offset, char *why, size_t n) {
  const vortex_conv *cv = &c->conv;
  if (!vortex_has_gemm_form(c))
    return reject(why, n,
                  cv->groups != 1 ? "a grouped convolution (implicit GEMM is not emitted yet)"
                                  : "a convolution with a kernel window, stride or padding (implicit GEMM is not "
                                    "emitted yet)");
  /* X[n, ci, oh, ow] and W[co, ci, 1, 1] with the output [n, co, oh, ow]. */
  const vtc_affine_map *xm = c->a.map, *wm = c->b.map;
  int xn = -1, xc = -1, wco = -1, wci = -1;
  int64_t xn_add = 0, wco_add = 0, wci_add = 0;
  bool ok = xm->num_results == 2 + cv->num_spatial && wm->num_results == 2 + cv->num_spatial &&
            index_parts(xm->results[0], &xn, &xn_add) && index_parts(xm->results[1], &xc, x_channel_offset) &&
            index_parts(wm->results[0], &wco, &wco_add) && index_parts(wm->results[1], &wci, &wci_add) &&
            !xn_add && !wco_add && !wci_add;
  unsigned nd = (unsigned)xn, kd = (unsigned)xc, cod = (unsigned)wco;
  if (ok) {
    ok = xn == 0 && wci == xc && wco == 1 && c->rank == 2 + cv->num_spatial;
    for (unsigned s = 0; ok && s < cv->num_spatial; s++) ok = cv->out_dim[s] == 2 + s;
  }
  if (!ok) return reject(why, n, "a pointwise convolution not in NCHW order");
  vortex_operand x = c->a;
  c->a = c->b;
  c->b = x;
  c->op_class = VORTEX_MATMUL;
  c->num_role_dims[VORTEX_ROLE_BATCH] = 1;
  c->role_dims[VORTEX_ROLE_BATCH][0] = nd;
  c->num_role_dims[VORTEX_ROLE_M] = 1;
  c->role_dims[VORTEX_ROLE_M][0] = cod;
  c->num_role_dims[VORTEX_ROLE_N] = cv->num_spatial;
  for (unsigned s = 0; s < cv->num_spatial; s++) c->role_dims[VORTEX_ROLE_N][s] = cv->out_dim[s];
  c->num_role_dims[VORTEX_ROLE_K] = 1;
  c->role_dims[VORTEX_ROLE_K][0] = kd;
  c->role[nd] = VORTEX_ROLE_BATCH;
  c->role[cod] = VORTEX_ROLE_M;
  for (unsigned s = 0; s < cv->num_spatial; s++) c->role[cv->out_dim[s]] = VORTEX_ROLE_N;
  return true;
}

/* The input X[n, c, h, w] of a pointwise convolution taken as B of the
 * batched GEMM (pointwise_conv_as_gemm): its channels may be a slice of a
 * larger tensor (a split's half composed into the load: X[n, c + off]),
 * read at offset off H W with the batch stride C H W of the tensor; its
 * pixels are whole rows (stride 1, no padding). W (A) is read whole. */
static bool conv_input_layout(t2g_gemm *g, int64_t channel_offset, char *why, size_t n) {
  const vortex_contraction *c = &g->c;
  const int64_t *x = c->b.shape, *w = c->a.shape; /* reshapes merged, as the maps index them */
  unsigned kd = c->role_dims[VORTEX_ROLE_K][0];
  g->a_offset = g->b_offset = 0;
  g->a_stride = g->b_stride = -1;
  if (!holds_extent(c, (int)kd, w[1]) || !holds_extent(c, (int)c->role_dims[VORTEX_ROLE_M][0], w[0]))
    return reject(why, n, "a pointwise convolution whose weights are a slice of a larger tensor");
  if (!channel_offset && holds_extent(c, (int)kd, x[1])) return true;
  int64_t pixels = 1, channels = x[1];
  for (unsigned r = 2; r < c->b.rank; r++)
    if (x[r] == VTC_DYNAMIC || __builtin_mul_overflow(pixels, x[r], &pixels))
      return reject(why, n, "a pointwise convolution over a channel slice with `?` pixels");
  if (channel_offset < 0 || channels == VTC_DYNAMIC || __builtin_mul_overflow(channel_offset, pixels, &g->b_offset) ||
      __builtin_mul_overflow(channels, pixels, &g->b_stride))
    return reject(why, n, "a pointwise convolution over a channel slice the kernels cannot address");
  return true;
}

bool t2g_match_gemm(t2g_state *S, vtc_op *compute, t2g_gemm *g, char *why, size_t n) {
  memset(g, 0, sizeof *g);
  vortex_contraction *c = &g->c;
  if (!vortex_classify_compute(compute, c, why, n)) return false;
  if (c->op_class == VORTEX_CONV) {
    int64_t channel_offset = 0;
    if (!pointwise_conv_as_gemm(c, &channel_offset, why, n) || !conv_input_layout(g, channel_offset, why, n))
      return false;
    g->a_batched = false;
    g->b_batched = true;
    return gemm_types(S, compute, g, why, n);
  }
  if (c->a.padded || c->b.padded) return reject(why, n, "a padded operand");
  leading_n_dims_as_batch(c);
  unsigned adims[VORTEX_MAX_DIMS], bdims[VORTEX_MAX_DIMS], na, nb;
  if (!operand_layout(c, &c->a, adims, &na, &g->a_offset, &g->a_stride, why, n) ||
      !operand_layout(c, &c->b, bdims, &nb, &g->b_offset, &g->b_stride, why, n))
    return false;
  drop_unit_batch_dims(c, adims, na, bdims, nb);
  static const vortex_role a_order[] = {VORTEX_ROLE_BATCH, VORTEX_ROLE_M, VORTEX_ROLE_K};
  static const vortex_role a_order_t[] = {VORTEX_ROLE_BATCH, VORTEX_ROLE_K, VORTEX_ROLE_M};
  static const vortex_role b_order[] = {VORTEX_ROLE_BATCH, VORTEX_ROLE_K, VORTEX_ROLE_N};
  static const vortex_role b_order_t[] = {VORTEX_ROLE_BATCH, VORTEX_ROLE_N, VORTEX_ROLE_K};
  if (!dims_are(c, adims, na, a_order, 3, true, &g->a_batched)) {
    if (!dims_are(c, adims, na, a_order_t, 3, true, &g->a_batched))
      return reject(why, n, "A is neither [batch...] x M... x K nor [batch...] x K x M... in row-major order");
    g->a_trans = true;
  }
  if (!dims_are(c, bdims, nb, b_order, 3, true, &g->b_batched)) {
    if (!dims_are(c, bdims, nb, b_order_t, 3, true, &g->b_batched))
      return reject(why, n, "B is neither [batch...] x K x N... nor [batch...] x N... x K in row-major order");
    g->b_trans = true;
  }
  unsigned out[VORTEX_MAX_DIMS], nout = 0;
  for (unsigned d = 0; d < c->rank; d++)
    if (!unit_dim_unread(c, d, adims, na, bdims, nb)) out[nout++] = d;
  static const vortex_role c_order[] = {VORTEX_ROLE_BATCH, VORTEX_ROLE_M, VORTEX_ROLE_N};
  bool batch_present;
  if (!dims_are(c, out, nout, c_order, 3, true, &batch_present) ||
      (!batch_present && c->num_role_dims[VORTEX_ROLE_BATCH]))
    return reject(why, n, "the output is not batch x M x N in row-major order");
  return gemm_types(S, compute, g, why, n);
}

/* The element and buffer types of a GEMM-form contraction. */
static bool gemm_types(t2g_state *S, vtc_op *compute, t2g_gemm *g, char *why, size_t n) {
  vortex_contraction *c = &g->c;
  vtc_hw_dtype in = c->a.dtype;
  if (c->b.dtype != in) return reject(why, n, "A and B differ in element type");
  g->tensor_core = in == VTC_HW_F16 || in == VTC_HW_BF16;
  if (!g->tensor_core && in != VTC_HW_F32) return reject(why, n, "not f16, bf16 or f32");
  /* cp.async's 16-byte chunks: a slice's offset and batch stride in
   * multiples of 8 elements (the dense strides the host checks). */
  if (g->tensor_core && (g->a_offset % 8 || g->b_offset % 8 || (g->a_batched && g->a_stride > 0 && g->a_stride % 8) ||
                         (g->b_batched && g->b_stride > 0 && g->b_stride % 8)))
    return reject(why, n, "an operand slice not aligned to 8 elements (16 bytes) for the tensor-core kernels");
  g->in_elem = c->a.elem;
  g->out_elem = vtc_te_compute_type(compute)->element;
  if (!vtc_type_is_float(g->out_elem) || vtc_type_bit_width(g->out_elem) > 32)
    return reject(why, n, "the result is not f16, bf16 or f32");
  g->a_buffer = t2g_buffer_type(S->ctx, vtc_te_load_input(c->a.load)->type);
  g->b_buffer = t2g_buffer_type(S->ctx, vtc_te_load_input(c->b.load)->type);
  g->c_buffer = t2g_buffer_type(S->ctx, vtc_te_compute_type(compute));
  return true;
}

/* What the emission builds well, for the planner: on the GPU
 * (rkernel_gpu.c) the ffma layouts' 4 x 8 lane grid and two
 * register-staged shared stages; on the CPU (rkernel_cpu.c) NR of 1, 2 or
 * 4 vectors and two vector registers to spare. */
vortex_options t2g_emit_options(void) {
  vortex_options o = vortex_default_options();
  o.cuda_core_lanes_m = 4;
  o.cuda_core_stages = 2;
  o.cpu_nr_pow2 = true;
  o.cpu_spare_registers = 2;
  return o;
}

/* The variants of g's plan and g->hw, the hardware they were planned for:
 * those vortex-analyze attached to the compute (vortex.variants for the
 * row vortex.target names), so the analyzer's options and ablations, or a
 * hand-written list, reach the emission; else the model's plan for the row
 * `hw_name`, made here. An attribute that is malformed, names no row of
 * this hierarchy's kind or another element type is refused (false, with
 * why): the contraction keeps its plain kernel. */
bool t2g_plan_variants(t2g_state *S, t2g_gemm *g, const char *hw_name, vtc_hw_kind kind, vortex_variant *vs,
                       unsigned *nv, char *why, size_t n) {
  vtc_op *compute = g->c.compute;
  const vtc_attr *list = vtc_op_get_attr(compute, VORTEX_ATTR_VARIANTS);
  if (list) {
    const vtc_attr *target = vtc_op_get_attr(compute, VORTEX_ATTR_TARGET);
    const char *tname = target && target->kind == VTC_ATTR_STRING ? target->str : NULL;
    g->hw = tname ? vtc_hardware_lookup(tname) : NULL;
    bool ok = g->hw && g->hw->kind == kind && vortex_variants_from_attr(list, vs, VORTEX_MAX_VARIANTS, nv);
    int ea = vtc_type_bit_width(g->in_elem) / 8, eo = vtc_type_bit_width(g->out_elem) / 8;
    for (unsigned i = 0; ok && i < *nv; i++)
      ok = vortex_backend_is_gpu(vs[i].backend) == (kind == VTC_HW_GPU) && vs[i].elem_a == ea &&
           vs[i].elem_b == ea && vs[i].elem_out == eo;
    if (!ok)
      snprintf(why, n, "%s of %s '%s' is not a list of %s variants for these element types", VORTEX_ATTR_VARIANTS,
               VORTEX_ATTR_TARGET, tname ? tname : "(none)", kind == VTC_HW_GPU ? "GPU" : "CPU");
    return ok;
  }
  g->hw = vtc_hardware_lookup(hw_name);
  if (!g->hw || g->hw->kind != kind) {
    snprintf(why, n, "no %s hardware row '%s' (%s)", kind == VTC_HW_GPU ? "GPU" : "CPU", hw_name,
             vtc_hardware_known_names());
    return false;
  }
  if (!S->vortex_cache) S->vortex_cache = vortex_plan_cache_create();
  vortex_options gen = t2g_emit_options();
  return vortex_plan_cached(S->vortex_cache, &g->c, g->hw, &gen, NULL, vs, nv, why, n);
}

/* The variants the GPU emission takes: the plan's variants on the backend
 * of the input type (tensor cores for f16/bf16, CUDA cores for f32) that
 * rkernel_gpu.c can build. */
bool t2g_plan_gemm(t2g_state *S, t2g_gemm *g, char *why, size_t n) {
  if (S->opts->hierarchy == VTC_GIR_HIER_CPU) return t2g_plan_gemm_cpu(S, g, why, n);
  vortex_variant vs[VORTEX_MAX_VARIANTS];
  unsigned nv = 0;
  if (!t2g_plan_variants(S, g, S->opts->gpu_name, VTC_HW_GPU, vs, &nv, why, n)) return false;
  vortex_backend want = g->tensor_core ? VORTEX_BACKEND_TENSOR_CORE : VORTEX_BACKEND_CUDA_CORE;
  char skip[160] = "";
  for (unsigned i = 0; i < nv; i++) {
    if (vs[i].backend != want) continue;
    bool wgmma = g->tensor_core && S->opts->wgmma && t2g_gemm_wgmma_supported(g, &vs[i], NULL, 0);
    bool ok = wgmma || (g->tensor_core ? t2g_gemm_tc_supported(g, &vs[i], skip, sizeof skip)
                                       : t2g_gemm_ffma_supported(g, &vs[i], skip, sizeof skip));
    if (!ok) continue;
    g->wgmma[g->num_variants] = wgmma;
    g->variants[g->num_variants++] = vs[i];
  }
  if (!g->num_variants) {
    snprintf(why, n, "no variant of the plan can be emitted (%s)", skip[0] ? skip : "none on this backend");
    return false;
  }
  return true;
}

vtc_op *t2g_build_gemm_variant(t2g_state *S, vtc_builder *mb, const vtc_loc *loc, const char *name,
                               const t2g_gemm *g, unsigned i) {
  if (g->hw->kind == VTC_HW_CPU) return t2g_build_gemm_cpu(S, mb, loc, name, g, i);
  if (g->wgmma[i]) return t2g_build_gemm_wgmma(S, mb, loc, name, g, &g->variants[i]);
  return g->tensor_core ? t2g_build_gemm_tc(S, mb, loc, name, g, &g->variants[i])
                        : t2g_build_gemm_ffma(S, mb, loc, name, g, &g->variants[i]);
}

/* ---- host --------------------------------------------------------------------------------------- */

/* The product of a role's extents over the compute's symbols (1 without dims). */
static vtc_value *role_size(t2g_emit *E, const t2g_gemm *g, vortex_role r, vtc_value *const *syms, unsigned nsym) {
  vtc_value *v = t2g_cidx(E, 1);
  for (unsigned i = 0; i < g->c.num_role_dims[r]; i++)
    v = t2g_muli(E, v, t2g_expr(E, g->c.extent[g->c.role_dims[r][i]].expr, NULL, 0, syms, nsym));
  return v;
}

t2g_gemm_sizes t2g_gemm_host_sizes(t2g_emit *E, const t2g_gemm *g, vtc_value *const *syms, unsigned nsym) {
  t2g_gemm_sizes s;
  s.batch = role_size(E, g, VORTEX_ROLE_BATCH, syms, nsym);
  s.m = role_size(E, g, VORTEX_ROLE_M, syms, nsym);
  s.n = role_size(E, g, VORTEX_ROLE_N, syms, nsym);
  s.k = role_size(E, g, VORTEX_ROLE_K, syms, nsym);
  s.sa = !g->a_batched ? t2g_cidx(E, 0) : g->a_stride >= 0 ? t2g_cidx(E, g->a_stride) : t2g_muli(E, s.m, s.k);
  s.sb = !g->b_batched ? t2g_cidx(E, 0) : g->b_stride >= 0 ? t2g_cidx(E, g->b_stride) : t2g_muli(E, s.k, s.n);
  s.a_offset = t2g_cidx(E, g->a_offset);
  s.b_offset = t2g_cidx(E, g->b_offset);
  return s;
}

/* Which region of the switch runs: the model's choice among the variants
 * (or `force`, when >= 0: tests and ablations), or num_variants (the plain
 * kernel) where no variant applies. */
vtc_value *t2g_gemm_selector(t2g_emit *E, const t2g_gemm *g, const t2g_gemm_sizes *s, int64_t force) {
  int64_t n = g->num_variants;
  unsigned planned = g->direct_from ? g->direct_from : g->num_variants; /* the model ranks these */
  vtc_value *sel;
  if (force >= 0) {
    sel = t2g_cidx(E, force < n ? force : n);
  } else {
    sel = planned == 1 ? t2g_cidx(E, 0)
                       : vortex_emit_select(&E->at, E->loc, g->hw, g->variants, planned, s->batch, s->m, s->n, s->k);
    if (g->direct_from) { /* one small-M GEMM: the chosen micro-kernel's direct twin */
      vtc_value *small = t2g_andi(E, t2g_cmpi(E, VTC_CMPI_ULE, s->m, t2g_cidx(E, T2G_CPU_DIRECT_MAX_M)),
                                  t2g_cmpi(E, VTC_CMPI_EQ, s->batch, t2g_cidx(E, 1)));
      sel = t2g_addi(E, sel, t2g_select(E, small, t2g_cidx(E, g->direct_from), t2g_cidx(E, 0)));
    }
  }
  if (g->hw->kind == VTC_HW_CPU || !g->tensor_core) return sel; /* any shape */
  /* cp.async moves 16-byte rows: both operands' contiguous dims must be
   * multiples of 8 (A: K, or M when transposed; B: N, or K). */
  vtc_value *c0 = t2g_cidx(E, 0), *c8 = t2g_cidx(E, 8);
  vtc_value *a_ld = g->a_trans ? s->m : s->k, *b_ld = g->b_trans ? s->k : s->n;
  vtc_value *ok = t2g_andi(E, t2g_cmpi(E, VTC_CMPI_EQ, t2g_remui(E, a_ld, c8), c0),
                           t2g_cmpi(E, VTC_CMPI_EQ, t2g_remui(E, b_ld, c8), c0));
  return t2g_select(E, ok, sel, t2g_cidx(E, g->num_variants));
}

vtc_value *t2g_gemm_groups(t2g_emit *E, const t2g_gemm *g, unsigned i, const t2g_gemm_sizes *s) {
  if (g->hw->kind == VTC_HW_CPU) /* a group per NC-column panel: its units split the rows */
    return t2g_muli(E, s->batch, t2g_ceildivui(E, s->n, t2g_cidx(E, t2g_gemm_cpu_panel(g, i))));
  const vortex_variant *v = &g->variants[i];
  vtc_value *tiles = t2g_muli(E, t2g_ceildivui(E, s->m, t2g_cidx(E, v->l1.m)),
                              t2g_ceildivui(E, s->n, t2g_cidx(E, v->l1.n)));
  return t2g_muli(E, t2g_muli(E, s->batch, t2g_cidx(E, v->split_k)), tiles);
}
