// Hand-written CUDA GEMMs with the structure lower-te-to-gir's Vortex kernels
// take (issue 13): what that structure reaches on this GPU, beside cuBLAS, so
// the compiler's kernels have a measured ceiling of their own design.
//   tc:   f16 in, f32 accumulate, f16 out; CTA tile BM x BN x 32 staged by an
//         S-stage cp.async pipeline into padded shared rows (conflict-free
//         ldmatrix), warps on 64 x 64 (or 32 x 64) warp tiles of mma.sync
//         m16n8k16; masked (zero-fill) loads and stores for any M, N, K % 8 == 0.
//   ffma: f32 CUDA-core tiles: 128 x 128 x 8 CTA, 8 x 8 per thread, double
//         buffered shared memory, A stored transposed.
// C[M,N] = A[M,K] * B[K,N], all row-major (graph.matmul's layout).
// Build: nvcc -O3 -arch=sm_90 -o gemm_ref gemm_ref.cu -lcublas
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

__device__ __forceinline__ uint32_t smem_addr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void cp_async16(void *dst, const void *src, bool pred) {
  int n = pred ? 16 : 0;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(smem_addr(dst)), "l"(src), "r"(n));
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

__device__ __forceinline__ void ldm_x4(uint32_t *r, const void *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(smem_addr(p)));
}
__device__ __forceinline__ void ldm_x4_t(uint32_t *r, const void *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(smem_addr(p)));
}
__device__ __forceinline__ void mma16816(float *d, const uint32_t *a, const uint32_t *b) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// ---- tensor-core kernel ----------------------------------------------------------
template <int BM, int BN, int WM, int WN, int STAGES>
struct TC {
  static constexpr int BK = 32, PAD = 8;
  static constexpr int WARPS = (BM / WM) * (BN / WN), THREADS = WARPS * 32;
  static constexpr int AP = BK + PAD, BP = BN + PAD; // shared row pitches (halves)
  static constexpr int A_ST = BM * AP, B_ST = BK * BP;
  static constexpr int SMEM = STAGES * (A_ST + B_ST) * 2;
  static constexpr int MT = WM / 16, NT = WN / 8;
};

template <int BM, int BN, int WM, int WN, int STAGES>
__global__ void __launch_bounds__(TC<BM, BN, WM, WN, STAGES>::THREADS)
tc_gemm(const half *__restrict__ A, const half *__restrict__ B, half *__restrict__ C, int M, int N, int K) {
  using T = TC<BM, BN, WM, WN, STAGES>;
  extern __shared__ __align__(16) half smem[];
  half *As = smem, *Bs = smem + STAGES * T::A_ST;
  int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  int wm = warp / (BN / WN), wn = warp % (BN / WN);
  int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  int ktiles = (K + T::BK - 1) / T::BK;

  auto load_stage = [&](int stage, int kt) {
    int k0 = kt * T::BK;
    half *as = As + stage * T::A_ST, *bs = Bs + stage * T::B_ST;
    for (int c = tid; c < BM * T::BK / 8; c += T::THREADS) { // 16-byte chunks of A
      int r = c / (T::BK / 8), col = (c % (T::BK / 8)) * 8;
      int gr = m0 + r, gk = k0 + col;
      bool ok = gr < M && gk < K;
      cp_async16(as + r * T::AP + col, A + (size_t)(ok ? gr : 0) * K + (ok ? gk : 0), ok);
    }
    for (int c = tid; c < T::BK * BN / 8; c += T::THREADS) {
      int r = c / (BN / 8), col = (c % (BN / 8)) * 8;
      int gk = k0 + r, gn = n0 + col;
      bool ok = gk < K && gn < N;
      cp_async16(bs + r * T::BP + col, B + (size_t)(ok ? gk : 0) * N + (ok ? gn : 0), ok);
    }
  };

  float acc[T::MT][T::NT][4] = {};
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < ktiles) load_stage(s, s);
    cp_commit();
  }
  for (int kt = 0; kt < ktiles; kt++) {
    cp_wait<STAGES - 2>();
    __syncthreads();
    int nk = kt + STAGES - 1;
    if (nk < ktiles) load_stage(nk % STAGES, nk);
    cp_commit();
    const half *as = As + (kt % STAGES) * T::A_ST, *bs = Bs + (kt % STAGES) * T::B_ST;
#pragma unroll
    for (int kk = 0; kk < T::BK; kk += 16) {
      uint32_t af[T::MT][4], bf[T::NT][2];
#pragma unroll
      for (int i = 0; i < T::MT; i++) {
        int row = wm * WM + i * 16 + (lane % 16), col = kk + (lane / 16) * 8;
        ldm_x4(af[i], as + row * T::AP + col);
      }
#pragma unroll
      for (int j = 0; j < T::NT; j += 2) {
        int row = kk + (lane % 16), col = wn * WN + j * 8 + (lane / 16) * 8;
        uint32_t r[4];
        ldm_x4_t(r, bs + row * T::BP + col);
        bf[j][0] = r[0]; bf[j][1] = r[1]; bf[j + 1][0] = r[2]; bf[j + 1][1] = r[3];
      }
#pragma unroll
      for (int i = 0; i < T::MT; i++)
#pragma unroll
        for (int j = 0; j < T::NT; j++) mma16816(acc[i][j], af[i], bf[j]);
    }
  }
  cp_wait<0>();
