// The modern PTX dialect (Dat3M's): "P0@cta 0,gpu 0" placements, untyped
// registers, locations named directly, labels and branches. It is also
// opcheck's canonical form, so it takes GPU_PTX's optional scopeTree and
// memory map too (the printer writes a test of either dialect in this one).
parser grammar Ptx;
options { tokenVocab = LitmusLexer; }

ptxTest
    : PTX testName preamble? initialState threadHeader programRow*
      (SCOPE_TREE scopeTree+)? memoryMap? locationsClause? finalCondition EOF
    ;
