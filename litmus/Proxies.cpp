#include "litmus/Proxies.h"

#include "litmus/Opcode.h"

namespace opcheck::litmus {

Proxy proxyOf(const Instruction& instruction) {
  switch (info(instruction.opcode).proxies) {
    case AccessProxy::Generic:
      return Proxy::Generic;
    case AccessProxy::Constant:
      return Proxy::Constant;
    case AccessProxy::Surface:
      return Proxy::Surface;
    case AccessProxy::Texture:
      return Proxy::Texture;
    case AccessProxy::Async:
      return Proxy::Async;
    case AccessProxy::Qualified:
      return instruction.proxy;
  }
  return Proxy::Generic;
}

LocationId physicalLocation(const Test& test, LocationId location) {
  // A chain longer than the locations is a cycle (a aliases b, b aliases
  // a), which names no memory: it stops there rather than loop.
  for (std::size_t step = 0; step < test.locations.size(); ++step) {
    const std::optional<LocationId>& aliased = test.locations[location].aliasOf;
    if (!aliased) {
      break;
    }
    location = *aliased;
  }
  return location;
}

LocationId virtualAddress(const Test& test, LocationId location) {
  for (std::size_t step = 0; step < test.locations.size(); ++step) {
    const Location& here = test.locations[location];
    if (!here.aliasOf || here.proxy == Proxy::Generic) {
      break;
    }
    location = *here.aliasOf;
  }
  return location;
}

bool usesMixedProxies(const Test& test) {
  for (const Thread& thread : test.threads) {
    for (const Instruction& instruction : thread.instructions) {
      if (isProxyInstruction(instruction.opcode)) {
        return true;
      }
    }
  }
  for (const Location& location : test.locations) {
    if (location.aliasOf) {
      return true;
    }
  }
  return false;
}

}  // namespace opcheck::litmus
