; irverify proof obligations: pattern LiftTransformParams, instance linear[n=?,h=32] (mixed)
; rewrite: LiftTransformParams (TVM, src/relax/transform/lift_transform_params.cc)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py LiftTransformParams
; no solver query was needed: every check was decided while encoding

