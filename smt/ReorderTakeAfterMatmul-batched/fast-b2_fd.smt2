; irverify proof obligations: pattern ReorderTakeAfterMatmul-batched, instance fast[b=2,f=?] (mixed)
; rewrite: ReorderTakeAfterMatmul (batched LoRA path) (TVM, src/relax/transform/reorder_take_after_matmul.cc)
; irverify verdict: incorrect
; regenerate with: python tools/regen_smt.py ReorderTakeAfterMatmul-batched

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun f () Int)
(declare-fun idx () (Array Int (_ BitVec 64)))
(assert
 (let (($t0 (< f 9223372036854775808)))
 (let (($t1 (>= f 0)))
 (and $t1 $t0))))
(assert
 (<= f 384307168202282325))
(assert
 (<= f 384307168202282325))
(assert
 (let ((?t2 (select idx 1)))
(let (($t3 (bvsle (_ bv3 64) ?t2)))
(let (($t4 (not $t3)))
(let (($t5 (bvsle (_ bv0 64) ?t2)))
(let (($t6 (and $t5 $t4)))
(let (($t7 (not $t6)))
(let ((?t8 (select idx 0)))
(let (($t9 (bvsle (_ bv3 64) ?t8)))
(let (($t10 (not $t9)))
(let (($t11 (bvsle (_ bv0 64) ?t8)))
(let (($t12 (and $t11 $t10)))
(let (($t13 (not $t12)))
(let (($t14 (or $t13 $t7)))
(let (($t15 (> 2 0)))
(let (($t16 (> f 0)))
(let (($t17 (and $t16 $t15)))
(let (($t18 (and $t17 $t14)))
(let (($t19 (not $t18)))
(let (($t20 (> 3 0)))
(let (($t21 (and $t15 $t20 $t15)))
(let (($t22 (and $t21 $t14)))
(and $t22 $t19)))))))))))))))))))))))
(check-sat)
(pop 1)
