// Trailing locations of every kind, including aliases defined after their
// use (as mlir-opt -mlir-print-debuginfo prints them), round-trip.
// RUN: vtc-opt --allow-unregistered-dialect --print-debuginfo %s | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect --print-debuginfo %s | vtc-opt --allow-unregistered-dialect --print-debuginfo | FileCheck %s
// RUN: vtc-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=NOLOC

// NOLOC-NOT: loc(
// CHECK: "test.file"() : () -> () loc("a.mlir":3:7)
"test.file"() : () -> () loc("a.mlir":3:7)
// CHECK: "test.name"() : () -> () loc("x")
"test.name"() : () -> () loc("x")
// CHECK: "test.named_child"() : () -> () loc("x"("b.py":10:2))
"test.named_child"() : () -> () loc("x"("b.py":10:2))
// CHECK: "test.unknown"() : () -> () loc(unknown)
"test.unknown"() : () -> () loc(unknown)
// CHECK: "test.fused"() : () -> () loc(fused["a":1:1, "b":2:2])
"test.fused"() : () -> () loc(fused["a":1:1, "b":2:2])
// CHECK: "test.fused_meta"() : () -> () loc(fused<"pass">["a":1:1, unknown])
"test.fused_meta"() : () -> () loc(fused<"pass">["a":1:1, unknown])
// CHECK: "test.callsite"() : () -> () loc(callsite("callee":1:2 at "caller":3:4))
"test.callsite"() : () -> () loc(callsite("callee":1:2 at "caller":3:4))
// CHECK: "test.alias"() : () -> () loc("defined":5:6)
"test.alias"() : () -> () loc(#loc1)
// CHECK: "test.alias_fused"() : () -> () loc(fused["defined":5:6, "other":7:8])
"test.alias_fused"() : () -> () loc(#loc3)
// Ops without a location get where they were parsed.
// CHECK: "test.implicit"() : () -> () loc("{{.*}}locations.mlir":[[@LINE+1]]:1)
"test.implicit"() : () -> ()
// Locations of block arguments are accepted.
// CHECK: "test.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
"test.region"() ({
^bb0(%a: i32 loc("arg":1:1)):
  "test.use"(%a) : (i32) -> () loc(#loc1)
}) : () -> () loc(#loc2)
#loc1 = loc("defined":5:6)
#loc2 = loc("other":7:8)
#loc3 = loc(fused[#loc1, #loc2])
