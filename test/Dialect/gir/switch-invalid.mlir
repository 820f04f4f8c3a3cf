// Malformed gir.switch: each case is one located error.
// RUN: vtc-opt --verify-diagnostics --split-input-file %s

func.func @f(%s: index) {
  // expected-error@+1 {{'gir.switch' op has case value 1 twice}}
  gir.switch %s
  case 1 {
  }
  case 1 {
  }
  default {
  }
  return
}

// -----

func.func @f(%s: index) -> index {
  %r = gir.switch %s -> index
  case 0 {
    %c = arith.constant 1 : index
    gir.yield %c : index
  }
  default {
    %f = arith.constant 1.0 : f32
    // expected-error@+1 {{'gir.yield' op yields a value of type f32 for a switch result of type index}}
    gir.yield %f : f32
  }
  return %r : index
}

// -----

func.func @f(%s: index) -> index {
  %r = gir.switch %s -> index
  default {
    // expected-error@+1 {{'gir.yield' op yields 0 values, but the switch has 1 results}}
    gir.yield
  }
  return %r : index
}

// -----

func.func @f(%s: i64) {
  // expected-error@+1 {{use of value '%s' expects different type than prior uses: 'index' vs 'i64'}}
  gir.switch %s
  default {
  }
  return
}

// -----

func.func @f(%s: index) {
  // expected-error@+1 {{'gir.switch' op has 1 case values but 1 regions (one per case, then the default)}}
  "gir.switch"(%s) ({
    "gir.yield"() : () -> ()
  }) {cases = [3]} : (index) -> ()
  return
}

// -----

func.func @f(%s: index) {
  gir.switch %s
  // expected-error@+1 {{expected 'case' or 'default' in a gir.switch}}
  cas 1 {
  }
  return
}

// -----

gir.kernel @k(%n: index) parallel cpu group 1 lanes 1 {
  // expected-error@+1 {{'gir.switch' op is a host operation and cannot appear inside a 'gir.kernel'}}
  gir.switch %n
  default {
  }
}

// -----

func.func @f(%s: index) {
  // expected-error@+1 {{'gir.switch' op requires attribute 'cases'}}
  "gir.switch"(%s) ({
    "gir.yield"() : () -> ()
  }) : (index) -> ()
  return
}
