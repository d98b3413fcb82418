; irverify proof obligations: pattern FoldExpandShapeIntoInterfaceTensorLoad, instance rank2[A=2,B=4] (static)
; rewrite: FoldExpandShapeIntoInterfaceTensorLoad (IREE, compiler/src/iree/compiler/Codegen/Common/ReshapePatterns.cpp)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py FoldExpandShapeIntoInterfaceTensorLoad

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun binding0.length () Int)
(assert
 (>= binding0.length 0))
(assert
 (let ((?t0 (+ 0 128)))
(let (($t1 (< binding0.length ?t0)))
(let (($t2 (< 0 0)))
(let (($t3 (or $t2 $t1)))
(let (($t4 (not $t3)))
(and $t3 $t4)))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun binding0.length () Int)
(assert
 (>= binding0.length 0))
(assert
 (let ((?t0 (+ 0 128)))
(let (($t1 (< binding0.length ?t0)))
(let (($t2 (< 0 0)))
(or $t2 $t1)))))
(check-sat)
(pop 1)
