// herd's cat language (herdtools7 doc "The cat language"), the part
// opcheck interprets (docs/cat.md). Operator precedence as herd's parser
// declares it, loosest first: '|', ';', '\', '&', binary '*', the postfix
// operators ('+', '*', '?', '^-1'), prefix '~'; application binds tightest.
grammar Cat;

model : title? statement* EOF ;

title : (STRING | NAME) headerWord* ;
headerWord : WITHCO | WITHOUTCO ;

statement
  : LET REC binding (AND binding)*                        # letRec
  | LET binding (AND binding)*                            # let
  | FLAG? NOT? check expression (AS NAME)?                # checkStatement
  | INCLUDE STRING                                        # include
  | SHOW expression AS NAME                               # showAs
  | (SHOW | UNSHOW) NAME (',' NAME)*                      # showNames
  ;

binding : NAME ('(' NAME (',' NAME)* ')')? '=' expression ;

check : ACYCLIC | IRREFLEXIVE | EMPTY ;

expression
  : NOT expression                                        # complement
  | expression (PLUS | STAR | QUESTION | INVERSE)         # postfix
  | expression STAR expression                            # product
  | expression '&' expression                             # intersection
  | <assoc=right> expression '\\' expression              # difference
  | <assoc=right> expression ';' expression               # sequence
  | <assoc=right> expression '|' expression               # union
  | '[' expression ']'                                    # identityOn
  | NAME '(' expression (',' expression)* ')'             # application
  | '(' expression ')'                                    # parenthesized
  | ZERO                                                  # emptyRelation
  | NAME                                                  # name
  ;

LET : 'let' ;
REC : 'rec' ;
AND : 'and' ;
AS : 'as' ;
FLAG : 'flag' ;
INCLUDE : 'include' ;
SHOW : 'show' ;
UNSHOW : 'unshow' ;
ACYCLIC : 'acyclic' ;
IRREFLEXIVE : 'irreflexive' ;
EMPTY : 'empty' ;
WITHCO : 'withco' ;
WITHOUTCO : 'withoutco' ;
NOT : '~' ;
PLUS : '+' ;
STAR : '*' ;
QUESTION : '?' ;
INVERSE : '^-1' ;
ZERO : '0' ;
// herd's names may hold '-' and '.' (po-loc, membar.cta); '_' alone is
// every event.
NAME : [a-zA-Z_] [a-zA-Z0-9_.\-]* ;
STRING : '"' ~["\r\n]* '"' ;
// herd's comments nest.
COMMENT : '(*' (COMMENT | .)*? '*)' -> skip ;
LINE_COMMENT : '//' ~[\r\n]* -> skip ;
WS : [ \t\r\n]+ -> skip ;
UNCLOSED_COMMENT : '(*' ( ~'*' | '*'+ ~[*)] )* '*'* ;
UNEXPECTED_CHARACTER : . ;
