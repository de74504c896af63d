// CUDA C equivalent of examples/scal.py.
extern "C" __global__ void __launch_bounds__(256) scal_kernel(const float *__restrict__ A_ptr,
                                                              float *__restrict__ B_ptr, float s) {
  int tx = threadIdx.x;
  B_ptr[tx] = A_ptr[tx] * s;
}
