/* gir -> LLVM on NVPTX: register slices with a fragment layout (Vortex's
 * L0 on tensor cores, vortex.txt section 6.1: a warp's tiles of mma.sync)
 * and transposed copies.
 *
 * A fragment slice of num x width elements is held as one LLVM vector per
 * tile of its layout (tiles row-major), each with this thread's elements of
 * the tile in PTX's fragment order (PTX ISA, "Matrix Fragments for mma.m16n8k16
 * / mma.m16n8k8"): with g = lane / 4 and q = lane % 4,
 *   mma_acc (16x8):          (g, 2q) (g, 2q+1) (g+8, 2q) (g+8, 2q+1)
 *   mma_a 16-bit (16x16):    (g, 2q) (g, 2q+1) (g+8, 2q) (g+8, 2q+1)
 *                            (g, 2q+8) (g, 2q+9) (g+8, 2q+8) (g+8, 2q+9)
 *   mma_a f32/tf32 (16x8):   (g, q) (g+8, q) (g, q+4) (g+8, q+4)
 *   mma_b 16-bit (16x8, KxN): (2q, g) (2q+1, g) (2q+8, g) (2q+9, g)
 *   mma_b f32/tf32 (8x8):    (q, g) (q+4, g)
 * (row, col) within the tile; frag_descs writes each as row = rg g + rq q +
 * rc, col = cg g + cq q + cc. So every lane knows the (row, col) of its
 * elements (coords), which is all that copies to and from memory,
 * elementwise position arguments, broadcasts and re-patterning need:
 *   - shared -> mma_a / mma_b of 16-bit elements is ldmatrix (x4, or x2/x1
 *     for what is left), .trans when the fragment's rows are the memory's
 *     columns (B from a K x N view, A from a transposed copy), when the
 *     view is unmasked and its offset and stride are known multiples of 8
 *     (16-byte rows);
 *   - mma_acc -> memory stores the two adjacent columns of a row as one
 *     vector store where both are inside `valid` and 2-element aligned;
 *   - every other copy is a per-lane gather or scatter, masked by `valid`;
 *   - gir.mma is one mma.sync per 16x8 output tile and k-step.
 * The FFMA thread tiles (ffma_a, ffma_b, ffma_acc: lanes as a 4 x 8 grid,
 * each an TM x TN block) are held as vectors along the lane's rows of its
 * block (ffma_acc: TM vectors of TN; ffma_b: K vectors of TN) or down its
 * columns (ffma_a: K vectors of TM), so gir.mma is each lane's FMAs and a
 * copy whose vectors are adjacent in memory is a vector load or store.
 * Transposed copies of default-layout slices use the same coordinates. */
#include <stdlib.h>
#include <string.h>

#include "lowering/gir-to-llvm/translate_impl.h"

typedef struct frag_elem {
  int8_t rg, rq, rc, cg, cq, cc;
} frag_elem;

typedef struct frag_desc {
  vtc_gir_layout layout;
  unsigned elem_bits; /* 0: any element type */
  unsigned count;     /* elements of a tile per thread */
  frag_elem e[8];
} frag_desc;

static const frag_desc frag_descs[] = {
    {VTC_GIR_LAYOUT_MMA_ACC, 0, 4, {{1, 0, 0, 0, 2, 0}, {1, 0, 0, 0, 2, 1}, {1, 0, 8, 0, 2, 0}, {1, 0, 8, 0, 2, 1}}},
    {VTC_GIR_LAYOUT_MMA_A, 16, 8,
     {{1, 0, 0, 0, 2, 0}, {1, 0, 0, 0, 2, 1}, {1, 0, 8, 0, 2, 0}, {1, 0, 8, 0, 2, 1},
      {1, 0, 0, 0, 2, 8}, {1, 0, 0, 0, 2, 9}, {1, 0, 8, 0, 2, 8}, {1, 0, 8, 0, 2, 9}}},
    {VTC_GIR_LAYOUT_MMA_A, 32, 4, {{1, 0, 0, 0, 1, 0}, {1, 0, 8, 0, 1, 0}, {1, 0, 0, 0, 1, 4}, {1, 0, 8, 0, 1, 4}}},
    {VTC_GIR_LAYOUT_MMA_B, 16, 4, {{0, 2, 0, 1, 0, 0}, {0, 2, 1, 1, 0, 0}, {0, 2, 8, 1, 0, 0}, {0, 2, 9, 1, 0, 0}}},
    {VTC_GIR_LAYOUT_MMA_B, 32, 2, {{0, 1, 0, 1, 0, 0}, {0, 1, 4, 1, 0, 0}}},
};

/* How a register slice is held: `segs` vectors of `per` elements. */
typedef enum frag_kind {
  FRAG_LANES, /* the default layout: vector i = this lane's elements of row i */
  FRAG_MMA,   /* mma_*: vector s = this lane's elements of tile s (d) */
  FRAG_FFMA,  /* ffma_*: vector s = a row (acc, b) or a column (a) of the lane's tile */
} frag_kind;

typedef struct frag {
  vtc_gir_slice_info s;
  frag_kind kind;
  const frag_desc *d; /* FRAG_MMA */
  int64_t tile_r, tile_c;
  unsigned tiles_c, segs, per;
  int64_t tm, tn;     /* FRAG_FFMA: the rows and columns of a lane's tile */
} frag;

/* The FFMA lane grid: lane = 8 lm + ln. */
enum { kFfmaRows = 4, kFfmaCols = 8 };

static LLVMValueRef i32c(g2l *t, unsigned x) { return LLVMConstInt(t->i32, x, 0); }

static bool frag_of(g2l *t, vtc_op *op, const vtc_type *type, frag *f) {
  memset(f, 0, sizeof *f);
  if (!g2l_slice_info(t, op, type, &f->s)) return false;
  if (f->s.layout == VTC_GIR_LAYOUT_LANES) {
    f->segs = (unsigned)f->s.num;
    f->per = g2l_reg_width(t, (unsigned)f->s.width);
    return true;
  }
  if (f->s.layout >= VTC_GIR_LAYOUT_FFMA_A) {
    f->kind = FRAG_FFMA;
    f->tm = f->s.num / kFfmaRows;
    f->tn = f->s.width / kFfmaCols;
    bool a = f->s.layout == VTC_GIR_LAYOUT_FFMA_A, b = f->s.layout == VTC_GIR_LAYOUT_FFMA_B;
    f->segs = (unsigned)(a ? f->s.width : b ? f->s.num : f->tm);
    f->per = (unsigned)(a ? f->tm : f->tn);
    return true;
  }
  f->kind = FRAG_MMA;
  vtc_gir_fragment_tile(f->s.layout, f->s.elem, &f->tile_r, &f->tile_c);
  for (size_t i = 0; i < sizeof frag_descs / sizeof *frag_descs; i++) {
    const frag_desc *d = &frag_descs[i];
    if (d->layout == f->s.layout && (!d->elem_bits || d->elem_bits == vtc_type_bit_width(f->s.elem))) f->d = d;
  }
  if (!f->d) return g2l_error(t, op, "has a fragment type the NVPTX translation does not support");
  f->tiles_c = (unsigned)(f->s.width / f->tile_c);
  f->segs = (unsigned)(f->s.num / f->tile_r) * f->tiles_c;
  f->per = f->d->count;
  return true;
}

