; irverify proof obligations: pattern ReorderTakeAfterMatmul-simple, instance clip[n=?,m=5] (mixed)
; rewrite: ReorderTakeAfterMatmul (simple path) (TVM, src/relax/transform/reorder_take_after_matmul.cc)
; irverify verdict: correct
; regenerate with: python tools/regen_smt.py ReorderTakeAfterMatmul-simple

; query: target UB: the target is undefined where the source is defined - sat means a counterexample exists, unsat means refinement holds
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun n () Int)
(assert
 (let (($t0 (< n 9223372036854775808)))
 (let (($t1 (>= n 0)))
 (and $t1 $t0))))
(assert
 (<= n 288230376151711743))
(assert
 (let (($t2 (> 5 0)))
(let (($t3 (> 8 0)))
(let (($t4 (= 0 n)))
(let (($t5 (and $t4 $t3 $t2)))
(let (($t6 (not $t5)))
(let (($t7 (> 4 0)))
(let (($t8 (and $t4 $t7 $t2)))
(and $t8 $t6)))))))))
(check-sat)
(pop 1)

; query: source UB: the source is undefined on some input - sat adds a source_ub note, not a counterexample
(push 1)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun n () Int)
(assert
 (let (($t0 (< n 9223372036854775808)))
 (let (($t1 (>= n 0)))
 (and $t1 $t0))))
(assert
 (<= n 288230376151711743))
(assert
 (let (($t2 (> 5 0)))
(let (($t3 (> 8 0)))
(let (($t4 (= 0 n)))
(and $t4 $t3 $t2)))))
(check-sat)
(pop 1)
