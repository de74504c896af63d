// CUDA C equivalent of examples/smem_demo.py.
extern "C" __global__ void __launch_bounds__(128) smem_demo_kernel(const float *__restrict__ A_ptr,
                                                                   float *__restrict__ B_ptr) {
  __shared__ __align__(64) float sm[128];
  int tx = threadIdx.x;
  sm[tx] = A_ptr[tx];
  __syncthreads();
  B_ptr[tx] = sm[tx] * 2.0f;
}
