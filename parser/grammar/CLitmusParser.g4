// herd's C litmus tests: "C NAME", an initial state, one function per
// thread, and the condition of LitmusCommon.g4. The statements are those of
// herd's C parser (herdtools7 lib/CParser.mly) that opcheck lowers onto its
// instructions (docs/dialects.md "C"); the builder checks names, memory
// orders and scopes. opcheck's extension: "P0@cta 0,gpu 0" placements.
parser grammar CLitmusParser;
options { tokenVocab = CLitmusLexer; }
import LitmusCommon;

// herd reads a test without a condition as "forall (true)".
cTest : C_DIALECT testName preamble? cInitialState cThread* locationsClause? finalCondition? EOF ;

// { x = 0; [y] = 1; atomic_int z = 2; int w; 0:r0 = 1; }
cInitialState : LBRACE (cInitialEntry | SEMI)* RBRACE ;

cInitialEntry
    : threadPrefix IDENTIFIER ASSIGN INTEGER                              # cRegisterInitialValue
    | IDENTIFIER* STAR? cInitialTarget (ASSIGN cInitialValue)?            # cLocationInitialValue
    ;

cInitialTarget : IDENTIFIER | LBRACKET IDENTIFIER RBRACKET ;

cInitialValue : INTEGER | AMPERSAND? IDENTIFIER ;

// P0 (atomic_int* x, volatile int* y) { ... }, with "void" before it or not.
cThread : (IDENTIFIER STAR?)? IDENTIFIER placement? LPAREN (cParameter (COMMA cParameter)*)? RPAREN cBlock ;

cParameter : IDENTIFIER+ STAR IDENTIFIER ;

cBlock : LBRACE cStatement* RBRACE ;

cStatement
    : IDENTIFIER IDENTIFIER (ASSIGN cExpression)? SEMI                   # cDeclaration
    | IDENTIFIER ASSIGN cExpression SEMI                                 # cAssignment
    | STAR cAddress ASSIGN cExpression SEMI                              # cPlainStore
    | cCall SEMI                                                         # cCallStatement
    | IF LPAREN cExpression RPAREN cStatement (ELSE cStatement)?         # cIf
    | cBlock                                                             # cNestedBlock
    | SEMI                                                               # cEmptyStatement
    ;

// What follows a "*": a location, or an address computed (refused).
cAddress
    : IDENTIFIER                    # cNamedAddress
    | LPAREN cExpression RPAREN     # cComputedAddress
    ;

cExpression
    : cCall                                 # cCallExpression
    | STAR cAddress                         # cDereference
    | cOperand (cOperator cOperand)*        # cArithmetic
    | LPAREN cExpression RPAREN             # cParenthesized
    ;

cOperand : IDENTIFIER | INTEGER ;

cOperator
    : PLUS | MINUS | AMPERSAND | PIPE | CARET | STAR | SLASH | PERCENT
    | EQUAL | NOT_EQUAL | LESS | LESS_EQUAL | GREATER | GREATER_EQUAL
    | LOGICAL_AND | LOGICAL_OR
    ;

cCall : IDENTIFIER LPAREN (cArgument (COMMA cArgument)*)? RPAREN ;

cArgument : IDENTIFIER | INTEGER | AMPERSAND IDENTIFIER | STAR IDENTIFIER ;
