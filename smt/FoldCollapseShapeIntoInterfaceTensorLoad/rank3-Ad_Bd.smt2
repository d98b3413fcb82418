; irverify proof obligations: pattern FoldCollapseShapeIntoInterfaceTensorLoad, instance rank3[A=?,B=?] (dynamic)
; rewrite: FoldCollapseShapeIntoInterfaceTensorLoad (IREE, compiler/src/iree/compiler/Codegen/Common/ReshapePatterns.cpp)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py FoldCollapseShapeIntoInterfaceTensorLoad

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun push_constant0 () Int)
(declare-fun push_constant1 () Int)
(declare-fun binding0.length () Int)
(assert
 (let (($t0 (> 4294967296 push_constant0)))
 (let (($t1 (>= push_constant0 0)))
 (and $t1 $t0))))
(assert
 (let (($t2 (> 4294967296 push_constant1)))
 (let (($t3 (>= push_constant1 0)))
 (and $t3 $t2))))
(assert
 (let ((?t4 (* binding0.length 4)))
 (let (($t5 (< ?t4 281474976710656)))
 (let (($t6 (>= binding0.length 0)))
 (and $t6 $t5)))))
(assert
 (let (($t7 (> 0 push_constant1)))
(let (($t8 (> 0 push_constant0)))
(let ((?t9 (* push_constant0 push_constant1)))
(let ((?t10 (* 8 ?t9)))
(let ((?t11 (+ 0 ?t10)))
(let (($t12 (< binding0.length ?t11)))
(let (($t13 (< 0 0)))
(let (($t14 (or $t13 $t12)))
(let (($t15 (or $t14 $t8 $t7)))
(let (($t16 (not $t15)))
(let (($t17 (> 0 ?t9)))
(let (($t18 (< ?t9 9223372036854775808)))
(let (($t19 (>= ?t9 (- 9223372036854775808))))
(let (($t20 (and $t19 $t18)))
(let (($t21 (not $t20)))
(let (($t22 (or $t21 $t14 $t17)))
(and $t22 $t16))))))))))))))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun push_constant0 () Int)
(declare-fun push_constant1 () Int)
(declare-fun binding0.length () Int)
(assert
 (let (($t0 (> 4294967296 push_constant0)))
 (let (($t1 (>= push_constant0 0)))
 (and $t1 $t0))))
(assert
 (let (($t2 (> 4294967296 push_constant1)))
 (let (($t3 (>= push_constant1 0)))
 (and $t3 $t2))))
(assert
 (let ((?t4 (* binding0.length 4)))
 (let (($t5 (< ?t4 281474976710656)))
 (let (($t6 (>= binding0.length 0)))
 (and $t6 $t5)))))
(assert
 (let (($t7 (> 0 push_constant1)))
(let (($t8 (> 0 push_constant0)))
(let ((?t9 (* push_constant0 push_constant1)))
(let ((?t10 (* 8 ?t9)))
(let ((?t11 (+ 0 ?t10)))
(let (($t12 (< binding0.length ?t11)))
(let (($t13 (< 0 0)))
(let (($t14 (or $t13 $t12)))
(or $t14 $t8 $t7))))))))))
(check-sat)
(pop 1)
