#!/usr/bin/env bash
# Builds the tools that run on the GPU machine (static LLVM: it has none) into
# build-static/ and packs them, stripped and compressed, into .devkit/ (kept
# out of git by .git/info/exclude): what a device call carries. On the device:
#   tar xf .devkit/tools.tar.xz -C .devkit && PATH=$PWD/.devkit/devbin:$PATH ...
# With VTC_BASE_RUN=PATH (a baseline's static vtc-run, e.g. an older
# commit's build-static/vtc-run) it goes in too, as basebin/vtc-run, so
# one device call times before and after. The tools share most of their
# bytes (LLVM), so one xz stream with a large dictionary keeps five of them
# under 20 MB (the device call carries 64 MiB with the tree).
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
dirs=(devbin)
if [ -n "${VTC_BASE_RUN:-}" ]; then
  mkdir -p .devkit/basebin && strip -o .devkit/basebin/vtc-run "$VTC_BASE_RUN" && dirs+=(basebin)
fi
tar -C .devkit -cf - "${dirs[@]}" | xz -T2 -9 --lzma2=dict=256MiB > .devkit/tools.tar.xz
rm -rf .devkit/devbin .devkit/basebin
ls -la .devkit
