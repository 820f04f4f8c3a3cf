/* The x86 target: the host description is sane, the SIMD width of explicit
 * CPUs/features, the target table, the data layout matches LLVM's. */
#include <stdlib.h>
#include <string.h>

#include "targets/target.h"
#include "targets/x86/host.h"
#include "test/unit/unit.h"

static void test_host(void) {
  const vtc_x86_host *h = vtc_x86_host_get();
  vtc_x86_host_print(h, stdout);
  CHECK(h->num_cores >= 1);
  CHECK(h->vector_bits == 128 || h->vector_bits == 256 || h->vector_bits == 512);
  CHECK_EQ_INT(h->vector_bits == 512, h->has_avx512f);
  CHECK(strlen(h->cpu_name) > 0);
  CHECK(strstr(h->triple, "x86_64") == h->triple);
  CHECK(strstr(h->features, "+sse2") != NULL);
  CHECK(h->l1d_bytes >= 4096 && h->l1d_bytes <= (1 << 22));
  CHECK(h->l2_bytes == 0 || h->l2_bytes >= h->l1d_bytes);
  CHECK_EQ_INT(h->line_bytes, 64);
  CHECK_EQ_INT(vtc_x86_vector_bits(NULL, NULL), h->vector_bits);
  CHECK(vtc_x86_host_get() == h);
}

static void test_vector_bits(void) {
  CHECK_EQ_INT(vtc_x86_vector_bits("skylake-avx512", ""), 512);
  CHECK_EQ_INT(vtc_x86_vector_bits("skylake-avx512", "-avx512f"), 256);
  CHECK_EQ_INT(vtc_x86_vector_bits("znver4", NULL), 512);
  CHECK_EQ_INT(vtc_x86_vector_bits("haswell", ""), 256);
  CHECK_EQ_INT(vtc_x86_vector_bits("x86-64", ""), 128);
  CHECK_EQ_INT(vtc_x86_vector_bits("x86-64", "+avx2"), 256);
  CHECK_EQ_INT(vtc_x86_vector_bits("x86-64", "+sse4.2,+avx512f"), 512);
  CHECK_EQ_INT(vtc_x86_vector_bits("x86-64", "+avx512f,-avx512f"), 128);
  CHECK_EQ_INT(vtc_x86_vector_bits("haswell", "-avx"), 128);
}

static void test_table_and_machine(void) {
  CHECK(vtc_target_lookup("x86") == &vtc_target_x86);
  CHECK(vtc_target_lookup("no-such-target") == NULL);
  CHECK(vtc_target_lookup(NULL) == NULL);
  char *err = NULL, *cpu = NULL, *features = NULL;
  LLVMTargetMachineRef tm = vtc_target_machine_create(&vtc_target_x86, NULL, &cpu, &features, &err);
  CHECK(tm != NULL);
  if (!tm) return;
  CHECK_EQ_STR(cpu, vtc_x86_host_get()->cpu_name);
  CHECK_EQ_STR(features, vtc_x86_host_get()->features);
  LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
  char *layout = LLVMCopyStringRepOfTargetData(dl);
  CHECK_EQ_STR(layout, vtc_target_x86.data_layout);
  LLVMDisposeMessage(layout);
  LLVMDisposeTargetData(dl);
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("m", ctx);
  vtc_target_configure_module(m, tm);
  CHECK(strstr(LLVMGetTarget(m), "x86_64") == LLVMGetTarget(m));
  CHECK_EQ_STR(LLVMGetDataLayoutStr(m), vtc_target_x86.data_layout);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  LLVMDisposeTargetMachine(tm);
  free(cpu);
  free(features);

  vtc_target_options explicit_cpu = {"skylake-avx512", NULL, 3};
  tm = vtc_target_machine_create(&vtc_target_x86, &explicit_cpu, &cpu, &features, &err);
  CHECK(tm != NULL);
  CHECK_EQ_STR(cpu, "skylake-avx512");
  CHECK_EQ_STR(features, ""); /* explicit CPU: its own features, not the host's */
  char *tm_cpu = tm ? LLVMGetTargetMachineCPU(tm) : NULL;
  CHECK_EQ_STR(tm_cpu, "skylake-avx512");
  LLVMDisposeMessage(tm_cpu);
  if (tm) LLVMDisposeTargetMachine(tm);
  free(cpu);
  free(features);
}

int main(void) {
  UNIT_RUN(test_host);
  UNIT_RUN(test_vector_bits);
  UNIT_RUN(test_table_and_machine);
  return UNIT_RESULT();
}
