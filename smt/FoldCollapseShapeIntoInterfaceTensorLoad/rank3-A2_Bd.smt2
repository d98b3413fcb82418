; irverify proof obligations: pattern FoldCollapseShapeIntoInterfaceTensorLoad, instance rank3[A=2,B=?] (mixed)
; rewrite: FoldCollapseShapeIntoInterfaceTensorLoad (IREE, compiler/src/iree/compiler/Codegen/Common/ReshapePatterns.cpp)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py FoldCollapseShapeIntoInterfaceTensorLoad

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun push_constant1 () Int)
(declare-fun binding0.length () Int)
(assert
 (let (($t0 (> 4294967296 push_constant1)))
 (let (($t1 (>= push_constant1 0)))
 (and $t1 $t0))))
(assert
 (let ((?t2 (* binding0.length 4)))
 (let (($t3 (< ?t2 281474976710656)))
 (let (($t4 (>= binding0.length 0)))
 (and $t4 $t3)))))
(assert
 (let (($t5 (> 0 push_constant1)))
(let ((?t6 (* 16 push_constant1)))
(let ((?t7 (+ 0 ?t6)))
(let (($t8 (< binding0.length ?t7)))
(let (($t9 (< 0 0)))
(let (($t10 (or $t9 $t8)))
(let (($t11 (or $t10 $t5)))
(let (($t12 (not $t11)))
(let ((?t13 (* push_constant1 2)))
(let (($t14 (> 0 ?t13)))
(let (($t15 (< ?t13 9223372036854775808)))
(let (($t16 (>= ?t13 (- 9223372036854775808))))
(let (($t17 (and $t16 $t15)))
(let (($t18 (not $t17)))
(let (($t19 (or $t18 $t10 $t14)))
(and $t19 $t12)))))))))))))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun push_constant1 () Int)
(declare-fun binding0.length () Int)
(assert
 (let (($t0 (> 4294967296 push_constant1)))
 (let (($t1 (>= push_constant1 0)))
 (and $t1 $t0))))
(assert
 (let ((?t2 (* binding0.length 4)))
 (let (($t3 (< ?t2 281474976710656)))
 (let (($t4 (>= binding0.length 0)))
 (and $t4 $t3)))))
(assert
 (let (($t5 (> 0 push_constant1)))
(let ((?t6 (* 16 push_constant1)))
(let ((?t7 (+ 0 ?t6)))
(let (($t8 (< binding0.length ?t7)))
(let (($t9 (< 0 0)))
(let (($t10 (or $t9 $t8)))
(or $t10 $t5))))))))
(check-sat)
(pop 1)
