// arch: compute_52
extern "C" __global__ void threshold(const unsigned char* in, unsigned char* out, int w, int h, int pitch, unsigned char t) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * pitch + x] = in[y * pitch + x] > t ? 255 : 0;
}
