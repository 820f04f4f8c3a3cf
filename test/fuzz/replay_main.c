/* Replays fuzz inputs without libFuzzer: `replay_<target> FILE...` runs
 * LLVMFuzzerTestOneInput on each file's bytes; a bug shows as a crash,
 * abort or sanitizer report, success as exit 0 and one line per file. */
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f) {
      fprintf(stderr, "replay: cannot read %s\n", argv[i]);
      return 1;
    }
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
      if ((n += got) == cap) {
        unsigned char *grown = realloc(buf, cap *= 2);
        if (!grown) free(buf);
        buf = grown;
      }
    fclose(f);
    if (!buf) return 1;
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    printf("ok %s\n", argv[i]);
  }
  return 0;
}
