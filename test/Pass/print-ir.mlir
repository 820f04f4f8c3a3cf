// The IR printing options. Each dump is the whole IR, headed by the pass and
// the vtc-opt command that reproduces the next step from the dumped IR.

// RUN: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(test-tag{value=a}),test-count-ops,test-tag{value=m})' --print-ir-before=test-count-ops %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// BEFORE-NOT:  IR Dump
// BEFORE:      // -----// IR Dump Before test-count-ops //----- //
// BEFORE-NEXT: // reproduce the next step: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(test-count-ops)'
// BEFORE-NEXT: module {
// BEFORE-NEXT:   func.func @f() attributes {test.tag = "a"} {
// BEFORE-NOT:  IR Dump

// Dumps after one pass name: every instance of it, each naming the next step
// (with its options and nesting), the last one saying the pipeline ends.
// RUN: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(test-tag{value=a}),test-count-ops,test-tag{value=m})' --print-ir-after=test-tag %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER-NOT:   IR Dump
// AFTER:       // -----// IR Dump After test-tag //----- //
// AFTER-NEXT:  // reproduce the next step: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(test-count-ops)'
// AFTER-NEXT:  module {
// AFTER-NEXT:    func.func @f() attributes {test.tag = "a"} {
// AFTER:       // -----// IR Dump After test-tag //----- //
// AFTER-NEXT:  // reproduce the next step: none, the pipeline ends here
// AFTER-NEXT:  module attributes {test.tag = "m"} {
// AFTER-NOT:   IR Dump

// A comma-separated list, and the option repeated.
// RUN: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(test-tag{value=a}),test-count-ops,cse)' --print-ir-after=test-count-ops,cse --print-ir-before=test-tag --print-ir-before=cse %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// LIST:      IR Dump Before test-tag //
// LIST-NEXT: reproduce the next step: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(test-tag{value=a}))'
// LIST:      IR Dump After test-count-ops //
// LIST-NEXT: reproduce the next step: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(cse)'
// LIST:      IR Dump Before cse //
// LIST:      IR Dump After cse //
// LIST-NOT:  IR Dump

// RUN: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(test-tag{value=a}),test-count-ops)' --print-ir-before-all --print-ir-after-all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// ALL:      IR Dump Before test-tag //
// ALL-NEXT: reproduce the next step: {{.*}}'builtin.module(func.func(test-tag{value=a}))'
// ALL:      IR Dump After test-tag //
// ALL-NEXT: reproduce the next step: {{.*}}'builtin.module(test-count-ops)'
// ALL:      IR Dump Before test-count-ops //
// ALL-NEXT: reproduce the next step: {{.*}}'builtin.module(test-count-ops)'
// ALL:      IR Dump After test-count-ops //
// ALL-NEXT: reproduce the next step: none, the pipeline ends here

// After change: test-count-ops says it changed nothing; cse runs but finds
// nothing to do (the printed IR is compared); test-tag changes the IR.
// RUN: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(test-count-ops,cse,test-tag,cse)' --print-ir-after-change %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// CHANGE-NOT: IR Dump
// CHANGE:     IR Dump After test-tag //
// CHANGE-NOT: IR Dump

// After failure: the IR as the failing pass left it, with the failing step.
// RUN: not vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(test-tag,func.func(test-fail{message="no luck"}),test-count-ops)' --print-ir-after-failure %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL:      error: no luck
// FAIL:      // -----// IR Dump After test-fail Failed //----- //
// FAIL-NEXT: // reproduce the failing step: vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(test-fail{message="no luck"}))'
// FAIL-NEXT: module attributes {test.tag = "tagged"} {
// FAIL-NOT:  IR Dump
// A verification failure after a pass is a failure of that pass: the IR it
// left (here without a terminator) is dumped.
// RUN: echo 'func.func @b() { return }' | not vtc-opt --pass-pipeline='builtin.module(func.func(test-break-ir))' --print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=VFAIL
// VFAIL:      error: 'func.func' op is invalid after running pass 'test-break-ir'
// VFAIL:      // -----// IR Dump After test-break-ir Failed //----- //
// VFAIL-NEXT: // reproduce the failing step: vtc-opt --pass-pipeline='builtin.module(func.func(test-break-ir))'
// VFAIL-NEXT: module {
// VFAIL-NEXT:   func.func @b() {
// VFAIL-NEXT:   }
// VFAIL-NEXT: }
// A pass name that does not exist is an error, not a silent no-op.
// RUN: not vtc-opt --print-ir-after=cse,nope %s 2>&1 | FileCheck %s --check-prefix=NOPASS
// NOPASS: vtc-opt: '--print-ir-after=nope': no pass is named 'nope' (see --list-passes)
// Without the option the failure prints no IR.
// RUN: not vtc-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(test-fail))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFAIL
// NOFAIL:     error: test-fail: failing as asked
// NOFAIL-NOT: IR Dump

// Print flags apply to the dumps and reach the reproducer command.
// RUN: vtc-opt --allow-unregistered-dialect --test-count-ops --print-ir-before-all --print-generic %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GENERIC
// GENERIC:      reproduce the next step: vtc-opt --allow-unregistered-dialect --print-generic --pass-pipeline='builtin.module(test-count-ops)'
// GENERIC-NEXT: "builtin.module"() ({
// RUN: vtc-opt --allow-unregistered-dialect --test-count-ops --print-ir-before-all --mlir-print-debuginfo %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEBUG
// DEBUG:      reproduce the next step: vtc-opt --allow-unregistered-dialect --print-debuginfo --pass-pipeline='builtin.module(test-count-ops)'
// DEBUG:      loc(

// Elided elements attributes, in dumps and output.
// RUN: vtc-opt --allow-unregistered-dialect --test-count-ops --print-ir-after-all --elide-elements-attrs-if-larger=3 %s 2>&1 | FileCheck %s --check-prefix=ELIDE
// ELIDE:      IR Dump After test-count-ops
// ELIDE-NEXT: reproduce the next step: none
// ELIDE-NEXT: (large elements attributes are elided: this dump does not parse back)
// ELIDE:      "test.big"() {value = dense_resource<__elided__> : tensor<4xi32>}
// ELIDE:      "test.small"() {value = dense<[1, 2, 3]> : tensor<3xi32>}
// ELIDE:      module {
// ELIDE:      "test.big"() {value = dense_resource<__elided__> : tensor<4xi32>}
// ELIDE:      "test.small"() {value = dense<[1, 2, 3]> : tensor<3xi32>}
// RUN: vtc-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=NOELIDE
// NOELIDE: "test.big"() {value = dense<[1, 2, 3, 4]> : tensor<4xi32>}

func.func @f() {
  "test.big"() {value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> ()
  "test.small"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> ()
  return
}
