// The model of TensorFlow Serving's half_plus_two, written by hand: scalar
// variables a, b and c (0.5, 2 and 3 in its checkpoint), y = a * x + b and
// y3 = a * x + c.

func.func @predict(%x: tensor<?xf32> {tfc.name = "x"}) -> (tensor<?xf32> {tfc.name = "y"}, tensor<?xf32> {tfc.name = "y3"}) {
  %r:2 = tfc.graph -> (tensor<?xf32>, tensor<?xf32>) {
    %a = tfc.get_variable "a" : tensor<f32> init #tfc.zeros
    %b = tfc.get_variable "b" : tensor<f32> init #tfc.zeros
    %c = tfc.get_variable "c" : tensor<f32> init #tfc.zeros
    %av, %ta = tfc.read %a : !tfc.var<tensor<f32>>
    %bv, %tb = tfc.read %b : !tfc.var<tensor<f32>>
    %cv, %tc = tfc.read %c : !tfc.var<tensor<f32>>
    %ax = tfc.mul %x, %av : tensor<?xf32>, tensor<f32>
    %y = tfc.add %ax, %bv : tensor<?xf32>, tensor<f32>
    %y3 = tfc.add %ax, %cv : tensor<?xf32>, tensor<f32>
    tfc.fetch %y, %y3 : tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}
