#!/usr/bin/env bash
# Builds the tools that run on the GPU machine (static LLVM: it has none) into
# build-static/ and packs them, stripped and compressed, into .devkit/ (kept
# out of git by .git/info/exclude): what a device call carries. On the device:
#   tar xf .devkit/tools.tar.xz && PATH=$PWD/devbin:$PATH ...
# Usage: bash scripts/device/pack.sh [target...]   (default: vtc-run test_cuda_exec test_cuda)
set -euo pipefail
cd "$(dirname "$0")/../.."
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(vtc-run test_cuda_exec test_cuda)
[ -f build-static/build.ninja ] || cmake -S . -B build-static -G Ninja -DVTC_LLVM_STATIC=ON -DCMAKE_BUILD_TYPE=Release
ninja -C build-static -j"$(nproc)" "${targets[@]}"
grep -qx '/.devkit/' .git/info/exclude 2>/dev/null || echo '/.devkit/' >> .git/info/exclude
rm -rf .devkit && mkdir -p .devkit/devbin
for t in "${targets[@]}"; do strip -o ".devkit/devbin/$t" "build-static/$t"; done
tar -C .devkit -cJf .devkit/tools.tar.xz devbin && rm -rf .devkit/devbin
ls -la .devkit
