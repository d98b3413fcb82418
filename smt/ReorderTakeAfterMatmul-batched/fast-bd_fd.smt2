; irverify proof obligations: pattern ReorderTakeAfterMatmul-batched, instance fast[b=?,f=?] (dynamic)
; rewrite: ReorderTakeAfterMatmul (batched LoRA path) (TVM, src/relax/transform/reorder_take_after_matmul.cc)
; irverify verdict: incorrect
; regenerate with: python tools/regen_smt.py ReorderTakeAfterMatmul-batched

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun b () Int)
(declare-fun f () Int)
(declare-fun idx () (Array Int (_ BitVec 64)))
(assert
 (let (($t0 (< b 9223372036854775808)))
 (let (($t1 (>= b 0)))
 (and $t1 $t0))))
(assert
 (let (($t2 (< f 9223372036854775808)))
 (let (($t3 (>= f 0)))
 (and $t3 $t2))))
(assert
 (<= f 384307168202282325))
(assert
 (<= b 1152921504606846975))
(assert
 (let (($t4 (exists ((j0!0.0 Int) )(let ((?t5 (select idx j0!0.0)))
(let (($t6 (bvsle (_ bv0 64) ?t5)))
(and (and (>= j0!0.0 0) (< j0!0.0 b)) (not (and $t6 (bvsgt (_ bv3 64) ?t5)))))))
))
(let (($t7 (> 2 0)))
(let (($t8 (> f 0)))
(let (($t9 (and $t8 $t7)))
(let (($t10 (and $t9 $t4)))
(let (($t11 (not $t10)))
(let (($t12 (exists ((j0!19.0 Int) )(let ((?t5 (select idx j0!19.0)))
(let (($t6 (bvsle (_ bv0 64) ?t5)))
(and (and (>= j0!19.0 0) (< j0!19.0 b)) (not (and $t6 (bvsgt (_ bv3 64) ?t5)))))))
))
(let (($t13 (> 3 0)))
(let (($t14 (> b 0)))
(let (($t15 (and $t14 $t13 $t7)))
(let (($t16 (and $t15 $t12)))
(and $t16 $t11)))))))))))))
(check-sat)
(pop 1)
