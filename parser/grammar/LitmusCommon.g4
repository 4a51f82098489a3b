// The parts every dialect shares: the initial-state block, the program
// table, scope trees, the memory map and the final condition (herd's
// syntax for each). It takes the token vocabulary of the grammar that
// imports it (LitmusLexer's, or CLitmusLexer's, which names the condition's
// tokens the same way), so it names none itself.
parser grammar LitmusCommon;

testName : TEST_NAME ;

// Everything between the name and the initial state (doc strings, notes).
preamble : PREAMBLE ;

// { x=0; P1:r0=0; 0:.reg .b64 r1 = x; rd2 @ constant aliases rd1; }
initialState : LBRACE (initialEntry | SEMI | COMMA)* RBRACE ;

initialEntry
    : threadPrefix? DOT_NAME DOT_NAME IDENTIFIER (ASSIGN initialValue)?  # registerDeclaration
    | threadPrefix IDENTIFIER ASSIGN initialValue                       # registerInitialValue
    | IDENTIFIER ASSIGN initialValue                                    # locationInitialValue
    | IDENTIFIER AT IDENTIFIER ALIASES IDENTIFIER                       # locationAlias
    ;

// "P1:" or "1:".
threadPrefix : (IDENTIFIER | INTEGER) COLON ;

initialValue : INTEGER | IDENTIFIER ;

// One column per thread: "P0 | P1 ;" or "P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;".
threadHeader : threadName (PIPE threadName)* SEMI ;

threadName : IDENTIFIER placement? ;

placement : AT placementCoordinate (COMMA placementCoordinate)* ;

placementCoordinate : IDENTIFIER INTEGER ;

// The program table: one row per line, cells separated by "|", ";" ends a row.
programRow : programCell (PIPE programCell)* SEMI ;

programCell : label? instruction? ;

label : IDENTIFIER COLON ;

instruction : guard? mnemonic (operand (COMMA operand)*)? ;

// "@p0" or "@!p0": the instruction runs only when the predicate holds (fails).
guard : AT BANG? IDENTIFIER ;

mnemonic : QUALIFIED_NAME | IDENTIFIER ;

operand
    : INTEGER                        # immediateOperand
    | IDENTIFIER                     # nameOperand
    | LBRACKET IDENTIFIER RBRACKET   # indirectOperand
    ;

// (device (kernel (cta (warp P0)) ...)), (device (cta P0 P1) (cta P2)),
// (system (gpu (cta P0))): the level words are checked by the builder.
scopeTree : LPAREN IDENTIFIER scopeTreeItem* RPAREN ;

scopeTreeItem : scopeTree | IDENTIFIER ;

// x: global, y: shared
memoryMap : memoryMapEntry (COMMA memoryMapEntry)* ;

memoryMapEntry : IDENTIFIER COLON IDENTIFIER ;

// locations [x; 0:r0;]
locationsClause : LOCATIONS LBRACKET (conditionTerm | SEMI)* RBRACKET ;

finalCondition : filterClause? quantifier proposition ;

filterClause : FILTER proposition ;

quantifier
    : EXISTS         # existsQuantifier
    | TILDE EXISTS   # notExistsQuantifier
    | FORALL         # forallQuantifier
    ;

proposition : conjunction (OR conjunction)* ;

conjunction : negation (AND negation)* ;

negation
    : TILDE negation                 # notProposition
    | LPAREN proposition RPAREN      # parenthesizedProposition
    | conditionTerm comparison conditionTerm  # comparisonProposition
    | TRUE                           # trueProposition
    | FALSE                          # falseProposition
    ;

comparison : EQUAL | ASSIGN | NOT_EQUAL ;

// "1:r0", "P1:r0", "x", "1".
conditionTerm
    : threadPrefix IDENTIFIER   # registerTerm
    | IDENTIFIER                # locationTerm
    | INTEGER                   # integerTerm
    ;
