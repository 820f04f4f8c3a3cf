// Nested pipelines run on the ops of their anchor directly inside the
// parent's regions (MLIR's nesting): func.func(...) under the top module
// reaches @f and @g but not @h inside the nested module.

// RUN: vtc-opt --pass-pipeline='builtin.module(func.func(test-tag{value=fn}))' %s | FileCheck %s --check-prefix=FUNC
// FUNC-LABEL: module {
// FUNC-NEXT:  func.func @f() attributes {test.tag = "fn"} {
// FUNC:       func.func private @g() attributes {test.tag = "fn"}
// FUNC-NEXT:  module @inner {
// FUNC-NEXT:    func.func @h() {

// A pass without nesting runs on the top-level module only.
// RUN: vtc-opt --pass-pipeline='builtin.module(test-tag{value=top})' %s | FileCheck %s --check-prefix=TOP
// TOP:      module attributes {test.tag = "top"} {
// TOP-NEXT:   func.func @f() {
// TOP:        func.func private @g(){{$}}
// TOP-NEXT:   module @inner {
// TOP-NEXT:     func.func @h() {

// Nesting on builtin.module reaches the inner module, and through it @h.
// RUN: vtc-opt --pass-pipeline='builtin.module(builtin.module(test-tag{value=in},func.func(test-tag{value=deep})))' %s | FileCheck %s --check-prefix=DEEP
// DEEP:      module {
// DEEP-NEXT:   func.func @f() {
// DEEP:        func.func private @g(){{$}}
// DEEP-NEXT:   module @inner attributes {test.tag = "in"} {
// DEEP-NEXT:     func.func @h() attributes {test.tag = "deep"} {

// A bare list (no anchor) runs on the top-level module; `func.func(...)` at
// the top is a nest inside it.
// RUN: vtc-opt --pass-pipeline='func.func(test-tag{value=fn})' %s | FileCheck %s --check-prefix=FUNC
// RUN: vtc-opt --pass-pipeline='test-tag{value=top}' %s | FileCheck %s --check-prefix=TOP

// Flag form: a pass anchored on func.func is nested automatically;
// consecutive ones share the nest.
// RUN: vtc-opt --test-tag-func=value=fn %s | FileCheck %s --check-prefix=FUNC
// RUN: vtc-opt --test-tag-func --test-count-ops --test-tag-func=value=x --test-tag-func=value=y --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAGS
// FLAGS: builtin.module(func.func(test-tag-func{value=tagged}),test-count-ops,func.func(test-tag-func{value=x},test-tag-func{value=y}))

// Nested passes run pass by pass: every func gets the first pass before any
// gets the second (the dumps between passes are whole, consistent IR).
// RUN: vtc-opt --pass-pipeline='builtin.module(func.func(test-options{count=1},test-options{count=2}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER:      remark: test-options: count=1
// ORDER-NEXT: func.func @f() {
// ORDER:      remark: test-options: count=1
// ORDER-NEXT: func.func private @g()
// ORDER:      remark: test-options: count=2
// ORDER-NEXT: func.func @f() {
// ORDER:      remark: test-options: count=2
// ORDER-NEXT: func.func private @g()

// An empty nested pipeline and an empty pipeline are valid and do nothing.
// RUN: vtc-opt --pass-pipeline='builtin.module(func.func())' %s | FileCheck %s --check-prefix=NONE
// RUN: vtc-opt --pass-pipeline='' %s | FileCheck %s --check-prefix=NONE
// NONE:     func.func @f() {
// NONE-NOT: test.tag

// A pipeline anchored on something else than the input's top-level op.
// RUN: echo 'func.func private @x()' | vtc-opt --pass-pipeline='builtin.module(func.func(builtin.module(cse)))' | FileCheck %s --check-prefix=NOMATCH
// NOMATCH: func.func private @x()

func.func @f() {
  return
}
func.func private @g()
module @inner {
  func.func @h() {
    return
  }
}
