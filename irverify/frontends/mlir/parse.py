"""MLIR text -> irverify IR, through the MLIR Python bindings bundled with iree-base-compiler.

The real MLIR parser and verifier run first (``iree.compiler.ir.Module.parse``); this module
only walks the verified module and translates types, attributes, ops and locations.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from irverify.frontends.mlir.abi import peel_sync_abi, read_through_call
from irverify.errors import InputError, Unsupported
from irverify.semantics.opaque import APPLIES_OPAQUELY, OPAQUE_OPS
from irverify.ir import affine
from irverify.phases import timed
from irverify.ir.float_bits import literal_bits
from irverify.ir.core import (
    SMALL_FLOAT_WIDTHS,
    Block,
    DenseAttr,
    DispatchTensorType,
    EnumAttr,
    FloatAttr,
    FloatType,
    Function,
    IndexType,
    IntType,
    Location,
    MemRefType,
    Module,
    Op,
    OpaqueAttr,
    OpaqueType,
    TensorType,
    Type,
    Value,
    VectorType,
)

_CONTEXT = None


def mlir_context(allow_unregistered: bool = False):
    """A shared ``iree.compiler.ir.Context`` (all IREE and upstream dialects registered)."""
    global _CONTEXT
    from iree.compiler import ir

    if _CONTEXT is None:
        _CONTEXT = ir.Context()
        _CONTEXT.enable_multithreading(False)  # no threads: parsing in a forked child is safe
    _CONTEXT.allow_unregistered_dialects = allow_unregistered
    return _CONTEXT


@timed("parse")
def parse_mlir_native(text: str, path: str, allow_unregistered: bool = False):
    """Parse and verify MLIR text; a failure becomes ``InputError('file:line:col: message')``.
    ``allow_unregistered``: ops of unregistered dialects parse (``--allow-unregistered-dialect``)."""
    from iree.compiler import ir

    ctx = mlir_context(allow_unregistered)
    crash = _crashes_parser(text, ctx)
    if crash:
        raise InputError(f"{path}:1:1: the MLIR parser crashed on this input ({crash}); it is not valid IR")
    try:
        return ir.Module.parse(text, ctx)
    except ir.MLIRError as e:
        diags = getattr(e, "error_diagnostics", None) or []
        if diags:
            d = diags[0]
            loc = _location(d.location, path)
            raise InputError(f"{loc}: {_irverify_hint(d.message.splitlines()[0].strip())}") from None
        raise InputError(f"{path}: {str(e).splitlines()[-1].strip()}") from None


UNREGISTERED_HINT = "If this is intended, please use -allow-unregistered-dialect with the MLIR tool used"


def _irverify_hint(message: str) -> str:
    """MLIR's parser message, with its advice about mlir-opt's flag replaced by irverify's."""
    return message.replace(UNREGISTERED_HINT, "validate-pass and validate-lit parse such ops with "
                                              "--allow-unregistered-dialect (irverify does not model them)")


def _crashes_parser(text: str, ctx) -> str | None:
    """Parse ``text`` once in a forked child: MLIR's parser can crash the process on some
    malformed inputs, which must become an input error, not a dead irverify."""
    import os
    import signal

    if not hasattr(os, "fork"):
        return None
    from iree.compiler import ir

    pid = os.fork()
    if pid == 0:  # child: parse, never return into the caller's code
        try:
            import faulthandler

            faulthandler.disable()
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)
            ir.Module.parse(text, ctx)
        except BaseException:  # noqa: BLE001 - a parse error is reported by the parent
            pass
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    return None


def parse_mlir(text: str, path: str) -> Module:
    """Parse MLIR text into an irverify ``Module`` (functions of the top-level module)."""
    native = parse_mlir_native(text, path)
    return translate_module(native, text, path)


# Function ops read as functions: ``func.func`` and IREE's ``util.func`` (same structure; its
# ``tied_operands`` must tie nothing, see ``irverify.semantics.util``).
FUNCTION_OPS = ("func.func", "util.func")