static LLVMValueRef const_vec(g2l *t, const int64_t *v, unsigned n) {
  LLVMValueRef e[8];
  for (unsigned i = 0; i < n; i++) e[i] = g2l_i64(t, v[i]);
  return LLVMConstVector(e, n);
}

/* Where this lane's element e of vector s is, for a given lane (static:
 * extract and broadcast find the lanes that hold a row or column). */
static void lane_coord(const frag *f, unsigned s, unsigned e, unsigned lane, int64_t *row, int64_t *col) {
  if (f->kind == FRAG_LANES) {
    *row = s;
    *col = g2l_layout_position(32, f->per, lane, e);
  } else if (f->kind == FRAG_MMA) {
    const frag_elem *x = &f->d->e[e];
    int64_t g = lane / 4, q = lane % 4;
    *row = (int64_t)(s / f->tiles_c) * f->tile_r + x->rg * g + x->rq * q + x->rc;
    *col = (int64_t)(s % f->tiles_c) * f->tile_c + x->cg * g + x->cq * q + x->cc;
  } else {
    int64_t lm = lane / kFfmaCols, ln = lane % kFfmaCols;
    switch (f->s.layout) {
    case VTC_GIR_LAYOUT_FFMA_A: *row = lm * f->tm + e, *col = s; break;
    case VTC_GIR_LAYOUT_FFMA_B: *row = s, *col = ln * f->tn + e; break;
    default: *row = lm * f->tm + s, *col = ln * f->tn + e; break;
    }
  }
}

/* g = lane / 4 and q = lane % 4, as i64. */
static void lane_gq(g2l *t, LLVMValueRef *g, LLVMValueRef *q) {
  LLVMValueRef lane = LLVMBuildZExt(t->b, t->lane, t->i64, "");
  *g = LLVMBuildLShr(t->b, lane, g2l_i64(t, 2), "g");
  *q = LLVMBuildAnd(t->b, lane, g2l_i64(t, 3), "q");
}

/* lm and ln of the FFMA lane grid, as i64. */
static void lane_grid(g2l *t, LLVMValueRef *lm, LLVMValueRef *ln) {
  LLVMValueRef lane = LLVMBuildZExt(t->b, t->lane, t->i64, "");
  *lm = LLVMBuildLShr(t->b, lane, g2l_i64(t, 3), "lm");
  *ln = LLVMBuildAnd(t->b, lane, g2l_i64(t, kFfmaCols - 1), "ln");
}

/* The first row or column of this lane's tile along the vector, and the
 * fixed one, of vector s of an FFMA slice. */
static void ffma_origin(g2l *t, const frag *f, unsigned s, LLVMValueRef *row0, LLVMValueRef *col0) {
  LLVMValueRef lm, ln;
  lane_grid(t, &lm, &ln);
  LLVMValueRef rbase = LLVMBuildMul(t->b, lm, g2l_i64(t, f->tm), ""), cbase = LLVMBuildMul(t->b, ln, g2l_i64(t, f->tn), "");
  switch (f->s.layout) {
  case VTC_GIR_LAYOUT_FFMA_A: *row0 = rbase, *col0 = g2l_i64(t, s); break;
  case VTC_GIR_LAYOUT_FFMA_B: *row0 = g2l_i64(t, s), *col0 = cbase; break;
  default: *row0 = LLVMBuildAdd(t->b, rbase, g2l_i64(t, s), ""), *col0 = cbase; break;
  }
}

/* Whether an FFMA vector runs along its rows (ffma_a) or its columns. */
static bool ffma_along_rows(const frag *f) { return f->s.layout == VTC_GIR_LAYOUT_FFMA_A; }

static void ffma_coords(g2l *t, const frag *f, unsigned s, LLVMValueRef *rows, LLVMValueRef *cols) {
  LLVMValueRef r0, c0;
  ffma_origin(t, f, s, &r0, &c0);
  LLVMValueRef step = g2l_iota(t, f->per);
  *rows = g2l_splat(t, r0, f->per);
  *cols = g2l_splat(t, c0, f->per);
  if (ffma_along_rows(f)) *rows = LLVMBuildAdd(t->b, *rows, step, "rows");
  else *cols = LLVMBuildAdd(t->b, *cols, step, "cols");
}

/* The (row, col) of this thread's elements of vector s as <per x i64>, and
 * which of them exist (*mask; NULL: all). */
static void coords(g2l *t, const frag *f, unsigned s, LLVMValueRef *rows, LLVMValueRef *cols, LLVMValueRef *mask) {
  *mask = NULL;
  if (f->kind == FRAG_LANES) {
    unsigned w = (unsigned)f->s.width;
    *rows = g2l_splat(t, g2l_i64(t, s), f->per);
    *cols = g2l_positions(t, w);
    if (w % t->warp)
      *mask = LLVMBuildICmp(t->b, LLVMIntULT, *cols, g2l_splat(t, g2l_i64(t, w), f->per), "in_width");
    return;
  }
  if (f->kind == FRAG_FFMA) {
    ffma_coords(t, f, s, rows, cols);
    return;
  }
  int64_t r0 = (int64_t)(s / f->tiles_c) * f->tile_r, c0 = (int64_t)(s % f->tiles_c) * f->tile_c;
  int64_t rg[8], rq[8], rc[8], cg[8], cq[8], cc[8];
  for (unsigned e = 0; e < f->per; e++) {
    const frag_elem *x = &f->d->e[e];
    rg[e] = x->rg, rq[e] = x->rq, rc[e] = r0 + x->rc, cg[e] = x->cg, cq[e] = x->cq, cc[e] = c0 + x->cc;
  }
  LLVMValueRef g, q;
  lane_gq(t, &g, &q);
  LLVMValueRef gv = g2l_splat(t, g, f->per), qv = g2l_splat(t, q, f->per);
  *rows = LLVMBuildAdd(t->b, LLVMBuildAdd(t->b, LLVMBuildMul(t->b, gv, const_vec(t, rg, f->per), ""),
                                          LLVMBuildMul(t->b, qv, const_vec(t, rq, f->per), ""), ""),
                       const_vec(t, rc, f->per), "rows");
  *cols = LLVMBuildAdd(t->b, LLVMBuildAdd(t->b, LLVMBuildMul(t->b, gv, const_vec(t, cg, f->per), ""),
                                          LLVMBuildMul(t->b, qv, const_vec(t, cq, f->per), ""), ""),
                       const_vec(t, cc, f->per), "cols");
}

