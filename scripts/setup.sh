#!/usr/bin/env bash
# Installs every dependency from Debian packages and builds vtc into build/.
# Usage: bash scripts/setup.sh   (as root, or with sudo available)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build
  llvm-19-dev llvm-19-tools mlir-19-tools clang-19 libclang-rt-19-dev
  libffi-dev zlib1g-dev libzstd-dev libglpk-dev libopenblas-dev libdnnl-dev
  python3 python3-numpy python3-matplotlib
  libprotobuf-c-dev protobuf-c-compiler libonnx-dev libonnx-testdata
)
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${packages[@]}"

cmake -S . -B "${VTC_BUILD_DIR:-build}" -G Ninja -DVTC_WERROR=ON ${VTC_CMAKE_ARGS:-}
cmake --build "${VTC_BUILD_DIR:-build}"
