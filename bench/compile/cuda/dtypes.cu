// CUDA C equivalent of examples/dtypes.py.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
extern "C" __global__ void __launch_bounds__(64) dtypes_kernel(const float *__restrict__ A_ptr,
                                                               float *__restrict__ O_ptr) {
  __shared__ __align__(64) half sh[64];
  int tx = threadIdx.x;
  half h = __int2half_rn(tx);
  sh[tx] = h;
  __syncthreads();
  __nv_bfloat16 b = __float2bfloat16(__half2float(sh[63 - tx]));
  int n = (int)__bfloat162float(b);
  unsigned char u = (unsigned char)(n + 192);
  bool p = (int)u - 192 + tx == 63;
  float4 v = *(const float4 *)(A_ptr + tx * 4);
  if (p) *(float4 *)(O_ptr + tx * 4) = v;
}