static LLVMValueRef and_mask(g2l *t, LLVMValueRef a, LLVMValueRef b) {
  return !a ? b : !b ? a : LLVMBuildAnd(t->b, a, b, "");
}

/* Which memory elements (mr, mc) of a view are inside its valid counts. */
static LLVMValueRef valid_mask(g2l *t, g2l_value *view, LLVMValueRef mr, LLVMValueRef mc) {
  if (!view->valid_num) return NULL;
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(mr));
  return LLVMBuildAnd(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, mr, g2l_splat(t, view->valid_num, n), ""),
                      LLVMBuildICmp(t->b, LLVMIntSLT, mc, g2l_splat(t, view->valid_width, n), ""), "valid");
}

static LLVMValueRef element_addresses(g2l *t, g2l_value *view, LLVMTypeRef mem, LLVMValueRef mr, LLVMValueRef mc) {
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(mr));
  LLVMValueRef idx = LLVMBuildAdd(t->b, g2l_splat(t, view->offset, n),
                                  LLVMBuildAdd(t->b, LLVMBuildMul(t->b, mr, g2l_splat(t, view->stride, n), ""), mc, ""),
                                  "");
  return LLVMBuildGEP2(t->b, mem, view->ptr, &idx, 1, "addr");
}

/* ---- ldmatrix ------------------------------------------------------------------- */

/* One 8x8 matrix of a 16-bit fragment: its first row and column in the
 * view's (segment, element) coordinates, and where its two elements per
 * thread go (vector seg, elements elem and elem + 1). */
typedef struct ld_matrix {
  int64_t row, col;
  unsigned seg, elem;
} ld_matrix;

/* The 8x8 matrices of a 16-bit mma_a or mma_b fragment in ldmatrix order:
 * for mma_a the four quadrants of each 16x16 tile (a0a1, a2a3, a4a5, a6a7);
 * for mma_b the two halves (k 0-7, 8-15) of each 16x8 tile. With
 * `transposed` the view holds the fragment transposed. Returns how many. */
static unsigned ld_matrices(const frag *f, bool transposed, ld_matrix *out) {
  unsigned n = 0;
  bool a = f->s.layout == VTC_GIR_LAYOUT_MMA_A;
  for (unsigned s = 0; s < f->segs; s++) {
    int64_t r0 = (int64_t)(s / f->tiles_c) * f->tile_r, c0 = (int64_t)(s % f->tiles_c) * f->tile_c;
    for (unsigned k = 0; k < (a ? 4u : 2u); k++) {
      /* the matrix's first (row, col) in the fragment */
      int64_t fr = a ? r0 + (k & 1) * 8 : r0 + k * 8, fc = a ? c0 + (k >> 1) * 8 : c0;
      out[n++] = (ld_matrix){transposed ? fc : fr, transposed ? fr : fc, s, 2 * k};
    }
  }
  return n;
}

/* Whether ldmatrix reads this view: shared, unmasked, 16-byte rows. */
static bool ldmatrix_view(g2l *t, vtc_op *op, const frag *f) {
  vtc_gir_slice_info vs;
  vtc_value *src = vtc_gir_copy_source(op);
  vtc_op *view = src->def_op;
  if (f->kind != FRAG_MMA || f->s.layout == VTC_GIR_LAYOUT_MMA_ACC || vtc_type_bit_width(f->s.elem) != 16)
    return false;
  if (!t->opts->target->tensor_core->ldmatrix || !view || !vtc_gir_is(view, "view")) return false;
  if (!vtc_gir_slice_info_of(t->ctx, src->type, &vs) || vs.level != VTC_GIR_SHARED || vtc_gir_view_valid_num(view))
    return false;
  int64_t stride = vs.stride == VTC_DYNAMIC ? vtc_gir_known_multiple(vtc_gir_view_stride(view)) : vs.stride;
  return vtc_gir_known_multiple(vtc_gir_view_offset(view)) % 8 == 0 && stride % 8 == 0;
}

/* Lane l addresses row l % 8 of matrix (l / 8) mod count of a group of
 * matrices whose first rows and columns step regularly (m1 - m0 for bit 0
 * of the matrix number, m2 - m0 for bit 1). */
static LLVMValueRef ld_address(g2l *t, g2l_value *view, const ld_matrix *m, unsigned count) {
  LLVMValueRef lane = LLVMBuildZExt(t->b, t->lane, t->i64, "");
  LLVMValueRef r = LLVMBuildAnd(t->b, lane, g2l_i64(t, 7), "");
  LLVMValueRef k = LLVMBuildLShr(t->b, lane, g2l_i64(t, 3), "");
  LLVMValueRef b0 = LLVMBuildAnd(t->b, k, g2l_i64(t, 1), ""), b1 = LLVMBuildAnd(t->b, LLVMBuildLShr(t->b, k, g2l_i64(t, 1), ""), g2l_i64(t, 1), "");
  LLVMValueRef row = LLVMBuildAdd(t->b, g2l_i64(t, m[0].row), r, "");
  LLVMValueRef col = g2l_i64(t, m[0].col);
  if (count > 1) {
    row = LLVMBuildAdd(t->b, row, LLVMBuildMul(t->b, b0, g2l_i64(t, m[1].row - m[0].row), ""), "");
    col = LLVMBuildAdd(t->b, col, LLVMBuildMul(t->b, b0, g2l_i64(t, m[1].col - m[0].col), ""), "");
  }
  if (count > 2) {
    row = LLVMBuildAdd(t->b, row, LLVMBuildMul(t->b, b1, g2l_i64(t, m[2].row - m[0].row), ""), "");
    col = LLVMBuildAdd(t->b, col, LLVMBuildMul(t->b, b1, g2l_i64(t, m[2].col - m[0].col), ""), "");
  }
  LLVMValueRef idx = LLVMBuildAdd(t->b, view->offset, LLVMBuildAdd(t->b, LLVMBuildMul(t->b, row, view->stride, ""), col, ""), "");
  return LLVMBuildGEP2(t->b, LLVMInt16TypeInContext(t->c), view->ptr, &idx, 1, "ldm_row");
}

