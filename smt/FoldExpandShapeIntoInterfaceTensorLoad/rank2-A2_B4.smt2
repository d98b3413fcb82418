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
 (let ((?t0 (* binding0.length 4)))
 (let (($t1 (< ?t0 281474976710656)))
 (let (($t2 (>= binding0.length 0)))
 (and $t2 $t1)))))
(assert
 (let ((?t3 (+ 0 128)))
(let (($t4 (< binding0.length ?t3)))
(let (($t5 (< 0 0)))
(let (($t6 (or $t5 $t4)))
(let (($t7 (not $t6)))
(and $t6 $t7)))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun binding0.length () Int)
(assert
 (let ((?t0 (* binding0.length 4)))
 (let (($t1 (< ?t0 281474976710656)))
 (let (($t2 (>= binding0.length 0)))
 (and $t2 $t1)))))
(assert
 (let ((?t3 (+ 0 128)))
(let (($t4 (< binding0.length ?t3)))
(let (($t5 (< 0 0)))
(or $t5 $t4)))))
(check-sat)
(pop 1)
