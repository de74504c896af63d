// launch_kernels.cu — the trivial kernel of the launch-overhead benchmark: one CTA of
// 256 threads, B[i] = 2 * A[i] (the seed's `scale`, written in CUDA C so the benchmark
// does not depend on the compiler).  Built with nvcc -cubin by runtime/CMakeLists.txt.
extern "C" __global__ void bench_scale_kernel(const float *__restrict__ A,
                                              float *__restrict__ B) {
  B[threadIdx.x] = A[threadIdx.x] * 2.0f;
}