static bool regular4(const ld_matrix *m) {
  return m[3].row - m[0].row == (m[1].row - m[0].row) + (m[2].row - m[0].row) &&
         m[3].col - m[0].col == (m[1].col - m[0].col) + (m[2].col - m[0].col);
}

static bool ldmatrix_copy(g2l *t, vtc_op *op, const frag *f, g2l_value *view) {
  bool transposed = vtc_gir_copy_is_transposed(op);
  /* The fragment's rows are memory rows for mma_a (row-major A), columns
   * for mma_b (its k runs down the view's segments): .trans for B, and
   * the other way round for a transposed copy. */
  bool trans = (f->s.layout == VTC_GIR_LAYOUT_MMA_B) != transposed;
  ld_matrix *m = vtc_xcalloc(4 * f->segs + 4, sizeof *m);
  unsigned n = ld_matrices(f, transposed, m);
  g2l_value *r = g2l_new_register(t, f->segs);
  LLVMTypeRef et = g2l_scalar_type(t, f->s.elem), vt = LLVMVectorType(et, f->per);
  for (unsigned s = 0; s < f->segs; s++) r->segs[s] = LLVMGetPoison(vt);
  LLVMTypeRef pair = LLVMVectorType(et, 2);
  for (unsigned i = 0; i < n;) {
    unsigned count = n - i >= 4 && regular4(&m[i]) ? 4 : n - i >= 2 ? 2 : 1;
    LLVMValueRef out[4];
    t->opts->target->tensor_core->ldmatrix(t->b, t->m, ld_address(t, view, &m[i], count), count, trans, out);
    for (unsigned k = 0; k < count; k++) {
      const ld_matrix *x = &m[i + k];
      LLVMValueRef two = LLVMBuildBitCast(t->b, out[k], pair, "");
      for (unsigned e = 0; e < 2; e++)
        r->segs[x->seg] = LLVMBuildInsertElement(t->b, r->segs[x->seg], LLVMBuildExtractElement(t->b, two, i32c(t, e), ""),
                                                 i32c(t, x->elem + e), "");
    }
    i += count;
  }
  free(m);
  g2l_bind(t, vtc_op_result(op, 0), r);
  return true;
}

/* ---- copies ------------------------------------------------------------------------ */

/* ---- FFMA vectors: contiguous in memory when they run along its rows ---- */

/* Whether vector s of an FFMA slice is `per` adjacent elements of a
 * memory segment (its varying coordinate is the memory column). */
static bool ffma_contiguous(const frag *f, bool transposed) { return f && f->kind == FRAG_FFMA && ffma_along_rows(f) == transposed; }

/* The alignment in bytes of such a vector's first element: what the
 * view's offset and stride are known multiples of, and the lane's start
 * (a multiple of the vector length), at most 16. */
static unsigned ffma_align(vtc_value *viewv, const frag *f) {
  vtc_op *view = viewv->def_op;
  int64_t eb = g2l_elem_bytes(f->s.elem), elems = view && vtc_gir_is(view, "view") ? vtc_gir_view_known_multiple(view) : 1;
  int64_t p = 1; /* elems 0: offset and stride are zero */
  while (f->per % (2 * p) == 0 && (elems == 0 || elems % (2 * p) == 0) && 2 * p * eb <= 16) p *= 2;
  return (unsigned)(p * eb);
}

/* Vector s's memory row, first memory column, and whether all of its
 * elements are inside the view's valid counts (NULL: unmasked). */
static LLVMValueRef ffma_place(g2l *t, const frag *f, unsigned s, bool tr, g2l_value *view, LLVMValueRef *idx) {
  LLVMValueRef r0, c0;
  ffma_origin(t, f, s, &r0, &c0);
  LLVMValueRef mr = tr ? c0 : r0, mc = tr ? r0 : c0;
  *idx = LLVMBuildAdd(t->b, view->offset, LLVMBuildAdd(t->b, LLVMBuildMul(t->b, mr, view->stride, ""), mc, ""), "");
  if (!view->valid_num) return NULL;
  LLVMValueRef end = LLVMBuildAdd(t->b, mc, g2l_i64(t, f->per), "");
  return LLVMBuildAnd(t->b, LLVMBuildICmp(t->b, LLVMIntSLT, mr, view->valid_num, ""),
                      LLVMBuildICmp(t->b, LLVMIntSLE, end, view->valid_width, ""), "whole");
}

/* Memory -> an FFMA vector: one vector load (two branches when masked:
 * the whole vector inside `valid`, or a masked gather). */
static LLVMValueRef ffma_load(g2l *t, const frag *f, unsigned s, bool tr, g2l_value *view, unsigned align) {
  LLVMTypeRef mem = g2l_mem_type(t, f->s.elem), vt = LLVMVectorType(mem, f->per);
  LLVMValueRef idx, whole = ffma_place(t, f, s, tr, view, &idx);
  LLVMValueRef addr = LLVMBuildGEP2(t->b, mem, view->ptr, &idx, 1, "");
  if (!whole) {
    LLVMValueRef v = LLVMBuildLoad2(t->b, vt, addr, "");
    LLVMSetAlignment(v, align);
    return v;
  }
  LLVMBasicBlockRef vec = LLVMAppendBasicBlockInContext(t->c, t->fn, "load.vec");
  LLVMBasicBlockRef part = LLVMAppendBasicBlockInContext(t->c, t->fn, "load.part");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(t->c, t->fn, "load.join");
  LLVMBuildCondBr(t->b, whole, vec, part);
  LLVMPositionBuilderAtEnd(t->b, vec);
  LLVMValueRef v1 = LLVMBuildLoad2(t->b, vt, addr, "");
  LLVMSetAlignment(v1, align);
  LLVMBuildBr(t->b, join);
  LLVMPositionBuilderAtEnd(t->b, part);
  LLVMValueRef rows, cols, mask;
  coords(t, f, s, &rows, &cols, &mask);
  LLVMValueRef mr = tr ? cols : rows, mc = tr ? rows : cols;
  LLVMValueRef pad = g2l_to_memory(t, g2l_splat(t, view->padding, f->per), f->s.elem, f->per);
  LLVMValueRef v2 = g2l_gpu_gather(t, mem, element_addresses(t, view, mem, mr, mc), valid_mask(t, view, mr, mc), pad,
                                   (unsigned)g2l_elem_bytes(f->s.elem));
  return g2l_merge(t, join, v2, v1, vec, "");
}

