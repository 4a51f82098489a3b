// What races says of a missing-proxy-fence race in a test that has
// fence.proxy.async with a state space: which fence would order the
// location's accesses (docs/races.md "Race classes").
#pragma once

#include <string>

#include "litmus/Test.h"

namespace opcheck::cli {

// "" when TEST has no fence.proxy.async.space; otherwise a parenthesized
// note that says in which state space opcheck knows LOCATION to be, and
// the fences that order its accesses across the proxies (PTX ISA 9.1
// 9.7.13.4: "The memory ordering is limited only to operations performed on
// objects in the state space specified").
std::string restrictedProxyFenceAdvice(const litmus::Test& test, litmus::LocationId location);

}  // namespace opcheck::cli
