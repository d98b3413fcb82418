; irverify proof obligations: pattern FoldCollapseShapeIntoInterfaceTensorStoreFullSlice, instance full[A=?,K=?,W=?] (dynamic)
; rewrite: FoldCollapseShapeIntoInterfaceTensorStoreFullSlice (IREE, compiler/src/iree/compiler/Codegen/Common/ReshapePatterns.cpp)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py FoldCollapseShapeIntoInterfaceTensorStoreFullSlice

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun |dim(%x,0)| () Int)
(declare-fun |dim(%x,1)| () Int)
(declare-fun |dim(%x,2)| () Int)
(declare-fun push_constant0 () Int)
(declare-fun push_constant3 () Int)
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
 (let (($t4 (< |dim(%x,2)| 9223372036854775808)))
 (let (($t5 (>= |dim(%x,2)| 0)))
 (and $t5 $t4))))
(assert
 (let (($t6 (> 4294967296 push_constant0)))
 (let (($t7 (>= push_constant0 0)))
 (and $t7 $t6))))
(assert
 (let (($t8 (> 4294967296 push_constant3)))
 (let (($t9 (>= push_constant3 0)))
 (and $t9 $t8))))
(assert
 (let ((?t10 (* binding0.length 4)))
 (let (($t11 (< ?t10 281474976710656)))
 (let (($t12 (>= binding0.length 0)))
 (and $t12 $t11)))))
(assert
 (let (($t13 (and (distinct |dim(%x,2)| push_constant3) true)))
(let ((?t14 (* |dim(%x,0)| |dim(%x,1)|)))
(let (($t15 (and (distinct ?t14 push_constant0) true)))
(let (($t16 (> 0 push_constant3)))
(let (($t17 (> 0 push_constant0)))
(let ((?t18 (* push_constant0 push_constant3)))
(let ((?t19 (+ 0 ?t18)))
(let (($t20 (< binding0.length ?t19)))
(let (($t21 (< 0 0)))
(let (($t22 (or $t21 $t20)))
(let (($t23 (or $t22 $t17 $t16 $t15 $t13)))
(let (($t24 (not $t23)))
(and $t23 $t24))))))))))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun |dim(%x,0)| () Int)
(declare-fun |dim(%x,1)| () Int)
(declare-fun |dim(%x,2)| () Int)
(declare-fun push_constant0 () Int)
(declare-fun push_constant3 () Int)
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
 (let (($t4 (< |dim(%x,2)| 9223372036854775808)))
 (let (($t5 (>= |dim(%x,2)| 0)))
 (and $t5 $t4))))
(assert
 (let (($t6 (> 4294967296 push_constant0)))
 (let (($t7 (>= push_constant0 0)))
 (and $t7 $t6))))
(assert
 (let (($t8 (> 4294967296 push_constant3)))
 (let (($t9 (>= push_constant3 0)))
 (and $t9 $t8))))
(assert
 (let ((?t10 (* binding0.length 4)))
 (let (($t11 (< ?t10 281474976710656)))
 (let (($t12 (>= binding0.length 0)))
 (and $t12 $t11)))))
(assert
 (let (($t13 (and (distinct |dim(%x,2)| push_constant3) true)))
(let ((?t14 (* |dim(%x,0)| |dim(%x,1)|)))
(let (($t15 (and (distinct ?t14 push_constant0) true)))
(let (($t16 (> 0 push_constant3)))
(let (($t17 (> 0 push_constant0)))
(let ((?t18 (* push_constant0 push_constant3)))
(let ((?t19 (+ 0 ?t18)))
(let (($t20 (< binding0.length ?t19)))
(let (($t21 (< 0 0)))
(let (($t22 (or $t21 $t20)))
(or $t22 $t17 $t16 $t15 $t13))))))))))))
(check-sat)
(pop 1)
