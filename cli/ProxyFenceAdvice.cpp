#include "cli/ProxyFenceAdvice.h"

#include <set>

#include "litmus/AsyncOperations.h"
#include "litmus/Proxies.h"
#include "litmus/SharedStateSpace.h"

namespace opcheck::cli {

namespace {

// The state spaces of TEST's bi-directional fence.proxy.async.space fences.
std::set<litmus::StateSpace> restrictedFenceSpaces(const litmus::Test& test) {
  std::set<litmus::StateSpace> spaces;
  for (const litmus::Thread& thread : test.threads) {
    for (const litmus::Instruction& instruction : thread.instructions) {
      if (litmus::kindOf(instruction.opcode) == litmus::InstructionKind::ProxyFence &&
          instruction.proxy == litmus::Proxy::Async &&
          instruction.stateSpace != litmus::StateSpace::Generic &&
          !litmus::isUniDirectionalProxyFence(instruction)) {
        spaces.insert(instruction.stateSpace);
      }
    }
  }
  return spaces;
}

}  // namespace

std::string restrictedProxyFenceAdvice(const litmus::Test& test, litmus::LocationId location) {
  const std::set<litmus::StateSpace> spaces = restrictedFenceSpaces(test);
  if (spaces.empty()) {
    return "";
  }
  std::string named;
  for (const litmus::StateSpace space : spaces) {
    named += (named.empty() ? "fence.proxy.async." : " and fence.proxy.async.") +
             std::string(litmus::spelling(space));
  }
  // The same reading of a location's state space as the ptx model's
  // (litmus/SharedStateSpace.h).
  const litmus::SharedHome home = litmus::sharedHomes(test)[litmus::virtualAddress(test, location)];
  const std::string& name = test.locations[location].name;
  std::string fix;
  if (home.global) {
    fix = name + " is .global: fence.proxy.async.global or fence.proxy.async orders it";
  } else if (home.cta != litmus::SharedHome::kNone) {
    fix = name + " is in CTA " + std::to_string(home.cta) +
          "'s .shared::cta: fence.proxy.async.shared::cta in that CTA, fence.proxy.async.shared::cluster in "
          "its cluster, or fence.proxy.async orders it";
  } else if (home.cluster != litmus::SharedHome::kNone) {
    fix = name + " is in cluster " + std::to_string(home.cluster) +
          "'s .shared::cluster: fence.proxy.async.shared::cluster in that cluster or fence.proxy.async "
          "orders it";
  } else {
    fix = "no instruction names the state space of " + name + " (or two name different ones): only " +
          "fence.proxy.async orders it";
  }
  return " (" + named + " orders only the accesses to a location certainly in its state space; " + fix + ")";
}

}  // namespace opcheck::cli
