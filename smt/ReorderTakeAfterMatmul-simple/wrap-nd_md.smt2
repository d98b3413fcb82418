; irverify proof obligations: pattern ReorderTakeAfterMatmul-simple, instance wrap[n=?,m=?] (dynamic)
; rewrite: ReorderTakeAfterMatmul (simple path) (TVM, src/relax/transform/reorder_take_after_matmul.cc)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py ReorderTakeAfterMatmul-simple

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun n () Int)
(declare-fun m () Int)
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
 (let (($t4 (> m 0)))
(let (($t5 (> 8 0)))
(let (($t6 (= 0 n)))
(let (($t7 (and $t6 $t5 $t4)))
(let (($t8 (not $t7)))
(let (($t9 (> 4 0)))
(let (($t10 (and $t6 $t9 $t4)))
(and $t10 $t8)))))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun n () Int)
(declare-fun m () Int)
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
 (let (($t4 (> m 0)))
(let (($t5 (> 8 0)))
(let (($t6 (= 0 n)))
(and $t6 $t5 $t4)))))
(check-sat)
(pop 1)
