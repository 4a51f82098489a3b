#include <fstream>
#include <string>

#include "statespace/Exploration.h"

namespace opcheck::statespace {

std::uint64_t peakResidentBytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmHWM:", 0) == 0) {
      return std::stoull(line.substr(6)) * 1024;  // the kernel reports kB
    }
  }
  return 0;
}

}  // namespace opcheck::statespace
