; irverify proof obligations: pattern FoldCollapseShapeIntoInterfaceTensorStoreFullSlice, instance full[A=?,K=?,W=8] (mixed)
; rewrite: FoldCollapseShapeIntoInterfaceTensorStoreFullSlice (IREE, compiler/src/iree/compiler/Codegen/Common/ReshapePatterns.cpp)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py FoldCollapseShapeIntoInterfaceTensorStoreFullSlice

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun |dim(%x,0)| () Int)
(declare-fun |dim(%x,1)| () Int)
(declare-fun push_constant0 () Int)
(declare-fun binding0.length () Int)
(assert
 (let (($t0 (< |dim(%x,0)| 9223372036854775808)))
 (let (($t1 (>= |dim(%x,0)| 0)))
 (and $t1 $t0))))
(assert
 (let (($t2 (< |dim(%x,1)| 9223372036854775808)))
 (let (($t3 (>= |dim(%x,1)| 0)))
 (and $t3 $t2))))
(assert
 (let (($t4 (> 4294967296 push_constant0)))
 (let (($t5 (>= push_constant0 0)))
 (and $t5 $t4))))
(assert
 (let ((?t6 (* binding0.length 4)))
 (let (($t7 (< ?t6 281474976710656)))
 (let (($t8 (>= binding0.length 0)))
 (and $t8 $t7)))))
(assert
 (let ((?t9 (* |dim(%x,0)| |dim(%x,1)|)))
(let (($t10 (and (distinct ?t9 push_constant0) true)))
(let (($t11 (> 0 push_constant0)))
(let ((?t12 (* 8 push_constant0)))
(let ((?t13 (+ 0 ?t12)))
(let (($t14 (< binding0.length ?t13)))
(let (($t15 (< 0 0)))
(let (($t16 (or $t15 $t14)))
(let (($t17 (or $t16 $t11 $t10)))
(let (($t18 (not $t17)))
(and $t17 $t18))))))))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun |dim(%x,0)| () Int)
(declare-fun |dim(%x,1)| () Int)
(declare-fun push_constant0 () Int)
(declare-fun binding0.length () Int)
(assert
 (let (($t0 (< |dim(%x,0)| 9223372036854775808)))
 (let (($t1 (>= |dim(%x,0)| 0)))
 (and $t1 $t0))))
(assert
 (let (($t2 (< |dim(%x,1)| 9223372036854775808)))
 (let (($t3 (>= |dim(%x,1)| 0)))
 (and $t3 $t2))))
(assert
 (let (($t4 (> 4294967296 push_constant0)))
 (let (($t5 (>= push_constant0 0)))
 (and $t5 $t4))))
(assert
 (let ((?t6 (* binding0.length 4)))
 (let (($t7 (< ?t6 281474976710656)))
 (let (($t8 (>= binding0.length 0)))
 (and $t8 $t7)))))
(assert
 (let ((?t9 (* |dim(%x,0)| |dim(%x,1)|)))
(let (($t10 (and (distinct ?t9 push_constant0) true)))
(let (($t11 (> 0 push_constant0)))
(let ((?t12 (* 8 push_constant0)))
(let ((?t13 (+ 0 ?t12)))
(let (($t14 (< binding0.length ?t13)))
(let (($t15 (< 0 0)))
(let (($t16 (or $t15 $t14)))
(or $t16 $t11 $t10))))))))))
(check-sat)
(pop 1)