/* An FFMA vector -> memory: one vector store, or a masked scatter for a
 * vector that is not wholly inside `valid`. */
static void ffma_store(g2l *t, const frag *f, unsigned s, bool tr, g2l_value *view, LLVMValueRef v, unsigned align) {
  LLVMTypeRef mem = g2l_mem_type(t, f->s.elem);
  LLVMValueRef mv = g2l_to_memory(t, v, f->s.elem, f->per);
  LLVMValueRef idx, whole = ffma_place(t, f, s, tr, view, &idx);
  LLVMValueRef addr = LLVMBuildGEP2(t->b, mem, view->ptr, &idx, 1, "");
  if (!whole) {
    LLVMSetAlignment(LLVMBuildStore(t->b, mv, addr), align);
    return;
  }
  LLVMBasicBlockRef vec = LLVMAppendBasicBlockInContext(t->c, t->fn, "store.vec");
  LLVMBasicBlockRef part = LLVMAppendBasicBlockInContext(t->c, t->fn, "store.part");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(t->c, t->fn, "store.join");
  LLVMBuildCondBr(t->b, whole, vec, part);
  LLVMPositionBuilderAtEnd(t->b, vec);
  LLVMSetAlignment(LLVMBuildStore(t->b, mv, addr), align);
  LLVMBuildBr(t->b, join);
  LLVMPositionBuilderAtEnd(t->b, part);
  LLVMValueRef rows, cols, mask;
  coords(t, f, s, &rows, &cols, &mask);
  LLVMValueRef mr = tr ? cols : rows, mc = tr ? rows : cols;
  g2l_gpu_scatter(t, mv, element_addresses(t, view, mem, mr, mc), valid_mask(t, view, mr, mc),
                  (unsigned)g2l_elem_bytes(f->s.elem));
  LLVMBuildBr(t->b, join);
  LLVMPositionBuilderAtEnd(t->b, join);
}

/* Memory -> registers of any layout, optionally transposed: gathers. */
static bool load_copy(g2l *t, vtc_op *op, const frag *f, g2l_value *view) {
  bool tr = vtc_gir_copy_is_transposed(op);
  if (ffma_contiguous(f, tr)) {
    unsigned align = ffma_align(vtc_gir_copy_source(op), f);
    g2l_value *r = g2l_new_register(t, f->segs);
    for (unsigned s = 0; s < f->segs; s++)
      r->segs[s] = g2l_from_memory(t, ffma_load(t, f, s, tr, view, align), f->s.elem, f->per);
    g2l_bind(t, vtc_op_result(op, 0), r);
    return true;
  }
  LLVMTypeRef mem = g2l_mem_type(t, f->s.elem);
  unsigned align = (unsigned)g2l_elem_bytes(f->s.elem);
  g2l_value *r = g2l_new_register(t, f->segs);
  LLVMValueRef pad = g2l_to_memory(t, g2l_splat(t, view->padding, f->per), f->s.elem, f->per);
  for (unsigned s = 0; s < f->segs; s++) {
    LLVMValueRef rows, cols, mask;
    coords(t, f, s, &rows, &cols, &mask);
    LLVMValueRef mr = tr ? cols : rows, mc = tr ? rows : cols;
    mask = and_mask(t, mask, valid_mask(t, view, mr, mc));
    LLVMValueRef v = g2l_gpu_gather(t, mem, element_addresses(t, view, mem, mr, mc), mask, pad, align);
    r->segs[s] = g2l_from_memory(t, v, f->s.elem, f->per);
  }
  g2l_bind(t, vtc_op_result(op, 0), r);
  return true;
}

/* Whether every segment of the view starts at an even element: offset
 * and stride known even. */
static bool view_pairs_aligned(vtc_value *v) {
  vtc_op *view = v->def_op;
  if (!view || !vtc_gir_is(view, "view")) return false;
  vtc_gir_slice_info s;
  if (!vtc_gir_slice_info_of(vtc_op_context(view), v->type, &s)) return false;
  int64_t stride = s.stride == VTC_DYNAMIC ? vtc_gir_known_multiple(vtc_gir_view_stride(view)) : s.stride;
  return vtc_gir_known_multiple(vtc_gir_view_offset(view)) % 2 == 0 && stride % 2 == 0;
}

/* Two adjacent columns (row, col), (row, col + 1) of an accumulator tile:
 * one 2-element store where both are valid and the address is aligned,
 * else the valid one(s) alone. */
static void store_pair(g2l *t, g2l_value *view, const vtc_type *elem, LLVMValueRef two, LLVMValueRef row,
                       LLVMValueRef col, bool aligned) {
  LLVMTypeRef mem = g2l_mem_type(t, elem);
  unsigned eb = (unsigned)g2l_elem_bytes(elem);
  LLVMValueRef v = g2l_to_memory(t, two, elem, 2);
  LLVMValueRef idx = LLVMBuildAdd(t->b, view->offset, LLVMBuildAdd(t->b, LLVMBuildMul(t->b, row, view->stride, ""), col, ""), "");
  LLVMValueRef addr = LLVMBuildGEP2(t->b, mem, view->ptr, &idx, 1, "");
  LLVMValueRef ok = NULL, m0 = NULL, m1 = NULL;
  if (view->valid_num) {
    LLVMValueRef in_row = LLVMBuildICmp(t->b, LLVMIntSLT, row, view->valid_num, "");
    m0 = LLVMBuildAnd(t->b, in_row, LLVMBuildICmp(t->b, LLVMIntSLT, col, view->valid_width, ""), "");
    m1 = LLVMBuildAnd(t->b, in_row,
                      LLVMBuildICmp(t->b, LLVMIntSLT, LLVMBuildAdd(t->b, col, g2l_i64(t, 1), ""), view->valid_width, ""), "");
    ok = m1; /* column col + 1 valid implies col valid */
  }
  if (!aligned)
    ok = and_mask(t, ok, LLVMBuildICmp(t->b, LLVMIntEQ, LLVMBuildAnd(t->b, idx, g2l_i64(t, 1), ""), g2l_i64(t, 0), ""));
  if (!ok) {
    LLVMSetAlignment(LLVMBuildStore(t->b, v, addr), 2 * eb);
    return;
  }
  LLVMBasicBlockRef pair = LLVMAppendBasicBlockInContext(t->c, t->fn, "store.pair");
  LLVMBasicBlockRef single = LLVMAppendBasicBlockInContext(t->c, t->fn, "store.single");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(t->c, t->fn, "store.join");
  LLVMBuildCondBr(t->b, ok, pair, single);
  LLVMPositionBuilderAtEnd(t->b, pair);
  LLVMSetAlignment(LLVMBuildStore(t->b, v, addr), 2 * eb);
  LLVMBuildBr(t->b, join);
  LLVMPositionBuilderAtEnd(t->b, single);
  LLVMValueRef mask = NULL;
  if (m0) {
    LLVMValueRef mv = LLVMGetPoison(LLVMVectorType(t->i1, 2));
    mv = LLVMBuildInsertElement(t->b, mv, m0, i32c(t, 0), "");
    mask = LLVMBuildInsertElement(t->b, mv, m1, i32c(t, 1), "");
  }
  LLVMValueRef idx2 = LLVMBuildAdd(t->b, g2l_splat(t, idx, 2), g2l_iota(t, 2), "");
  g2l_gpu_scatter(t, v, LLVMBuildGEP2(t->b, mem, view->ptr, &idx2, 1, ""), mask, eb);
  LLVMBuildBr(t->b, join);
  LLVMPositionBuilderAtEnd(t->b, join);
}

