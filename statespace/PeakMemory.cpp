#include <fstream>
#include <string>

#include "statespace/Exploration.h"

namespace opcheck::statespace {

namespace {

// FIELD's value in /proc/self/status (proc(5)), in bytes; 0 where the system
// does not say.
std::uint64_t statusBytes(const std::string& field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind(field, 0) == 0) {
      return std::stoull(line.substr(field.size())) * 1024;  // the kernel reports kB
    }
  }
  return 0;
}

}  // namespace

std::uint64_t peakResidentBytes() { return statusBytes("VmHWM:"); }

std::uint64_t residentBytes() { return statusBytes("VmRSS:"); }

}  // namespace opcheck::statespace