@timed("parse")
def translate_module(native, text: str, path: str, parsed_text: str | None = None) -> Module:
    """The irverify ``Module`` of a parsed module; ``parsed_text`` is the text ``native`` was
    parsed from (default ``text``), where the arguments' names are read (``source_arg_names``)."""
    functions: dict[str, Function] = {}
    lines = (text if parsed_text is None else parsed_text).splitlines()
    symbols: dict[str, str] = {}
    executables: list[str] = []
    for op in _top_level_ops(native):
        if op.name not in FUNCTION_OPS:
            if "sym_name" in op.attributes:  # what a flow.dispatch of an executable runs
                name = str(op.attributes["sym_name"]).strip('"')
                symbols[name] = hashlib.sha256(op.get_asm(use_local_scope=True).encode()).hexdigest()
                if op.name == "hal.executable":
                    executables.append(name)
            continue
        fn = _Translator(path, lines).function(op)
        source_arg_names(op, fn, lines)
        functions[fn.name] = peel_sync_abi(fn)
    functions = {name: read_through_call(fn, functions) for name, fn in functions.items()}
    return Module(functions=functions, path=path, text=text, frontend="mlir", native=native, symbols=symbols,
                  executables=executables)


_SSA_NAME = re.compile(r"%[A-Za-z_$.\-][A-Za-z0-9_$.\-]*|%[0-9]+")


def source_arg_names(op, fn: Function, lines: list[str]) -> None:
    """Name ``fn``'s arguments as the user wrote them (``%lhs`` rather than the printer's
    ``%arg0``): MLIR does not keep SSA names, but each entry-block argument's location is where
    it is defined in the parsed text, so the name is read there. Nothing is renamed unless every
    argument's name is found and the names are distinct."""
    if fn.body is None or not fn.args:
        return
    names = []
    for a in op.regions[0].blocks[0].arguments:
        name = _name_at(a.location, lines)
        if name is None:
            return
        names.append(name)
    if len(names) != len(fn.args) or len(set(names)) != len(names):
        return
    for value, name in zip(fn.args, names):
        value.name = name


_RESULTS = re.compile(r"\s*(%[^=]*?)\s*=\s*")


def source_result_names(op, lines: list[str]) -> list[str] | None:
    """The names an op's results have in the parsed text (``%m`` in ``%m = hal...``; ``%a#0``,
    ``%a#1`` for ``%a:2 = ...``), read before the op's location; None unless there is one
    name per result."""
    if not len(op.results):
        return None
    try:
        loc = op.location
        if loc.filename not in ("-", ""):
            return None
        line, col = int(loc.start_line), int(loc.start_col)
    except Exception:  # noqa: BLE001 - not a file location
        return None
    if not 1 <= line <= len(lines) or col < 1:
        return None
    m = _RESULTS.fullmatch(lines[line - 1][:col - 1])
    if not m:
        return None
    names = []
    for part in m.group(1).split(","):
        part = part.strip()
        name, _, count = part.partition(":")
        if not _SSA_NAME.fullmatch(name) or (count and not count.isdigit()):
            return None
        names += [f"{name}#{i}" for i in range(int(count))] if count else [name]
    return names if len(names) == len(op.results) else None


def _name_at(loc, lines: list[str]) -> str | None:
    """The SSA name starting at a location in the parsed text (a ``"-":line:col`` location)."""
    try:
        if loc.filename not in ("-", ""):
            return None
        line, col = int(loc.start_line), int(loc.start_col)
    except Exception:  # noqa: BLE001 - not a file location (fused, named, unknown)
        return None
    if not 1 <= line <= len(lines) or col < 1:
        return None
    m = _SSA_NAME.match(lines[line - 1], col - 1)
    return m.group(0) if m else None


def _top_level_ops(native):
    for op in native.body.operations:
        op = op.operation
        if op.name == "builtin.module":  # a nested module: look inside
            for inner in op.regions[0].blocks[0].operations:
                yield inner.operation
        else:
            yield op