/* Registers of any layout -> memory, optionally transposed: scatters, or
 * pairs of adjacent columns for an accumulator. */
static bool store_copy(g2l *t, vtc_op *op, const frag *f, g2l_value *src, g2l_value *view) {
  bool tr = vtc_gir_copy_is_transposed(op);
  LLVMTypeRef mem = g2l_mem_type(t, f->s.elem);
  unsigned align = (unsigned)g2l_elem_bytes(f->s.elem);
  if (ffma_contiguous(f, tr)) {
    unsigned valign = ffma_align(vtc_op_operand(op, 1), f);
    for (unsigned s = 0; s < f->segs; s++) ffma_store(t, f, s, tr, view, src->segs[s], valign);
    return true;
  }
  if (f->s.layout == VTC_GIR_LAYOUT_MMA_ACC && !tr) {
    bool aligned = view_pairs_aligned(vtc_op_operand(op, 1));
    LLVMValueRef g, q;
    lane_gq(t, &g, &q);
    LLVMValueRef col0 = LLVMBuildMul(t->b, q, g2l_i64(t, 2), "");
    for (unsigned s = 0; s < f->segs; s++) {
      int64_t r0 = (int64_t)(s / f->tiles_c) * f->tile_r, c0 = (int64_t)(s % f->tiles_c) * f->tile_c;
      for (unsigned h = 0; h < 2; h++) {
        LLVMValueRef two = LLVMBuildShuffleVector(t->b, src->segs[s], LLVMGetPoison(LLVMTypeOf(src->segs[s])),
                                                  LLVMConstVector((LLVMValueRef[]){i32c(t, 2 * h), i32c(t, 2 * h + 1)}, 2), "");
        LLVMValueRef row = LLVMBuildAdd(t->b, g, g2l_i64(t, r0 + 8 * h), "");
        store_pair(t, view, f->s.elem, two, row, LLVMBuildAdd(t->b, col0, g2l_i64(t, c0), ""), aligned);
      }
    }
    return true;
  }
  for (unsigned s = 0; s < f->segs; s++) {
    LLVMValueRef rows, cols, mask;
    coords(t, f, s, &rows, &cols, &mask);
    LLVMValueRef mr = tr ? cols : rows, mc = tr ? rows : cols;
    mask = and_mask(t, mask, valid_mask(t, view, mr, mc));
    g2l_gpu_scatter(t, g2l_to_memory(t, src->segs[s], f->s.elem, f->per), element_addresses(t, view, mem, mr, mc),
                    mask, align);
  }
  return true;
}

static bool copy_op(g2l *t, vtc_op *op) {
  frag f;
  g2l_value *src = g2l_lookup(t, vtc_gir_copy_source(op));
  if (op->num_results) {
    if (!frag_of(t, op, vtc_op_result(op, 0)->type, &f)) return false;
    return ldmatrix_view(t, op, &f) ? ldmatrix_copy(t, op, &f, src) : load_copy(t, op, &f, src);
  }
  g2l_value *dst = g2l_lookup(t, vtc_op_operand(op, 1));
  if (src->kind != G2L_REGISTER) return g2l_error(t, op, "transposes between registers and memory only");
  return frag_of(t, op, vtc_gir_copy_source(op)->type, &f) && store_copy(t, op, &f, src, dst);
}

/* ---- computation ----------------------------------------------------------------------- */

/* gir.elementwise on fragments: the body once per vector; the position
 * arguments are the elements' (row, col). */
static bool elementwise_op(g2l *t, vtc_op *op) {
  frag f;
  vtc_value *res = vtc_op_result(op, 0);
  if (!frag_of(t, op, res->type, &f)) return false;
  vtc_block *body = vtc_gir_elementwise_body(op);
  unsigned nops = op->num_operands;
  g2l_value *r = g2l_new_register(t, f.segs);
  bool ok = true;
  unsigned saved = t->ew_width;
  for (unsigned s = 0; ok && s < f.segs; s++) {
    for (unsigned k = 0; k < nops; k++) {
      g2l_value *lv = g2l_lookup(t, vtc_op_operand(op, k));
      g2l_bind_scalar(t, body->args[k], lv->kind == G2L_REGISTER ? lv->segs[s] : g2l_splat(t, lv->v, f.per));
    }
    if (vtc_gir_elementwise_has_position(op)) {
      LLVMValueRef rows, cols, mask;
      coords(t, &f, s, &rows, &cols, &mask);
      g2l_bind_scalar(t, body->args[nops], rows);
      g2l_bind_scalar(t, body->args[nops + 1], cols);
    }
    t->ew_width = f.per;
    vtc_op *yield = NULL;
    ok = g2l_block_ops(t, body, &yield);
    t->ew_width = saved;
    if (ok) r->segs[s] = g2l_scalar(t, vtc_op_operand(yield, 0));
  }
  if (ok) g2l_bind(t, res, r);
  return ok;
}

/* gir.broadcast into a fragment: a scalar or 1x1 slice everywhere, a
 * num x 1 column along the rows, or a 1 x width row (a bias) along the
 * columns; the source has the default layout. */