#pragma unroll
  for (int i = 0; i < T::MT; i++)
#pragma unroll
    for (int j = 0; j < T::NT; j++) {
      int r = m0 + wm * WM + i * 16 + lane / 4, c = n0 + wn * WN + j * 8 + (lane % 4) * 2;
#pragma unroll
      for (int h = 0; h < 2; h++) {
        int rr = r + h * 8;
        if (rr < M && c < N) *(half2 *)(C + (size_t)rr * N + c) = __floats2half2_rn(acc[i][j][2 * h], acc[i][j][2 * h + 1]);
      }
    }
}

// ---- CUDA-core kernel --------------------------------------------------------------
__global__ void __launch_bounds__(256) ffma_gemm(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int M, int N, int K) {
  const int BM = 128, BN = 128, BK = 8;
  __shared__ __align__(16) float As[2][BK][BM]; // transposed: k-major
  __shared__ __align__(16) float Bs[2][BK][BN];
  int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  float acc[8][8] = {};
  // each thread loads 4 elements of A (one row, 4 k) and 4 of B (one k, 4 n) per tile
  int ar = tid / 2, ak = (tid % 2) * 4, bk = tid / 32, bn = (tid % 32) * 4;
  float ra[4], rb[4];
  auto gload = [&](int k0) {
    for (int q = 0; q < 4; q++) {
      int gr = m0 + ar, gk = k0 + ak + q;
      ra[q] = gr < M && gk < K ? A[(size_t)gr * K + gk] : 0.f;
      int gk2 = k0 + bk, gn = n0 + bn + q;
      rb[q] = gk2 < K && gn < N ? B[(size_t)gk2 * N + gn] : 0.f;
    }
  };
  auto sstore = [&](int s) {
    for (int q = 0; q < 4; q++) As[s][ak + q][ar] = ra[q];
    *(float4 *)&Bs[s][bk][bn] = make_float4(rb[0], rb[1], rb[2], rb[3]);
  };
  gload(0);
  sstore(0);
  __syncthreads();
  int ktiles = (K + BK - 1) / BK;
  for (int kt = 0; kt < ktiles; kt++) {
    int s = kt & 1;
    if (kt + 1 < ktiles) gload((kt + 1) * BK);
#pragma unroll
    for (int k = 0; k < BK; k++) {
      float a[8], b[8];
      *(float4 *)&a[0] = *(float4 *)&As[s][k][ty * 4];
      *(float4 *)&a[4] = *(float4 *)&As[s][k][64 + ty * 4];
      *(float4 *)&b[0] = *(float4 *)&Bs[s][k][tx * 4];
      *(float4 *)&b[4] = *(float4 *)&Bs[s][k][64 + tx * 4];
#pragma unroll
      for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 8; j++) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
    if (kt + 1 < ktiles) sstore(s ^ 1);
    __syncthreads();
  }
  for (int i = 0; i < 8; i++) {
    int r = m0 + (i < 4 ? ty * 4 + i : 64 + ty * 4 + i - 4);
    if (r >= M) continue;
    for (int j = 0; j < 8; j++) {
      int c = n0 + (j < 4 ? tx * 4 + j : 64 + tx * 4 + j - 4);
      if (c < N) C[(size_t)r * N + c] = acc[i][j];
    }
  }
}

