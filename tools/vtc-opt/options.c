/* vtc-opt's command line: a table of general options (each with an mlir-opt
 * alias where mlir-opt spells it differently), pass flags, and the --help and
 * --list-passes texts. `-x` and `--x` are the same; `--x=v` and `--x v` too
 * for options that take a value; `--no-x` turns a flag off. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ir/pass.h"
#include "tools/vtc-opt/options.h"

typedef enum opt_kind { OPT_FLAG, OPT_STRING, OPT_INT, OPT_LIST } opt_kind;

typedef struct opt_spec {
  const char *name;
  const char *alias; /* mlir-opt's spelling, or NULL */
  opt_kind kind;
  size_t offset;
  const char *help;
} opt_spec;

#define OFF(field) offsetof(opt_options, field)

static const opt_spec kOptions[] = {
    {"help", "h", OPT_FLAG, OFF(help), "print this help and exit"},
    {"version", NULL, OPT_FLAG, OFF(version), "print the version and exit"},
    {"list-passes", NULL, OPT_FLAG, OFF(list_passes), "list every pass with its options and exit"},
    {"o", NULL, OPT_STRING, OFF(output), "write the output to FILE (default: stdout)"},
    {"pass-pipeline", NULL, OPT_STRING, OFF(pass_pipeline),
     "a textual pipeline: 'builtin.module(func.func(cse),canonicalize{max-iterations=3})'"},
    {"dump-pass-pipeline", NULL, OPT_FLAG, OFF(dump_pass_pipeline),
     "print the canonical pipeline (every option spelled out) to stderr"},
    {"print-generic", "mlir-print-op-generic", OPT_FLAG, OFF(print_generic), "print ops in the generic form"},
    {"print-debuginfo", "mlir-print-debuginfo", OPT_FLAG, OFF(print_debuginfo), "print locations (loc(...))"},
    {"allow-unregistered-dialect", NULL, OPT_FLAG, OFF(allow_unregistered),
     "accept ops of unregistered dialects"},
    {"split-input-file", NULL, OPT_FLAG, OFF(split_input_file),
     "process each chunk between '// -----' lines on its own; join the outputs with '// -----'"},
    {"verify-diagnostics", NULL, OPT_FLAG, OFF(verify_diagnostics),
     "check the diagnostics against expected-error/warning/remark/note annotations"},
    {"verify-each", NULL, OPT_FLAG, OFF(verify_each), "verify the IR after each pass (default on)"},
    {"print-ir-before", "mlir-print-ir-before", OPT_LIST, OFF(print_before),
     "print the IR before the passes named (comma-separated; may repeat)"},
    {"print-ir-after", "mlir-print-ir-after", OPT_LIST, OFF(print_after),
     "print the IR after the passes named (comma-separated; may repeat)"},
    {"print-ir-before-all", "mlir-print-ir-before-all", OPT_FLAG, OFF(print_before_all),
     "print the IR before every pass"},
    {"print-ir-after-all", "mlir-print-ir-after-all", OPT_FLAG, OFF(print_after_all),
     "print the IR after every pass"},
    {"print-ir-after-change", "mlir-print-ir-after-change", OPT_FLAG, OFF(print_after_change),
     "print the IR after a pass only when the pass changed it"},
    {"print-ir-after-failure", "mlir-print-ir-after-failure", OPT_FLAG, OFF(print_after_failure),
     "print the IR after a pass that failed"},
    {"print-ir-tree-dir", "mlir-print-ir-tree-dir", OPT_STRING, OFF(print_tree_dir),
     "write each IR dump to its own file under DIR/<root op>/<nested anchors>/<step>_<pass>[.before].mlir "
     "(with no print-ir option: after every pass)"},
    {"elide-elements-attrs-if-larger", "mlir-elide-elementsattrs-if-larger", OPT_INT, OFF(elide_elements_above),
     "elide dense elements attributes with more than N elements"},
    {"time-passes", "mlir-timing", OPT_FLAG, OFF(time_passes), "report the wall time of each pass"},
    {"pass-statistics", "mlir-pass-statistics", OPT_FLAG, OFF(pass_statistics), "report each pass's statistics"},
};

