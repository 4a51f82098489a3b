// What opcheck adds to a model's report for an operational run, after
// herd's block: exploration figures, hangs, a witness trace, a note when a
// limit stopped the exploration. Each herd-format line starts with a keyword
// of its own (Explored, Hangs, Hang, Witness, Stopped), so that tools that
// read herd's output skip them (design.md "Command line").
#pragma once

#include <string>

#include "litmus/Test.h"
#include "opsem/OperationalModel.h"

namespace opcheck::cli {

std::string operationalHerdLines(const litmus::Test& test, const opsem::OperationalResult& result);

// The same facts as JSON object members, to splice into the test's object:
// "exploration": {...}, "hangs": ..., "witness": [...].
std::string operationalJsonMembers(const opsem::OperationalResult& result);

// A warning for standard error when a limit cut the exploration; empty
// otherwise.
std::string operationalWarning(const std::string& file, const opsem::OperationalResult& result);

}  // namespace opcheck::cli
