; irverify proof obligations: pattern ReorderTakeAfterMatmul-simple, instance fast[n=16,m=?] (mixed)
; rewrite: ReorderTakeAfterMatmul (simple path) (TVM, src/relax/transform/reorder_take_after_matmul.cc)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py ReorderTakeAfterMatmul-simple

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun m () Int)
(declare-fun idx () (Array Int (_ BitVec 64)))
(assert
 (let (($t0 (< m 9223372036854775808)))
 (let (($t1 (>= m 0)))
 (and $t1 $t0))))
(assert
 (<= m 1152921504606846975))
(assert
 (let (($t2 (exists ((j0!0.0 Int) )(let ((?t3 (select idx j0!0.0)))
(let (($t4 (bvsle (_ bv0 64) ?t3)))
(and (and (>= j0!0.0 0) (< j0!0.0 m)) (not (and $t4 (bvsgt (_ bv16 64) ?t3)))))))
))
(let (($t5 (> 8 0)))
(let (($t6 (and $t5 $t2)))
(let (($t7 (not $t6)))
(let (($t8 (exists ((j0!7.0 Int) )(let ((?t3 (select idx j0!7.0)))
(let (($t4 (bvsle (_ bv0 64) ?t3)))
(and (and (>= j0!7.0 0) (< j0!7.0 m)) (not (and $t4 (bvsgt (_ bv16 64) ?t3)))))))
))
(let (($t9 (> 4 0)))
(let (($t10 (and $t9 $t8)))
(and $t10 $t7)))))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun m () Int)
(declare-fun idx () (Array Int (_ BitVec 64)))
(assert
 (let (($t0 (< m 9223372036854775808)))
 (let (($t1 (>= m 0)))
 (and $t1 $t0))))
(assert
 (<= m 1152921504606846975))
(assert
 (let (($t2 (exists ((j0!0.0 Int) )(let ((?t3 (select idx j0!0.0)))
(let (($t4 (bvsle (_ bv0 64) ?t3)))
(and (and (>= j0!0.0 0) (< j0!0.0 m)) (not (and $t4 (bvsgt (_ bv16 64) ?t3)))))))
))
(let (($t5 (> 8 0)))
(and $t5 $t2))))
(check-sat)
(pop 1)
