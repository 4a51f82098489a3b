// A PTX module as a compiler writes it (PTX ISA 9.1 Ch. 4 Syntax, 5.1
// Module directives, 7 Functions, 11.1 Register declarations): the header
// (.version, .target, .address_size), variables (5.4), functions and
// kernels with their parameter lists, register declarations, labels and
// instructions. An
// instruction is its mnemonic (one token: "ld.relaxed.gpu.u32"), an
// optional guard and operands; ptxmodule/ModuleReader.cpp decodes the
// mnemonic with the litmus dialect's decoder. Debug lines (.loc, .file) are
// skipped.
grammar PtxModule;

module_ : topItem* EOF ;

topItem
  : '.version' VERSION                                # versionDirective
  | '.target' NAME (',' NAME)*                       # targetDirective
  | '.address_size' NUMBER                           # addressSizeDirective
  | linkage* (FUNC | ENTRY) returnParameters? NAME parameters? performance* (body | ';')  # function
  | linkage* variable                                # moduleVariable
  ;

// PTX ISA 9.1 5.4 Variables: ".shared .align 8 .b64 buffer[4];",
// ".global .u32 x = 1;", ".const .b8 table[] = {1, 2};".
variable : STATE_SPACE (directiveWord NUMBER?)* NAME ('[' NUMBER? ']')* ('=' initializer)? ';' ;
initializer : NUMBER | NAME | '{' initializer (',' initializer)* '}' ;
directiveWord : DIRECTIVE | STATE_SPACE ;

linkage : VISIBLE | EXTERN | WEAK ;

returnParameters : '(' parameter (',' parameter)* ')' ;
parameters : '(' (parameter (',' parameter)*)? ')' ;
// ".param .b64 f_param_0", ".param .align 8 .b8 f_param_1[16]"
parameter : PARAM (directiveWord NUMBER?)* NAME ('[' NUMBER ']')? ;

// .maxntid, .reqntid, .minnctapersm, ... between a kernel's head and body.
performance : DIRECTIVE NUMBER (',' NUMBER)* ;

body : '{' bodyItem* '}' ;

bodyItem
  : REG DIRECTIVE registerName (',' registerName)* ';'  # registerDeclaration
  | PRAGMA STRING (',' STRING)* ';'                     # pragma
  | variable                                            # variableDeclaration
  | NAME ':'                                            # label
  | guard? NAME (operand (',' operand)*)? ';'           # instruction
  | body                                                # block
  ;

// "%r<7>" declares %r0 to %r6 (PTX ISA 9.1 5.3 Parameterized variable names).
registerName : NAME ('<' NUMBER '>')? ;

guard : '@' NOT? NAME ;

operand
  : NAME                              # registerOrSymbol
  | NUMBER                            # immediate
  | '[' NAME (SIGN? NUMBER)? ']'      # address
  | '[' NUMBER ']'                    # absoluteAddress
  | '{' operand (',' operand)* '}'    # vectorOperand
  | '(' (operand (',' operand)*)? ')' # operandList
  ;

VISIBLE : '.visible' ;
EXTERN : '.extern' ;
WEAK : '.weak' ;
FUNC : '.func' ;
ENTRY : '.entry' ;
PARAM : '.param' ;
REG : '.reg' ;
PRAGMA : '.pragma' ;

// Debug information: ".loc 1 5 3", ".file 1 "a.cu"" (PTX ISA 9.1 11.4
// Debugging directives), which nothing here reads.
DEBUG_LINE : ('.loc' | '.file') [ \t] ~[\r\n]* -> skip ;
// The state spaces a variable lives in (PTX ISA 9.1 5.1), before DIRECTIVE
// so that they are tokens of their own.
STATE_SPACE : '.shared' | '.global' | '.const' | '.local' ;
DIRECTIVE : '.' [a-zA-Z_] [a-zA-Z0-9_]* ;
// Registers (%r1), labels ($L__BB0_2), symbols and whole mnemonics
// (ld.volatile.global.u32) are one token each.
NAME : [a-zA-Z_$%] [a-zA-Z0-9_$.]* ;
VERSION : [0-9]+ '.' [0-9]+ ;
NUMBER : '-'? ( '0' [xX] [0-9a-fA-F]+ | [0-9]+ ) 'U'? ;
SIGN : '+' | '-' ;
NOT : '!' ;
STRING : '"' ~["\r\n]* '"' ;
LINE_COMMENT : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
UNCLOSED_COMMENT : '/*' ( ~'*' | '*'+ ~[*/] )* '*'* ;
WS : [ \t\r\n]+ -> skip ;