def _location(loc, path: str) -> Location:
    try:
        fname = loc.filename
        file = path if fname in ("-", "") else fname
        return Location(file, int(loc.start_line), int(loc.start_col))
    except Exception:
        text = str(loc)
        # Fused and call-site locations: fall back to the first "file":line:col inside.
        for part in text.split("loc(")[1:]:
            bits = part.split(":")
            if len(bits) >= 3 and bits[1].isdigit():
                file = bits[0].strip('"')
                col = "".join(ch for ch in bits[2] if ch.isdigit())
                return Location(path if file in ("-", "") else file, int(bits[1]), int(col or 0))
        return Location(path, 0, 0)


def named_attributes(attributes, printed: bool = False) -> list[tuple[str, Any, str | None]]:
    """(name, attribute, text as MLIR prints it) of each entry of an op's attribute dictionary
    or of a ``DictAttr``; the text only with ``printed`` or when the attribute is None. It is
    None when the bindings cannot represent it: they raise for a dense attribute of an element
    type they do not know (``complex<f32>``), and abort the process when that happens inside
    ``NamedAttribute.attr``, so entries are read by name."""
    out = []
    for i in range(len(attributes)):
        named = attributes[i]
        name = named.name
        try:
            attr = attributes[name]
        except TypeError:  # an attribute the bindings cannot cast
            attr = None
        text = None
        if printed or attr is None:
            whole, prefix = str(named), f"NamedAttribute({name}="
            text = whole[len(prefix):-1] if whole.startswith(prefix) and whole.endswith(")") else str(attr)
        out.append((name, attr, text))
    return out


def _element(array, k: int):
    """Element ``k`` of an ``ArrayAttr``, or None when the bindings cannot represent it."""
    try:
        return array[k]
    except TypeError:
        return None


