// RUN: vtc-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// RUN: %if mlir-opt %{ mlir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics > /dev/null %}

func.func @use_before_def() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "test.def"() : () -> i32
  return
}

// -----

func.func @self_use() {
  // expected-error@+2 {{operand #0 does not dominate this use}}
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "test.op"(%0) : (i32) -> i32
  return
}

// -----

// bb1 does not dominate bb2: a value of bb1 cannot be used in bb2.
func.func @cfg() {
  "test.graph"() ({
  ^bb0:
    "test.cond_br"()[^bb1, ^bb2] : () -> ()
  ^bb1:
    // expected-note@+1 {{operand defined here (op in the same region)}}
    %0 = "test.def"() : () -> i32
    "test.br"()[^bb2] : () -> ()
  ^bb2:
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "test.use"(%0) : (i32) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

// The entry block dominates everything; unreachable blocks are dominated by
// everything. No diagnostics here.
func.func @cfg_ok() {
  "test.graph"() ({
  ^bb0:
    %0 = "test.def"() : () -> i32
    "test.cond_br"()[^bb1, ^bb2] : () -> ()
  ^bb1:
    "test.use"(%0) : (i32) -> ()
    "test.br"()[^bb2] : () -> ()
  ^bb2:
    "test.use"(%0) : (i32) -> ()
    "test.return"() : () -> ()
  ^bb3:
    "test.use"(%1) : (i32) -> ()
    "test.return"() : () -> ()
  ^bb4:
    %1 = "test.def"() : () -> i32
    "test.br"()[^bb3] : () -> ()
  }) : () -> ()
  return
}

// -----

// A block argument is only visible where its block dominates.
func.func @block_arg() {
  // expected-note@+1 {{operand defined as a block argument (block #2 in the same region)}}
  "test.graph"() ({
  ^bb0:
    "test.cond_br"()[^bb1, ^bb2] : () -> ()
  ^bb1:
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "test.use"(%arg) : (i32) -> ()
    "test.return"() : () -> ()
  ^bb2(%arg: i32):
    "test.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Values of an enclosing region are visible in nested regions...
func.func @nested_ok(%arg0: i32) {
  %0 = "test.def"() : () -> i32
  "test.region"() ({
    "test.use"(%0, %arg0) : (i32, i32) -> ()
  }) : () -> ()
  return
}

// -----

// (Uses across an isolated-from-above op are rejected by the parser's name
// scoping before the verifier runs; test/unit/test_verifier.c checks the
// verifier's "using value defined outside the region".)

// -----

// A module body is a graph region: its ops may use values defined later.
"test.use"(%0) : (i32) -> ()
%0 = "test.def"() : () -> i32
