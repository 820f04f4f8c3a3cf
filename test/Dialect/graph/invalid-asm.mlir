// Malformed custom forms of graph ops: each is a located parse error.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s
// RUN: not vtc-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=EXIT
// The missing type is reported where it is missing, at the end of the op's line.
// EXIT: invalid-asm.mlir:[[@LINE+3]]:21: error: expected ':' followed by the operation's function type

func.func @missing_type(%x: tensor<2x3xf32>) {
  %0 = graph.relu %x // expected-error {{expected ':' followed by the operation's function type}}
  return
}

// -----

func.func @missing_arrow(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{expected a function type '(operand types) -> result types'}}
  %0 = graph.relu %x : tensor<2x3xf32>
  return
}

// -----

func.func @too_few_operands(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.matmul' expects 2 operands, but found 1}}
  %0 = graph.matmul %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @too_many_operands(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.relu' expects 1 operand, but found 2}}
  %0 = graph.relu %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @no_operands() {
  // expected-error@+1 {{'graph.identity' expects 1 operand, but found 0}}
  %0 = graph.identity : () -> tensor<2x3xf32>
  return
}

// -----

func.func @operand_type_count(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{expected 2 operand types but had 1}}
  %0 = graph.add %x, %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @variadic_type_count(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{expected 3 operand types but had 2}}
  %0 = graph.concat %x, %x, %x {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  return
}

// -----

func.func @result_count(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.relu' expects 1 result, but the type has 2}}
  %0:2 = graph.relu %x : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @bind_count(%x: tensor<2x4xf32>) {
  // expected-error@+1 {{operation defines 2 results but was provided 3 to bind}}
  %0:3 = graph.split %x {axis = 1} : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return
}

// -----

func.func @operand_type_mismatch(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'tensor<3xf32>' vs 'tensor<2x3xf32>'}}
  %0 = graph.relu %x : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @attr_dict_missing_value(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{expected attribute value}}
  %0 = graph.softmax %x {axis = } : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @attr_dict_unclosed(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{expected '}' in attribute dictionary}}
  %0 = graph.softmax %x {axis = 1 (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @attr_dict_duplicate(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{duplicate key 'axis' in dictionary attribute}}
  %0 = graph.softmax %x {axis = 1, axis = 0} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @attr_dict_after_type(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{expected operation name in quotes}}
  %0 = graph.softmax %x : (tensor<2x3xf32>) -> tensor<2x3xf32> {axis = 1}
  return
}

// -----

func.func @constant_not_dense() {
  // expected-error@+1 {{expected a dense tensor value (`dense<...> : tensor<...>`)}}
  %0 = graph.constant 1.0 : f32
  return
}

// -----

func.func @constant_no_type() {
  // expected-error@+1 {{expected ':' and tensor type after dense elements}}
  %0 = graph.constant dense<1.0>
  return
}

// -----

func.func @parenthesized_operands(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{expected operands without parentheses (the generic form quotes the name: "graph.relu"(...))}}
  %0 = graph.relu(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @unknown_op(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{custom op 'graph.frobnicate' is unknown}}
  %0 = graph.frobnicate %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
