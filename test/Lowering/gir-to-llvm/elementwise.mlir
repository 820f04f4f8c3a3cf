// gir -> LLVM for an element-wise kernel with a masked tail and its host
// function: the driver's parallel-for, <16 x float> vectors, masked
// loads/stores, the entry-point convention (ptr + dynamic dims, result
// records); and 512-bit code for an explicit AVX-512 CPU (independent of the
// host, which need not have AVX-512: nothing is run here).
// RUN: vtc-translate %s -O0 --emit=llvm | FileCheck %s
// RUN: vtc-translate %s -O3 --mcpu=skylake-avx512 --emit=llvm | FileCheck %s --check-prefix=OPT
// RUN: vtc-translate %s --mcpu=skylake-avx512 --emit=asm | FileCheck %s --check-prefix=AVX512
// RUN: vtc-translate %s --mcpu=skylake-avx512 --emit=obj -o %t.o && llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJ
// RUN: vtc-translate %s --mcpu=haswell --emit=asm | FileCheck %s --check-prefix=AVX2
// RUN: vtc-translate %s --mcpu=skylake-avx512 --mattr=-avx512f --emit=asm | FileCheck %s --check-prefix=AVX2

// The unit: one 16-wide segment, masked by valid(1, n - offset).
// CHECK: define internal void @relu.unit(i64 %group, i64 %unit_in_group, i64 %groups, ptr %0, i64 %1, ptr %2, i64 %3, i64 %4) #[[UNIT:[0-9]+]]
// CHECK: %[[MASK:.*]] = icmp slt <16 x i32> <i32 0, i32 1, {{.*}}, i32 15>, %{{.*}}
// CHECK: call <16 x float> @llvm.masked.load.v16f32.p0(ptr %{{.*}}, i32 4, <16 x i1> %[[MASK]], <16 x float> zeroinitializer)
// CHECK: call <16 x float> @llvm.maximum.v16f32(<16 x float>
// CHECK: call void @llvm.masked.store.v16f32.p0(<16 x float>
// The chunk: a range of groups, one call of the unit per group.
// CHECK-LABEL: define internal void @relu.chunk(i64 %0, ptr %1)
// CHECK: call void @relu.unit(i64 %group, i64 0, i64 %groups,
// The driver: groups, then each buffer as ptr + its dynamic dims, then scalars.
// CHECK-LABEL: define void @relu(i64 %groups, ptr %0, i64 %1, ptr %2, i64 %3, i64 %4)
// CHECK: icmp sgt i64 %groups, 0
// CHECK: call i32 @vtc_rt_num_threads()
// CHECK: call void @vtc_rt_parallel_for(ptr @relu.chunk, i64 %chunks, ptr
// The host entry: x as (ptr, i64 n), then one record pointer for the result.
// CHECK-LABEL: define void @host(ptr %0, i64 %1, ptr %2)
// CHECK: %[[Y:.*]] = call ptr @vtc_rt_alloc_buffer(i64 4, i64 1, ptr {{.*}}, ptr {{.*}}@vtc.where{{.*}})
// CHECK: call void @relu(i64 %{{.*}}, ptr %0, i64 %1, ptr %[[Y]], i64 %1, i64 %1)
// CHECK: store ptr %[[Y]], ptr %2
// CHECK: %[[D:.*]] = getelementptr i64, ptr %2, i64 1
// CHECK: store i64 %1, ptr %[[D]]
// CHECK: attributes #[[UNIT]] = { alwaysinline nounwind "prefer-vector-width"=

// OPT-LABEL: define internal void @relu.chunk(
// OPT: tail call <16 x float> @llvm.masked.load.v16f32.p0(
// OPT: define void @relu(
// OPT-NOT: "prefer-vector-width"="256"
// OPT: "prefer-vector-width"="512"

// AVX512-LABEL: relu.chunk:
// AVX512: vmovups {{.*}}%zmm{{[0-9]+}} {%k{{[0-9]}}} {z}
// AVX512: vmaxps {{.*}}%zmm
// AVX512: vmovups %zmm{{[0-9]+}}, {{.*}} {%k{{[0-9]}}}
// OBJ: <relu.chunk>:
// OBJ: %zmm

// Without AVX-512 the same kernel uses AVX2 masked moves on ymm registers.
// AVX2-LABEL: relu.chunk:
// AVX2-NOT: zmm
// AVX2: vmaskmovps {{.*}}%ymm

gir.kernel @relu(%x: !gir.buffer<global, ?xf32>, %y: !gir.buffer<global, ?xf32>, %n: index) parallel cpu group 1 lanes 16 {
  %u = gir.id unit
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %off = arith.muli %u, %c16 : index
  %rem = arith.subi %n, %off : index
  %v = gir.view %x[%off] valid(%c1, %rem) {padding = 0.0 : f32} : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  %r = gir.copy %v : !gir.slice<global, 1x16xf32> -> !gir.slice<register, 1x16xf32>
  %z = gir.elementwise(%r) : (!gir.slice<register, 1x16xf32>) -> !gir.slice<register, 1x16xf32> {
  ^bb0(%a: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %a, %zero : f32
    gir.yield %m : f32
  }
  %w = gir.view %y[%off] valid(%c1, %rem) : !gir.buffer<global, ?xf32> -> !gir.slice<global, 1x16xf32>
  gir.copy %z to %w : !gir.slice<register, 1x16xf32> -> !gir.slice<global, 1x16xf32>
}

func.func @host(%x: !gir.buffer<global, ?xf32>) -> !gir.buffer<global, ?xf32> {
  %c0 = arith.constant 0 : index
  %n = gir.dim %x, 0 : !gir.buffer<global, ?xf32>
  %y = gir.alloc(%n) : !gir.buffer<global, ?xf32>
  %c16 = arith.constant 16 : index
  %g = arith.ceildivui %n, %c16 : index
  gir.launch @relu[%g](%x, %y, %n) : (!gir.buffer<global, ?xf32>, !gir.buffer<global, ?xf32>, index)
  return %y : !gir.buffer<global, ?xf32>
}
