// CUDA C equivalent of examples/warp_reduce.py.
extern "C" __global__ void __launch_bounds__(32) warp_reduce_kernel(float *__restrict__ A_ptr) {
  int lane = threadIdx.x;
  float v = (float)(31 - lane);
  for (int i = 16; i >= 1; i /= 2) v = v + __shfl_xor_sync(0xFFFFFFFFu, v, i, 32);
  A_ptr[lane] = v;
}
