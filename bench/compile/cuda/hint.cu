// CUDA C equivalent of examples/hint.py (hints generate no code).
extern "C" __global__ void __launch_bounds__(64) hint_kernel(const float *__restrict__ A_ptr,
                                                             float *__restrict__ B_ptr) {
  int tx = threadIdx.x;
  B_ptr[tx] = A_ptr[tx];
  B_ptr[tx] = B_ptr[tx] + 1.0f;
}
