// What opcheck adds to a model's report for an operational run, after
// herd's block: exploration figures, hangs, a witness trace, a note when a
// limit stopped the exploration. Each herd-format line starts with a keyword
// of its own (Explored, Hangs, Hang, Witness, Stopped), so that tools that
// read herd's output skip them (docs/architecture.md "Command line").
#pragma once

#include <string>
#include <string_view>

#include "litmus/JsonPrinter.h"
#include "litmus/Test.h"
#include "opsem/OperationalModel.h"

namespace opcheck::cli {

std::string operationalHerdLines(const litmus::Test& test, const opsem::OperationalResult& result);

// The same facts added to the test's JSON object (docs/json.md):
// "exploration": {...}, "hang_states": N, "hang_trace": [...], "witness": [...].
void addOperationalJson(litmus::Json& object, const opsem::OperationalResult& result);

// The run's outcome, its "stopped" set when a limit cut the exploration (so
// that the herd text says "??" and JSON "partial": true).
litmus::Outcome reportedOutcome(const opsem::OperationalResult& result);

// "at the time limit" and so on, for a sentence about a stop: STOPPED as
// litmus::Outcome::stopped names the limit ("max-candidates", "max-states",
// "timeout", "interrupted").
std::string stopPhrase(std::string_view stopped);

// A warning for standard error when a limit cut the exploration; empty
// otherwise.
std::string operationalWarning(const std::string& file, const opsem::OperationalResult& result);

}  // namespace opcheck::cli
