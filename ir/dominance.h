/* Dominator trees of the blocks of one region, by Cooper, Harvey and Kennedy's
 * iterative algorithm ("A Simple, Fast Dominance Algorithm", 2001). Used by
 * the verifier (SSA dominance) and by CSE (dominator-scoped value tables). */
#ifndef VTC_IR_DOMINANCE_H
#define VTC_IR_DOMINANCE_H

#include "ir/operation.h"

/* Built for one region's current CFG (successors of each block's last op);
 * invalid once the region's blocks or branches change. Owned by the caller. */
typedef struct vtc_dom_tree vtc_dom_tree;

vtc_dom_tree *vtc_dom_tree_build(vtc_region *region);
void vtc_dom_tree_destroy(vtc_dom_tree *t);
/* Whether b is reachable from the region's entry block. */
bool vtc_dom_tree_reachable(const vtc_dom_tree *t, const vtc_block *b);
/* Whether a dominates b (reflexive). As in LLVM and MLIR, an unreachable b is
 * dominated by every block and an unreachable a dominates only itself. */
bool vtc_dom_tree_dominates(const vtc_dom_tree *t, const vtc_block *a, const vtc_block *b);
/* The immediate dominator of b; NULL for the entry and unreachable blocks. */
vtc_block *vtc_dom_tree_idom(const vtc_dom_tree *t, const vtc_block *b);
/* The children of b in the dominator tree, in region order (NULL b: the
 * roots, i.e. the entry block then every unreachable block). */
unsigned vtc_dom_tree_num_children(const vtc_dom_tree *t, const vtc_block *b);
vtc_block *vtc_dom_tree_child(const vtc_dom_tree *t, const vtc_block *b, unsigned i);

#endif