static bool broadcast_op(g2l *t, vtc_op *op) {
  frag f;
  vtc_value *res = vtc_op_result(op, 0), *src = vtc_op_operand(op, 0);
  if (!frag_of(t, op, res->type, &f)) return false;
  g2l_value *s = g2l_lookup(t, src), *r = g2l_new_register(t, f.segs);
  vtc_gir_slice_info si;
  memset(&si, 0, sizeof si);
  bool slice = s->kind != G2L_SCALAR && g2l_slice_info(t, op, src->type, &si);
  if (s->kind != G2L_SCALAR && !slice) return false;
  if (!slice || (si.num == 1 && si.width == 1)) {
    LLVMValueRef v = g2l_splat(t, slice ? g2l_gpu_element(t, s->segs[0], 0) : s->v, f.per);
    for (unsigned k = 0; k < f.segs; k++) r->segs[k] = v;
    g2l_bind(t, res, r);
    return true;
  }
  bool along_rows = vtc_gir_reduce_axis(op) == VTC_GIR_AXIS_WIDTH; /* num x 1: one value per row */
  LLVMTypeRef et = g2l_scalar_type(t, f.s.elem);
  LLVMValueRef *rowv = along_rows ? vtc_xcalloc((size_t)f.s.num, sizeof *rowv) : NULL;
  for (int64_t i = 0; along_rows && i < f.s.num; i++) rowv[i] = g2l_gpu_element(t, s->segs[i], 0);
  for (unsigned k = 0; k < f.segs; k++) {
    LLVMValueRef rows, cols, mask, v = LLVMGetPoison(LLVMVectorType(et, f.per));
    coords(t, &f, k, &rows, &cols, &mask);
    for (unsigned e = 0; e < f.per; e++) {
      /* The rows (or the source's slots) this element is in over the lanes. */
      int64_t seen[32] = {0};
      unsigned n = 0, src_n = LLVMGetVectorSize(LLVMTypeOf(s->segs[0]));
      for (unsigned lane = 0; lane < t->warp; lane++) {
        int64_t r, c, key;
        unsigned src_lane, src_slot;
        lane_coord(&f, k, e, lane, &r, &c);
        g2l_layout_place(t->warp, src_n, c, &src_lane, &src_slot);
        key = along_rows ? r : src_slot;
        bool dup = false;
        for (unsigned i = 0; i < n && !dup; i++) dup = seen[i] == key;
        if (!dup) seen[n++] = key;
      }
      LLVMValueRef x;
      if (along_rows) {
        LLVMValueRef row = LLVMBuildExtractElement(t->b, rows, i32c(t, e), "");
        x = rowv[seen[0]];
        for (unsigned i = 1; i < n; i++)
          x = LLVMBuildSelect(t->b, LLVMBuildICmp(t->b, LLVMIntEQ, row, g2l_i64(t, seen[i]), ""), rowv[seen[i]], x, "");
      } else {
        /* Each slot of the source's vector that holds a column, and the
         * lane by column (g2l_layout_place at run time). */
        LLVMValueRef col = LLVMBuildExtractElement(t->b, cols, i32c(t, e), "");
        LLVMValueRef run = g2l_i64(t, g2l_lane_run(src_n)), w = g2l_i64(t, t->warp);
        LLVMValueRef runs = LLVMBuildUDiv(t->b, col, run, "");
        LLVMValueRef lane = LLVMBuildTrunc(t->b, LLVMBuildURem(t->b, runs, w, ""), t->i32, "");
        LLVMValueRef block = LLVMBuildAdd(t->b, LLVMBuildMul(t->b, LLVMBuildUDiv(t->b, runs, w, ""), run, ""),
                                          LLVMBuildURem(t->b, col, run, ""), "slot");
        x = NULL;
        for (unsigned i = 0; i < n; i++) {
          LLVMValueRef seg = LLVMBuildExtractElement(t->b, s->segs[0], i32c(t, (unsigned)seen[i]), "");
          LLVMValueRef y = g2l_gpu_shuffle(t, VTC_SHUFFLE_IDX, seg, lane);
          x = !x ? y : LLVMBuildSelect(t->b, LLVMBuildICmp(t->b, LLVMIntEQ, block, g2l_i64(t, seen[i]), ""), y, x, "");
        }
      }
      v = LLVMBuildInsertElement(t->b, v, x, i32c(t, e), "");
    }
    r->segs[k] = v;
  }
  free(rowv);
  g2l_bind(t, res, r);
  return true;
}

/* Element [i, j] of a fragment: the lane and vector element that hold it. */
static bool extract_op(g2l *t, vtc_op *op) {
  frag f;
  if (!frag_of(t, op, vtc_op_operand(op, 0)->type, &f)) return false;
  const vtc_attr *pos = vtc_op_get_attr(op, VTC_GIR_ATTR_POSITION);
  int64_t i = pos->elems[0].value->i, j = pos->elems[1].value->i;
  for (unsigned s = 0; s < f.segs; s++)
    for (unsigned e = 0; e < f.per; e++)
      for (unsigned lane = 0; lane < t->warp; lane++) {
        int64_t r, c;
        lane_coord(&f, s, e, lane, &r, &c);
        if (r != i || c != j) continue;
        LLVMValueRef v = LLVMBuildExtractElement(t->b, g2l_lookup(t, vtc_op_operand(op, 0))->segs[s], i32c(t, e), "");
        g2l_bind_scalar(t, vtc_op_result(op, 0), g2l_gpu_shuffle(t, VTC_SHUFFLE_IDX, v, i32c(t, lane)));
        return true;
      }
  return g2l_error(t, op, "names an element no lane holds");
}

/* FFMA tiles: each lane's D += its rows of A x its columns of B, with no
 * exchange: row i of its tile gets A[i][k] (splat) x row k of B per k. */
