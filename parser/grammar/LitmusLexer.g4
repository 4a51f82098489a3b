// Tokens shared by every litmus dialect opcheck reads (herd's GPU_PTX,
// the modern PTX dialect, herd's LISA).
//
// Instruction mnemonics are lexed whole ("ld.relaxed.gpu"), and their
// qualifiers are decoded against the opcode table in litmus/, not here: the
// grammar knows the shape of a test, the table knows PTX. Scope-tree levels,
// state spaces and placement words (cta, gpu, global, ...) are identifiers
// for the same reason, so a location may be called "global" or "cta".
lexer grammar LitmusLexer;

// The dialect keyword opens the test; the test's name follows on the same
// line and may hold any printable character but "{" ("2+2W+fencecta+01-cta").
GPU_PTX : 'GPU_PTX' -> pushMode(TEST_NAME_MODE) ;
PTX     : 'PTX' -> pushMode(TEST_NAME_MODE) ;
LISA    : 'LISA' -> pushMode(TEST_NAME_MODE) ;

EXISTS     : 'exists' ;
FORALL     : 'forall' ;
FILTER     : 'filter' ;
LOCATIONS  : 'locations' ;
SCOPE_TREE : 'scopeTree' ;
SCOPES     : 'scopes' ;
ALIASES    : 'aliases' ;
TRUE       : 'true' ;
FALSE      : 'false' ;

AND      : '/\\' ;
OR       : '\\/' ;
TILDE    : '~' ;
EQUAL    : '==' ;
NOT_EQUAL: '!=' ;
ASSIGN   : '=' ;
BANG     : '!' ;
AT       : '@' ;
COLON    : ':' ;
SEMI     : ';' ;
COMMA    : ',' ;
PIPE     : '|' ;
LPAREN   : '(' ;
RPAREN   : ')' ;
LBRACKET : '[' ;
RBRACKET : ']' ;
LBRACE   : '{' ;
RBRACE   : '}' ;

// "ld.cg.s32", "membar.gl", "atom.relaxed.gpu.cas": a name with qualifiers;
// a qualifier may hold "::" ("cp.async.bulk.shared::cta.global", PTX ISA 9.1
// 9.7.9.25.4.1), which a label or thread prefix (one ':' after a name with
// no dot) never does.
QUALIFIED_NAME : NAME_START NAME_PART* ('.' NAME_PART+ ('::' NAME_PART+)*)+ ;
// ".reg", ".s32", ".b64" in GPU_PTX register declarations.
DOT_NAME : '.' NAME_PART+ ;
IDENTIFIER : NAME_START NAME_PART* ;
INTEGER : '-'? [0-9]+ | '0' [xX] [0-9a-fA-F]+ ;

COMMENT : '(*' .*? '*)' -> skip ;
// A comment that is never closed: one token running to the end of the file
// (it cannot hold "*)", so a closed comment is always the longer match), so
// that the error says what is wrong instead of complaining about a stray '('.
UNCLOSED_COMMENT : '(*' ( ~'*' | '*'+ ~[*)] )* '*'* ;
WHITESPACE : [ \t\r\n\f]+ -> skip ;

// Anything else reaches the parser as one token, so that the error names it
// with its position instead of a bare lexer complaint.
UNEXPECTED_CHARACTER : . ;

fragment NAME_START : [a-zA-Z_%$] ;
fragment NAME_PART : [a-zA-Z0-9_$] ;

mode TEST_NAME_MODE;
TEST_NAME_SPACE : [ \t]+ -> skip ;
TEST_NAME : ~[ \t\r\n{]+ -> mode(PREAMBLE_MODE) ;
// A line break before any name: the parser reports the missing name.
TEST_NAME_MISSING : [\r\n] -> mode(PREAMBLE_MODE), skip ;
TEST_NAME_BRACE : '{' -> type(LBRACE), popMode ;

// Between the name and the initial state's "{" lies free text: herd's
// quoted doc lines, which Dat3M's tests fill with notes that hold quotes of
// their own. It is kept whole, as written.
mode PREAMBLE_MODE;
PREAMBLE : ~'{'+ ;
PREAMBLE_END : '{' -> type(LBRACE), popMode ;
