// Typed pass options: bool, int, string, enum, int list; defaults; values
// in braces (pipeline) or after `=` (flag form); quoted strings; a bare key
// sets a bool. test-options reports the values it received as a remark.

// RUN: vtc-opt --test-options %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULTS
// DEFAULTS: remark: test-options: count=3 flag=false label='none' mode=auto sizes=[1,2]

// RUN: vtc-opt --pass-pipeline='builtin.module(test-options{count=-7 flag=true label=hello mode=slow sizes=4,5,6})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SET
// SET: remark: test-options: count=-7 flag=true label='hello' mode=slow sizes=[4,5,6]

// RUN: vtc-opt --pass-pipeline='builtin.module(test-options{  flag   label="two words, (and) {braces}"  sizes={} count=0x20 })' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUOTED
// QUOTED: remark: test-options: count=32 flag=true label='two words, (and) {braces}' mode=auto sizes=[]

// RUN: vtc-opt --pass-pipeline="builtin.module(test-options{label='single \"quotes\"' sizes={9}})" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SINGLE
// SINGLE: remark: test-options: count=3 flag=false label='single "quotes"' mode=auto sizes=[9]

// Flag form: everything after `=` is the option list.
// RUN: vtc-opt '--test-options=mode=fast count=1 flag=0' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: remark: test-options: count=1 flag=false label='none' mode=fast sizes=[1,2]

// The canonical pipeline spells out every option, sorted, quoting strings
// that need it; it parses back to the same pipeline.
// RUN: vtc-opt --pass-pipeline='builtin.module(test-options{label="a b" sizes=1},func.func(canonicalize{top-down=false}),cse)' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: builtin.module(test-options{count=3 flag=false label="a b" mode=auto sizes=1},func.func(canonicalize{max-iterations=10 region-simplify=normal test-convergence=false top-down=false}),cse)
// RUN: vtc-opt --pass-pipeline='builtin.module(test-options{count=3 flag=false label="a b" mode=auto sizes=1},func.func(canonicalize{max-iterations=10 region-simplify=normal test-convergence=false top-down=false}),cse)' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP

func.func @f() {
  return
}
