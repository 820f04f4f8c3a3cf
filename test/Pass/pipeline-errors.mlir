// Malformed pipeline strings and pass options: each is a located diagnostic
// at <pass-pipeline>:1:COL (with the pipeline and a caret) and exit code 1,
// reported before the input is read.

// RUN: not vtc-opt --pass-pipeline='builtin.module(cse' %s 2>&1 | FileCheck %s --check-prefix=UNCLOSED
// UNCLOSED: <pass-pipeline>:1:19: error: expected ')' closing the pipeline of 'builtin.module' opened at column 15
// UNCLOSED-NEXT: builtin.module(cse
// UNCLOSED-NEXT: {{^                  \^$}}

// RUN: not vtc-opt --pass-pipeline='builtin.module(cse))' %s 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: <pass-pipeline>:1:20: error: unbalanced ')' in the pipeline

// RUN: not vtc-opt --pass-pipeline='builtin.module(nope)' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <pass-pipeline>:1:16: error: 'nope' does not refer to a registered pass (see --list-passes)

// RUN: not vtc-opt --pass-pipeline='builtin.module(,cse)' %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: <pass-pipeline>:1:16: error: expected a pass name or an op name, found ','

// RUN: not vtc-opt --pass-pipeline='builtin.module(cse,)' %s 2>&1 | FileCheck %s --check-prefix=TRAILCOMMA
// TRAILCOMMA: <pass-pipeline>:1:20: error: expected a pass name or an op name, found ')'

// RUN: not vtc-opt --pass-pipeline='builtin.module(cse) cse' %s 2>&1 | FileCheck %s --check-prefix=JUNK
// JUNK: <pass-pipeline>:1:21: error: expected ',' or the end of the pipeline, found 'c'

// RUN: not vtc-opt --pass-pipeline='builtin.module(cse{)' %s 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: <pass-pipeline>:1:19: error: missing '}' closing the options of 'cse'

// RUN: not vtc-opt --pass-pipeline='builtin.module(canonicalize{max-iterations=x})' %s 2>&1 | FileCheck %s --check-prefix=BADINT
// BADINT: <pass-pipeline>:1:44: error: invalid value 'x' for option 'max-iterations' of pass 'canonicalize': expected a 64-bit integer

// RUN: not vtc-opt --pass-pipeline='builtin.module(canonicalize{max-iterations=99999999999999999999})' %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: <pass-pipeline>:1:44: error: invalid value '99999999999999999999' for option 'max-iterations' of pass 'canonicalize': expected a 64-bit integer

// RUN: not vtc-opt --pass-pipeline='builtin.module(canonicalize{foo=1})' %s 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: <pass-pipeline>:1:29: error: unknown option 'foo' for pass 'canonicalize' (its options: max-iterations, region-simplify, test-convergence, top-down)

// RUN: not vtc-opt --pass-pipeline='builtin.module(cse{x=1})' %s 2>&1 | FileCheck %s --check-prefix=NOOPTS
// NOOPTS: <pass-pipeline>:1:20: error: unknown option 'x' for pass 'cse' (it has no options)

// RUN: not vtc-opt --pass-pipeline='builtin.module(canonicalize{top-down=maybe})' %s 2>&1 | FileCheck %s --check-prefix=BADBOOL
// BADBOOL: <pass-pipeline>:1:38: error: invalid value 'maybe' for option 'top-down' of pass 'canonicalize': expected 'true' or 'false'

// RUN: not vtc-opt --pass-pipeline='builtin.module(canonicalize{max-iterations})' %s 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: <pass-pipeline>:1:29: error: option 'max-iterations' of pass 'canonicalize' needs a value (max-iterations=<int>)

// RUN: not vtc-opt --pass-pipeline='builtin.module(canonicalize{top-down=true top-down=false})' %s 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: <pass-pipeline>:1:43: error: option 'top-down' of pass 'canonicalize' is given more than once

// RUN: not vtc-opt --pass-pipeline='builtin.module(test-options{mode=turbo})' %s 2>&1 | FileCheck %s --check-prefix=BADENUM
// BADENUM: <pass-pipeline>:1:34: error: invalid value 'turbo' for option 'mode' of pass 'test-options': expected one of the choices: 'fast', 'slow', 'auto'

// RUN: not vtc-opt --pass-pipeline='builtin.module(test-options{sizes=1,x,3})' %s 2>&1 | FileCheck %s --check-prefix=BADLIST
// BADLIST: <pass-pipeline>:1:35: error: invalid value '1,x,3' for option 'sizes' of pass 'test-options': expected a comma-separated list of integers

// RUN: not vtc-opt --pass-pipeline='builtin.module(test-options{label="abc})' %s 2>&1 | FileCheck %s --check-prefix=QUOTE
// QUOTE: <pass-pipeline>:1:35: error: unterminated quoted value in the options of 'test-options'

// RUN: not vtc-opt --pass-pipeline='builtin.module(test-options{=3})' %s 2>&1 | FileCheck %s --check-prefix=NOKEY
// NOKEY: <pass-pipeline>:1:29: error: expected an option name before '=' in the options of 'test-options'

// RUN: not vtc-opt --pass-pipeline='builtin.module(func.func(test-tag-module))' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: <pass-pipeline>:1:26: error: can't run 'test-tag-module' pass on 'func.func' ops: it is anchored on 'builtin.module' ops

// RUN: not vtc-opt --pass-pipeline='builtin.module(test-break-ir)' %s 2>&1 | FileCheck %s --check-prefix=NEST
// NEST: <pass-pipeline>:1:16: error: can't run 'test-break-ir' pass on 'builtin.module' ops: it is anchored on 'func.func' ops (did you mean 'func.func(test-break-ir)'?)

// RUN: not vtc-opt --pass-pipeline='builtin.module(cse(canonicalize))' %s 2>&1 | FileCheck %s --check-prefix=PASSNEST
// PASSNEST: <pass-pipeline>:1:16: error: 'cse' is a pass, not an op name: only ops hold nested pipelines

// RUN: not vtc-opt --pass-pipeline='builtin.module(func.func(cse)' %s 2>&1 | FileCheck %s --check-prefix=INNER
// INNER: <pass-pipeline>:1:30: error: expected ')' closing the pipeline of 'builtin.module' opened at column 15

// RUN: not vtc-opt --pass-pipeline='builtin.module(func.func(cse canonicalize))' %s 2>&1 | FileCheck %s --check-prefix=SPACE
// SPACE: <pass-pipeline>:1:30: error: expected ',' or ')' in the pipeline of 'func.func', found 'c'

// Flag form: the pass and its options are the element NAME{OPTIONS}.
// RUN: not vtc-opt --canonicalize='max-iterations=two' %s 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: <pass-pipeline>:1:29: error: invalid value 'two' for option 'max-iterations' of pass 'canonicalize': expected a 64-bit integer
// FLAG-NEXT: canonicalize{max-iterations=two}

// Command-line errors (not pipelines) are reported by the tool.
// RUN: not vtc-opt --no-such-pass %s 2>&1 | FileCheck %s --check-prefix=CLI
// CLI: vtc-opt: unknown option '--no-such-pass'
// RUN: not vtc-opt --pass-pipeline='builtin.module(cse)' --canonicalize %s 2>&1 | FileCheck %s --check-prefix=MIX
// MIX: vtc-opt: '--pass-pipeline' cannot be combined with pass flags (--canonicalize)

func.func @f() {
  return
}