static bool ffma_mma(g2l *t, vtc_op *op, const frag *fa, const frag *fc) {
  g2l_value *a = g2l_lookup(t, vtc_op_operand(op, 0)), *b = g2l_lookup(t, vtc_op_operand(op, 1));
  g2l_value *c = g2l_lookup(t, vtc_op_operand(op, 2)), *d = g2l_new_register(t, fc->segs);
  bool fp = vtc_type_is_float(fc->s.elem), bf16 = fc->s.elem->kind == VTC_TYPE_BF16;
  bool widen = fa->s.elem != fc->s.elem || bf16;
  LLVMTypeRef ct = bf16 ? LLVMFloatTypeInContext(t->c) : g2l_scalar_type(t, fc->s.elem), cv = LLVMVectorType(ct, fc->per);
  for (unsigned i = 0; i < fc->segs; i++) d->segs[i] = bf16 ? g2l_bf16_to_f32(t, c->segs[i]) : c->segs[i];
  for (unsigned k = 0; k < fa->segs; k++) {
    LLVMValueRef brow = widen ? g2l_widen(t, b->segs[k], fa->s.elem, ct) : b->segs[k];
    for (unsigned i = 0; i < fc->segs; i++) {
      LLVMValueRef x = LLVMBuildExtractElement(t->b, a->segs[k], i32c(t, i), "");
      if (widen) x = g2l_widen(t, x, fa->s.elem, ct);
      LLVMValueRef xs = g2l_splat(t, x, fc->per);
      if (fp) {
        LLVMValueRef args[] = {xs, brow, d->segs[i]};
        d->segs[i] = g2l_call_intrinsic(t, "llvm.fmuladd", &cv, 1, args, 3);
      } else {
        d->segs[i] = LLVMBuildAdd(t->b, d->segs[i], LLVMBuildMul(t->b, xs, brow, ""), "");
      }
    }
  }
  for (unsigned i = 0; bf16 && i < fc->segs; i++) d->segs[i] = g2l_f32_to_bf16(t, d->segs[i]);
  g2l_bind(t, vtc_op_result(op, 0), d);
  return true;
}

/* D = A x B + C: one mma.sync per output tile and k-step. */
static bool mma_op(g2l *t, vtc_op *op) {
  frag fa, fb, fc;
  if (!frag_of(t, op, vtc_op_operand(op, 0)->type, &fa) || !frag_of(t, op, vtc_op_operand(op, 1)->type, &fb) ||
      !frag_of(t, op, vtc_op_operand(op, 2)->type, &fc))
    return false;
  if (fc.kind == FRAG_FFMA) return ffma_mma(t, op, &fa, &fc);
  vtc_target_mma_kind kind;
  vtc_type_kind ak = fa.s.elem->kind, ck = fc.s.elem->kind;
  if (ak == VTC_TYPE_F16) kind = ck == VTC_TYPE_F16 ? VTC_MMA_F16_F16 : VTC_MMA_F16_F32;
  else if (ak == VTC_TYPE_BF16) kind = VTC_MMA_BF16_F32;
  else kind = VTC_MMA_TF32_F32;
  g2l_value *a = g2l_lookup(t, vtc_op_operand(op, 0)), *b = g2l_lookup(t, vtc_op_operand(op, 1));
  g2l_value *c = g2l_lookup(t, vtc_op_operand(op, 2)), *d = g2l_new_register(t, fc.segs);
  for (unsigned s = 0; s < fc.segs; s++) d->segs[s] = c->segs[s];
  unsigned mt = (unsigned)(fa.s.num / fa.tile_r), kt = fa.tiles_c, nt = fc.tiles_c;
  for (unsigned k = 0; k < kt; k++)
    for (unsigned m = 0; m < mt; m++)
      for (unsigned n = 0; n < nt; n++)
        d->segs[m * nt + n] = t->opts->target->tensor_core->mma(t->b, t->m, kind, a->segs[m * kt + k],
                                                                  b->segs[k * nt + n], d->segs[m * nt + n]);
  g2l_bind(t, vtc_op_result(op, 0), d);
  return true;
}

/* gir.sync warp between layouts: every element to its place in a per-warp
 * scratch of shared memory, then read back in the new layout. */
static bool repattern_op(g2l *t, vtc_op *op) {
  frag fi, fo;
  if (!frag_of(t, op, vtc_op_operand(op, 0)->type, &fi) || !frag_of(t, op, vtc_op_result(op, 0)->type, &fo))
    return false;
  if (vtc_gir_sync_scope(op) == VTC_GIR_SCOPE_LANE) {
    g2l_bind(t, vtc_op_result(op, 0), g2l_lookup(t, vtc_op_operand(op, 0)));
    return true;
  }
  g2l_value *in = g2l_lookup(t, vtc_op_operand(op, 0)), *r = g2l_new_register(t, fo.segs);
  LLVMTypeRef mem = g2l_mem_type(t, fi.s.elem);
  unsigned align = (unsigned)g2l_elem_bytes(fi.s.elem);
  int64_t elems = fi.s.num * fi.s.width;
  g2l_value scratch = {.kind = G2L_VIEW};
  scratch.ptr = g2l_gpu_shared(t, mem, (uint64_t)(elems * t->group_size));
  scratch.offset = LLVMBuildMul(t->b, t->unit_in_group, g2l_i64(t, elems), "");
  /* Row-major in the new shape: element (i, j) of the input is flat i * width + j. */
  for (unsigned s = 0; s < fi.segs; s++) {
    LLVMValueRef rows, cols, mask;
    coords(t, &fi, s, &rows, &cols, &mask);
    scratch.stride = g2l_i64(t, fi.s.width);
    g2l_gpu_scatter(t, g2l_to_memory(t, in->segs[s], fi.s.elem, fi.per), element_addresses(t, &scratch, mem, rows, cols),
                    mask, align);
  }
  t->opts->target->barrier(t->b, t->m, VTC_BARRIER_WARP);
  for (unsigned s = 0; s < fo.segs; s++) {
    LLVMValueRef rows, cols, mask;
    coords(t, &fo, s, &rows, &cols, &mask);
    scratch.stride = g2l_i64(t, fo.s.width);
    LLVMValueRef v = g2l_gpu_gather(t, mem, element_addresses(t, &scratch, mem, rows, cols), mask,
                                    LLVMConstNull(LLVMVectorType(mem, fo.per)), align);
    r->segs[s] = g2l_from_memory(t, v, fo.s.elem, fo.per);
  }
  t->opts->target->barrier(t->b, t->m, VTC_BARRIER_WARP);
  g2l_bind(t, vtc_op_result(op, 0), r);
  return true;
}

bool g2l_fragment_op(g2l *t, vtc_op *op, bool *handled) {
  *handled = true;
  if (vtc_gir_is(op, "copy")) return copy_op(t, op);
  if (vtc_gir_is(op, "elementwise")) return elementwise_op(t, op);
  if (vtc_gir_is(op, "broadcast")) return broadcast_op(t, op);
  if (vtc_gir_is(op, "extract")) return extract_op(t, op);
  if (vtc_gir_is(op, "mma")) return mma_op(t, op);
  if (vtc_gir_is(op, "sync") && op->num_results == 1) return repattern_op(t, op);
  return g2l_error(t, op, "on a fragment layout is not supported by the NVPTX translation yet (re-pattern the slice "
                          "to the default layout with 'gir.sync warp' first)");
}
