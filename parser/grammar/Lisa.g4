// herd's LISA dialect, as far as the GPU tests use it: "w[] x 1",
// "r[] r0 y", "f[gpu]", and "scopes:" for the scope tree.
parser grammar Lisa;
options { tokenVocab = LitmusLexer; }

lisaTest
    : LISA testName preamble? initialState threadHeader lisaRow*
      SCOPES COLON scopeTree+ locationsClause? finalCondition EOF
    ;

lisaRow : lisaCell (PIPE lisaCell)* SEMI ;

lisaCell : label? lisaInstruction? ;

// kind[annotation] operands: w[] x 1 (write), r[] r0 y (read), f[gpu] (fence).
lisaInstruction : IDENTIFIER LBRACKET IDENTIFIER? RBRACKET lisaOperand* ;

lisaOperand : IDENTIFIER | INTEGER ;
