; irverify proof obligations: pattern ReorderTakeAfterMatmul-simple, instance fast[n=?,m=?] (dynamic)
; rewrite: ReorderTakeAfterMatmul (simple path) (TVM, src/relax/transform/reorder_take_after_matmul.cc)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py ReorderTakeAfterMatmul-simple

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun n () Int)
(declare-fun m () Int)
(declare-fun idx () (Array Int (_ BitVec 64)))
(assert
 (let (($t0 (< n 9223372036854775808)))
 (let (($t1 (>= n 0)))
 (and $t1 $t0))))
(assert
 (<= n 288230376151711743))
(assert
 (let (($t2 (< m 9223372036854775808)))
 (let (($t3 (>= m 0)))
 (and $t3 $t2))))
(assert
 (<= m 1152921504606846975))
(assert
 (let (($t4 (exists ((j0!0.0 Int) )(let ((?t5 (select idx j0!0.0)))
(let ((?t6 (ubv_to_int ?t5)))
(let ((?t7 (ite (bvslt ?t5 (_ bv0 64)) (- ?t6 18446744073709551616) ?t6)))
(and (and (>= j0!0.0 0) (< j0!0.0 m)) (not (and (<= 0 ?t7) (< ?t7 n))))))))
))
(let (($t8 (> 8 0)))
(let (($t9 (and $t8 $t4)))
(let (($t10 (not $t9)))
(let (($t11 (exists ((j0!7.0 Int) )(let ((?t5 (select idx j0!7.0)))
(let ((?t6 (ubv_to_int ?t5)))
(let ((?t7 (ite (bvslt ?t5 (_ bv0 64)) (- ?t6 18446744073709551616) ?t6)))
(and (and (>= j0!7.0 0) (< j0!7.0 m)) (not (and (<= 0 ?t7) (< ?t7 n))))))))
))
(let (($t12 (> 4 0)))
(let (($t13 (and $t12 $t11)))
(and $t13 $t10)))))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun n () Int)
(declare-fun m () Int)
(declare-fun idx () (Array Int (_ BitVec 64)))
(assert
 (let (($t0 (< n 9223372036854775808)))
 (let (($t1 (>= n 0)))
 (and $t1 $t0))))
(assert
 (<= n 288230376151711743))
(assert
 (let (($t2 (< m 9223372036854775808)))
 (let (($t3 (>= m 0)))
 (and $t3 $t2))))
(assert
 (<= m 1152921504606846975))
(assert
 (let (($t4 (exists ((j0!0.0 Int) )(let ((?t5 (select idx j0!0.0)))
(let ((?t6 (ubv_to_int ?t5)))
(let ((?t7 (ite (bvslt ?t5 (_ bv0 64)) (- ?t6 18446744073709551616) ?t6)))
(and (and (>= j0!0.0 0) (< j0!0.0 m)) (not (and (<= 0 ?t7) (< ?t7 n))))))))
))
(let (($t8 (> 8 0)))
(and $t8 $t4))))
(check-sat)
(pop 1)