class _Translator:
    """Walks one ``func.func`` / ``util.func`` and builds irverify ``Value``/``Op``/``Block`` objects."""

    def __init__(self, path: str, lines: list[str] | None = None):
        self.path = path
        self.lines = lines or []  # the parsed text, where results' names are read
        self.values: dict[Any, Value] = {}
        self.names = None  # one ir.AsmState per function: naming a value is then O(1)
        self.depth = 0  # how many ops' regions enclose the ops being translated

    def name(self, value) -> str:
        return value.get_name(self.names)

    def function(self, op) -> Function:
        from iree.compiler import ir

        name = ir.StringAttr(op.attributes["sym_name"]).value
        self.names = ir.AsmState(op)
        ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        loc = _location(op.location, self.path)
        result_types = [self.type(t, loc) for t in ftype.results]
        attrs = {}
        for key, attr, text in named_attributes(op.attributes):
            if key not in ("sym_name", "function_type", "sym_visibility"):
                attrs[key] = self.attr(attr, loc, text)
        if op.name == "util.func":
            from irverify.semantics.util import require_untied

            require_untied(attrs.pop("tied_operands", None), f"'util.func' @{name}", loc)
        public = "sym_visibility" not in op.attributes or \
            ir.StringAttr(op.attributes["sym_visibility"]).value == "public"
        region = op.regions[0]
        if len(region.blocks) == 0:
            args = [Value(self.type(t, loc), f"%arg{i}") for i, t in enumerate(ftype.inputs)]
            return Function(name, args, result_types, None, loc, attrs, public)
        blocks = self.region(region, loc)
        if len(blocks) != 1:
            raise Unsupported("multi-block function body", loc)
        return Function(name, blocks[0].args, result_types, blocks[0], loc, attrs, public)

    def region(self, region, loc: Location) -> list[Block]:
        blocks = []
        for blk in region.blocks:
            args = []
            for a in blk.arguments:
                v = Value(self.type(a.type, loc), self.name(a))
                self.values[a] = v
                args.append(v)
            ops = [self.op(o.operation) for o in blk.operations]
            blocks.append(Block(args, ops))
        return blocks

    def op(self, op) -> Op:
        loc = _location(op.location, self.path)
        operands = []
        for o in op.operands:
            if o not in self.values:
                raise Unsupported("use of a value defined outside the function", loc)
            operands.append(self.values[o])
        results = []
        written = source_result_names(op, self.lines) if self.lines else None
        for k, r in enumerate(op.results):
            v = Value(self.type(r.type, loc), written[k] if written else self.name(r))
            self.values[r] = v
            results.append(v)
        # The printed attributes are kept where an op's identity names a function
        # (``semantics.opaque.identity``): opaque ops, ops with regions (loops) and the ops
        # inside regions. A top-level constant is not printed (model weights can be megabytes).
        keep = op.name in OPAQUE_OPS or op.name in APPLIES_OPAQUELY or len(op.regions) > 0 or self.depth > 0
        attrs, printed = {}, {}
        for name, attr, text in named_attributes(op.attributes, keep):
            attrs[name] = self.attr(attr, loc, text)
            printed[name] = text
        self.depth += 1
        regions = [self.region(r, loc) for r in op.regions]
        self.depth -= 1
        return Op(op.name, operands, results, attrs, regions, loc, printed if keep else None)

    # -- types ---------------------------------------------------------------------------

    def type(self, t, loc: Location) -> Type:
        from iree.compiler import ir

        if isinstance(t, ir.IndexType):
            return IndexType()
        if isinstance(t, ir.IntegerType):
            if not t.is_signless:
                return OpaqueType(str(t))
            return IntType(t.width)
        for cls, name in ((ir.F16Type, "f16"), (ir.BF16Type, "bf16"), (ir.F32Type, "f32"), (ir.F64Type, "f64")):
            if isinstance(t, cls):
                return FloatType(name)
        if isinstance(t, ir.FloatType) and str(t) in SMALL_FLOAT_WIDTHS:
            assert ir.FloatType(t).width == SMALL_FLOAT_WIDTHS[str(t)], str(t)
            return FloatType(str(t))
        if isinstance(t, ir.VectorType):
            vec = ir.VectorType(t)
            elem = self.type(vec.element_type, loc)
            if vec.scalable or not isinstance(elem, (IntType, IndexType, FloatType)):
                return OpaqueType(str(t))
            return VectorType(tuple(int(d) for d in vec.shape), elem)
        if isinstance(t, ir.RankedTensorType):
            elem = self.type(t.element_type, loc)
            if not isinstance(elem, (IntType, IndexType, FloatType)):
                return OpaqueType(str(t))
            dyn = ir.ShapedType.get_dynamic_size()
            shape = tuple(None if d == dyn else int(d) for d in t.shape)
            enc = str(t.encoding) if t.encoding is not None else None
            return TensorType(shape, elem, enc)
        if isinstance(t, ir.MemRefType):
            return self._memref_type(ir.MemRefType(t), loc)
        text = str(t)
        if text.startswith("!iree_tensor_ext.dispatch.tensor<"):
            return self._dispatch_tensor_type(text, loc)
        return OpaqueType(text)

    def _memref_type(self, t, loc: Location) -> Type:
        """A ranked memref of scalars: shape, element type, layout strides and offset (the
        identity layout is ``strides=None``), memory space as printed."""
        from iree.compiler import ir

        elem = self.type(t.element_type, loc)
        if not isinstance(elem, (IntType, IndexType, FloatType)):
            return OpaqueType(str(t))
        dyn = ir.ShapedType.get_dynamic_size()
        shape = tuple(None if d == dyn else int(d) for d in t.shape)
        space = str(t.memory_space) if t.memory_space is not None else None
        layout = t.layout
        if isinstance(layout, ir.AffineMapAttr) and layout.value == ir.AffineMap.get_identity(len(shape), context=t.context):
            return MemRefType(shape, elem, None, 0, space, str(t))
        try:
            strides, offset = t.get_strides_and_offset()
        except Exception:
            return OpaqueType(str(t))
        dynamic = ir.ShapedType.get_dynamic_stride_or_offset()
        return MemRefType(shape, elem, tuple(None if s == dynamic else int(s) for s in strides),
                          None if offset == dynamic else int(offset), space, str(t))

    def _dispatch_tensor_type(self, text: str, loc: Location) -> Type:
        """``!iree_tensor_ext.dispatch.tensor<ACCESS:tensor<...>>``; the bound tensor is re-parsed
        as an MLIR type, so only the access keyword is read from the text."""
        from iree.compiler import ir

        inner = text[len("!iree_tensor_ext.dispatch.tensor<"):-1]
        access, _, tensor_text = inner.partition(":")
        try:
            tensor = self.type(ir.Type.parse(tensor_text, mlir_context()), loc)
        except Exception:
            return OpaqueType(text)
        if not isinstance(tensor, TensorType):
            return OpaqueType(text)
        return DispatchTensorType(access.strip(), tensor)

    # -- attributes ----------------------------------------------------------------------

    def attr(self, a, loc: Location, text: str | None = None) -> Any:
        """An attribute as a plain value; ``a`` is None when the bindings cannot represent it
        (``named_attributes``), which keeps its printed ``text`` as an ``OpaqueAttr``."""
        from iree.compiler import ir

        if a is None:
            return OpaqueAttr(text or "")
        if isinstance(a, ir.BoolAttr):
            return bool(a.value)
        if isinstance(a, ir.IntegerAttr):
            return int(a.value)
        if isinstance(a, ir.FloatAttr):
            return self._float(a, loc)
        if isinstance(a, ir.StringAttr):
            return a.value
        if isinstance(a, ir.FlatSymbolRefAttr):
            return a.value
        if isinstance(a, ir.UnitAttr):
            return True
        if isinstance(a, (ir.DenseI64ArrayAttr, ir.DenseI32ArrayAttr, ir.DenseBoolArrayAttr)):
            return [x for x in a]
        if isinstance(a, ir.ArrayAttr):
            items = [_element(a, k) for k in range(len(a))]
            return OpaqueAttr(str(a)) if any(x is None for x in items) else [self.attr(x, loc) for x in items]
        if isinstance(a, ir.AffineMapAttr):
            return affine_map(a.value)
        if isinstance(a, ir.TypeAttr):
            return self.type(a.value, loc)
        if isinstance(a, ir.DenseElementsAttr):
            return self._dense(a, loc)
        if isinstance(a, ir.DictAttr):
            return {name: self.attr(x, loc, text) for name, x, text in named_attributes(a)}
        text = str(a)
        if text.startswith("sparse<"):
            return self._sparse(a, loc)
        if text.startswith("#") and "<" in text and text.endswith(">") and text.count("<") == 1:
            kind, _, value = text[1:-1].partition("<")
            return EnumAttr(kind, value.strip())
        return OpaqueAttr(text)

    def _float(self, a, loc: Location) -> Any:
        """A float attribute as its exact bit pattern, read from the printed literal (MLIR prints
        a value as hex bits unless the decimal form parses back to the same bits)."""
        ty = self.type(a.type, loc)
        if not isinstance(ty, FloatType):
            return OpaqueAttr(str(a))
        literal, _, _ = str(a).rpartition(" : ")
        if ty.is_small:  # the 8-bit formats irverify models exactly; others stay opaque
            from irverify.ir import small_float_formats

            bits = small_float_formats.literal_bits(literal, ty.name) if small_float_formats.supported(ty) else None
            return OpaqueAttr(str(a)) if bits is None else FloatAttr(bits, ty)
        return FloatAttr(literal_bits(literal, ty.name), ty)

    def _dense(self, a, loc: Location) -> Any:
        import numpy as np

        ttype = self.type(a.type, loc)
        if not isinstance(ttype, TensorType):
            return OpaqueAttr(str(a))
        elem = ttype.elem
        try:
            if a.is_splat:
                return self._splat(a, ttype, loc)
            if isinstance(elem, FloatType) and not elem.is_small:
                values = _dense_float_bits(a, ttype)
            elif isinstance(elem, IntType) and elem.width > 64:
                values = _dense_wide_ints(a, ttype)
            else:
                values = np.array(a)
        except Unsupported:
            raise
        except Exception:
            return OpaqueAttr(str(a))
        if values.shape != tuple(ttype.shape):
            return OpaqueAttr(str(a))
        return DenseAttr(ttype, values)

    def _splat(self, a, ttype: TensorType, loc: Location) -> Any:
        """A splat as a read-only broadcast view of its one element: O(1) memory and time
        whatever the shape (model weights can be splats of millions of elements)."""
        import numpy as np
        from iree.compiler import ir

        splat = a.get_splat_value()
        elem = ttype.elem
        if isinstance(elem, FloatType):
            one = self._float(ir.FloatAttr(splat), loc) if isinstance(splat, ir.FloatAttr) else None
            if not isinstance(one, FloatAttr):
                return OpaqueAttr(str(a))
            value = np.array(one.bits, dtype=_UINT[elem.width])
        elif isinstance(splat, ir.BoolAttr):
            value = np.array(bool(splat.value), dtype=np.bool_)
        elif isinstance(splat, ir.IntegerAttr):
            if isinstance(elem, IntType) and elem.width > 64:
                value = np.empty((), dtype=object)
                value[()] = _printed_elements(str(a), 1, (elem.width + 7) // 8,
                                              lambda tok: int(tok) % (1 << elem.width))[0] % (1 << elem.width)
            else:
                value = np.array(int(splat.value), dtype=_np_dtype(ttype))
        else:
            return OpaqueAttr(str(a))
        return DenseAttr(ttype, np.broadcast_to(value, tuple(ttype.shape)))

    def _sparse(self, a, loc: Location) -> Any:
        """``sparse<INDICES, VALUES> : TYPE`` (the bindings have no API for it): element
        ``INDICES[k]`` is ``VALUES[k]``, every other element zero. MLIR prints a part whose
        entries are all equal as that one entry (``sparse<1, -2.0>``: every index is [1, 1, ...]).
        Each part is parsed again by MLIR as a dense attribute of its printed text; a position
        given several different values is unsupported (which one wins is not documented)."""
        import numpy as np
        from iree.compiler import ir

        text = str(a)
        ttype = self.type(a.type, loc)
        suffix = f" : {a.type}"
        if not isinstance(ttype, TensorType) or None in ttype.shape or ttype.rank == 0 or not text.endswith(suffix):
            return OpaqueAttr(text)
        indices_text, values_text = _split_top_level(text[len("sparse<"):-len(suffix) - 1])
        if values_text is None:
            return OpaqueAttr(text)
        rank, elem_text = ttype.rank, str(ir.RankedTensorType(a.type).element_type)
        try:
            count = _printed_count(indices_text, values_text)
            idx = np.array(ir.Attribute.parse(f"dense<{indices_text}> : tensor<{count}x{rank}xi64>", mlir_context()))
            vals = self._dense(ir.Attribute.parse(f"dense<{values_text}> : tensor<{count}x{elem_text}>",
                                                  mlir_context()), loc)
        except (ValueError, TypeError, ir.MLIRError):
            return OpaqueAttr(text)
        if not isinstance(vals, DenseAttr):
            return OpaqueAttr(text)
        idx = np.broadcast_to(idx, (count, rank))
        out = np.zeros(ttype.shape, dtype=vals.values.dtype)
        seen: dict[tuple[int, ...], Any] = {}
        for k in range(count):
            pos = tuple(int(x) for x in idx[k])
            if not all(0 <= x < d for x, d in zip(pos, ttype.shape)):  # MLIR verifies this
                return OpaqueAttr(text)
            if pos in seen and seen[pos] != vals.values[k]:
                raise Unsupported(f"sparse constant giving index {list(pos)} two values", loc)
            seen[pos] = out[pos] = vals.values[k]
        return DenseAttr(ttype, out)


