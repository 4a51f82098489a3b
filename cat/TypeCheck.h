// The static pass over a cat model once read (CatReader.h): every
// expression is a set or a relation (herd's typing: `;`, `+`, `*`, `?`,
// `^-1` take relations, `[S]`, `S * T`, domain and range turn sets into
// relations and back, `|`, `&`, `\`, `~` keep their operands' type), and
// every `let` and check is marked dynamic when it reads co or the Fence-SC
// order (computed again for each choice of them; the others once per rf).
#pragma once

#include "cat/CatProgram.h"

namespace opcheck::cat {

// Throws litmus::InputError at the first expression of the wrong type.
void typeCheck(CatProgram& program);

}  // namespace opcheck::cat
