// RUN: not vtc-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s

// symbol-dce runs on symbol tables only.
// CHECK: [[@LINE+1]]:1: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
func.func @f() {
  return
}
