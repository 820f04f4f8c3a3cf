// --print-ir-tree-dir writes each dump to its own file instead of stderr:
// DIR/<root op>_<root symbol or no-symbol-name>/<nested anchors>/<step>_<pass>[.before|.failed].mlir,
// mirroring the pipeline's nesting; <step> counts executed passes from 0.
// With no print-ir option it dumps after every pass.

// RUN: rm -rf %t && vtc-opt --pass-pipeline='builtin.module(func.func(test-tag{value=a},cse),test-count-ops)' --print-ir-tree-dir=%t %s -o /dev/null 2>&1 | count 0
// RUN: ls -R %t | FileCheck %s --check-prefix=TREE
// TREE:      builtin_module_no-symbol-name:
// TREE-NEXT: 2_test-count-ops.mlir
// TREE-NEXT: func_func
// TREE:      builtin_module_no-symbol-name/func_func:
// TREE-NEXT: 0_test-tag.mlir
// TREE-NEXT: 1_cse.mlir
// RUN: FileCheck %s --check-prefix=FILE < %t/builtin_module_no-symbol-name/func_func/0_test-tag.mlir
// FILE:      // -----// IR Dump After test-tag //----- //
// FILE-NEXT: // reproduce the next step: vtc-opt --pass-pipeline='builtin.module(func.func(cse))'
// FILE-NEXT: module {
// FILE-NEXT:   func.func @f() attributes {test.tag = "a"} {

// Before dumps and failures get their own suffix.
// RUN: rm -rf %t && not vtc-opt --pass-pipeline='builtin.module(test-count-ops,test-fail)' --print-ir-before-all --print-ir-after-failure --print-ir-tree-dir=%t %s -o /dev/null
// RUN: ls %t/builtin_module_no-symbol-name | FileCheck %s --check-prefix=SUFFIX
// SUFFIX:      0_test-count-ops.before.mlir
// SUFFIX-NEXT: 1_test-fail.before.mlir
// SUFFIX-NEXT: 1_test-fail.failed.mlir

// A named root module names its folder.
// RUN: rm -rf %t && echo 'module @top {}' | vtc-opt --test-count-ops --print-ir-tree-dir=%t
// RUN: ls %t | FileCheck %s --check-prefix=NAMED
// NAMED: builtin_module_top


func.func @f() {
  return
}
