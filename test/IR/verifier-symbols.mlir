// RUN: vtc-opt %s --split-input-file --verify-diagnostics
// RUN: %if mlir-opt %{ mlir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics > /dev/null %}

// expected-note@+1 {{see existing symbol definition here}}
func.func private @f()
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func private @f()

// -----

module {
  // expected-note@+1 {{see existing symbol definition here}}
  func.func private @g()
  module @g {
  }
  // expected-error@-2 {{redefinition of symbol named 'g'}}
}

// -----

// The same name in different symbol tables is fine.
module @a {
  func.func private @f()
}
module @b {
  func.func private @f()
}

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "secret"}}
"func.func"() ({
}) {sym_name = "h", function_type = () -> (), sym_visibility = "secret"} : () -> ()
