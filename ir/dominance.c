/* Dominator trees per region: Cooper-Harvey-Kennedy's iterative algorithm over
 * a reverse post-order numbering, then a DFS numbering of the tree so that a
 * dominance query is two comparisons. */
#include "ir/dominance.h"

#include <stdlib.h>

#include "ir/ptrmap.h"

struct vtc_dom_tree {
  unsigned n;
  vtc_block **blocks;  /* region order */
  vtc_ptrmap index;    /* block -> index + 1 */
  int *idom;           /* index, -1 for unreachable; entry's is itself */
  int *rpo_num;        /* position in reverse post-order, -1 unreachable */
  unsigned *child_start, *children; /* CSR; slot n holds the roots */
  unsigned *pre, *post;
};

static int block_index(const vtc_dom_tree *t, const vtc_block *b) {
  void *v;
  if (!b || !vtc_ptrmap_lookup(&t->index, b, &v)) return -1;
  return (int)((uintptr_t)v - 1);
}

static unsigned num_succ(const vtc_block *b) { return b->last ? b->last->num_successors : 0; }

vtc_dom_tree *vtc_dom_tree_build(vtc_region *region) {
  vtc_dom_tree *t = vtc_xcalloc(1, sizeof *t);
  unsigned n = vtc_region_num_blocks(region);
  t->n = n;
  t->blocks = vtc_xcalloc(n, sizeof *t->blocks);
  unsigned k = 0;
  for (vtc_block *b = region->first; b; b = b->next, k++) {
    t->blocks[k] = b;
    vtc_ptrmap_put(&t->index, b, (void *)(uintptr_t)(k + 1));
  }
  t->idom = vtc_xmalloc((n ? n : 1) * sizeof *t->idom);
  t->rpo_num = vtc_xmalloc((n ? n : 1) * sizeof *t->rpo_num);
  for (unsigned i = 0; i < n; i++) t->idom[i] = t->rpo_num[i] = -1;

  /* Post-order by an explicit DFS stack of (block, next successor). */
  unsigned *order = vtc_xcalloc(n ? n : 1, sizeof *order), num_order = 0;
  unsigned *stack = vtc_xcalloc(n ? n : 1, sizeof *stack), *next = vtc_xcalloc(n ? n : 1, sizeof *next);
  bool *seen = vtc_xcalloc(n ? n : 1, sizeof *seen);
  unsigned sp = 0;
  if (n) stack[sp++] = 0, seen[0] = true;
  while (sp) {
    unsigned b = stack[sp - 1];
    vtc_block *blk = t->blocks[b];
    if (next[b] < num_succ(blk)) {
      int s = block_index(t, blk->last->successors[next[b]++]);
      if (s >= 0 && !seen[s]) seen[s] = true, stack[sp++] = (unsigned)s;
    } else {
      order[num_order++] = b;
      sp--;
    }
  }
  /* order[] is post-order; reverse post-order number = num_order-1-i. */
  for (unsigned i = 0; i < num_order; i++) t->rpo_num[order[i]] = (int)(num_order - 1 - i);

  /* Predecessors (reachable ones only), CSR. */
  unsigned *pred_start = vtc_xcalloc(n + 1, sizeof *pred_start);
  for (unsigned b = 0; b < n; b++) {
    if (t->rpo_num[b] < 0) continue;
    for (unsigned s = 0; s < num_succ(t->blocks[b]); s++) {
      int si = block_index(t, t->blocks[b]->last->successors[s]);
      if (si >= 0) pred_start[si + 1]++;
    }
  }
  for (unsigned b = 0; b < n; b++) pred_start[b + 1] += pred_start[b];
  unsigned *preds = vtc_xcalloc(pred_start[n] ? pred_start[n] : 1, sizeof *preds);
  unsigned *fill = vtc_xcalloc(n ? n : 1, sizeof *fill);
  for (unsigned b = 0; b < n; b++) {
    if (t->rpo_num[b] < 0) continue;
    for (unsigned s = 0; s < num_succ(t->blocks[b]); s++) {
      int si = block_index(t, t->blocks[b]->last->successors[s]);
      if (si >= 0) preds[pred_start[si] + fill[si]++] = b;
    }
  }

  if (n) t->idom[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned i = num_order; i-- > 0;) { /* reverse post-order */
      unsigned b = order[i];
      if (b == 0) continue;
      int new_idom = -1;
      for (unsigned p = pred_start[b]; p < pred_start[b + 1]; p++) {
        int q = (int)preds[p];
        if (t->idom[q] < 0) continue;
        if (new_idom < 0) {
          new_idom = q;
          continue;
        }
        int f1 = q, f2 = new_idom; /* intersect */
        while (f1 != f2) {
          while (t->rpo_num[f1] > t->rpo_num[f2]) f1 = t->idom[f1];
          while (t->rpo_num[f2] > t->rpo_num[f1]) f2 = t->idom[f2];
        }
        new_idom = f1;
      }
      if (new_idom >= 0 && t->idom[b] != new_idom) t->idom[b] = new_idom, changed = true;
    }
  }

  /* Tree children (CSR, slot n = roots), then pre/post numbering. */
  t->child_start = vtc_xcalloc(n + 2, sizeof *t->child_start);
  for (unsigned b = 0; b < n; b++) {
    unsigned parent = (b == 0 || t->idom[b] < 0) ? n : (unsigned)t->idom[b];
    t->child_start[parent + 1]++;
  }
  for (unsigned b = 0; b <= n; b++) t->child_start[b + 1] += t->child_start[b];
  t->children = vtc_xcalloc(n ? n : 1, sizeof *t->children);
  unsigned *fill2 = vtc_xcalloc(n + 1, sizeof *fill2);
  for (unsigned b = 0; b < n; b++) {
    unsigned parent = (b == 0 || t->idom[b] < 0) ? n : (unsigned)t->idom[b];
    t->children[t->child_start[parent] + fill2[parent]++] = b;
  }
  t->pre = vtc_xcalloc(n ? n : 1, sizeof *t->pre);
  t->post = vtc_xcalloc(n ? n : 1, sizeof *t->post);
  unsigned clock = 0;
  for (unsigned r = t->child_start[n]; r < t->child_start[n + 1]; r++) {
    sp = 0;
    stack[sp++] = t->children[r];
    next[t->children[r]] = 0;
    t->pre[t->children[r]] = clock++;
    while (sp) {
      unsigned b = stack[sp - 1];
      if (t->child_start[b] + next[b] < t->child_start[b + 1]) {
        unsigned c = t->children[t->child_start[b] + next[b]++];
        next[c] = 0;
        t->pre[c] = clock++;
        stack[sp++] = c;
      } else {
        t->post[b] = clock++;
        sp--;
      }
    }
  }
  free(order);
  free(stack);
  free(next);
  free(seen);
  free(pred_start);
  free(preds);
  free(fill);
  free(fill2);
  return t;
}

