// herd's 2015 GPU_PTX dialect (seed 000 Fig. 12): typed register
// declarations, [r] addressing, a scopeTree and a memory map.
parser grammar GpuPtx;
options { tokenVocab = LitmusLexer; }

gpuPtxTest
    : GPU_PTX testName preamble? initialState threadHeader programRow*
      SCOPE_TREE scopeTree+ memoryMap? locationsClause? finalCondition EOF
    ;
