# lit configuration for vtc: FileCheck suites for every dialect, pass and
# lowering, in folders mirroring the source tree.
import os
import lit.formats

config.name = "vtc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.vtc_obj_root, "test")

llvm_bin = "/usr/lib/llvm-19/bin"
config.environment["PATH"] = os.pathsep.join(
    [config.vtc_tools_dir, llvm_bin, config.environment.get("PATH", "")])
# Sanitizer runs: leaks are failures; the tools exit 1 on diagnostics, so
# sanitizer reports must use a different code to be told apart.
for var in ["ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "VTC_RT_NO_CACHE"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Sanitizer builds: the `sanitizer` feature, and cpu_check.py runs a fixed
# third of its cases (its docstring says why), as ctest's suites do there.
if config.vtc_sanitize:
    config.available_features.add("sanitizer")
    config.environment["VTC_TEST_SAMPLE"] = "3"

config.substitutions.append(("%python", "/usr/bin/python3"))
config.substitutions.append(("%vtc_src", config.vtc_src_root))
if os.path.exists(os.path.join(llvm_bin, "mlir-opt")):
    config.available_features.add("mlir-opt")
# The real models beside the repository (../shared/models): the tests that
# run them are UNSUPPORTED (visibly) where the folder does not exist.
shared_models = os.path.normpath(os.path.join(config.vtc_src_root, "..", "shared", "models"))
if os.path.isdir(shared_models):
    config.available_features.add("shared-models")
    config.substitutions.append(("%shared_models", shared_models))
# NVIDIA's PTX assembler, where the CUDA toolkit is installed: the NVPTX tests
# that assemble their PTX need it and are UNSUPPORTED (visibly) without it.
ptxas = "/usr/local/cuda/bin/ptxas"
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
# libdevice (the CUDA toolkit's math library), which PTX with f64 math, log or
# pow links (targets/nvptx/nvptx.c looks in the same place).
if os.path.exists("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"):
    config.available_features.add("libdevice")
# A CUDA GPU (the driver loads and sees a device): the tests that run on one
# need it and are UNSUPPORTED (visibly) without it, as in CI.
def _has_cuda_gpu():
    import ctypes
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
        count = ctypes.c_int(0)
        return cuda.cuInit(0) == 0 and cuda.cuDeviceGetCount(ctypes.byref(count)) == 0 and count.value > 0
    except (OSError, AttributeError):
        return False
if _has_cuda_gpu():
    config.available_features.add("cuda-gpu")
