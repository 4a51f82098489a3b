// A cat model (herd's cat language, read by CatReader.h) as an axiomatic
// model opcheck runs like its built-in ones (axiomcheck/AxiomaticModel.h):
// its checks are the axioms, its flags the flags. Candidates come from
// opcheck's enumerator (rf, values, barriers); the model makes the choices
// its base names need: co (total per location; every partial order when
// the model redefines co, as Dat3M's PTX models do) and, when it reads
// sync_fence, an order of the fence.sc pairs that may synchronize
// (docs/cat.md).
#pragma once

#include <string>

#include "axiomcheck/AxiomaticModel.h"

namespace opcheck::cat {

// The model in FILE, read once and kept for the program's life (as the
// built-in models are). Throws litmus::InputError for a file that cannot be
// read or does not parse.
const axiomcheck::AxiomaticModel& loadCatModel(const std::string& file);

// Whether NAME names a cat file (ends in ".cat").
bool isCatFileName(std::string_view name);

}  // namespace opcheck::cat