def _split_top_level(text: str) -> tuple[str, str | None]:
    """``"A, B"`` split at its first comma outside brackets and parentheses."""
    depth = 0
    for i, ch in enumerate(text):
        depth += ch in "[("
        depth -= ch in "])"
        if ch == "," and depth == 0:
            return text[:i].strip(), text[i + 1:].strip()
    return text.strip(), None


def _printed_count(indices_text: str, values_text: str) -> int:
    """How many (index, value) entries a printed sparse attribute holds: the length of the
    index list, else of the value list (the indices printed as one splat), else 1."""
    for part in (indices_text, values_text):
        if part.startswith("["):
            inner = part[1:-1].strip()
            return 0 if not inner else _split_count(inner)
    return 1


def _split_count(inner: str) -> int:
    count, depth = 1, 0
    for ch in inner:
        depth += ch in "[("
        depth -= ch in "])"
        count += ch == "," and depth == 0
    return count


_UINT = {16: "uint16", 32: "uint32", 64: "uint64"}


def _dense_float_bits(a, ttype: TensorType):
    """The elements' bit patterns (unsigned integers): from the attribute's raw buffer where the
    bindings expose one (f16, f32, f64), else from its printed literals (bf16)."""
    import numpy as np

    name = ttype.elem.name
    udtype = np.dtype(_UINT[ttype.elem.width])
    if name in ("f16", "f32", "f64"):
        raw = np.array(a)
        if raw.dtype.kind == "f" and raw.dtype.itemsize == udtype.itemsize:
            return raw.view(udtype).reshape(ttype.shape)
    bits = _printed_elements(str(a), _element_count(ttype), udtype.itemsize, lambda tok: literal_bits(tok, name))
    return np.array(bits, dtype=udtype).reshape(ttype.shape)


