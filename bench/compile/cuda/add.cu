// CUDA C equivalent of examples/add.py with N = 1024.
#define N 1024
extern "C" __global__ void __launch_bounds__(256) add_kernel(const float *__restrict__ A,
                                                             const float *__restrict__ B,
                                                             float *__restrict__ C) {
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}
