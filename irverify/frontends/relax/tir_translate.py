"""A TIR ``PrimFunc`` in the translatable subset, as a plain description irverify evaluates
(``irverify.semantics.relax_tir``) instead of treating the call as opaque (apache-tvm 0.27,
https://tvm.apache.org/docs/reference/api/python/tir/tir.html).

The subset is the form ``LegalizeOps``, ``FuseOps``/``FuseTIR`` and ``RewriteDataflowReshape``
emit before any scheduling: a root block (whose ``alloc_buffers`` are intermediate buffers)
holding a sequence of loop nests, each ending in one ``T.sblock`` that

* binds each of its iter vars to a distinct loop variable of its nest (``T.axis.remap``) whose
  loop starts at 0 with the iter var's extent, or to a constant; every loop of the nest binds one
  iter var; loops are serial, parallel, vectorized or unrolled (parallel/vectorized loops bind
  spatial vars only), with no annotations, no ``thread_binding`` and a step of 1;
* has no predicate, annotations (other than the scheduling hints of ``SCHEDULING_HINTS``),
  ``match_buffer`` or nested allocation;
* stores once, into one buffer, at indices that are its spatial iter vars (each exactly once) or
  constants: the block writes the element at those indices once per spatial point; or, after
  ``T.let`` bindings (``Bind``, each variable standing for its value), stores into several
  buffers, each value reading no buffer another of the stores writes: the block is then one
  block per store (``_Translator.body_parts``);
* for a reduction (``T.axis.reduce`` vars), folds its value over the reduction vars in loop
  order starting from ``T.init()``'s value (a store to the same element), or from the element's
  previous content when there is no init; the value reads the element being reduced as the
  accumulator (a read of its own buffer at other indices is not translated). The init runs
  where TVM's ``LowerInitBlock`` puts it: under the guard "every reduction iter var equals its
  domain's minimum", with the iter vars replaced by their bindings. With every reduction var
  bound to a loop (from 0) that is the first point of the fold; a block without reduction vars
  runs its init, then its value, at every point; a reduction var bound to a constant other
  than 0 makes the guard false everywhere, so the init never runs and is left out of the
  description (a reduction var bound to 0 leaves the guard as it is).

The description (nested tuples, so two structurally equal PrimFuncs give equal descriptions):
``("tir", params, allocs, blocks)``; ``params`` per parameter ``("buf", shape, dtype)`` or
``("scalar", dtype, name)``; ``allocs`` ``(shape, dtype)``; a block
``(buffer, store_indices, spatial, reduce, init, value)`` with ``buffer`` ``("p", k)`` (the
k-th parameter) or ``("a", k)``, ``spatial``/``reduce`` tuples of ``(var, extent)``.
Expressions: ``("imm", dtype, v)``, ``("var", dtype, name)``, ``("load", dtype, buffer,
indices)``, ``("acc", dtype)`` (the element being reduced, or the element's previous value in a
block without reduction), ``(op, dtype, *args)`` for the TIR node kinds of ``_BINARY``,
``not``, ``select``, ``cast`` and ``("call", dtype, name, args)`` (``if_then_else``, ``likely``
and the math intrinsics of ``CALLS``). Size variables of buffer shapes and scalar parameters
are named ``s0, s1, ...`` in order of first appearance in the parameters; iter vars ``v0, ...``.
"""

from __future__ import annotations

_BINARY = {"Add": "add", "Sub": "sub", "Mul": "mul", "Div": "div", "Mod": "mod", "FloorDiv": "floordiv",
           "FloorMod": "floormod", "Min": "min", "Max": "max", "EQ": "eq", "NE": "ne", "LT": "lt", "LE": "le",
           "GT": "gt", "GE": "ge", "And": "and", "Or": "or"}
# TIR intrinsics with a translation (their semantics are the Relax ops' float functions).
# Block annotations that only steer scheduling (``schedule_rule``: the MetaSchedule rule a
# block asks for, e.g. ``meta_schedule.pool_max`` on TVM's legalised max pooling): they do not
# change what the block computes. Any other annotation keeps the PrimFunc opaque.
SCHEDULING_HINTS = frozenset({"schedule_rule"})
CALLS = frozenset({"if_then_else", "likely", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "sin",
                   "cos", "erf", "floor", "ceil", "trunc", "fabs", "round", "nearbyint", "pow"})