def _printed_elements(text: str, count: int, elem_bytes: int, literal) -> list[int]:
    """The ``count`` elements of a printed dense attribute as unsigned words: ``dense<"0xHEX">``
    (raw little-endian data, one element when splat), ``dense<LITERAL>`` (a splat) or
    ``dense<[[LITERAL, ...], ...]>`` with each literal read by ``literal``."""
    body = text[text.index("<") + 1:text.rindex(">", 0, text.rindex(" : "))].strip()
    if body.startswith('"0x'):
        data = bytes.fromhex(body[3:-1])
        words = [int.from_bytes(data[k:k + elem_bytes], "little") for k in range(0, len(data), elem_bytes)]
    else:
        words = [literal(tok) for tok in body.replace("[", " ").replace("]", " ").replace(",", " ").split()]
    return words * count if len(words) == 1 else words


def _element_count(ttype: TensorType) -> int:
    count = 1
    for d in ttype.shape:
        count *= d
    return count


def _dense_wide_ints(a, ttype: TensorType):
    """Elements of a dense attribute of integers wider than 64 bits, as Python ints in
    ``[0, 2^width)`` (the bindings' buffer does not cover them): from the printed form."""
    import numpy as np

    w = ttype.elem.width
    words = _printed_elements(str(a), _element_count(ttype), (w + 7) // 8, lambda tok: int(tok) % (1 << w))
    out = np.empty(len(words), dtype=object)
    out[:] = [x % (1 << w) for x in words]
    return out.reshape(ttype.shape)


def _np_dtype(t: TensorType):
    import numpy as np

    e = t.elem
    if isinstance(e, FloatType):  # bit patterns
        if e.is_small:
            raise Unsupported(f"dense constant of {e} elements")
        return {16: np.uint16, 32: np.uint32, 64: np.uint64}[e.width]
    if isinstance(e, IntType) and e.width == 1:
        return np.bool_
    return np.int64 if e.__class__ is IndexType or e.width > 32 else np.int64


def affine_map(m) -> affine.AffineMap:
    """Translate an ``ir.AffineMap`` into ``irverify.ir.affine.AffineMap``."""
    return affine.AffineMap(m.n_dims, m.n_symbols, tuple(affine_expr(e) for e in m.results))


def affine_expr(e) -> affine.AffineExpr:
    from iree.compiler import ir

    if isinstance(e, ir.AffineDimExpr):
        return affine.Dim(e.position)
    if isinstance(e, ir.AffineSymbolExpr):
        return affine.Sym(e.position)
    if isinstance(e, ir.AffineConstantExpr):
        return affine.Const(e.value)
    kinds = (
        (ir.AffineAddExpr, "add"),
        (ir.AffineMulExpr, "mul"),
        (ir.AffineModExpr, "mod"),
        (ir.AffineFloorDivExpr, "floordiv"),
        (ir.AffineCeilDivExpr, "ceildiv"),
    )
    for cls, kind in kinds:
        if isinstance(e, cls):
            return affine.BinExpr(kind, affine_expr(e.lhs), affine_expr(e.rhs))
    raise Unsupported(f"affine expression {e}")