static const opt_spec *find_spec(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof kOptions / sizeof *kOptions; i++) {
    const opt_spec *s = &kOptions[i];
    if (strlen(s->name) == len && !strncmp(s->name, name, len)) return s;
    if (s->alias && strlen(s->alias) == len && !strncmp(s->alias, name, len)) return s;
  }
  return NULL;
}

static bool parse_bool(const char *v, bool *out) {
  if (!strcmp(v, "true") || !strcmp(v, "1") || !strcmp(v, "TRUE") || !strcmp(v, "True")) return *out = true, true;
  if (!strcmp(v, "false") || !strcmp(v, "0") || !strcmp(v, "FALSE") || !strcmp(v, "False")) return *out = false, true;
  return false;
}

static void add_list(opt_options *o, size_t offset, const char *value) {
  VTC_VEC(char *) *list = (void *)((char *)o + offset);
  if (list->len) list->len--; /* drop the NULL terminator */
  const char *p = value;
  while (*p) {
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    if (n) {
      char *name = vtc_xmalloc(n + 1);
      memcpy(name, p, n);
      name[n] = 0;
      VTC_VEC_PUSH(list, name);
    }
    p += n + (comma != NULL);
  }
  VTC_VEC_PUSH(list, NULL);
}

bool opt_parse_args(int argc, char **argv, vtc_context *ctx, opt_options *o) {
  memset(o, 0, sizeof *o);
  o->verify_each = true;
  o->elide_elements_above = -1;
  bool positional_only = false;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (positional_only || arg[0] != '-' || !strcmp(arg, "-")) {
      if (o->input) {
        fprintf(stderr, "vtc-opt: more than one input file ('%s' and '%s')\n", o->input, arg);
        return false;
      }
      o->input = arg;
      continue;
    }
    if (!strcmp(arg, "--")) {
      positional_only = true;
      continue;
    }
    const char *name = arg + (arg[1] == '-' ? 2 : 1);
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const char *value = eq ? eq + 1 : NULL;
    bool negated = false;
    const opt_spec *spec = find_spec(name, len);
    if (!spec && len > 3 && !strncmp(name, "no-", 3)) {
      spec = find_spec(name + 3, len - 3);
      if (spec && spec->kind == OPT_FLAG && !value) negated = true;
      else spec = NULL;
    }
    if (!spec) {
      char *pass_name = vtc_xmalloc(len + 1);
      memcpy(pass_name, name, len);
      pass_name[len] = 0;
      bool is_pass = vtc_context_lookup_pass(ctx, pass_name) != NULL;
      free(pass_name);
      if (!is_pass) {
        fprintf(stderr, "vtc-opt: unknown option '%s' (see 'vtc-opt --help' and 'vtc-opt --list-passes')\n", arg);
        return false;
      }
      opt_pass_flag f = {name, value};
      /* name is not NUL-terminated at '=': keep argv's text and cut there. */
      if (eq) *(char *)eq = 0;
      VTC_VEC_PUSH(&o->pass_flags, f);
      continue;
    }
    void *slot = (char *)o + spec->offset;
    if (spec->kind == OPT_FLAG) {
      bool v = !negated;
      if (value && !parse_bool(value, &v)) {
        fprintf(stderr, "vtc-opt: invalid value '%s' for '--%s': expected true or false\n", value, spec->name);
        return false;
      }
      *(bool *)slot = v;
      continue;
    }
    if (!value) {
      if (i + 1 >= argc) {
        fprintf(stderr, "vtc-opt: '--%s' needs a value\n", spec->name);
        return false;
      }
      value = argv[++i];
    }
    if (spec->kind == OPT_STRING) {
      *(const char **)slot = value;
    } else if (spec->kind == OPT_LIST) {
      add_list(o, spec->offset, value);
    } else {
      char *end;
      errno = 0;
      long long v = strtoll(value, &end, 10);
      if (!*value || *end || errno) {
        fprintf(stderr, "vtc-opt: invalid value '%s' for '--%s': expected an integer\n", value, spec->name);
        return false;
      }
      *(int64_t *)slot = v;
    }
  }
  if (o->pass_pipeline && o->pass_flags.len) {
    fprintf(stderr, "vtc-opt: '--pass-pipeline' cannot be combined with pass flags (--%s)\n",
            o->pass_flags.data[0].name);
    return false;
  }
  return true;
}

