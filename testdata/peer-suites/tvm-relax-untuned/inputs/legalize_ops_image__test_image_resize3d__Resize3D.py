# From apache/tvm 5d4dc8721307cf9677becacf0395c19be130e206 tests/python/relax/test_transform_legalize_ops_image.py:143 (test_image_resize3d.Resize3D)
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@tvm.script.ir_module
class Resize3D:
    @R.function
    def main(x: R.Tensor((2, 3, 8, 8, 8), "float32")) -> R.Tensor((2, 3, 4, 6, 7), "float32"):
        gv: R.Tensor((2, 3, 4, 6, 7), "float32") = R.image.resize3d(
            x,
            size=(4, 6, 7),
            layout="NCDHW",
            method="nearest_neighbor",
            coordinate_transformation_mode="asymmetric",
            rounding_method="floor",
        )
        return gv
