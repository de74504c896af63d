// CUDA C equivalent of examples/scale.py (compile-time benchmark input).
extern "C" __global__ void __launch_bounds__(256) scale_kernel(const float *__restrict__ A_ptr,
                                                               float *__restrict__ B_ptr) {
  int tx = threadIdx.x;
  B_ptr[tx] = A_ptr[tx] * 2.0f;
}
