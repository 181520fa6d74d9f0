// The guide's first try at keeping the sequence: without a shape invariant
// the fourth loop variable keeps the shape it enters with, [2], and the body
// makes it [3]. TensorFlow: "Input tensor 'c' enters the loop with shape
// (2,), but has shape (3,) after one iteration. To allow the shape to vary
// across iterations, use the `shape_invariants` argument". tfc reports the
// same, and names the invariant that would work.
func.func @fibonacci_sequence() -> tensor<2xi32> {
  %r = tfc.graph -> (tensor<2xi32>) {
    %n = tfc.constant dense<5> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %two = tfc.constant dense<2> : tensor<i32>
    %start = tfc.constant dense<[1, 1]> : tensor<2xi32>
    %i, %a, %b, %c = tfc.while (%two, %one, %one, %start)
        : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xi32>)
       -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xi32>)
    cond {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>, %c: tensor<2xi32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>, %c: tensor<2xi32>):
      %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
      %sum = tfc.add %a, %b : tensor<i32>, tensor<i32>
      %new = tfc.expand_dims %sum axis 0 : tensor<i32>
      %longer = tfc.concat %c, %new axis 0 : tensor<2xi32>, tensor<1xi32>
      tfc.yield %next, %b, %sum, %longer : tensor<i32>, tensor<i32>, tensor<i32>, tensor<3xi32>
    }
    tfc.fetch %c : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}