// ---- harness -----------------------------------------------------------------------
template <typename F> static float time_ms(F f, int reps) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  for (int i = 0; i < 3; i++) f();
  std::vector<float> t;
  for (int i = 0; i < reps; i++) {
    CK(cudaEventRecord(a)); f(); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b)); t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <int BM, int BN, int WM, int WN, int S>
static void launch_tc(const half *A, const half *B, half *C, int M, int N, int K) {
  using T = TC<BM, BN, WM, WN, S>;
  static bool init = false;
  if (!init) { CK(cudaFuncSetAttribute(tc_gemm<BM, BN, WM, WN, S>, cudaFuncAttributeMaxDynamicSharedMemorySize, T::SMEM)); init = true; }
  dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
  tc_gemm<BM, BN, WM, WN, S><<<grid, T::THREADS, T::SMEM>>>(A, B, C, M, N, K);
}

__global__ void fill_h(half *p, size_t n, uint32_t seed, float scale) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) { uint32_t x = (uint32_t)i * 2654435761u + seed; x ^= x >> 13; x *= 0x5bd1e995; x ^= x >> 15; p[i] = __float2half(((x & 0xFFFF) / 65536.f - 0.5f) * scale); }
}
__global__ void fill_f(float *p, size_t n, uint32_t seed, float scale) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) { uint32_t x = (uint32_t)i * 2654435761u + seed; x ^= x >> 13; x *= 0x5bd1e995; x ^= x >> 15; p[i] = ((x & 0xFFFF) / 65536.f - 0.5f) * scale; }
}
__global__ void h2f(const half *a, float *b, size_t n) { size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; if (i < n) b[i] = __half2float(a[i]); }