void opt_options_free(opt_options *o) {
  for (size_t i = 0; i < o->print_before.len; i++) free(o->print_before.data[i]);
  for (size_t i = 0; i < o->print_after.len; i++) free(o->print_after.data[i]);
  VTC_VEC_FREE(&o->print_before);
  VTC_VEC_FREE(&o->print_after);
  VTC_VEC_FREE(&o->pass_flags);
}

void opt_print_help(FILE *out, vtc_context *ctx) {
  fputs("OVERVIEW: vtc-opt: the vtc IR optimizer driver (modelled on mlir-opt)\n\n"
        "USAGE: vtc-opt [options] [input file | -]\n\n"
        "Reads the input (stdin by default), runs the passes given by --pass-pipeline or by pass\n"
        "flags, and prints the result. Exits 1 on any error diagnostic.\n\n"
        "OPTIONS:\n",
        out);
  for (size_t i = 0; i < sizeof kOptions / sizeof *kOptions; i++) {
    const opt_spec *s = &kOptions[i];
    const char *arg = s->kind == OPT_STRING ? "=<string>" : s->kind == OPT_INT ? "=<int>"
                      : s->kind == OPT_LIST ? "=<pass>[,<pass>]" : "";
    char flag[96];
    snprintf(flag, sizeof flag, "--%s%s", s->name, arg);
    fprintf(out, "  %-36s %s", flag, s->help);
    if (s->alias) fprintf(out, " (also --%s)", s->alias);
    fputc('\n', out);
  }
  fputs("\nPASSES (as flags: --NAME or --NAME='opt1=v opt2=v'; details with --list-passes):\n", out);
  opt_print_passes(out, ctx, false);
}

void opt_print_passes(FILE *out, vtc_context *ctx, bool detailed) {
  for (size_t i = 0; i < vtc_context_num_passes(ctx); i++) {
    const vtc_pass_def *d = vtc_context_pass_at(ctx, i);
    if (!detailed) {
      fprintf(out, "  --%-34s %s\n", d->name, d->summary ? d->summary : "");
      continue;
    }
    fprintf(out, "%s\n  %s\n  runs on: %s\n", d->name, d->summary ? d->summary : "",
            d->anchor ? d->anchor : "any op");
    for (const vtc_pass_option *opt = d->options; opt && opt->name; opt++) {
      static const char *const kTypes[] = {"bool", "int", "string", "enum", "int-list"};
      vtc_strbuf type = {0};
      vtc_strbuf_puts(&type, (unsigned)opt->type < 5 ? kTypes[opt->type] : "?");
      if (opt->type == VTC_OPTION_ENUM && opt->choices) {
        vtc_strbuf_puts(&type, ":");
        for (int k = 0; opt->choices[k]; k++) vtc_strbuf_printf(&type, "%s%s", k ? "|" : " ", opt->choices[k]);
      }
      fprintf(out, "  option %s=<%s> (default: %s)%s%s\n", opt->name, type.data,
              opt->default_value && *opt->default_value ? opt->default_value : "\"\"", opt->help ? ": " : "",
              opt->help ? opt->help : "");
      vtc_strbuf_free(&type);
    }
    for (const char *const *s = d->statistics; s && *s; s++) fprintf(out, "  statistic %s\n", *s);
  }
}
