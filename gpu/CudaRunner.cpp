#include "gpu/CudaRunner.h"

#include <dlfcn.h>

#include <chrono>
#include <cstring>
#include <random>

#include "gpu/Placement.h"
#include "litmus/FinalState.h"

namespace opcheck::gpu {

// The driver API's types and entry points as the CUDA Driver API reference
// documents them (CUresult is an int; handles are pointers; CUdevice an
// int; CUdeviceptr a 64-bit integer on 64-bit hosts).
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = void*;
using CUmodule = void*;
using CUfunction = void*;
using CUstream = void*;
using CUlinkState = void*;

// CUdevice_attribute and CUjit_option values (CUDA Driver API, "Data types").
constexpr int kMultiprocessorCount = 16;
constexpr int kComputeCapabilityMajor = 75;
constexpr int kComputeCapabilityMinor = 76;
constexpr int kJitErrorLogBuffer = 5;
constexpr int kJitErrorLogBufferSizeBytes = 6;
constexpr int kJitInputPtx = 1;  // CUjitInputType CU_JIT_INPUT_PTX

struct CudaDevice::Api {
  void* library = nullptr;
  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDriverGetVersion)(int*) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice*, int) = nullptr;
  CUresult (*cuDeviceGetName)(char*, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice) = nullptr;
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuModuleLoadDataEx)(CUmodule*, const void*, unsigned, int*, void**) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr*, std::size_t) = nullptr;
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void*, std::size_t) = nullptr;
  CUresult (*cuMemcpyDtoH)(void*, CUdeviceptr, std::size_t) = nullptr;
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, std::size_t) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             CUstream, void**, void**) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char**) = nullptr;
  CUresult (*cuLinkCreate)(unsigned, int*, void**, CUlinkState*) = nullptr;
  CUresult (*cuLinkAddData)(CUlinkState, int, void*, std::size_t, const char*, unsigned, int*,
                            void**) = nullptr;
  CUresult (*cuLinkComplete)(CUlinkState, void**, std::size_t*) = nullptr;
  CUresult (*cuLinkDestroy)(CUlinkState) = nullptr;
  std::string libraryName;
  CUdevice device = 0;
  CUcontext context = nullptr;
  bool contextRetained = false;

  template <typename Function>
  void bind(Function& function, const char* symbol) {
    function = reinterpret_cast<Function>(dlsym(library, symbol));
    if (function == nullptr) {
      throw DriverError(libraryName + " has no " + symbol + ": not a CUDA driver this runner knows");
    }
  }

  void check(CUresult result, const std::string& what) const {
    if (result == 0) {
      return;
    }
    const char* text = nullptr;
    std::string message = "CUDA error " + std::to_string(result);
    if (cuGetErrorString != nullptr && cuGetErrorString(result, &text) == 0 && text != nullptr) {
      message += " (" + std::string(text) + ")";
    }
    throw DriverError(what + ": " + message);
  }
};

