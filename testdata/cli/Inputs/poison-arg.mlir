func.func @src(%cond: i1, %val: i1) -> i1 {
  %f = arith.constant false
  %r = arith.select %cond, %val, %f : i1
  return %r : i1
}
func.func @tgt(%cond: i1, %val: i1) -> i1 {
  %r = arith.andi %cond, %val : i1
  return %r : i1
}