void vtc_dom_tree_destroy(vtc_dom_tree *t) {
  if (!t) return;
  vtc_ptrmap_free(&t->index);
  free(t->blocks);
  free(t->idom);
  free(t->rpo_num);
  free(t->child_start);
  free(t->children);
  free(t->pre);
  free(t->post);
  free(t);
}

bool vtc_dom_tree_reachable(const vtc_dom_tree *t, const vtc_block *b) {
  int i = block_index(t, b);
  return i >= 0 && t->rpo_num[i] >= 0;
}

bool vtc_dom_tree_dominates(const vtc_dom_tree *t, const vtc_block *a, const vtc_block *b) {
  if (a == b) return true;
  int ia = block_index(t, a), ib = block_index(t, b);
  if (ia < 0 || ib < 0) return false;
  if (t->rpo_num[ib] < 0) return true;
  if (t->rpo_num[ia] < 0) return false;
  return t->pre[ia] <= t->pre[ib] && t->post[ib] <= t->post[ia];
}

vtc_block *vtc_dom_tree_idom(const vtc_dom_tree *t, const vtc_block *b) {
  int i = block_index(t, b);
  if (i <= 0 || t->idom[i] < 0) return NULL;
  return t->blocks[t->idom[i]];
}

static unsigned slot_of(const vtc_dom_tree *t, const vtc_block *b) {
  if (!b) return t->n;
  int i = block_index(t, b);
  return i < 0 ? t->n + 1 : (unsigned)i;
}

unsigned vtc_dom_tree_num_children(const vtc_dom_tree *t, const vtc_block *b) {
  unsigned s = slot_of(t, b);
  if (s > t->n) return 0;
  return t->child_start[s + 1] - t->child_start[s];
}

vtc_block *vtc_dom_tree_child(const vtc_dom_tree *t, const vtc_block *b, unsigned i) {
  unsigned s = slot_of(t, b);
  return t->blocks[t->children[t->child_start[s] + i]];
}
