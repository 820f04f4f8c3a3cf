// --verify-diagnostics with every annotation form: on the line itself, @+N,
// @-N, @above, @below, @unknown; every severity; notes; several on a line.
// Each chunk must produce exactly the diagnostics it expects.
// RUN: vtc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(test-emit-diagnostics)' %s

"test.op"() {test.warning = "on this line"} : () -> () // expected-warning {{on this line}}

// -----

// expected-remark@+1 {{one below}}
"test.op"() {test.remark = "one below"} : () -> ()

// -----

"test.op"() {test.warning = "two above"} : () -> ()
"test.op"() : () -> ()
// expected-warning@-2 {{two above}}

// -----

// expected-error@below {{the error}}
// expected-note@below {{the note}}
"test.op"() {test.error = "the error", test.note = "the note"} : () -> ()

// -----

"test.op"() {test.remark = "above me"} : () -> ()
// expected-remark@above {{above me}}
// expected-remark @below {{substring}}
"test.op"() {test.remark = "a substring match"} : () -> ()

// -----

// expected-warning@unknown {{lost}}
"test.op"() {test.warning = "lost"} : () -> () loc(unknown)

// -----

// Two diagnostics on one line, matched in any order; nested ops too.
// expected-remark@+2 {{first}}
// expected-warning@+1 {{second}}
"test.outer"() ({
  "test.inner"() {test.remark = "inner"} : () -> () // expected-remark {{inner}}
}) {test.warning = "second", test.remark = "first"} : () -> ()

// -----

// Parser and verifier errors are checked the same way.
func.func @f() {
  // expected-error@+1 {{use of undeclared SSA value name '%nope'}}
  "test.use"(%nope) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @g() {
^bb0:
}
