// LitmusParser's parse trees (GPU_PTX, PTX, LISA) made parser/LitmusSyntax.h's
// values, the builder's input.
#pragma once

#include "LitmusParser.h"
#include "parser/LitmusSyntax.h"

namespace opcheck::parser {

LitmusSyntax gpuPtxSyntax(LitmusParser::GpuPtxTestContext& tree);
LitmusSyntax ptxSyntax(LitmusParser::PtxTestContext& tree);
LitmusSyntax lisaSyntax(LitmusParser::LisaTestContext& tree);

}  // namespace opcheck::parser
