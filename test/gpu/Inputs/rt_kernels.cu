// rt_kernels.cu — CUDA C kernels that stand in for compiled TIRx kernels in the
// runtime's GPU tests (test/gpu/Inputs/rt_gpu_selftest.c), so that libtirxrt's launch
// path is tested independently of the compiler.  Built with nvcc -cubin / -ptx by
// runtime/CMakeLists.txt when nvcc exists.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// B[i] = 2 * A[i] for i < n.
extern "C" __global__ void scale_kernel(const float *__restrict__ A, float *__restrict__ B,
                                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    B[i] = A[i] * 2.0f;
}

// Two kernels of one call, launched in order on one stream: B = A + 1, then C = B * 3.
extern "C" __global__ void add_one_kernel(const float *A, float *B, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    B[i] = A[i] + 1.0f;
}
extern "C" __global__ void times_three_kernel(const float *B, float *C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    C[i] = B[i] * 3.0f;
}

// Every scalar C type the plan can pass, written back as doubles.
extern "C" __global__ void args_kernel(double *out, int i32, long long i64, unsigned u32,
                                       float f32, double f64, __half f16, __nv_bfloat16 bf16,
                                       unsigned char u8, bool b, signed char i8,
                                       unsigned long long u64, short i16,
                                       unsigned short u16) {
  if (threadIdx.x != 0 || blockIdx.x != 0)
    return;
  out[0] = i32;
  out[1] = (double)i64;
  out[2] = u32;
  out[3] = f32;
  out[4] = f64;
  out[5] = __half2float(f16);
  out[6] = __bfloat162float(bf16);
  out[7] = u8;
  out[8] = b ? 1.0 : 0.0;
  out[9] = i8;
  out[10] = (double)u64;
  out[11] = i16;
  out[12] = u16;
}

// 20 KiB static + `dyn` bytes dynamic shared memory: out[0] = sum of a pattern written
// through both, so the kernel really touches all of it.
extern "C" __global__ void smem_kernel(float *out, int dyn_floats) {
  __shared__ float stat[5120];
  extern __shared__ float dyn[];
  for (int i = threadIdx.x; i < 5120; i += blockDim.x)
    stat[i] = 1.0f;
  for (int i = threadIdx.x; i < dyn_floats; i += blockDim.x)
    dyn[i] = 2.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int i = 0; i < 5120; i++)
      s += stat[i];
    for (int i = 0; i < dyn_floats; i++)
      s += dyn[i];
    out[0] = s;
  }
}

// Per CTA: out[4*cta + 0..3] = cluster size (CTAs), rank in cluster, gridDim.x,
// blockDim.x.
extern "C" __global__ void cluster_kernel(int *out) {
  unsigned nctarank, ctarank;
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(nctarank));
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(ctarank));
  if (threadIdx.x == 0) {
    int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    out[4 * b + 0] = (int)nctarank;
    out[4 * b + 1] = (int)ctarank;
    out[4 * b + 2] = (int)gridDim.x;
    out[4 * b + 3] = (int)blockDim.x;
  }
}

// Counts how many CTAs ran (atomically): a grid extent of 0 is launched as 1.
extern "C" __global__ void count_kernel(int *counter) {
  if (threadIdx.x == 0)
    atomicAdd(counter, 1);
}
