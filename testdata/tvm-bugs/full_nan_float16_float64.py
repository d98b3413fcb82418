# apache-tvm 0.27 (relax.build, target llvm) fails to build R.full with a NaN fill value of dtype
# float16 or float64 (float32 builds, and so do other fill values of those dtypes):
#   TypeError: argument of type 'PrimType' is not iterable
# raised in topi.full (python/tvm/topi/tensor.py, `"float" in dtype`), reached from the
# legalization of R.full.
#
#   python -c "import tvm; from tvm import relax; \
#       relax.build(tvm.script.from_source(open('full_nan_float16_float64.py').read()), 'llvm')"
#
# Found by irverify's differential fuzzer (tools/fuzz.py --arm relax), whose execution variants
# now make a NaN buffer as 0 / 0 instead.
@I.ir_module
class Module:
    @R.function
    def main(a: R.Tensor((3,), "float32")):
        b = R.full((3, 2), R.const(float("nan"), "float64"), "float64")
        c = R.full((), R.const(float("nan"), "float16"), "float16")
        return (b, c)
