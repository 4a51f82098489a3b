// One parser for every dialect: each dialect's grammar file holds its test
// layout and this grammar imports them with the shared parts. The parser is
// started at gpuPtxTest, ptxTest or lisaTest after reading the first word.
parser grammar LitmusParser;
options { tokenVocab = LitmusLexer; }
import GpuPtx, Ptx, Lisa, LitmusCommon;

// ANTLR wants one rule that no other rule references; the driver never
// starts here, it starts at the dialect's own rule.
anyTest : gpuPtxTest | ptxTest | lisaTest ;
