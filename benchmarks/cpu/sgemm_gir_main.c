/* sgemm-gir: prints the hand-written gir SGEMM (sgemm_gir.h) for this
 * machine, or with the blocking given on the command line, so lit tests can
 * translate and check it and a reader can see it:
 *   sgemm-gir [--vector-bits=512|256] [--threads=N] [--l1=BYTES] [--l2=BYTES]
 *             [--mr=..] [--nr=..] [--kc=..] [--nc=..] [--ku=..] [--print-params]
 * Defaults come from the host (targets/x86: caches, vector width) and its
 * core count; --l1/--l2 stand in for the host's caches, the others override
 * the result. Exit 0; 2 on a bad option or inconsistent parameters. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchmarks/cpu/sgemm_gir.h"
#include "targets/x86/host.h"

static bool int_option(const char *arg, const char *name, int *out) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0 || arg[n] != '=') return false;
  char *end;
  long v = strtol(arg + n + 1, &end, 10);
  if (*end || end == arg + n + 1) {
    fprintf(stderr, "sgemm-gir: %s needs an integer\n", name);
    exit(2);
  }
  *out = (int)v;
  return true;
}

int main(int argc, char **argv) {
  const vtc_x86_host *h = vtc_x86_host_get();
  int bits = h->vector_bits, threads = h->num_cores, print_params = 0;
  int l1 = (int)h->l1d_bytes, l2 = (int)h->l2_bytes;
  int mr = 0, nr = 0, kc = 0, nc = 0, ku = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--print-params") == 0) print_params = 1;
    else if (!int_option(a, "--vector-bits", &bits) && !int_option(a, "--threads", &threads) &&
             !int_option(a, "--l1", &l1) && !int_option(a, "--l2", &l2) &&
             !int_option(a, "--mr", &mr) && !int_option(a, "--nr", &nr) && !int_option(a, "--kc", &kc) &&
             !int_option(a, "--nc", &nc) && !int_option(a, "--ku", &ku)) {
      fprintf(stderr, "sgemm-gir: unknown option '%s'\n", a);
      return 2;
    }
  }
  sgemm_gir_params p = sgemm_gir_params_for(bits, l1, l2, h->l3_bytes, threads);
  if (mr) p.mr = mr;
  if (nr) p.nr = nr;
  if (kc) p.kc = kc;
  if (nc) p.nc = nc;
  if (ku) p.ku = ku;
  const char *why = sgemm_gir_check(&p);
  if (why) {
    fprintf(stderr, "sgemm-gir: %s\n", why);
    return 2;
  }
  if (print_params) {
    printf("mr=%d nr=%d lanes=%d kc=%d nc=%d ku=%d group=%d\n", p.mr, p.nr, p.lanes, p.kc, p.nc, p.ku, p.group);
    return 0;
  }
  char *text = sgemm_gir_text(&p);
  fputs(text, stdout);
  free(text);
  return 0;
}