DTYPES = frozenset({"float16", "bfloat16", "float32", "float64", "bool", "int8", "int16", "int32", "int64"})
_LOOP_KINDS = {0: "serial", 1: "parallel", 2: "vectorized", 3: "unrolled"}
_FUNC_ATTRS = frozenset({"global_symbol", "tirx.noalias", "tirx.is_scheduled", "s_tir", "op_pattern", "target",
                         "op_attrs", "tirx.is_host_func"})


class NotTranslatable(Exception):
    """The PrimFunc is outside the translatable subset (the message says why)."""


def translate(func, inputs: list[bool], n_outputs: int, n_vars: int) -> tuple:
    """The description of ``func`` (module docstring), or ``NotTranslatable``. ``inputs`` says
    for each input whether it is a buffer (a tensor) or a scalar."""
    return _Translator(func).run(inputs + [True] * n_outputs + [False] * n_vars, len(inputs))


def _dtype(ty) -> str:
    name = str(ty.dtype)
    if name not in DTYPES:
        raise NotTranslatable(f"dtype {name}")
    return name


class _Translator:
    def __init__(self, func):
        self.func = func
        self.names: dict = {}  # tvm Var -> ("var", dtype, name)
        self.buffers: dict = {}  # buffer Var -> ("p", k) / ("a", k)
        self.n_sizes = 0

    def size_var(self, v) -> tuple:
        if v not in self.names:
            self.names[v] = ("var", _dtype(v.ty), f"s{self.n_sizes}")
            self.n_sizes += 1
        return self.names[v]

    def shape(self, shape) -> tuple:
        out = []
        for d in shape:
            out.append(self.size_var(d) if type(d).__name__ in ("Var", "SizeVar") else self.expr(d))
        return tuple(out)

    def buffer_type(self, bt) -> tuple:
        if len(bt.strides) or not (type(bt.elem_offset).__name__ == "IntImm" and int(bt.elem_offset.value) == 0):
            raise NotTranslatable("a buffer with strides or an element offset")
        if bt.layout is not None or len(getattr(bt, "allocated_addr", ()) or ()):
            raise NotTranslatable("a buffer with a layout")
        return self.shape(bt.shape), _dtype(bt)

    def run(self, kinds: list[bool], n_inputs: int) -> tuple:
        from tvm.tirx.buffer import BufferType

        func = self.func
        for key in (func.attrs.keys() if func.attrs is not None else []):
            if str(key) not in _FUNC_ATTRS:
                raise NotTranslatable(f"function attribute {key}")
        params = []
        for k, (p, is_buf) in enumerate(zip(func.params, kinds)):
            if is_buf:
                if not isinstance(p.ty, BufferType):
                    raise NotTranslatable(f"parameter {p.name}")
                self.buffers[p] = ("p", k)
                shape, dt = self.buffer_type(p.ty)
                params.append(("buf", shape, dt))
            else:
                _, dt, name = self.size_var(p)
                params.append(("scalar", dt, name))
        root = func.body
        allocs = []
        if type(root).__name__ == "SBlockRealize":
            blk = root.block
            if len(root.iter_values) or len(blk.iter_vars) or blk.init is not None or len(blk.match_buffers):
                raise NotTranslatable("a root block with iter vars, init or match_buffer")
            if len(blk.annotations):
                raise NotTranslatable("root block annotations")
            for b in blk.alloc_buffers:
                self.buffers[b] = ("a", len(allocs))
                allocs.append(self.buffer_type(b.ty))
            root = blk.body
        blocks = [b for s in (root.seq if type(root).__name__ == "SeqStmt" else [root]) for b in self.nest(s)]
        written = {b[0] for b in blocks}
        for k in range(n_inputs, len(kinds)):
            if kinds[k] and ("p", k) not in written:
                raise NotTranslatable("an output buffer that no block writes")
        return ("tir", tuple(params), tuple(allocs), tuple(blocks))

    # -- loop nests and blocks ---------------------------------------------------------

    def nest(self, stmt) -> list:
        loops = []
        while type(stmt).__name__ == "For":
            kind = int(stmt.kind)
            if kind not in _LOOP_KINDS or stmt.thread_binding is not None or len(stmt.annotations):
                raise NotTranslatable("a loop with a thread binding or annotations")
            if stmt.step is not None and not _is_int(stmt.step, 1):
                raise NotTranslatable("a loop with a step")
            if not _is_int(stmt.min, 0):
                raise NotTranslatable("a loop that does not start at 0")
            loops.append(stmt)
            stmt = stmt.body
        if type(stmt).__name__ != "SBlockRealize":
            raise NotTranslatable(f"TIR {type(stmt).__name__} in a loop nest")
        return self.block(stmt, loops)

    def block(self, realize, loops) -> list:
        import tvm_ffi

        blk = realize.block
        if not _is_int(realize.predicate, 1):
            raise NotTranslatable("a block predicate")
        if set(blk.annotations.keys()) - SCHEDULING_HINTS or len(blk.match_buffers) or len(blk.alloc_buffers):
            raise NotTranslatable("block annotations or allocations")
        binds, stores = self.body_parts(blk.body)
        saved = dict(self.names)
        spatial, reduce, used = [], [], set()
        bound: dict = {}  # loop -> (iter var kind, name)
        init_runs = True  # TVM's LowerInitBlock guard: every reduction iter var at its minimum (0)
        for k, (iv, value) in enumerate(zip(blk.iter_vars, realize.iter_values)):
            if iv.iter_type not in (0, 2) or not _is_int(iv.dom.min, 0):
                raise NotTranslatable("an iter var that is not spatial or reduce from 0")
            dt = _dtype(iv.var.ty)
            if type(value).__name__ in ("IntImm",):
                self.names[iv.var] = ("imm", dt, int(value.value))  # executes once at that value
                if iv.iter_type == 2 and int(value.value) != 0:
                    init_runs = False  # the guard is false at every point: the init never runs
                continue
            loop = next((lp for lp in loops if lp.loop_var.same_as(value)), None)
            if loop is None or id(loop) in used:
                raise NotTranslatable("an iter var bound to an expression of loop variables")
            if not tvm_ffi.structural_equal(loop.extent, iv.dom.extent, map_free_vars=False):
                raise NotTranslatable("an iter var whose extent differs from its loop's")
            used.add(id(loop))
            self.names[iv.var] = ("var", dt, f"v{k}")
            bound[id(loop)] = (iv.iter_type, self.names[iv.var])
        if len(used) != len(loops):
            raise NotTranslatable("a loop that binds no iter var")
        for loop in loops:  # reduction order: the loop nest's
            kind, var = bound[id(loop)]
            extent = self.expr(loop.extent)
            if kind == 2:
                if int(loop.kind) in (1, 2):
                    raise NotTranslatable("a reduction over a parallel or vectorized loop")
                reduce.append((var, extent))
            else:
                spatial.append((var, extent))
        spatial_vars = [v for v, _ in spatial]
        inits = self.init_stores(blk.init, stores)
        if not init_runs:
            inits = [None] * len(stores)
        self.written = [st.buffer for st in stores]
        self.binds = binds
        out = []
        for st, init_st in zip(stores, inits):
            store = tuple(self.expr(i) for i in st.indices)
            if sorted(s for s in store if s[0] == "var") != sorted(spatial_vars) or \
                    any(s[0] not in ("var", "imm") for s in store) or \
                    any(s[0] == "var" and s not in spatial_vars for s in store):
                raise NotTranslatable("a store whose indices are not the block's spatial iter vars")
            self.store = (st.buffer, store)
            init = None
            if init_st is not None:
                if tuple(self.expr(i) for i in init_st.indices) != store:
                    raise NotTranslatable("a T.init that does not store the reduced element")
                init = self.expr(init_st.value)
            value = self.expr(st.value)
            out.append((self.buffers[st.buffer], store, tuple(spatial), tuple(reduce), init, value))
        self.store, self.written, self.binds = None, [], {}
        self.names = saved
        return out

    def body_parts(self, body) -> tuple[dict, list]:
        """A block body: ``T.let`` bindings (``Bind``), then one or more stores into distinct
        buffers. A bound variable stands for its value, substituted where it is used: the
        value is pure and, since every binding precedes every store, reads the buffers as they
        are before the block's stores. Each store's value then reads no buffer another store of
        the block writes (checked in ``expr``), so the block is the sequence of one block per
        store (a multi-output reduction, as ``LegalizeOps`` emits for ``group_norm``)."""
        stmts = list(body.seq) if type(body).__name__ == "SeqStmt" else [body]
        binds: dict = {}
        k = 0
        while k < len(stmts) and type(stmts[k]).__name__ == "Bind":
            b = stmts[k]
            if str(b.var.ty.dtype) != str(b.value.ty.dtype):
                raise NotTranslatable("a T.let whose variable's dtype differs from its value's")
            binds[b.var] = b.value
            k += 1
        stores = stmts[k:]
        if not stores or any(type(st).__name__ != "BufferStore" or st.buffer not in self.buffers for st in stores):
            kinds = ", ".join(type(st).__name__ for st in stmts)
            raise NotTranslatable(f"a block whose body is ({kinds})")
        if any(a.buffer.same_as(b.buffer) for i, a in enumerate(stores) for b in stores[i + 1:]):
            raise NotTranslatable("a block storing twice into one buffer")
        return binds, stores

    def init_stores(self, init, stores) -> list:
        """For each store of the block, the ``T.init()`` store into its buffer (``None`` when
        the block has no init); an init must store into exactly the buffers the block stores."""
        if init is None:
            return [None] * len(stores)
        inits = list(init.seq) if type(init).__name__ == "SeqStmt" else [init]
        if any(type(st).__name__ != "BufferStore" for st in inits) or len(inits) != len(stores):
            raise NotTranslatable("a T.init that does not store the reduced elements")
        out = []
        for st in stores:
            match = [i for i in inits if i.buffer.same_as(st.buffer)]
            if len(match) != 1:
                raise NotTranslatable("a T.init that does not store the reduced elements")
            out.append(match[0])
        return out

    # -- expressions -------------------------------------------------------------------

    store = None
    written: list = []  # the buffers the block being translated stores into
    binds: dict = {}  # its T.let variables -> their (TVM) values

    def expr(self, e) -> tuple:
        kind = type(e).__name__
        if kind == "IntImm":
            return ("imm", _dtype(e.ty), int(e.value))
        if kind == "FloatImm":
            return ("imm", _dtype(e.ty), float(e.value))
        if kind in ("Var", "SizeVar"):
            if e in self.binds:
                return self.expr(self.binds[e])
            if e not in self.names:
                raise NotTranslatable(f"variable {e.name} that is not a size, parameter or iter var")
            return self.names[e]
        dt = _dtype(e.ty)
        if kind in _BINARY:
            return (_BINARY[kind], dt, self.expr(e.a), self.expr(e.b))
        if kind == "Not":
            return ("not", dt, self.expr(e.a))
        if kind == "Select":
            return ("select", dt, self.expr(e.condition), self.expr(e.true_value), self.expr(e.false_value))
        if kind == "Cast":
            return ("cast", dt, self.expr(e.value))
        if kind == "TensorLoad":
            if e.source not in self.buffers:
                raise NotTranslatable(f"a load of {e.source}")
            indices = tuple(self.expr(i) for i in e.indices)
            if self.store is not None and e.source.same_as(self.store[0]):
                if indices != self.store[1]:
                    raise NotTranslatable("a block reading its own buffer at other indices")
                return ("acc", dt)
            if any(e.source.same_as(b) for b in self.written):
                raise NotTranslatable("a block reading a buffer another of its stores writes")
            return ("load", dt, self.buffers[e.source], indices)
        if kind == "Call":
            import tvm

            op = e.op
            name = op.name.split(".")[-1] if isinstance(op, tvm.ir.Op) else None
            if name not in CALLS:
                raise NotTranslatable(f"call of {getattr(op, 'name', op)}")
            return ("call", dt, name, tuple(self.expr(a) for a in e.args))
        raise NotTranslatable(f"TIR {kind}")


def _is_int(e, value: int) -> bool:
    return type(e).__name__ == "IntImm" and int(e.value) == value
