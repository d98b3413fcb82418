# apache-tvm 0.27 (relax.build, target llvm) fails to build a defined program: an int32 multiply by
# the constant INT_MIN (-2147483648). The build stops with
#   Check failed: ... Literal value 2147483648 exceeds range of int32
# (the constant is negated somewhere on the way to TIR). -2147483647 and 2147483647 build and
# wrap as expected ([0, -2147483647, 2, ...] for arange(6) * -2147483647).
#
#   python -c "import tvm; from tvm import relax; \
#       relax.build(tvm.script.from_source(open('multiply_int_min_literal.py').read()), 'llvm')"
#
# Found by irverify's differential fuzzer (tools/fuzz.py --arm relax, which counts such
# programs as not executable).
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((6,), "int32")):
        b = R.multiply(a, R.const(-2147483648, "int32"))
        return b
