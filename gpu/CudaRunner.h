// Runs a harness (gpu/Harness.h) on the first CUDA device through the CUDA
// driver API, opened at run time with dlopen: opcheck builds, and runs
// everything else, on machines without the driver. The driver compiles
// the PTX (its JIT, ptxas inside) and hands back the cubin, which runs and
// is kept for the SASS check. Declares the few entry points it calls
// itself, from their documented signatures (CUDA Driver API reference); no
// CUDA header is needed.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "gpu/Harness.h"
#include "gpu/Histogram.h"
#include "litmus/Test.h"

namespace opcheck::gpu {

// The driver could not be opened or used; the message says why.
class DriverError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunSettings {
  std::uint64_t iterations = 100000;  // instances run, counted or discarded
  unsigned ctas = 0;                  // CTAs per launch; 0: one per SM
  std::uint64_t seed = 1;             // of the shuffle incantation's choices
};

struct DeviceRun {
  Histogram histogram;
  RunDescription description;
  std::uint64_t launches = 0;
  std::string cubin;  // the module as the driver compiled it (an ELF file for cuobjdump)
};

class CudaDevice {
 public:
  // Opens LIBRARY (libcuda.so.1 by default) and the first device. Throws
  // DriverError naming LIBRARY when it cannot be opened, lacks an entry
  // point, or finds no device of compute capability 9.0 or more (the
  // harness targets sm_90: clusters).
  static std::unique_ptr<CudaDevice> open(const std::string& library);
  ~CudaDevice();
  CudaDevice(const CudaDevice&) = delete;
  CudaDevice& operator=(const CudaDevice&) = delete;

  std::string name() const;
  // Runs SETTINGS.iterations instances of TEST's HARNESS. Throws
  // DriverError when the driver rejects the module (with its log) or a
  // launch fails.
  DeviceRun run(const litmus::Test& test, const Harness& harness, const RunSettings& settings);

  struct Api;

 private:
  CudaDevice() = default;
  std::unique_ptr<Api> api_;
};

}  // namespace opcheck::gpu
