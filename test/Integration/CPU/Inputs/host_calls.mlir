// Host calls, prints and assertions of test/Integration/CPU/host-calls.test.
func.func @relu_twice(%x: tensor<?xf32> {tfc.name = "x"}) -> tensor<?xf32> {
  %r = tfc.graph -> (tensor<?xf32>) {
    %y, %t = tfc.host_call @my_relu(%x) : (tensor<?xf32>) -> tensor<?xf32>
    %two = tfc.constant dense<2.0> : tensor<f32>
    %z = tfc.mul %y, %two : tensor<?xf32>, tensor<f32>
    tfc.fetch %z : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @count(%x: tensor<2x2xi32> {tfc.name = "x"}) -> (tensor<i64>, tensor<2x2xi32>) {
  %r:2 = tfc.graph -> (tensor<i64>, tensor<2x2xi32>) {
    %n, %s, %t = tfc.host_call @count_and_negate(%x) : (tensor<2x2xi32>) -> (tensor<i64>, tensor<2x2xi32>)
    tfc.fetch %n, %s : tensor<i64>, tensor<2x2xi32>
  }
  return %r#0, %r#1 : tensor<i64>, tensor<2x2xi32>
}

func.func @wrong_shape(%x: tensor<?xf32> {tfc.name = "x"}) -> tensor<3xf32> {
  %r = tfc.graph -> (tensor<3xf32>) {
    %y, %t = tfc.host_call @my_relu(%x) : (tensor<?xf32>) -> tensor<3xf32>
    tfc.fetch %y : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

func.func @missing(%x: tensor<f32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %y, %t = tfc.host_call @not_registered(%x) : (tensor<f32>) -> tensor<f32>
    tfc.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}

// step += 1 after printing and checking it: a failed check leaves the
// variable as it was and releases the store's lock.
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