namespace {

// Device memory freed on every path.
class DeviceBuffer {
 public:
  DeviceBuffer(const CudaDevice::Api& api, std::size_t bytes)
      : api_(api), bytes_(std::max<std::size_t>(bytes, 8)) {
    api_.check(api_.cuMemAlloc(&address_, bytes_), "cuMemAlloc");
  }
  ~DeviceBuffer() { api_.cuMemFree(address_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  CUdeviceptr address() const { return address_; }
  std::size_t bytes() const { return bytes_; }

 private:
  const CudaDevice::Api& api_;
  std::size_t bytes_;
  CUdeviceptr address_ = 0;
};

// A value read back: the address of one of the instance's locations, or
// an integer.
litmus::Value decode(std::int64_t raw, CUdeviceptr instanceBase, const Harness& harness) {
  const auto offset = static_cast<std::uint64_t>(raw) - instanceBase;
  const std::uint64_t stride = 8ull * harness.locationStride;
  if (static_cast<std::uint64_t>(raw) >= instanceBase && offset % stride == 0 &&
      offset / stride < harness.locations) {
    return litmus::Value::ofAddress(static_cast<litmus::LocationId>(offset / stride));
  }
  return litmus::Value::ofInteger(raw);
}

std::int64_t cellValue(std::uint64_t cell, const CellFormat& format) {
  if (format.bytes == 4) {
    const auto low = static_cast<std::uint32_t>(cell);
    return format.isSigned ? static_cast<std::int64_t>(static_cast<std::int32_t>(low)) : std::int64_t{low};
  }
  return static_cast<std::int64_t>(cell);
}

}  // namespace

std::unique_ptr<CudaDevice> CudaDevice::open(const std::string& library) {
  std::unique_ptr<CudaDevice> device(new CudaDevice());
  device->api_ = std::make_unique<Api>();
  Api& api = *device->api_;
  api.libraryName = library;
  api.library = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (api.library == nullptr) {
    const char* why = dlerror();
    throw DriverError(
        "cannot open the CUDA driver " + library + " (" + (why != nullptr ? why : "unknown reason") +
        "): opcheck gpu runs tests on an NVIDIA GPU through its driver; --emit-ptx DIR writes the "
        "harnesses without running them");
  }
  // The _v2 entry points are the 64-bit ones the CUDA headers map the
  // plain names to.
  api.bind(api.cuGetErrorString, "cuGetErrorString");
  api.bind(api.cuInit, "cuInit");
  api.bind(api.cuDriverGetVersion, "cuDriverGetVersion");
  api.bind(api.cuDeviceGet, "cuDeviceGet");
  api.bind(api.cuDeviceGetName, "cuDeviceGetName");
  api.bind(api.cuDeviceGetAttribute, "cuDeviceGetAttribute");
  api.bind(api.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  api.bind(api.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
  api.bind(api.cuCtxSetCurrent, "cuCtxSetCurrent");
  api.bind(api.cuCtxSynchronize, "cuCtxSynchronize");
  api.bind(api.cuModuleLoadDataEx, "cuModuleLoadDataEx");
  api.bind(api.cuModuleUnload, "cuModuleUnload");
  api.bind(api.cuModuleGetFunction, "cuModuleGetFunction");
  api.bind(api.cuMemAlloc, "cuMemAlloc_v2");
  api.bind(api.cuMemFree, "cuMemFree_v2");
  api.bind(api.cuMemcpyHtoD, "cuMemcpyHtoD_v2");
  api.bind(api.cuMemcpyDtoH, "cuMemcpyDtoH_v2");
  api.bind(api.cuMemsetD8, "cuMemsetD8_v2");
  api.bind(api.cuLaunchKernel, "cuLaunchKernel");
  api.bind(api.cuLinkCreate, "cuLinkCreate_v2");
  api.bind(api.cuLinkAddData, "cuLinkAddData_v2");
  api.bind(api.cuLinkComplete, "cuLinkComplete");
  api.bind(api.cuLinkDestroy, "cuLinkDestroy");
  api.check(api.cuInit(0), "cuInit (is an NVIDIA GPU present?)");
  api.check(api.cuDeviceGet(&api.device, 0), "cuDeviceGet");
  int major = 0;
  int minor = 0;
  api.check(api.cuDeviceGetAttribute(&major, kComputeCapabilityMajor, api.device), "cuDeviceGetAttribute");
  api.check(api.cuDeviceGetAttribute(&minor, kComputeCapabilityMinor, api.device), "cuDeviceGetAttribute");
  if (major < 9) {
    throw DriverError(device->name() + " has compute capability " + std::to_string(major) + "." +
                      std::to_string(minor) + "; the harness targets sm_90 (Hopper) or later");
  }
  api.check(api.cuDevicePrimaryCtxRetain(&api.context, api.device), "cuDevicePrimaryCtxRetain");
  api.contextRetained = true;
  api.check(api.cuCtxSetCurrent(api.context), "cuCtxSetCurrent");
  return device;
}

CudaDevice::~CudaDevice() {
  if (api_ && api_->contextRetained) {
    api_->cuDevicePrimaryCtxRelease(api_->device);
  }
  if (api_ && api_->library != nullptr) {
    dlclose(api_->library);
  }
}

std::string CudaDevice::name() const {
  char name[256] = {};
  api_->check(api_->cuDeviceGetName(name, sizeof name - 1, api_->device), "cuDeviceGetName");
  return name;
}

DeviceRun CudaDevice::run(const litmus::Test& test, const Harness& harness, const RunSettings& settings) {
  const Api& api = *api_;
  const auto start = std::chrono::steady_clock::now();
  DeviceRun result;
  result.description.chip = name();
  int version = 0;
  api.check(api.cuDriverGetVersion(&version), "cuDriverGetVersion");
  result.description.driver = std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
  result.description.incantations = describe(harness.incantations);

  // The driver compiles the PTX into a cubin (its JIT: ptxas inside),
  // kept so that its SASS can be checked (seed 000 Sec. 4.4), and loads
  // that cubin: what is checked is what runs.
  std::string log(16384, '\0');
  int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes};
  void* values[] = {log.data(), reinterpret_cast<void*>(static_cast<std::uintptr_t>(log.size()))};
  CUlinkState link = nullptr;
  api.check(api.cuLinkCreate(2, options, values, &link), "cuLinkCreate");
  struct LinkGuard {
    const Api& api;
    CUlinkState link;
    ~LinkGuard() { api.cuLinkDestroy(link); }
  } linkGuard{api, link};
  std::string ptx = harness.ptx;
  void* cubin = nullptr;
  std::size_t cubinSize = 0;
  CUresult compiled =
      api.cuLinkAddData(link, kJitInputPtx, ptx.data(), ptx.size() + 1, "harness.ptx", 0, nullptr, nullptr);
  if (compiled == 0) {
    compiled = api.cuLinkComplete(link, &cubin, &cubinSize);
  }
  if (compiled != 0) {
    log.resize(std::strlen(log.c_str()));
    try {
      api.check(compiled, "the driver rejected the harness of " + test.name);
    } catch (const DriverError& error) {
      throw DriverError(error.what() + (log.empty() ? std::string() : "\n" + log));
    }
  }
  result.cubin.assign(static_cast<const char*>(cubin), cubinSize);
  CUmodule module = nullptr;
  api.check(api.cuModuleLoadDataEx(&module, result.cubin.data(), 0, nullptr, nullptr), "cuModuleLoadDataEx");
  struct ModuleGuard {
    const Api& api;
    CUmodule module;
    ~ModuleGuard() { api.cuModuleUnload(module); }
  } guard{api, module};
  CUfunction kernel = nullptr;
  api.check(api.cuModuleGetFunction(&kernel, module, harness.kernel.c_str()), "cuModuleGetFunction");

  unsigned ctas = settings.ctas;
  if (ctas == 0) {
    int processors = 0;
    api.check(api.cuDeviceGetAttribute(&processors, kMultiprocessorCount, api.device),
              "cuDeviceGetAttribute");
    ctas = static_cast<unsigned>(processors);
  }
  ctas = std::max(ctas - ctas % harness.clusterSize, harness.clusterSize);
  const Launch largest = placeInstances(test, harness, ctas, 0xFFFFFF, nullptr);
  if (largest.instances == 0) {
    throw DriverError("no instance of " + test.name + " fits in " + std::to_string(ctas) + " CTAs");
  }
  const std::size_t instanceCells = std::size_t{harness.locationStride} * std::max(harness.locations, 1u);
  DeviceBuffer roles(api, largest.roles.size() * 4);
  DeviceBuffer locations(api, largest.instances * instanceCells * 8);
  DeviceBuffer results(api, std::size_t{largest.instances} * harness.resultSlots * 8);
  DeviceBuffer starts(api, std::size_t{largest.instances} * 4);
  DeviceBuffer stress(api, 4096 * 4);

  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  std::mt19937_64 random(settings.seed);
  std::vector<std::uint64_t> cells(largest.instances * instanceCells);
  std::vector<std::uint64_t> records(std::size_t{largest.instances} * harness.resultSlots);
  std::uint64_t done = 0;
  while (done < settings.iterations) {
    const auto wanted =
        static_cast<unsigned>(std::min<std::uint64_t>(settings.iterations - done, largest.instances));
    const Launch launch =
        placeInstances(test, harness, ctas, wanted, harness.incantations.shuffle ? &random : nullptr);
    if (launch.instances == 0) {
      throw DriverError("no instance of " + test.name + " could be placed in " + std::to_string(ctas) +
                        " CTAs");
    }
    // Fresh locations: every instance starts from the initial state.
    std::fill(cells.begin(), cells.end(), 0);
    for (unsigned instance = 0; instance < launch.instances; ++instance) {
      const CUdeviceptr base = locations.address() + 8ull * instance * instanceCells;
      for (std::size_t location = 0; location < test.locations.size(); ++location) {
        const litmus::InitialValue& initial = test.locations[location].initialValue;
        cells[instance * instanceCells + location * harness.locationStride] =
            initial.isAddress ? base + 8ull * harness.locationStride * initial.location
                              : static_cast<std::uint64_t>(initial.integer);
      }
    }
    api.check(api.cuMemcpyHtoD(locations.address(), cells.data(), cells.size() * 8), "cuMemcpyHtoD");
    api.check(api.cuMemcpyHtoD(roles.address(), launch.roles.data(), launch.roles.size() * 4),
              "cuMemcpyHtoD");
    api.check(api.cuMemsetD8(results.address(), 0, results.bytes()), "cuMemsetD8");
    api.check(api.cuMemsetD8(starts.address(), 0, starts.bytes()), "cuMemsetD8");
    CUdeviceptr parameters[] = {roles.address(), locations.address(), results.address(), starts.address(),
                                stress.address()};
    void* arguments[] = {&parameters[0], &parameters[1], &parameters[2], &parameters[3], &parameters[4]};
    api.check(
        api.cuLaunchKernel(kernel, launch.ctas, 1, 1, kThreadsPerCta, 1, 1, 0, nullptr, arguments, nullptr),
        "cuLaunchKernel (" + test.name + ")");
    api.check(api.cuCtxSynchronize(), "the harness of " + test.name + " failed on the device");
    ++result.launches;
    api.check(api.cuMemcpyDtoH(cells.data(), locations.address(), cells.size() * 8), "cuMemcpyDtoH");
    api.check(api.cuMemcpyDtoH(records.data(), results.address(), records.size() * 8), "cuMemcpyDtoH");
    for (unsigned instance = 0; instance < launch.instances; ++instance) {
      const std::uint64_t* record = records.data() + std::size_t{instance} * harness.resultSlots;
      bool late = false;
      for (unsigned thread = 0; thread < harness.threads; ++thread) {
        late = late || record[harness.recordedRegisters.size() + thread] != 0;
      }
      if (late) {
        ++result.histogram.discarded;
        continue;
      }
      const CUdeviceptr base = locations.address() + 8ull * instance * instanceCells;
      litmus::FinalState state;
      std::size_t slot = 0;
      for (const litmus::ConditionTerm& term : terms.terms()) {
        if (term.kind == litmus::ConditionTerm::Kind::Register) {
          state.push_back(decode(static_cast<std::int64_t>(record[slot++]), base, harness));
        } else {
          const std::uint64_t cell = cells[instance * instanceCells + term.index * harness.locationStride];
          const litmus::Value value = decode(static_cast<std::int64_t>(cell), base, harness);
          state.push_back(value.isAddress()
                              ? value
                              : litmus::Value::ofInteger(cellValue(cell, harness.cells[term.index])));
        }
      }
      ++result.histogram.counts[state];
    }
    done += launch.instances;
  }
  result.description.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace opcheck::gpu
