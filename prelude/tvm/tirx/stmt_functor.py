# tirx prelude: tvm.tirx.stmt_functor -- TVM main's visitors over built IR.
#
#   StmtExprVisitor()
#       visitor(stmt)              visits stmt and what it holds
#       .visit_stmt(s) / .visit_expr(e)
#                                  dispatch one node (None: nothing) to its method
#       .visit_<kind>_(op)         one method per node kind, to override; the base
#                                  method visits the children TVM main's visits
#   post_order_visit(stmt, fvisit) fvisit(node) on every node, children first
#
#   kinds: seqstmt evaluate buffer_store bind alloc_buffer decl_buffer for while
#   if_then_else attr scope_id_def_stmt assert return break continue op_call (a tile
#   primitive) call buffer_load var; every other node (a binary operator, Cast, ...)
#   has no method of its own and its operands are visited.
#
# The nodes are the evaluator's (lib/Parse/eval_irnode.c), and so is the walk:
# _tirx.ir_visit(visitor, node, StmtExprVisitor) calls the visitor's own
# visit_<kind>_ where its class overrides this one's, and walks the children itself
# where it does not (a base method here is that walk, _tirx.ir_visit_children);
# @_tirx.walk_visit / @_tirx.walk_children mark the methods whose bodies are exactly
# those calls: a call of one is that walk in C, without running the body;
# _tirx.ir_kind(node) names a node's method and _tirx.ir_children(node) lists what
# its base method visits (as in TVM main, DeclBuffer / AllocBuffer visit nothing, a
# BufferLoad its indices, a Var is a leaf).
#   ir_transform(stmt, preorder, postorder, only_enable=None)
#                                  TVM main's rewriting walk, over statements only
import _tirx


class StmtExprVisitor:
    def __init__(self):
        pass

    def __call__(self, stmt):
        return self.visit_stmt(stmt)

    @_tirx.walk_visit
    def visit_stmt(self, stmt):
        if stmt is not None:
            _tirx.ir_visit(self, stmt, StmtExprVisitor)

    @_tirx.walk_visit
    def visit_expr(self, expr):
        if expr is not None:
            _tirx.ir_visit(self, expr, StmtExprVisitor)

    @_tirx.walk_children
    def visit_seqstmt_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_evaluate_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_buffer_store_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_bind_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_alloc_buffer_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_decl_buffer_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_for_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_while_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_if_then_else_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_attr_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_scope_id_def_stmt_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_assert_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_return_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_break_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_continue_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_op_call_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_call_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_buffer_load_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)

    @_tirx.walk_children
    def visit_var_(self, op):
        _tirx.ir_visit_children(self, op, StmtExprVisitor)


def post_order_visit(stmt, fvisit):
    def walk(node):
        for child in _tirx.ir_children(node):
            walk(child)
        fvisit(node)

    walk(stmt)


def ir_transform(stmt, preorder, postorder, only_enable=None):
    # TVM main's rewriting walk, over statements: preorder(s) not None replaces s
    # unvisited; else s's child statements are rewritten (s copied when one
    # changes) and postorder(s) not None replaces the result.  only_enable names
    # the statement classes the callbacks see ("tirx.SeqStmt"); expressions are
    # not visited (_tirx.ir_transform, lib/Parse/eval_irnode.c).
    return _tirx.ir_transform(stmt, preorder, postorder, only_enable)
