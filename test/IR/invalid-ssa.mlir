// SSA names, blocks and result groups: undefined and redefined names,
// type mismatches and wrong result counts are located errors.
// RUN: vtc-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

// expected-error@+1 {{use of undeclared SSA value name '%x'}}
"test.op"(%x) : (i32) -> ()

// -----

"test.op"() ({
  // expected-error@+1 {{use of undeclared SSA value name '%y'}}
  "test.use"(%y) : (i32) -> ()
}) : () -> ()

// -----

%0 = "test.def"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "test.def"() : () -> i32

// -----

%0 = "test.def"() : () -> i32
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
"test.use"(%0) : (i64) -> ()

// -----

"test.op"() ({
  // expected-note@+1 {{previously used here with type 'i64'}}
  "test.use"(%later) : (i64) -> ()
  // expected-error@+1 {{definition of SSA value '%later#0' has type 'i32'}}
  %later = "test.def"() : () -> i32
}) : () -> ()

// -----

// expected-error@+1 {{operation defines 2 results but was provided 3 to bind}}
%0:3 = "test.two"() : () -> (i32, i32)

// -----

// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "test.two"() : () -> (i32, i32)

// -----

"test.op"() ({
  // expected-error@+1 {{reference to invalid result number}}
  "test.use"(%v#2) : (i32) -> ()
  %v:2 = "test.two"() : () -> (i32, i32)
}) : () -> ()

// -----

// expected-error@+1 {{expected integer number of results}}
%0:0 = "test.none"() : () -> ()

// -----

"test.op"() ({
  // expected-error@+1 {{reference to an undefined block}}
  "test.br"()[^missing] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
^bb0:
  "test.br"()[^bb0] : () -> ()
// expected-error@+1 {{redefinition of block '^bb0'}}
^bb0:
  "test.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{successors are only valid inside a region}}
"test.br"()[^bb1] : () -> ()

// -----

// expected-error@+1 {{blocks are only valid inside a region}}
^bb0:

// -----

"test.op"() ({
^bb0(%a: i32):
  "test.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of SSA value '%a'}}
^bb1(%a: i32):
  "test.use"(%a) : (i32) -> ()
}) : () -> ()

// -----

// Names of a region are gone once it closes.
"test.op"() ({
  %inner = "test.def"() : () -> i32
}) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name '%inner'}}
"test.use"(%inner) : (i32) -> ()

// -----

// An isolated region (func.func's) does not see the names outside it.
%outer = "test.def"() : () -> i32
"func.func"() ({
  // expected-error@+1 {{use of undeclared SSA value name '%outer'}}
  "test.use"(%outer) : (i32) -> ()
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "f"} : () -> ()

// -----

// expected-error@+1 {{invalid SSA value result number}}
"test.use"(%0#x) : (i32) -> ()

// -----

// expected-error@+1 {{custom op 'nonexistent_op' is unknown}}
nonexistent_op

// -----

// expected-error@+1 {{unregistered operation 'arith.bogus' found in dialect ('arith') that does not allow unknown operations}}
"arith.bogus"() : () -> ()

// -----

// expected-error@+1 {{operation name 'nodot' must be of the form 'dialect.op'}}
"nodot"() : () -> ()

// -----

"test.op"() : () -> () loc(#undefined_loc)
// expected-error@-1 {{operation location alias was never defined}}

// -----

// A value of a region is not visible before the region: here the use is the
// region's own op's operand (found by the parser fuzzer: the op is created
// after its regions, so the use was left on a freed placeholder).
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{use of SSA value '%i' outside the region that defines it}}
  %e = te.compute(%a) [%i] shape ()[s0] -> (4) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%i: index):
    %x = te.load %a[(d0)[s0] -> (d0)] : tensor<4xf32> -> f32
    te.yield %x : f32
  }
  return %e : tensor<4xf32>
}
