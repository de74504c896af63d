/* Ends a walker generated from the children column of expr.def / stmt.def:
 * undefines X and every child descriptor, so the next walker in the same
 * file must define all of them again (a descriptor it forgets is a compile
 * error, not a silently skipped field).  See expr.def for the descriptors. */
#undef X
#undef REPLACE
#undef EXPR
#undef EXPRS
#undef KWARGS
#undef USE
#undef DEF
#undef BUF
#undef DATA
#undef FP
#undef BYTES
#undef NAME
#undef OP
#undef REF
#undef SPELL
#undef STMT
#undef STMTS
#undef DEFS
#undef DECL
#undef DTYPE
