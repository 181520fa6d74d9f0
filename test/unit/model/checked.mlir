// A test model whose assigning entry point prints and checks an assertion
// before counting (RuntimeCallsTest.cpp).
func.func @step(%limit: tensor<f32> {tfc.name = "limit"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %v = tfc.get_variable "counter" : tensor<f32> init #tfc.zeros
    %old, %t0 = tfc.read %v : !tfc.var<tensor<f32>>
    %p, %t1 = tfc.print %old, [%old] message "counter: " after(%t0) : tensor<f32>, [tensor<f32>]
    %below = tfc.less %p, %limit : tensor<f32>, tensor<f32>
    %ok = tfc.assert %below, [%p, %limit] message "counter below limit" after(%t1) : tensor<i1>, [tensor<f32>, tensor<f32>]
    %one = tfc.constant dense<1.0> : tensor<f32>
    %new, %t2 = tfc.assign_add %v, %one after(%ok) : !tfc.var<tensor<f32>>, tensor<f32>
    tfc.fetch %new : tensor<f32>
  }
  return %r : tensor<f32>
}
