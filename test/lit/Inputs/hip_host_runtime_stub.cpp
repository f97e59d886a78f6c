// A do-nothing HIP host runtime: just what a HIP executable built with
// clang -x hip links against, so tests can build real executables (with a
// .hip_fatbin section) on machines without ROCm. Nothing here runs a kernel.
#include <cstddef>

struct dim3 {
  unsigned x, y, z;
};
typedef struct ihipStream_t *hipStream_t;

extern "C" {
void **__hipRegisterFatBinary(const void *) { static void *handle; return &handle; }
void __hipRegisterFunction(void **, const void *, char *, const char *, unsigned, void *, void *,
                           void *, void *, int *) {}
void __hipRegisterVar(void **, void *, char *, const char *, int, size_t, int, int) {}
void __hipRegisterManagedVar(void *, void **, void *, const char *, size_t, unsigned) {}
void __hipUnregisterFatBinary(void **) {}
int hipLaunchKernel(const void *, dim3, dim3, void **, size_t, hipStream_t) { return 0; }
unsigned __hipPushCallConfiguration(dim3, dim3, size_t, hipStream_t) { return 0; }
int __hipPopCallConfiguration(dim3 *, dim3 *, size_t *, hipStream_t *) { return 0; }
}

int main() { return 0; }
