// CUDA C equivalent of examples/block_sum.py.
extern "C" __global__ void __launch_bounds__(256) block_sum_kernel(const float *__restrict__ A_ptr,
                                                                   float *__restrict__ out_ptr) {
  __shared__ __align__(64) float sm[256];
  int tx = threadIdx.x;
  sm[tx] = A_ptr[tx];
  __syncthreads();
  int s = 128;
  while (s >= 1) {
    if (tx < s) sm[tx] += sm[tx + s];
    __syncthreads();
    s = s / 2;
  }
  if (tx == 0) out_ptr[0] = sm[0];
}
