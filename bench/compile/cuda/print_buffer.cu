// CUDA C equivalent of examples/print_buffer.py.
#include <cstdio>
extern "C" __global__ void __launch_bounds__(8) print_buffer_demo_kernel(float *__restrict__ C_ptr) {
  int tx = threadIdx.x;
  C_ptr[tx] = (float)(tx * 2);
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    printf("(C_ptr, shape=(8,), dtype=float32):\n[%f %f %f %f %f %f %f %f]\n", C_ptr[0], C_ptr[1],
           C_ptr[2], C_ptr[3], C_ptr[4], C_ptr[5], C_ptr[6], C_ptr[7]);
}
