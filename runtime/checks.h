/* The run-time checks of a compiled program (gir.assert; the record table of
 * lowering/gir-to-llvm/gir_to_llvm.h, "Run-time checks"): what the runtimes
 * keep of each check site so that, once the module is gone, a failure reads
 * as the interpreters report it: the op's location and the formatted
 * message. Used by the CPU and CUDA runtimes. */
#ifndef VTC_RUNTIME_CHECKS_H
#define VTC_RUNTIME_CHECKS_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/operation.h"

/* A failed check: where (file NULL when the op has no file location) and
 * the message with its values. Owns its strings. */
typedef struct vtc_check_failure {
  char *file;
  unsigned line, col;
  char *message;
} vtc_check_failure;

void vtc_check_failure_free(vtc_check_failure *f);
/* "file:line:col: message" (heap, caller frees). */
char *vtc_check_failure_text(const vtc_check_failure *f);

typedef struct vtc_check_site {
  char *file;
  unsigned line, col;
  char *message; /* the template */
  unsigned num_args;
} vtc_check_site;

/* The sites of a module, site k + 1 being sites[k]; num_records is the
 * length of the module's record table (0 without gir.assert). Owns its
 * strings. */
typedef struct vtc_check_table {
  vtc_check_site *sites;
  unsigned num_sites, num_records;
} vtc_check_table;

void vtc_check_table_init(vtc_check_table *t, vtc_op *module);
void vtc_check_table_free(vtc_check_table *t);
/* Reads one record (VTC_GIR_CHECK_RECORD_WORDS words): false when it holds
 * no failure; else *out gets it. */
bool vtc_check_table_read(const vtc_check_table *t, const int64_t *record, vtc_check_failure *out);
/* The failure of site `site` with argument values `args` (host checks). */
void vtc_check_table_failure(const vtc_check_table *t, unsigned site, const int64_t *args, vtc_check_failure *out);

#endif
