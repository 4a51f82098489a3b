// Tokens of herd's C litmus tests (herdtools7 lib/CLexer.mll gives the
// forms): C's operators and comments, and the condition's words and
// connectives, named as LitmusLexer names them so that the shared rules of
// LitmusCommon.g4 read the condition of a C test too.
//
// C keywords and builtins (if aside) are names here: the reader refuses the
// statements opcheck does not read (while, for, ...) by name before
// parsing, and the builder knows the atomic builtins, memory orders and
// scopes, so that an unknown one is named in the error.
lexer grammar CLitmusLexer;

// LitmusCommon.g4 names these for the other dialects; no C test holds one.
tokens { DOT_NAME, QUALIFIED_NAME, ALIASES }

// Before the name: only the dialect word "C" (the reader has checked it),
// with comments and white space around it.
C_DIALECT : 'C' -> mode(TEST_NAME_MODE) ;
START_COMMENT : ('(*' .*? '*)' | '//' ~[\r\n]* | '/*' .*? '*/') -> skip ;
START_SPACE : [ \t\r\n\f]+ -> skip ;
START_OTHER : . -> type(UNEXPECTED_CHARACTER) ;

mode TEST_NAME_MODE;
TEST_NAME_SPACE : [ \t]+ -> skip ;
TEST_NAME : ~[ \t\r\n{]+ -> mode(PREAMBLE_MODE) ;
TEST_NAME_MISSING : [\r\n] -> mode(PREAMBLE_MODE), skip ;
TEST_NAME_BRACE : '{' -> type(LBRACE), mode(CODE_MODE) ;

// herd's quoted doc lines, kept whole as in the other dialects.
mode PREAMBLE_MODE;
PREAMBLE : ~'{'+ ;
PREAMBLE_END : '{' -> type(LBRACE), mode(CODE_MODE) ;

// The initial state, the threads and the condition.
mode CODE_MODE;
EXISTS    : 'exists' ;
FORALL    : 'forall' ;
FILTER    : 'filter' ;
LOCATIONS : 'locations' ;
TRUE      : 'true' ;
FALSE     : 'false' ;
IF        : 'if' ;
ELSE      : 'else' ;

AND           : '/\\' ;
OR            : '\\/' ;
LOGICAL_AND   : '&&' ;
LOGICAL_OR    : '||' ;
TILDE         : '~' ;
EQUAL         : '==' ;
NOT_EQUAL     : '!=' ;
LESS_EQUAL    : '<=' ;
GREATER_EQUAL : '>=' ;
LESS          : '<' ;
GREATER       : '>' ;
ASSIGN        : '=' ;
BANG          : '!' ;
AT            : '@' ;
COLON         : ':' ;
SEMI          : ';' ;
COMMA         : ',' ;
PIPE          : '|' ;
AMPERSAND     : '&' ;
CARET         : '^' ;
PLUS          : '+' ;
MINUS         : '-' ;
STAR          : '*' ;
SLASH         : '/' ;
PERCENT       : '%' ;
LPAREN        : '(' ;
RPAREN        : ')' ;
LBRACKET      : '[' ;
RBRACKET      : ']' ;
LBRACE        : '{' ;
RBRACE        : '}' ;

IDENTIFIER : [a-zA-Z_] [a-zA-Z0-9_]* ;
// A sign belongs to the number, as in herd's C lexer: "r0 - 1" subtracts,
// "r0-1" is a name and a number.
INTEGER : '-'? [0-9]+ | '0' [xX] [0-9a-fA-F]+ ;

LINE_COMMENT : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
// Never closed: one token to the end of the file, so that the error says so.
UNCLOSED_COMMENT : '/*' ( ~'*' | '*'+ ~[*/] )* '*'* ;
WHITESPACE : [ \t\r\n\f]+ -> skip ;
UNEXPECTED_CHARACTER : . ;