static double rel_err_h(const half *got, const half *ref, size_t n) {
  std::vector<half> g(n), r(n);
  CK(cudaMemcpy(g.data(), got, n * 2, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(r.data(), ref, n * 2, cudaMemcpyDeviceToHost));
  double num = 0, den = 0;
  for (size_t i = 0; i < n; i++) { double d = __half2float(g[i]) - (double)__half2float(r[i]); num += d * d; den += (double)__half2float(r[i]) * __half2float(r[i]); }
  return sqrt(num / (den + 1e-30));
}
static double rel_err_f(const float *got, const float *ref, size_t n) {
  std::vector<float> g(n), r(n);
  CK(cudaMemcpy(g.data(), got, n * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(r.data(), ref, n * 4, cudaMemcpyDeviceToHost));
  double num = 0, den = 0;
  for (size_t i = 0; i < n; i++) { double d = g[i] - (double)r[i]; num += d * d; den += (double)r[i] * r[i]; }
  return sqrt(num / (den + 1e-30));
}

typedef void (*tc_fn)(const half *, const half *, half *, int, int, int);
struct TcVariant { const char *name; tc_fn fn; };
static const TcVariant kTc[] = {
    {"tc128x128w64x64s4", launch_tc<128, 128, 64, 64, 4>},
    {"tc128x256w64x64s3", launch_tc<128, 256, 64, 64, 3>},
    {"tc128x128w32x64s4", launch_tc<128, 128, 32, 64, 4>},
    {"tc64x128w32x64s4", launch_tc<64, 128, 32, 64, 4>},
    {"tc64x64w32x32s4", launch_tc<64, 64, 32, 32, 4>},
};

int main(int argc, char **argv) {
  cublasHandle_t h; cublasCreate(&h);
  int shapes[][3] = {{4096, 4096, 4096}, {8192, 8192, 8192}, {128, 768, 2304}, {381, 768, 2304}, {16, 4096, 1024}, {1, 4096, 1024}, {2048, 768, 2304}};
  printf("%-22s %6s %6s %6s %10s %10s %8s %9s\n", "kernel", "M", "N", "K", "ms", "TFLOP/s", "xcuBLAS", "rel_err");
  for (auto &s : shapes) {
    int M = s[0], N = s[1], K = s[2];
    size_t na = (size_t)M * K, nb = (size_t)K * N, nc = (size_t)M * N;
    half *A, *B, *C, *R; float *Af, *Bf, *Cf, *Rf;
    CK(cudaMalloc(&A, na * 2)); CK(cudaMalloc(&B, nb * 2)); CK(cudaMalloc(&C, nc * 2)); CK(cudaMalloc(&R, nc * 2));
    CK(cudaMalloc(&Af, na * 4)); CK(cudaMalloc(&Bf, nb * 4)); CK(cudaMalloc(&Cf, nc * 4)); CK(cudaMalloc(&Rf, nc * 4));
    fill_h<<<(na + 255) / 256, 256>>>(A, na, 1, 2.f); fill_h<<<(nb + 255) / 256, 256>>>(B, nb, 2, 2.f / sqrtf(K));
    h2f<<<(na + 255) / 256, 256>>>(A, Af, na); h2f<<<(nb + 255) / 256, 256>>>(B, Bf, nb);
    double flop = 2.0 * M * N * K;
    __half one = __float2half(1.f), zero = __float2half(0.f);
    // cuBLAS row-major C = A B as column-major C^T = B^T A^T
    auto cub_h = [&] { cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, CUDA_R_16F, N, A, CUDA_R_16F, K, &zero, R, CUDA_R_16F, N, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT); };
    float onef = 1.f, zerof = 0.f;
    auto cub_h32 = [&] { cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &onef, B, CUDA_R_16F, N, A, CUDA_R_16F, K, &zerof, R, CUDA_R_16F, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT); };
    auto cub_f = [&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &onef, Bf, N, Af, K, &zerof, Rf, N); };
    int reps = flop > 1e11 ? 10 : 50;
    float tcub = time_ms(cub_h32, reps);
    (void)cub_h;
    printf("%-22s %6d %6d %6d %10.4f %10.1f %8.2f %9s\n", "cublas-f16(f32acc)", M, N, K, tcub, flop / tcub / 1e9, 1.0, "-");
    for (auto &v : kTc) {
      CK(cudaMemset(C, 0xFF, nc * 2));
      v.fn(A, B, C, M, N, K); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
      double err = rel_err_h(C, R, nc);
      float t = time_ms([&] { v.fn(A, B, C, M, N, K); }, reps);
      printf("%-22s %6d %6d %6d %10.4f %10.1f %8.2f %9.2e\n", v.name, M, N, K, t, flop / t / 1e9, tcub / t, err);
    }
    cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
    float tcf = time_ms(cub_f, reps);
    cublasSetMathMode(h, CUBLAS_DEFAULT_MATH);
    printf("%-22s %6d %6d %6d %10.4f %10.1f %8.2f %9s\n", "cublas-sgemm", M, N, K, tcf, flop / tcf / 1e9, 1.0, "-");
    CK(cudaMemset(Cf, 0xFF, nc * 4));
    dim3 grid((N + 127) / 128, (M + 127) / 128);
    auto ff = [&] { ffma_gemm<<<grid, 256>>>(Af, Bf, Cf, M, N, K); };
    ff(); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    double errf = rel_err_f(Cf, Rf, nc);
    float tf = time_ms(ff, reps);
    printf("%-22s %6d %6d %6d %10.4f %10.1f %8.2f %9.2e\n", "ffma128x128", M, N, K, tf, flop / tf / 1e9, tcf / tf, errf);
    cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(R); cudaFree(Af); cudaFree(Bf); cudaFree(Cf); cudaFree(Rf);
  }
  return 0;
}
