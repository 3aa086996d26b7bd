"""The template sandbox: jinja2's immutable sandbox with pnp's limits on every operation
(pnp.templates.bounds: what a value may grow to, the time ticks of worker threads) and on nesting
(pnp.templates.nesting: checked before jinja parses), its code generator and its guarded filters and tests."""

from __future__ import annotations

import copy
import math

from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.lexer import TokenStream
from jinja2.sandbox import ImmutableSandboxedEnvironment

from pnp.templates.bounds import (MAX_VALUE, TemplateError, _COMPARE, _SCALARS, _arg, _cheap, _check_product, _size, check_filter, check_format, check_join, check_method, check_replace, check_result, check_sizes, check_weight, tick, too_big)  # noqa: F401
from pnp.templates.bounds import MAX_BUILT, local, reset_built  # noqa: F401  (the layers above name them here)
from pnp.templates.nesting import MAX_DEPTH, MAX_NESTING, check_depth, check_nesting  # noqa: F401


class Codegen(CodeGenerator):
    def visit_For(self, node, frame):  # every step of a loop checks a thread's deadline (tick)
        node = copy.copy(node)
        node.body = [nodes.ExprStmt(nodes.EnvironmentAttribute("tick"), lineno=node.lineno), *node.body]
        super().visit_For(node, frame)

    def visit_ExprStmt(self, node, frame):
        if isinstance(node.node, nodes.EnvironmentAttribute) and node.node.name == "tick":
            self.writeline("environment.tick()", node)   # the mark visit_For put there: a plain call
        else:
            super().visit_ExprStmt(node, frame)

    def visit_Concat(self, node, frame):  # `a ~ b`: joined through a size check
        self.write("environment.concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def visit_Compare(self, node, frame):  # `a == b`, `a in b` …: through environment.compare
        self.write("environment.compare(")
        self.visit(node.expr, frame)
        self.write(", (")
        for op in node.ops:
            self.write(f"({op.op!r}, ")
            self.visit(op.expr, frame)
            self.write("), ")
        self.write("))")


class Env(ImmutableSandboxedEnvironment):
    code_generator_class = Codegen
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def _tokenize(self, source, name, filename=None, state=None):
        """Every template's tokens, read whole and refused when they nest too deeply: before the parser
        (which recurses once per level) sees any of them."""
        stream = super()._tokenize(source, name, filename, state)
        return TokenStream(iter(check_nesting(stream, name, filename)), name, filename)

    def _parse(self, source, name, filename):
        tree = super()._parse(source, name, filename)
        check_depth(tree, name, filename)
        return tree

    def compile(self, source, name=None, filename=None, raw=False, defer_init=False):  # noqa: A003 (jinja's name)
        if isinstance(source, nodes.Node):   # a tree parsed elsewhere (compile_expression)
            check_depth(source, name, filename)
        return super().compile(source, name, filename, raw, defer_init)

    def getitem(self, obj, argument):
        got = super().getitem(obj, argument)
        return check_result("the slice", got) if isinstance(argument, slice) else got

    def is_safe_attribute(self, obj, attr, value):
        if attr.startswith("_") or attr in ("mro", "gi_frame", "f_globals", "format", "format_map"):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def wrap_str_format(self, value):  # jinja would hand out a wrapped str.format: refuse it instead
        return None

    def call_binop(self, context, operator, left, right):
        if operator == "*":
            _check_product(left, right)
        if operator == "+" and _size(left) + _size(right) > MAX_VALUE:
            raise too_big("the joined value")
        if operator == "+" and not _cheap(left, right):
            check_weight("a value added", left, right)
        if operator == "%":
            check_format(left, right)
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if right > 1 and abs(left) > 1 and right * math.log10(abs(left)) > 100:
                raise TemplateError(f"`{left} ** {right}` is too large a number")
        return check_result("the value", super().call_binop(context, operator, left, right))

    @staticmethod
    def tick():
        tick()

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja's own signature)
        tick()
        name, owner = getattr(__obj, "__name__", ""), getattr(__obj, "__self__", None)
        check_method(name, owner, args, kwargs)
        if name == "join" and args:
            if not hasattr(args[0], "__len__"):
                args = (list(args[0]), *args[1:])
            check_join(owner, args[0])
        check_weight(f"a value given to {name or 'a function'}()",
                     *((owner,) if isinstance(owner, (list, tuple)) else ()), *args, *kwargs.values())
        return check_result(f"the value of {name or 'a function'}()", super().call(__context, __obj, *args, **kwargs))

    @staticmethod
    def concat(parts):
        check_weight("the joined text", *(p for p in parts if not isinstance(p, str)))
        parts = [str(p) for p in parts]
        if sum(map(len, parts)) > MAX_VALUE:
            raise too_big("the joined text")
        return check_result("the joined text", "".join(parts))

    @staticmethod
    def compare(left, ops):
        result = True
        for op, right in ops:
            if op in ("in", "notin") and isinstance(left, (str, *_SCALARS)) and not isinstance(right, (str, bytes)):
                pass  # a plain value looked up: one hash, or one cheap comparison per item
            elif not _cheap(left, right):
                check_weight("a value compared", left, right)
            result = _COMPARE[op](left, right)
            if not result:
                return result
            left = right
        return result


def finalize(value):
    """Every `{{ value }}` printed: a deeply nested value is refused before it is turned into text."""
    if not isinstance(value, (str, *_SCALARS)):
        check_weight("the printed value", value)
    return value


# filters whose cost does not grow with what is nested in their value (they look at its top level)
_SHALLOW_FILTERS = frozenset({"length", "count", "first", "last", "default", "d", "attr", "list", "selectattr",
                              "rejectattr", "select", "reject", "map", "reverse", "batch", "slice", "random", "items"})
_SIZE_FILTERS = ("center", "indent", "pad", "batch", "slice", "round", "truncate", "wordwrap")


def guarded_filter(name, fn):
    """A built-in filter that checks its operands first (`center(10**10)`, `'%999999999d'|format`,
    a join of huge parts, `sort` of a deeply nested list)."""
    skip = 1 if hasattr(fn, "jinja_pass_arg") else 0   # the context jinja passes before the value

    def wrapper(*args, **kwargs):
        head, value, params = args[:skip], args[skip] if len(args) > skip else None, args[skip + 1:]
        if name == "format":
            check_format(value, params)
        elif name in _SIZE_FILTERS:
            check_sizes(params, kwargs)
        if name == "round" and any(isinstance(p, int) and abs(p) > 100 for p in (*params[:1], kwargs.get("precision", 0))):
            raise TemplateError("round() to more than 100 digits")
        if name == "replace" and len(params) >= 2:
            check_weight(f"the value given to the `{name}` filter", value)
            check_replace(value if isinstance(value, str) else str(value), params[0], params[1],
                          _arg(params, kwargs, 2, "count", -1))
        elif name == "join":
            value = value if hasattr(value, "__len__") else list(value)
            check_join(params[0] if params else kwargs.get("d", ""), value)
        elif name == "sum":
            start = params[1] if len(params) > 1 else kwargs.get("start", 0)
            if not isinstance(start, (int, float)):
                raise TemplateError("sum() adds numbers only")
        if not isinstance(value, str) and name not in _SHALLOW_FILTERS or params or kwargs:
            check_weight(f"the value given to the `{name}` filter",
                         *(() if isinstance(value, str) or name in _SHALLOW_FILTERS else (value,)),
                         *params, *kwargs.values())
        check_filter(name, value, params, kwargs)
        return check_result(f"the value of the `{name}` filter", fn(*head, value, *params, **kwargs))
    if skip:
        wrapper.jinja_pass_arg = fn.jinja_pass_arg
    return wrapper


def guarded_test(name, fn):
    skip = 1 if hasattr(fn, "jinja_pass_arg") else 0

    def wrapper(*args, **kwargs):
        check_weight(f"the value given to the `{name}` test", *args[skip:], *kwargs.values())
        return fn(*args, **kwargs)
    if skip:
        wrapper.jinja_pass_arg = fn.jinja_pass_arg
    return wrapper
