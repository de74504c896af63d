// CUDA C equivalent of examples/scale_dyn.py.
extern "C" __global__ void __launch_bounds__(1) scale_dyn_kernel(const float *__restrict__ a,
                                                                 float *__restrict__ b, int n) {
  for (int i = 0; i < n; i++) b[i] = a[i] * 2.0f;
}
