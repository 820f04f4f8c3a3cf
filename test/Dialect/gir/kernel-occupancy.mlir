// A gir.kernel may say how many of its groups a core (a GPU's SM) should
// hold at once: `occupancy`, the CTAs per SM its schedule was planned for.
// It round-trips, the NVPTX translation turns it into .minnctapersm (ptxas
// then budgets 64K / (occupancy x threads) registers a thread), and a value
// outside [1, 32] is a located error.
// RUN: sed -n '1,/^\/\/ -----/p' %s | vtc-opt | FileCheck %s --check-prefix=ROUND
// RUN: vtc-opt --verify-diagnostics --split-input-file %s
// RUN: sed -n '1,/^\/\/ -----/p' %s | vtc-translate --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: sed -n '1,/^\/\/ -----/p' %s | sed 's/ attributes {occupancy = 2 : i64}//' | vtc-translate --emit=ptx | FileCheck %s --check-prefix=NONE

// ROUND: gir.kernel @k(%arg0: !gir.buffer<global, 256xf32>) parallel gpu group 8 lanes 32 attributes {occupancy = 2 : i64} {
// PTX: .entry k(
// PTX: .maxntid 256, 1, 1
// PTX-NEXT: .minnctapersm 2
// NONE: .maxntid 256, 1, 1
// NONE-NOT: .minnctapersm
gir.kernel @k(%buf: !gir.buffer<global, 256xf32>) parallel gpu group 8 lanes 32 attributes {occupancy = 2 : i64} {
  gir.return
}

// -----

// expected-error@+1 {{occupancy must be an integer in [1, 32] (groups per core)}}
gir.kernel @k(%buf: !gir.buffer<global, 256xf32>) parallel gpu group 8 lanes 32 attributes {occupancy = 0 : i64} {
  gir.return
}

// -----

// expected-error@+1 {{occupancy must be an integer in [1, 32] (groups per core)}}
gir.kernel @k(%buf: !gir.buffer<global, 256xf32>) parallel gpu group 8 lanes 32 attributes {occupancy = "two"} {
  gir.return
}
