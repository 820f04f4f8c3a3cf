/* The check sites of a compiled program (checks.h). */
#include "runtime/checks.h"

#include <stdlib.h>
#include <string.h>

#include "ir/assert_op.h"
#include "ir/location.h"
#include "lowering/gir-to-llvm/gir_to_llvm.h"

void vtc_check_failure_free(vtc_check_failure *f) {
  free(f->file);
  free(f->message);
  memset(f, 0, sizeof *f);
}

char *vtc_check_failure_text(const vtc_check_failure *f) {
  if (!f->file) return vtc_xstrdup(f->message ? f->message : "");
  return vtc_format("%s:%u:%u: %s", f->file, f->line, f->col, f->message ? f->message : "");
}

void vtc_check_table_init(vtc_check_table *t, vtc_op *module) {
  memset(t, 0, sizeof *t);
  vtc_gir_check_sites s;
  vtc_gir_check_sites_collect(module, &s);
  t->num_sites = s.num_asserts;
  t->num_records = s.num_asserts ? 1 + s.num_kernels : 0;
  t->sites = vtc_xcalloc(s.num_asserts + 1, sizeof *t->sites);
  for (unsigned i = 0; i < s.num_asserts; i++) {
    vtc_op *a = s.asserts[i];
    const vtc_loc *l = vtc_loc_file_of(a->loc);
    vtc_check_site *site = &t->sites[i];
    if (l) {
      site->file = vtc_xstrdup(l->name);
      site->line = l->line;
      site->col = l->col;
    }
    site->message = vtc_xstrdup(vtc_assert_message(a));
    site->num_args = vtc_assert_num_args(a);
  }
  vtc_gir_check_sites_free(&s);
}

void vtc_check_table_free(vtc_check_table *t) {
  for (unsigned i = 0; i < t->num_sites; i++) {
    free(t->sites[i].file);
    free(t->sites[i].message);
  }
  free(t->sites);
  memset(t, 0, sizeof *t);
}

void vtc_check_table_failure(const vtc_check_table *t, unsigned site, const int64_t *args, vtc_check_failure *out) {
  memset(out, 0, sizeof *out);
  if (site < 1 || site > t->num_sites) {
    out->message = vtc_format("a run-time check failed (unknown site %u)", site);
    return;
  }
  const vtc_check_site *s = &t->sites[site - 1];
  if (s->file) {
    out->file = vtc_xstrdup(s->file);
    out->line = s->line;
    out->col = s->col;
  }
  out->message = vtc_check_format(s->message, args, s->num_args);
}

bool vtc_check_table_read(const vtc_check_table *t, const int64_t *record, vtc_check_failure *out) {
  if (!record[0]) return false;
  int64_t site = record[1];
  vtc_check_table_failure(t, site > 0 && site <= (int64_t)t->num_sites ? (unsigned)site : 0, record + 2, out);
  return true;
}
