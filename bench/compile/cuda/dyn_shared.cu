// CUDA C equivalent of examples/dyn_shared.py.
extern "C" __global__ void __launch_bounds__(64) dyn_shared_kernel(const float *__restrict__ A_ptr,
                                                                   const float *__restrict__ B_ptr,
                                                                   float *__restrict__ C_ptr) {
  extern __shared__ __align__(64) float arena[];
  float *As = arena, *Bs = arena + 64;
  int tx = threadIdx.x;
  As[tx] = A_ptr[tx];
  Bs[tx] = B_ptr[tx];
  __syncthreads();
  C_ptr[tx] = As[tx] + Bs[tx];
}
